// Accounts, listings and conversations for the private messages' tests (decision 0090).
import { count, eq } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { db } from "~/db/client.server";
import { conversationMessages, conversations } from "~/db/schema";
import { writeToOwner } from "~/messages/sending.server";
import { createListingRow, createUserRow } from "./factories";

let n = 0;

/** A signed-in person with a confirmed address unless told otherwise; `name` is the full name. */
export async function person(name = "Giulia Bianchi", emailVerified = true): Promise<CurrentUser> {
  const row = await createUserRow({ name, emailVerified, email: `messaggi-${Date.now().toString(36)}-${++n}@example.it` });
  return { id: row.id, email: row.email, fullName: name, role: "user" };
}

/** An owner (Mario Rossi) with a public listing, and a person (Giulia Bianchi) who has written to them. */
export async function conversationBetween(text = "Ciao, il cucciolo è ancora disponibile?") {
  const owner = await person("Mario Rossi");
  const asker = await person("Giulia Bianchi");
  const listing = await createListingRow(owner.id, { images: ["/uploads/listing-photos/x/uno.webp"] });
  const sent = await writeToOwner(asker, listing.id, { body: text });
  if (!sent.ok) throw new Error(`first message refused: ${sent.error}`);
  return { owner, asker, listing, conversationId: sent.conversationId };
}

export async function conversationRow(id: string) {
  const [row] = await db().select().from(conversations).where(eq(conversations.id, id));
  return row;
}

export async function messagesIn(conversationId: string): Promise<number> {
  const [row] = await db().select({ n: count() }).from(conversationMessages).where(eq(conversationMessages.conversationId, conversationId));
  return row?.n ?? 0;
}

export async function conversationsOn(listingId: string): Promise<number> {
  const [row] = await db().select({ n: count() }).from(conversations).where(eq(conversations.listingId, listingId));
  return row?.n ?? 0;
}
