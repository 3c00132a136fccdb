// A reported private conversation and an unreported one (decision 0091), written before the browser
// suite's server starts, for tests/browser/admin-conversation-reports.test.ts.
import { db } from "~/db/client.server";
import { conversationMessages, conversations, listingReports } from "~/db/schema";
import { createListingRow, createUserRow } from "../factories";

export const CONVERSATION_FIXTURES = {
  reported: {
    id: "5e1f0a2b-3c4d-4e5f-8a6b-7c8d9e0f1a2b",
    reportId: "6f2a1b3c-4d5e-4f60-9b7c-8d9e0f1a2b3c",
    listingTitle: "Cuccioli di bassotto (conversazione segnalata)",
    scamMessage: "Per bloccarlo mandami 200 euro di caparra con una ricarica PostePay, poi ti spedisco il cucciolo.",
    reply: "Preferisco venire a vederlo di persona, grazie.",
    signal: "prepaid_card" as const,
  },
  unreported: { id: "7a3b2c4d-5e6f-4a71-8c8d-9e0f1a2b3c4d", message: "Messaggio privato che nessun moderatore deve leggere." },
} as const;

export async function insertConversationFixtures(): Promise<void> {
  const f = CONVERSATION_FIXTURES;
  const owner = await createUserRow({ name: "Olga Bassotti", email: "olga.bassotti@zampa.test" });
  const scammer = await createUserRow({ name: "Tino Caparra", email: "tino.caparra@zampa.test" });
  // Closed: the suite's list pages count the public listings of the main fixtures only.
  const listing = await createListingRow(owner.id, { title: f.reported.listingTitle, status: "closed" });
  await db().insert(conversations).values([
    { id: f.reported.id, listingId: listing.id, listingTitle: listing.title, ownerId: owner.id, askerId: scammer.id },
    { id: f.unreported.id, listingId: listing.id, listingTitle: listing.title, ownerId: owner.id, askerId: null },
  ]);
  await db()
    .insert(conversationMessages)
    .values([
      { conversationId: f.reported.id, senderId: scammer.id, body: f.reported.scamMessage, scamSignals: [f.reported.signal], createdAt: new Date(Date.now() - 120_000) },
      { conversationId: f.reported.id, senderId: owner.id, body: f.reported.reply, createdAt: new Date(Date.now() - 60_000) },
      { conversationId: f.unreported.id, senderId: owner.id, body: f.unreported.message },
    ]);
  await db().insert(listingReports).values({
    id: f.reported.reportId,
    subject: "conversation",
    conversationId: f.reported.id,
    listingId: listing.id,
    reportedUserId: scammer.id,
    reporterUserId: owner.id,
    reporterName: "Olga Bassotti",
    reporterEmail: "olga.bassotti@zampa.test",
    reason: "fraud",
    description: "Chiede una caparra con ricarica.",
  });
}
