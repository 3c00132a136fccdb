import type { Route } from "./+types/editorial-plan";
import { aiEndpoint, methodNotAllowed } from "~/ai/stream.server";
import { generateEditorialPlan } from "~/ai/writing.server";

// POST /admin/ai/editorial-plan — JSON { categories, articlesPerWeek, weeks, startDate, focusTopics }
// → a stream ending with at most 10 dated plan items.
export async function action({ request }: Route.ActionArgs) {
  return aiEndpoint(request, generateEditorialPlan);
}

export function loader() {
  return methodNotAllowed();
}
