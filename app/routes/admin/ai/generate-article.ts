import type { Route } from "./+types/generate-article";
import { aiEndpoint, methodNotAllowed } from "~/ai/stream.server";
import { generateArticle } from "~/ai/writing.server";
import type { RateLimitHandle } from "~/lib/rate-limit-classes";

/** In the AI class of the rate limits, per administrator (decision 0068). */
export const handle: RateLimitHandle = { rateLimit: { post: "ai" } };

// POST /admin/ai/generate-article — JSON { topic, category, keywords, tone, length } → a stream of
// progress events ending with the generated article (app/ai/stream.server.ts).
export async function action(args: Route.ActionArgs) {
  return aiEndpoint(args, generateArticle);
}

export function loader() {
  return methodNotAllowed();
}
