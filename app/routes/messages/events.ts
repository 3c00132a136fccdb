import type { Route } from "./+types/events";
import { getCurrentUser } from "~/accounts/session.server";
import { liveMessagesStream, signInRequired } from "~/messages/live-stream.server";

// GET /dashboard/messaggi/eventi — the signed-in person's live news about their conversations
// (server-sent events: "message", "changed", "resync"); a visitor gets 401 (decision 0091).
export async function loader({ request }: Route.LoaderArgs) {
  const user = await getCurrentUser(request);
  if (!user) return signInRequired();
  return liveMessagesStream(request, user.id);
}
