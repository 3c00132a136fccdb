import type { Route } from "./+types/regenerate-field";
import { aiEndpoint, methodNotAllowed } from "~/ai/stream.server";
import { regenerateField } from "~/ai/writing.server";
import type { RateLimitHandle } from "~/lib/rate-limit-classes";

/** In the AI class of the rate limits, per administrator (decision 0068). */
export const handle: RateLimitHandle = { rateLimit: { post: "ai" } };

// POST /admin/ai/regenerate-field — JSON { field, context: { title, category, topic } } → a stream
// ending with the field's new value.
export async function action(args: Route.ActionArgs) {
  return aiEndpoint(args, regenerateField);
}

export function loader() {
  return methodNotAllowed();
}
