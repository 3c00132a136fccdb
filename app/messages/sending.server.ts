// Sending a private message (decision 0090): "Scrivi all'inserzionista" on a public listing, which
// opens the one conversation of that person about that listing (or reopens it), and a reply inside
// a conversation. One transaction per message, under the sender's lock: the limits count rows that
// cannot change under them, a double submit finds the first one's rows, and the conversation's
// unread counter moves with its message. The live updates and the mail follow the commit
// (events.server.ts, filled by the live part).
import { and, desc, eq, sql } from "drizzle-orm";
import { isEmailVerified } from "~/accounts/recovery.server";
import type { CurrentUser } from "~/accounts/session.server";
import { firstError } from "~/accounts/validation";
import { db, onCommit, transaction } from "~/db/client.server";
import { conversationMessages, conversations, petListings } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { fail, type Failure } from "~/lib/result";
import { isPublicListing } from "~/listings/visibility";
import { askersConversationId, participantConversation, replyRefusal, type Side } from "./access.server";
import { blocksBetween } from "./blocks.server";
import { messageSent, type MessageSent } from "./events.server";
import { conversationLimit, lockSender, messageLimit, type LimitRefusal } from "./limits.server";
import { MESSAGE_LIMITS, MESSAGE_TEXTS as M, messageBodySchema } from "./messages";
import { scamSignals } from "./scam-signals";

export interface Sent {
  ok: true;
  conversationId: string;
  messageId: string;
  /** A new conversation was opened by this message. */
  opened: boolean;
  /** The same text was just stored (a double submit): nothing new, nobody told again. */
  duplicate: boolean;
}

export type SendResult = Sent | Failure | LimitRefusal;

function parseBody(fields: Record<string, unknown>): { ok: true; body: string } | Failure {
  const parsed = messageBodySchema.safeParse(fields.body ?? "");
  return parsed.success ? { ok: true, body: parsed.data } : fail(400, firstError(parsed.error));
}

/**
 * Stores one message and moves the other side's unread counter. A second copy of the conversation's
 * last message, by the same sender within a short while, is taken for a double submit and not stored.
 */
async function storeMessage(conversationId: string, senderSide: Side, senderId: string, recipientId: string | null, body: string) {
  const [last] = await db()
    .select({ id: conversationMessages.id, senderId: conversationMessages.senderId, body: conversationMessages.body })
    .from(conversationMessages)
    .where(
      and(
        eq(conversationMessages.conversationId, conversationId),
        sql`${conversationMessages.createdAt} > now() - make_interval(secs => ${MESSAGE_LIMITS.duplicateSeconds})`,
      ),
    )
    .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
    .limit(1);
  if (last && last.senderId === senderId && last.body === body) return { messageId: last.id, duplicate: true };

  const [message] = await db()
    .insert(conversationMessages)
    // The clock's time, not the transaction's: messages stored in one transaction keep their order.
    .values({ conversationId, senderId, body, scamSignals: scamSignals(body), createdAt: sql`clock_timestamp()` })
    .returning({ id: conversationMessages.id, createdAt: conversationMessages.createdAt });
  await db()
    .update(conversations)
    .set({
      lastMessageAt: message!.createdAt,
      ownerUnread: senderSide === "asker" ? sql`${conversations.ownerUnread} + 1` : conversations.ownerUnread,
      askerUnread: senderSide === "owner" ? sql`${conversations.askerUnread} + 1` : conversations.askerUnread,
    })
    .where(eq(conversations.id, conversationId));
  const event: MessageSent = { conversationId, messageId: message!.id, senderId, recipientId };
  // Once the message is committed: its live update and mail never announce what was rolled back.
  onCommit(async () => {
    try {
      await messageSent(event);
    } catch (error) {
      logger.error({ err: error, conversationId }, "messaggi: notifica del nuovo messaggio non riuscita");
    }
  });
  return { messageId: message!.id, duplicate: false };
}

/**
 * "Scrivi all'inserzionista": the viewer's message to the owner of a public listing, in their one
 * conversation about it (opened now, or the one they already have).
 */
export async function writeToOwner(viewer: CurrentUser | null, listingId: string | undefined, fields: Record<string, unknown>): Promise<SendResult> {
  if (!viewer) return fail(401, M.mustSignIn);
  if (!isUuid(listingId)) return fail(404, M.listingNotFound);
  try {
    return await transaction(async (): Promise<SendResult> => {
      await lockSender(viewer.id);
      // Locked against a suspension or deletion arriving while the message is stored.
      const [listing] = await db()
        .select({ id: petListings.id, ownerId: petListings.userId, status: petListings.status, title: petListings.title })
        .from(petListings)
        .where(eq(petListings.id, listingId))
        .for("share");
      if (!listing) return fail(404, M.listingNotFound);
      if (listing.ownerId === viewer.id) return fail(403, M.ownListing);
      // A listing the public does not see is "not found" to anyone but its owner.
      if (!isPublicListing(listing)) return fail(404, M.listingNotFound);
      if (!(await isEmailVerified(viewer.id))) return fail(403, M.mustVerify);
      const blocks = await blocksBetween(viewer.id, listing.ownerId);
      if (blocks.byOther) return fail(403, M.blockedByOther);
      if (blocks.byMe) return fail(403, M.blockedByYou);
      const body = parseBody(fields);
      if (!body.ok) return body;

      const existing = await askersConversationId(listing.id, viewer.id);
      if (!existing) {
        const overDay = await conversationLimit(viewer.id);
        if (overDay) return overDay;
      }
      const overMinute = await messageLimit(viewer.id);
      if (overMinute) return overMinute;

      let conversationId = existing;
      if (!conversationId) {
        // Under the sender's lock no second request of theirs gets here at once; the unique index
        // (listing, asker) is the last word all the same.
        const [created] = await db()
          .insert(conversations)
          .values({ listingId: listing.id, listingTitle: listing.title, ownerId: listing.ownerId, askerId: viewer.id })
          .onConflictDoNothing()
          .returning({ id: conversations.id });
        conversationId = created?.id;
        if (!conversationId) {
          const [again] = await db()
            .select({ id: conversations.id })
            .from(conversations)
            .where(and(eq(conversations.listingId, listing.id), eq(conversations.askerId, viewer.id)));
          conversationId = again!.id;
        }
      }
      const stored = await storeMessage(conversationId, "asker", viewer.id, listing.ownerId, body.body);
      return { ok: true, conversationId, ...stored, opened: !existing };
    });
  } catch (error) {
    logger.error({ err: error, listingId }, "messaggi: invio del primo messaggio non riuscito");
    return fail(500, M.sendError);
  }
}

/** A reply in a conversation of the viewer's. */
export async function reply(viewer: CurrentUser | null, conversationId: string | undefined, fields: Record<string, unknown>): Promise<SendResult> {
  if (!viewer) return fail(401, M.mustSignIn);
  try {
    return await transaction(async (): Promise<SendResult> => {
      await lockSender(viewer.id);
      const conversation = await participantConversation(viewer.id, conversationId, true);
      if (!conversation) return fail(404, M.conversationNotFound);
      const refusal = replyRefusal(conversation, await blocksBetween(viewer.id, conversation.otherId), await isEmailVerified(viewer.id));
      if (refusal) return refusal;
      const body = parseBody(fields);
      if (!body.ok) return body;
      const overMinute = await messageLimit(viewer.id);
      if (overMinute) return overMinute;
      const stored = await storeMessage(conversation.id, conversation.side, viewer.id, conversation.otherId, body.body);
      return { ok: true, conversationId: conversation.id, ...stored, opened: false };
    });
  } catch (error) {
    logger.error({ err: error, conversationId }, "messaggi: invio della risposta non riuscito");
    return fail(500, M.sendError);
  }
}
