// Reading private conversations (decision 0090): the inbox, one conversation (read by its two people
// only), "Segna come letto", the header's unread count and the listing page's "Scrivi" state.
import { conversationChanged } from "./events.server";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { isEmailVerified } from "~/accounts/recovery.server";
import type { CurrentUser } from "~/accounts/session.server";
import { db, queryRows } from "~/db/client.server";
import { conversationMessages, conversations, petListings, profiles } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { fail, type Result } from "~/lib/result";
import { isPublicListing } from "~/listings/visibility";
import { askersConversationId, participantConversation, replyRefusal, type ParticipantConversation } from "./access.server";
import { blocksBetween } from "./blocks.server";
import { pendingConversationReport } from "./reports.server";
import { excerpt, firstName, MESSAGE_LIMITS, MESSAGE_TEXTS as M, type WriteToOwnerState } from "./messages";
import { trippedAny } from "./scam-signals";

/** The other participant's id, as SQL, for the viewer `me`. */
const otherOf = (me: string) => sql`case when ${conversations.ownerId} = ${me} then ${conversations.askerId} else ${conversations.ownerId} end`;
const unreadOf = (me: string) => sql<number>`case when ${conversations.ownerId} = ${me} then ${conversations.ownerUnread} else ${conversations.askerUnread} end`;

export interface InboxItem {
  id: string;
  listingTitle: string;
  /** The listing's first photo while the listing is public (or the viewer's own). */
  photo: string | null;
  listingGone: boolean;
  otherName: string;
  unread: number;
  lastMessageAt: Date;
  /** The last message's start, and whether the viewer wrote it; null when no message is left. */
  lastExcerpt: string | null;
  lastMine: boolean;
}

/**
 * The ids of one page of the viewer's conversations, the latest message first: the first
 * offset + size of each side's index order (owner, asker), merged. An account is never both sides of
 * one conversation (nobody writes to their own listing), so nothing repeats; the cost grows with the
 * page's depth, not with how many conversations the account has.
 */
async function inboxIds(userId: string, size: number, offset: number): Promise<string[]> {
  const take = offset + size;
  const rows = await queryRows<{ id: string }>(sql`
    select id from (
      (select id, last_message_at from conversations where owner_id = ${userId} order by last_message_at desc, id desc limit ${take})
      union all
      (select id, last_message_at from conversations where asker_id = ${userId} order by last_message_at desc, id desc limit ${take})
    ) mine order by last_message_at desc, id desc limit ${size} offset ${offset}`);
  return rows.map((r) => r.id);
}

/** One page of the viewer's conversations, the latest message first. */
export async function inboxPage(userId: string, page: number): Promise<{ items: InboxItem[]; page: number; pageCount: number; total: number }> {
  const size = MESSAGE_LIMITS.inboxPageSize;
  const [ids, [counted]] = await Promise.all([
    inboxIds(userId, size, (page - 1) * size),
    queryRows<{ total: number | string }>(sql`
      select (select count(*) from conversations where owner_id = ${userId})
           + (select count(*) from conversations where asker_id = ${userId}) as total`),
  ]);
  const rows =
    ids.length === 0
      ? []
      : await db()
          .select({
            id: conversations.id,
            ownerId: conversations.ownerId,
            listingTitle: conversations.listingTitle,
            listingId: conversations.listingId,
            listingStatus: petListings.status,
            images: petListings.images,
            otherId: sql<string | null>`${otherOf(userId)}`,
            otherName: profiles.fullName,
            unread: unreadOf(userId),
            lastMessageAt: conversations.lastMessageAt,
            lastBody: sql<string | null>`(select m.body from ${conversationMessages} m where m.conversation_id = ${conversations.id} order by m.created_at desc, m.id desc limit 1)`,
            lastSender: sql<string | null>`(select m.sender_id from ${conversationMessages} m where m.conversation_id = ${conversations.id} order by m.created_at desc, m.id desc limit 1)`,
          })
          .from(conversations)
          .leftJoin(petListings, eq(petListings.id, conversations.listingId))
          .leftJoin(profiles, sql`${profiles.id} = ${otherOf(userId)}`)
          .where(inArray(conversations.id, ids))
          .orderBy(desc(conversations.lastMessageAt), desc(conversations.id));
  const total = Number(counted?.total ?? 0);
  const items = rows.map((row) => ({
    id: row.id,
    listingTitle: row.listingTitle,
    photo: row.listingStatus && (isPublicListing({ status: row.listingStatus }) || row.ownerId === userId) ? (row.images?.[0] ?? null) : null,
    listingGone: row.listingId === null,
    otherName: row.otherId ? firstName(row.otherName) : firstName(null),
    unread: Number(row.unread),
    lastMessageAt: row.lastMessageAt,
    lastExcerpt: row.lastBody === null ? null : excerpt(row.lastBody),
    lastMine: row.lastSender === userId,
  }));
  return { items, page, pageCount: Math.max(1, Math.ceil(total / size)), total };
}

/** The unread messages of all the account's conversations: the header's badge, one query over two partial indexes. */
export async function unreadTotal(userId: string): Promise<number> {
  const [row] = await queryRows<{ unread: number | string }>(sql`
    select coalesce((select sum(owner_unread) from conversations where owner_id = ${userId} and owner_unread > 0), 0)
         + coalesce((select sum(asker_unread) from conversations where asker_id = ${userId} and asker_unread > 0), 0) as unread`);
  return Number(row?.unread ?? 0);
}

export interface ShownMessage {
  id: string;
  mine: boolean;
  senderName: string;
  body: string;
  createdAt: Date;
  /** It tripped a scam signal and the viewer is its reader: shown with the warning. */
  warning: boolean;
}

export interface ConversationView {
  id: string;
  listing: { id: string | null; title: string; photo: string | null; gone: boolean; public: boolean };
  otherName: string;
  otherDeleted: boolean;
  messages: ShownMessage[];
  blockedByMe: boolean;
  blockedByOther: boolean;
  /** Why the reply box is not offered (the action refuses for the same reason), or null. */
  cannotReply: string | null;
  reportPending: boolean;
}

/** The conversation as its participant sees it, or null (not theirs, or no such conversation). */
export async function conversationView(viewer: CurrentUser, conversationId: string | undefined): Promise<ConversationView | null> {
  const conversation = await participantConversation(viewer.id, conversationId);
  if (!conversation) return null;
  const [rows, other, blocks, verified, pending] = await Promise.all([
    db()
      .select({
        id: conversationMessages.id,
        senderId: conversationMessages.senderId,
        senderName: profiles.fullName,
        body: conversationMessages.body,
        scamSignals: conversationMessages.scamSignals,
        createdAt: conversationMessages.createdAt,
      })
      .from(conversationMessages)
      .innerJoin(profiles, eq(profiles.id, conversationMessages.senderId))
      .where(eq(conversationMessages.conversationId, conversation.id))
      .orderBy(desc(conversationMessages.createdAt), desc(conversationMessages.id))
      .limit(MESSAGE_LIMITS.shownMessages),
    conversation.otherId
      ? db().select({ fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, conversation.otherId)).limit(1)
      : Promise.resolve([]),
    blocksBetween(viewer.id, conversation.otherId),
    isEmailVerified(viewer.id),
    pendingConversationReport(conversation.id, viewer.id),
  ]);
  const isPublic = conversation.listingStatus !== null && isPublicListing({ status: conversation.listingStatus });
  return {
    id: conversation.id,
    listing: {
      id: conversation.listingId,
      title: conversation.listingTitle,
      photo: isPublic || conversation.side === "owner" ? conversation.listingPhoto : null,
      gone: conversation.listingId === null,
      public: isPublic,
    },
    otherName: firstName(other[0]?.fullName ?? null),
    otherDeleted: !conversation.otherId,
    messages: rows.reverse().map((row) => ({
      id: row.id,
      mine: row.senderId === viewer.id,
      senderName: row.senderId === viewer.id ? "Tu" : firstName(row.senderName),
      body: row.body,
      createdAt: row.createdAt,
      warning: row.senderId !== viewer.id && trippedAny(row.scamSignals),
    })),
    blockedByMe: blocks.byMe,
    blockedByOther: blocks.byOther,
    cannotReply: replyRefusal(conversation, blocks, verified)?.error ?? null,
    reportPending: pending !== undefined,
  };
}

/** "Segna come letto", and what opening a conversation does: the viewer's side has nothing unread. */
export async function markRead(viewer: CurrentUser | null, conversationId: string | undefined): Promise<Result<{ cleared: number }>> {
  if (!viewer) return fail(401, M.mustSignIn);
  if (!isUuid(conversationId)) return fail(404, M.conversationNotFound);
  const before = await db()
    .select({ ownerId: conversations.ownerId, askerId: conversations.askerId, ownerUnread: conversations.ownerUnread, askerUnread: conversations.askerUnread })
    .from(conversations)
    .where(eq(conversations.id, conversationId))
    .limit(1);
  const row = before[0];
  if (!row || (row.ownerId !== viewer.id && row.askerId !== viewer.id)) return fail(404, M.conversationNotFound);
  const owner = row.ownerId === viewer.id;
  const cleared = await db()
    .update(conversations)
    .set(owner ? { ownerUnread: 0 } : { askerUnread: 0 })
    .where(and(eq(conversations.id, conversationId), owner ? eq(conversations.ownerId, viewer.id) : eq(conversations.askerId, viewer.id), sql`${owner ? conversations.ownerUnread : conversations.askerUnread} > 0`))
    .returning({ id: conversations.id });
  if (cleared.length === 0) return { ok: true, cleared: 0 };
  // The reader's other tabs and their header's count (decision 0091).
  await conversationChanged({ conversationId, userIds: [viewer.id] });
  return { ok: true, cleared: owner ? row.ownerUnread : row.askerUnread };
}

/** What the listing page offers the viewer about writing to its owner. */
export async function writeToOwnerState(viewer: CurrentUser | null, listing: { id: string; ownerId: string; status: ParticipantConversation["listingStatus"] }): Promise<WriteToOwnerState> {
  if (!listing.status || !isPublicListing({ status: listing.status })) return null;
  if (!viewer) return { kind: "visitor" };
  if (viewer.id === listing.ownerId) return null;
  const existing = await askersConversationId(listing.id, viewer.id);
  return existing ? { kind: "open", conversationId: existing } : { kind: "write" };
}
