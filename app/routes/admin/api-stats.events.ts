import type { Route } from "./+types/api-stats.events";
import { getCurrentUser } from "~/accounts/session.server";
import { invalidationStream, refuseNonAdminJson } from "~/ai/stream.server";

// GET /admin/api-stats/events — an `invalidated` event whenever an AI request is logged (the
// ai-usage cache tag, in any process): /admin/api-stats reloads its figures on it.
export async function loader({ request }: Route.LoaderArgs) {
  const refused = refuseNonAdminJson(await getCurrentUser(request));
  if (refused) return refused;
  return invalidationStream(request);
}
