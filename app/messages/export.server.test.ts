// The conversations in the GDPR export, and what erasure leaves the other person: their own
// messages, and "utente eliminato" where the erased person was.
import { eq, inArray } from "drizzle-orm";
import { describe, expect } from "vitest";
import { deleteOwnAccount, exportAccountData } from "~/accounts/gdpr.server";
import { DELETION_CONFIRMATION } from "~/accounts/gdpr-validation";
import { db } from "~/db/client.server";
import { conversationMessages, conversations } from "~/db/schema";
import { createAccount, requestAs } from "../../tests/accounts";
import { addMessage, createConversation } from "../../tests/conversations";
import { itDb } from "../../tests/db";
import { createUserRow } from "../../tests/factories";
import { EXPORT_LABELS, exportConversations } from "./export.server";
import { liveHub, type LiveEvent } from "./live.server";

const PASSWORD = "Cuccioli-2026";

describe("the export", () => {
  itDb("holds one's conversations: the listing, the other person's first name, each message with who and when", async () => {
    const me = await createAccount({ fullName: "Giulia Dati", password: PASSWORD });
    const owner = await createUserRow({ name: "Olga Bianchi" });
    const conversation = await createConversation({ ownerId: owner.id, askerId: me.id, listingTitle: "Gattini cercano casa" });
    await addMessage(conversation, me.id, "Sono ancora disponibili?");
    await addMessage(conversation, owner.id, "Sì, due su tre.");
    // Someone else's conversation is not in it.
    await createConversation({ ownerId: owner.id });

    const data = await exportAccountData({ id: me.id, email: me.email, fullName: "Giulia Dati", role: "user" });
    expect(data.account).toMatchObject({ messageMail: true });
    expect(data.conversations).toEqual([
      {
        listingTitle: "Gattini cercano casa",
        listingDeletedAt: null,
        myRole: EXPORT_LABELS.asker,
        otherPerson: "Olga",
        startedAt: expect.any(String),
        messages: [
          { from: EXPORT_LABELS.me, sentAt: expect.any(String), text: "Sono ancora disponibili?" },
          { from: "Olga", sentAt: expect.any(String), text: "Sì, due su tre." },
        ],
      },
    ]);
    expect(JSON.stringify(data)).not.toContain("Bianchi");
  });

  itDb("an erased other person is 'utente eliminato'; none: an empty list", async () => {
    const me = await createUserRow();
    expect(await exportConversations(me.id)).toEqual([]);
    const conversation = await createConversation({ askerId: me.id });
    await db().update(conversations).set({ ownerId: null }).where(eq(conversations.id, conversation.id));
    const [exported] = await exportConversations(me.id);
    expect(exported).toMatchObject({ otherPerson: EXPORT_LABELS.erasedUser, myRole: EXPORT_LABELS.asker });
  });
});

describe("erasure", () => {
  itDb("removes one's messages; the other person keeps the conversation with their own messages and a null participant", async () => {
    const leaving = await createAccount({ fullName: "Piero Via", password: PASSWORD });
    const staying = await createUserRow({ name: "Sara Resta" });
    // One conversation about the staying person's listing, one about the leaving person's own listing.
    const asAsker = await createConversation({ ownerId: staying.id, askerId: leaving.id });
    const asOwner = await createConversation({ ownerId: leaving.id, askerId: staying.id });
    // And one whose other person had already gone: nobody is left to read it.
    const orphan = await createConversation({ ownerId: leaving.id });
    await db().update(conversations).set({ askerId: null }).where(eq(conversations.id, orphan.id));
    for (const c of [asAsker, asOwner]) {
      await addMessage(c, leaving.id, "Messaggio di chi se ne va");
      await addMessage(c, staying.id, "Messaggio di chi resta");
    }
    const heard: LiveEvent[] = [];
    const stop = liveHub.subscribe(staying.id, (event) => heard.push(event));
    try {
      const result = await deleteOwnAccount(
        { id: leaving.id, email: leaving.email, fullName: "Piero Via", role: "user" },
        { password: PASSWORD, confirmation: DELETION_CONFIRMATION },
        requestAs(leaving),
      );
      expect(result).toMatchObject({ ok: true });
    } finally {
      stop();
    }

    const left = await db()
      .select({ id: conversations.id, ownerId: conversations.ownerId, askerId: conversations.askerId, listingId: conversations.listingId, deletedAt: conversations.listingDeletedAt })
      .from(conversations)
      .where(inArray(conversations.id, [asAsker.id, asOwner.id, orphan.id]));
    const byId = new Map(left.map((row) => [row.id, row]));
    expect(byId.get(asAsker.id)).toMatchObject({ ownerId: staying.id, askerId: null });
    // The leaving owner's listing went with the account: its conversation is kept 30 days, noted.
    expect(byId.get(asOwner.id)).toMatchObject({ ownerId: null, askerId: staying.id, listingId: null, deletedAt: expect.any(Date) });
    expect(byId.has(orphan.id)).toBe(false);
    for (const c of [asAsker, asOwner]) {
      const messages = await db().select({ senderId: conversationMessages.senderId, body: conversationMessages.body }).from(conversationMessages).where(eq(conversationMessages.conversationId, c.id));
      expect(messages).toEqual([{ senderId: staying.id, body: "Messaggio di chi resta" }]);
    }
    // The staying person's open pages were told (they now show "utente eliminato").
    expect(heard.map((e) => e.conversationId).sort()).toEqual([asAsker.id, asOwner.id].sort());
    const [exported] = await exportConversations(staying.id);
    expect(exported?.otherPerson).toBe(EXPORT_LABELS.erasedUser);
  });
});
