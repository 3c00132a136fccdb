import type { Route } from "./+types/usage";
import { getCurrentUser } from "~/accounts/session.server";
import { refuseNonAdminJson } from "~/ai/stream.server";
import { getAiUsage } from "~/ai/usage.server";

// GET /admin/ai/usage — the day's use of the AI quota (AiUsage JSON), polled by the usage banner.
// A visitor or a user gets 401/403 JSON rather than the login page: the poll is a fetch.
export async function loader({ request }: Route.LoaderArgs) {
  const refused = refuseNonAdminJson(await getCurrentUser(request));
  if (refused) return refused;
  return Response.json(await getAiUsage(), { headers: { "cache-control": "no-store" } });
}
