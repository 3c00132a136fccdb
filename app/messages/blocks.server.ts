// "Blocca utente" (decision 0090): the blocker gets no more messages from the blocked person, on any
// listing, until "Sblocca". A block works in both directions for writing (the blocker is asked to
// unblock first), so that no conversation goes on one-sided; reading stays as it was.
import { and, eq, or } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { db } from "~/db/client.server";
import { userBlocks } from "~/db/schema";
import { fail, type Result } from "~/lib/result";
import { participantConversation } from "./access.server";
import { MESSAGE_TEXTS as M } from "./messages";
import type { Blocks } from "./types";

/** The blocks between two accounts, either way (none when the other account is gone). */
export async function blocksBetween(me: string, other: string | null): Promise<Blocks> {
  if (!other) return { byMe: false, byOther: false };
  const rows = await db()
    .select({ blockerId: userBlocks.blockerId })
    .from(userBlocks)
    .where(
      or(
        and(eq(userBlocks.blockerId, me), eq(userBlocks.blockedId, other)),
        and(eq(userBlocks.blockerId, other), eq(userBlocks.blockedId, me)),
      ),
    );
  return { byMe: rows.some((r) => r.blockerId === me), byOther: rows.some((r) => r.blockerId === other) };
}

/** Blocks (or, with `blocked` false, unblocks) the other participant of a conversation of the viewer's. */
export async function setBlock(viewer: CurrentUser | null, conversationId: string, blocked: boolean): Promise<Result<{ message: string }>> {
  if (!viewer) return fail(401, M.mustSignIn);
  const conversation = await participantConversation(viewer.id, conversationId);
  if (!conversation) return fail(404, M.conversationNotFound);
  if (!conversation.otherId) return fail(409, M.otherDeleted);
  if (blocked) {
    // Pressed twice, still one block.
    await db().insert(userBlocks).values({ blockerId: viewer.id, blockedId: conversation.otherId }).onConflictDoNothing();
    return { ok: true, message: M.blocked };
  }
  await db()
    .delete(userBlocks)
    .where(and(eq(userBlocks.blockerId, viewer.id), eq(userBlocks.blockedId, conversation.otherId)));
  return { ok: true, message: M.unblocked };
}
