import type { Route } from "./+types/api-stats.events";
import { invalidationStream } from "~/ai/stream.server";

// GET /admin/api-stats/events — an `invalidated` event whenever an AI request is logged (the
// ai-usage cache tag, in any process): /admin/api-stats reloads its figures on it.
// The back office's gate answers a visitor or a user 401/403 JSON (EventSource asks for events).
export async function loader({ request }: Route.LoaderArgs) {
  return invalidationStream(request);
}
