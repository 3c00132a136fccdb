// Conversations for tests of what follows a message (live news, mail, scam reports, purge,
// moderation, GDPR), written straight to the tables as the conversations' domain would store them:
// a message raises the other side's unread count and the conversation's last_message_at.
import { eq, sql } from "drizzle-orm";
import { db } from "~/db/client.server";
import { conversationMessages, conversations, listingReports } from "~/db/schema";
import { createListingRow, createUserRow } from "./factories";

export interface TestConversation {
  id: string;
  listingId: string;
  ownerId: string;
  askerId: string;
}

/** A listing of `ownerId` (a new account when not given) and the conversation `askerId` opened about it. */
export async function createConversation(
  options: { ownerId?: string; askerId?: string; listingTitle?: string } = {},
): Promise<TestConversation> {
  const ownerId = options.ownerId ?? (await createUserRow({ name: "Olga Proprietaria" })).id;
  const askerId = options.askerId ?? (await createUserRow({ name: "Aldo Interessato" })).id;
  const listing = await createListingRow(ownerId, options.listingTitle ? { title: options.listingTitle } : {});
  const [row] = await db()
    .insert(conversations)
    .values({ listingId: listing.id, listingTitle: listing.title, ownerId, askerId })
    .returning({ id: conversations.id });
  return { id: row!.id, listingId: listing.id, ownerId, askerId };
}

/** A message from `senderId`, counted unread for the other side; returns its id. */
export async function addMessage(conversation: TestConversation, senderId: string, body: string, scamSignals: string[] = []): Promise<string> {
  const [message] = await db()
    .insert(conversationMessages)
    // The wall clock, not the transaction's, and after the conversation's last message: messages of
    // one test keep their order even where the clock's resolution (PGlite's: a millisecond) gives
    // two of them the same instant.
    .values({
      conversationId: conversation.id,
      senderId,
      body,
      scamSignals,
      createdAt: sql`greatest(clock_timestamp(), (select max(${conversationMessages.createdAt}) + interval '1 millisecond' from ${conversationMessages} where ${conversationMessages.conversationId} = ${conversation.id}))`,
    })
    .returning({ id: conversationMessages.id });
  const ownerSide = senderId === conversation.askerId;
  await db()
    .update(conversations)
    .set(
      ownerSide
        ? { ownerUnread: sql`${conversations.ownerUnread} + 1`, lastMessageAt: sql`now()` }
        : { askerUnread: sql`${conversations.askerUnread} + 1`, lastMessageAt: sql`now()` },
    )
    .where(eq(conversations.id, conversation.id));
  return message!.id;
}

/** What "read" does for one side: its unread count back to zero. */
export async function markRead(conversation: TestConversation, readerId: string): Promise<void> {
  await db()
    .update(conversations)
    .set(readerId === conversation.ownerId ? { ownerUnread: 0 } : { askerUnread: 0 })
    .where(eq(conversations.id, conversation.id));
}

/** A person's "Segnala" on a conversation: a report about the other person. */
export async function reportConversation(conversation: TestConversation, reporterId: string): Promise<string> {
  const reported = reporterId === conversation.ownerId ? conversation.askerId : conversation.ownerId;
  const [report] = await db()
    .insert(listingReports)
    .values({
      subject: "conversation",
      conversationId: conversation.id,
      listingId: conversation.listingId,
      reportedUserId: reported,
      reporterUserId: reporterId,
      reporterName: "Olga Proprietaria",
      reporterEmail: "olga@example.it",
      reason: "fraud",
      description: "Mi chiede soldi prima di vedere il cane.",
    })
    .returning({ id: listingReports.id });
  return report!.id;
}
