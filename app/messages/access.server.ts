// Who may read a conversation and who may write in it (decision 0090). Every page and action of
// the conversations goes through participantConversation: a conversation of somebody else is "not
// found", the same answer as one that does not exist, so that nobody learns which ids exist.
import { and, eq } from "drizzle-orm";
import { db } from "~/db/client.server";
import { conversations, petListings } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { fail, type Failure } from "~/lib/result";
import { isPublicListing, type ListingStatus } from "~/listings/visibility";
import type { Blocks } from "./types";
import { MESSAGE_TEXTS as M } from "./messages";

export type Side = "owner" | "asker";

export interface ParticipantConversation {
  id: string;
  side: Side;
  /** The other participant; null once they erased their account. */
  otherId: string | null;
  ownerId: string | null;
  askerId: string | null;
  listingId: string | null;
  listingTitle: string;
  listingDeletedAt: Date | null;
  /** The listing's status while it exists. */
  listingStatus: ListingStatus | null;
  listingPhoto: string | null;
}

/** The id of the conversation `askerId` opened about the listing, if any (one per listing and asker). */
export async function askersConversationId(listingId: string, askerId: string): Promise<string | undefined> {
  const [existing] = await db()
    .select({ id: conversations.id })
    .from(conversations)
    .where(and(eq(conversations.listingId, listingId), eq(conversations.askerId, askerId)))
    .limit(1);
  return existing?.id;
}

/**
 * The conversation if `userId` is one of its two people, else null. With `lock`, its row is locked
 * for the rest of the transaction (a message's counters change under it).
 */
export async function participantConversation(userId: string, conversationId: string | undefined, lock = false): Promise<ParticipantConversation | null> {
  if (!isUuid(conversationId)) return null;
  const query = db()
    .select({
      id: conversations.id,
      ownerId: conversations.ownerId,
      askerId: conversations.askerId,
      listingId: conversations.listingId,
      listingTitle: conversations.listingTitle,
      listingDeletedAt: conversations.listingDeletedAt,
      listingStatus: petListings.status,
      images: petListings.images,
    })
    .from(conversations)
    .leftJoin(petListings, eq(petListings.id, conversations.listingId))
    .where(eq(conversations.id, conversationId))
    .limit(1);
  const [row] = lock ? await query.for("update", { of: conversations }) : await query;
  if (!row) return null;
  const side: Side | null = row.ownerId === userId ? "owner" : row.askerId === userId ? "asker" : null;
  if (!side) return null;
  return {
    id: row.id,
    side,
    otherId: side === "owner" ? row.askerId : row.ownerId,
    ownerId: row.ownerId,
    askerId: row.askerId,
    listingId: row.listingId,
    listingTitle: row.listingTitle,
    listingDeletedAt: row.listingDeletedAt,
    listingStatus: row.listingStatus,
    listingPhoto: row.images?.[0] ?? null,
  };
}

/**
 * Why the viewer may not write in this conversation now, or null when they may: the other person
 * is gone, the listing is gone or no longer public, a block either way, an unconfirmed address.
 * The page hides its reply box for the same reason the action refuses.
 */
export function replyRefusal(conversation: ParticipantConversation, blocks: Blocks, emailVerified: boolean): Failure | null {
  if (!conversation.otherId) return fail(409, M.otherDeleted);
  if (!conversation.listingId) return fail(403, M.listingDeleted);
  if (!conversation.listingStatus || !isPublicListing({ status: conversation.listingStatus })) return fail(403, M.listingUnavailable);
  if (blocks.byOther) return fail(403, M.blockedByOther);
  if (blocks.byMe) return fail(403, M.blockedByYou);
  if (!emailVerified) return fail(403, M.mustVerify);
  return null;
}
