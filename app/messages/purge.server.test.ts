// The purge of conversations nobody may read any more: a deleted listing's after 30 days, and
// those whose two participants are both gone.
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { conversationMessages, conversations, petListings } from "~/db/schema";
import { itDb } from "../../tests/db";
import { addMessage, createConversation } from "../../tests/conversations";
import { purgeConversations } from "./purge.server";

const exists = async (ids: string[]) =>
  (await db().select({ id: conversations.id }).from(conversations).where(inArray(conversations.id, ids))).map((r) => r.id).sort();

describe("purgeConversations", () => {
  itDb("removes a deleted listing's conversations 30 days after, not before; keeps the others", async () => {
    const old = await createConversation();
    const recent = await createConversation();
    const live = await createConversation();
    await addMessage(old, old.askerId, "Ciao");
    await db().delete(petListings).where(inArray(petListings.id, [old.listingId, recent.listingId]));
    // The trigger noted the deletion; moved back as if it happened 31 and 29 days ago.
    const [noted] = await db().select({ at: conversations.listingDeletedAt, listingId: conversations.listingId }).from(conversations).where(eq(conversations.id, old.id));
    expect(noted?.at).toBeInstanceOf(Date);
    expect(noted?.listingId).toBeNull();
    await db().update(conversations).set({ listingDeletedAt: sql`now() - interval '31 days'` }).where(eq(conversations.id, old.id));
    await db().update(conversations).set({ listingDeletedAt: sql`now() - interval '29 days'` }).where(eq(conversations.id, recent.id));

    expect(await purgeConversations()).toBeGreaterThanOrEqual(1);
    expect(await exists([old.id, recent.id, live.id])).toEqual([recent.id, live.id].sort());
    expect(await db().select().from(conversationMessages).where(eq(conversationMessages.conversationId, old.id))).toHaveLength(0);
  });

  itDb("removes a conversation whose two participants are gone; one left keeps it", async () => {
    const orphan = await createConversation();
    const half = await createConversation();
    await db().update(conversations).set({ ownerId: null, askerId: null }).where(eq(conversations.id, orphan.id));
    await db().update(conversations).set({ ownerId: null }).where(eq(conversations.id, half.id));
    await purgeConversations();
    expect(await exists([orphan.id, half.id])).toEqual([half.id]);
  });

  itDb("works in batches until nothing is due", async () => {
    const due = [];
    for (let i = 0; i < 5; i++) due.push(await createConversation());
    await db()
      .update(conversations)
      .set({ ownerId: null, askerId: null })
      .where(inArray(conversations.id, due.map((c) => c.id)));
    expect(await purgeConversations({ batchSize: 2 })).toBeGreaterThanOrEqual(5);
    expect(await exists(due.map((c) => c.id))).toEqual([]);
  });
});
