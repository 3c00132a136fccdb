import type { Route } from "./+types/editorial-plan";
import { aiEndpoint, methodNotAllowed } from "~/ai/stream.server";
import { generateEditorialPlan } from "~/ai/writing.server";
import type { RateLimitHandle } from "~/lib/rate-limit-classes";

/** In the AI class of the rate limits, per administrator (decision 0068). */
export const handle: RateLimitHandle = { rateLimit: { post: "ai" } };

// POST /admin/ai/editorial-plan — JSON { categories, articlesPerWeek, weeks, startDate, focusTopics }
// → a stream ending with at most 10 dated plan items.
export async function action(args: Route.ActionArgs) {
  return aiEndpoint(args, generateEditorialPlan);
}

export function loader() {
  return methodNotAllowed();
}
