import type { Route } from "./+types/usage";
import { getAiUsage } from "~/ai/usage.server";

// GET /admin/ai/usage — the day's use of the AI quota (AiUsage JSON), polled by the usage banner.
// The back office's gate answers a visitor or a user 401/403 JSON rather than the login page: the
// poll is a fetch that asks for JSON.
export async function loader(_args: Route.LoaderArgs) {
  return Response.json(await getAiUsage(), { headers: { "cache-control": "no-store" } });
}
