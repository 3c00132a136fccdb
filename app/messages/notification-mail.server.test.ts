// The e-mail notice of a new message: one per conversation and recipient every 15 minutes while
// messages stay unread, none when read, turned off, blocked or erased; a short excerpt, never the text.
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { conversations, profiles, userBlocks, users } from "~/db/schema";
import { mailsSince, outboxFiles } from "~/mail/outbox.testing";
import { itDb } from "../../tests/db";
import { addMessage, createConversation, markRead } from "../../tests/conversations";
import { createUserRow } from "../../tests/factories";
import { conversationUrl, EXCERPT_LENGTH, firstName, notifyByMail } from "./notification-mail.server";

const LONG = "Ciao, il cucciolo è ancora disponibile? Potrei passare a vederlo sabato mattina verso le dieci, se per te va bene. Grazie!";

async function setup() {
  const owner = await createUserRow({ name: "Olga Bianchi" });
  const asker = await createUserRow({ name: "Aldo Verdi" });
  const conversation = await createConversation({ ownerId: owner.id, askerId: asker.id, listingTitle: "Golden retriever cerca casa" });
  const send = async (body = LONG, from = asker.id) => {
    const messageId = await addMessage(conversation, from, body);
    const recipientId = from === asker.id ? owner.id : asker.id;
    return notifyByMail({ conversationId: conversation.id, messageId, senderId: from, recipientId });
  };
  return { owner, asker, conversation, send };
}

/** The recipient's last mail is older than the 15 minutes. */
async function sixteenMinutesLater(conversationId: string) {
  await db()
    .update(conversations)
    .set({ ownerMailedAt: sql`${conversations.ownerMailedAt} - interval '16 minutes'`, askerMailedAt: sql`${conversations.askerMailedAt} - interval '16 minutes'` })
    .where(eq(conversations.id, conversationId));
}

describe("notifyByMail", () => {
  itDb("mails the recipient once for two messages in a row, again after 15 minutes, with a link and a short excerpt", async () => {
    const { owner, conversation, send } = await setup();
    const before = await outboxFiles();
    expect(await send()).toBe(true);
    expect(await send("Secondo messaggio")).toBe(false);
    const first = await mailsSince(before);
    expect(first).toHaveLength(1);
    const mail = first[0]!;
    expect(mail.headers).toContain(owner.email);
    expect(mail.headers).toMatch(/Subject: Nuovo messaggio da Aldo su Zampa/);
    expect(mail.body).toContain("Ciao Olga,");
    expect(mail.body).toContain("«Golden retriever cerca casa»");
    expect(mail.body).toContain(conversationUrl(conversation.id));
    expect(conversationUrl(conversation.id)).toBe(`http://localhost:3000/dashboard/messaggi/${conversation.id}`);
    // The start of the message only: never the whole text, never the sender's surname.
    expect(mail.body).toContain(`«${LONG.slice(0, EXCERPT_LENGTH - 1).trimEnd()}…»`);
    expect(mail.body).not.toContain(LONG);
    expect(mail.body).not.toContain("Verdi");

    await sixteenMinutesLater(conversation.id);
    const middle = await outboxFiles();
    expect(await send("Ci sei?")).toBe(true);
    expect(await mailsSince(middle)).toHaveLength(1);
  });

  itDb("a read conversation is not mailed about", async () => {
    const { owner, conversation, asker } = await setup();
    const messageId = await addMessage(conversation, asker.id, "Ciao");
    // Read on the site before the notice ran (the page was open).
    await markRead(conversation, owner.id);
    const before = await outboxFiles();
    expect(await notifyByMail({ conversationId: conversation.id, messageId, senderId: asker.id, recipientId: owner.id })).toBe(false);
    expect(await mailsSince(before)).toHaveLength(0);
  });

  itDb("the owner's answer mails the asker, on the asker's own clock", async () => {
    const { owner, asker, send } = await setup();
    const before = await outboxFiles();
    expect(await send("Domanda")).toBe(true);
    expect(await send("Risposta", owner.id)).toBe(true);
    const mails = await mailsSince(before);
    expect(mails.map((m) => m.headers.includes(asker.email))).toContain(true);
    expect(mails).toHaveLength(2);
  });

  itDb("none when the recipient turned the setting off, blocked the sender, or erased the account", async () => {
    const { owner, asker, conversation, send } = await setup();
    const before = await outboxFiles();
    await db().update(profiles).set({ messageMail: false }).where(eq(profiles.id, owner.id));
    expect(await send()).toBe(false);
    await db().update(profiles).set({ messageMail: true }).where(eq(profiles.id, owner.id));
    await db().insert(userBlocks).values({ blockerId: owner.id, blockedId: asker.id });
    expect(await send()).toBe(false);
    await db().delete(userBlocks);
    // Erased as deleteOwnAccount does it: the side set null, then the account.
    await db().update(conversations).set({ ownerId: null }).where(eq(conversations.id, conversation.id));
    await db().delete(users).where(eq(users.id, owner.id));
    const messageId = await addMessage(conversation, asker.id, "Ciao");
    expect(await notifyByMail({ conversationId: conversation.id, messageId, senderId: asker.id, recipientId: null })).toBe(false);
    // An id that is no longer a participant (erased and gone) claims nothing either.
    expect(await notifyByMail({ conversationId: conversation.id, messageId, senderId: asker.id, recipientId: owner.id })).toBe(false);
    expect(await mailsSince(before)).toHaveLength(0);
    // No claim was recorded for the refusals: turned on again, the next message is mailed.
  });

  itDb("the setting turned back on: the next message is mailed (a refusal claims nothing)", async () => {
    const { owner, send } = await setup();
    await db().update(profiles).set({ messageMail: false }).where(eq(profiles.id, owner.id));
    expect(await send()).toBe(false);
    await db().update(profiles).set({ messageMail: true }).where(eq(profiles.id, owner.id));
    expect(await send()).toBe(true);
  });

  itDb("a sender is never mailed about their own message", async () => {
    const { asker, conversation } = await setup();
    const messageId = await addMessage(conversation, asker.id, "Ciao");
    expect(await notifyByMail({ conversationId: conversation.id, messageId, senderId: asker.id, recipientId: asker.id })).toBe(false);
  });
});

describe("firstName", () => {
  itDb("keeps the first word, on one line", async () => {
    expect(firstName("Mario Rossi")).toBe("Mario");
    expect(firstName("  Anna\nMaria ")).toBe("Anna");
    expect(firstName(null)).toBe("");
  });
});

describe("two processes at once", () => {
  it("five notices of one conversation at the same moment send one mail (the claim is one UPDATE)", async () => {
    const owner = await createUserRow({ name: "Olga Concorrente" });
    const asker = await createUserRow({ name: "Aldo Concorrente" });
    try {
      const conversation = await createConversation({ ownerId: owner.id, askerId: asker.id });
      const ids = [];
      for (let i = 0; i < 5; i++) ids.push(await addMessage(conversation, asker.id, `Messaggio ${i}`));
      const sent = await Promise.all(ids.map((messageId) => notifyByMail({ conversationId: conversation.id, messageId, senderId: asker.id, recipientId: owner.id })));
      expect(sent.filter(Boolean)).toHaveLength(1);
      await db().delete(conversations).where(eq(conversations.id, conversation.id));
    } finally {
      await db().delete(users).where(inArray(users.id, [owner.id, asker.id]));
    }
  });
});
