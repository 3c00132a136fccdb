import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { conversations, petListings, users } from "~/db/schema";
import { itDb } from "../../tests/db";
import { createListingRow } from "../../tests/factories";
import { conversationBetween, conversationRow, person } from "../../tests/messages";
import { conversationView, inboxPage, markRead, unreadTotal, writeToOwnerState } from "./conversations.server";
import { DELETED_USER, MESSAGE_TEXTS as M } from "./messages";
import { reply, writeToOwner } from "./sending.server";

describe("the inbox", () => {
  itDb("lists each side's conversations, latest message first, with first names, unread counts and excerpts", async () => {
    const { owner, asker, listing, conversationId } = await conversationBetween("Ciao, è ancora disponibile?");
    const second = await createListingRow(owner.id, { title: "Gattino rosso" });
    const later = await writeToOwner(asker, second.id, { body: `Posso venire sabato? ${"Lungo testo ".repeat(30)}` });
    if (!later.ok) throw new Error(later.error);
    const askers = await inboxPage(asker.id, 1);
    expect(askers.total).toBe(2);
    expect(askers.items.map((i) => i.id)).toEqual([later.conversationId, conversationId]);
    expect(askers.items[1]).toMatchObject({ listingTitle: listing.title, otherName: "Mario", unread: 0, lastMine: true, listingGone: false, photo: "/uploads/listing-photos/x/uno.webp" });
    expect(askers.items[0]!.lastExcerpt!.endsWith("…")).toBe(true);
    const owners = await inboxPage(owner.id, 1);
    expect(owners.items.map((i) => [i.otherName, i.unread, i.lastMine])).toEqual([
      ["Giulia", 1, false],
      ["Giulia", 1, false],
    ]);
    expect((await inboxPage((await person("Terzo")).id, 1)).items).toEqual([]);
  });

  itDb("pages one account's conversations on both sides together, newest first, none twice", async () => {
    const me = await person("Anna Neri");
    // 25 conversations, alternately about my listings and about others': their last messages a minute apart.
    const ids: string[] = [];
    for (let i = 0; i < 25; i++) {
      const other = await person();
      const [ownerId, askerId] = i % 2 === 0 ? [me.id, other.id] : [other.id, me.id];
      const listing = await createListingRow(ownerId);
      const [row] = await db()
        .insert(conversations)
        .values({ listingId: listing.id, listingTitle: listing.title, ownerId, askerId, lastMessageAt: new Date(Date.UTC(2026, 10, 1, 12, i)) })
        .returning({ id: conversations.id });
      ids.push(row!.id);
    }
    const newestFirst = [...ids].reverse();
    const first = await inboxPage(me.id, 1);
    const second = await inboxPage(me.id, 2);
    expect(first).toMatchObject({ total: 25, pageCount: 2 });
    expect([...first.items, ...second.items].map((i) => i.id)).toEqual(newestFirst);
  });

  itDb("keeps a deleted listing's conversation with its title, noted as gone, and names an erased person 'utente eliminato'", async () => {
    const { owner, asker, listing, conversationId } = await conversationBetween();
    await reply(owner, conversationId, { body: "Sì, è disponibile" });
    await db().delete(petListings).where(eq(petListings.id, listing.id));
    await db().delete(users).where(eq(users.id, asker.id));
    const [item] = (await inboxPage(owner.id, 1)).items;
    expect(item).toMatchObject({ id: conversationId, listingTitle: listing.title, listingGone: true, photo: null, otherName: DELETED_USER, lastMine: true });
    const view = await conversationView(owner, conversationId);
    expect(view).toMatchObject({ otherName: DELETED_USER, otherDeleted: true, cannotReply: M.otherDeleted, listing: { gone: true, title: listing.title } });
    expect(view!.messages.map((m) => m.body)).toEqual(["Sì, è disponibile"]);
  });
});

describe("a conversation", () => {
  itDb("is read by its two people only, oldest message first, the warning shown to the reader of a suspicious one", async () => {
    const { owner, asker, conversationId } = await conversationBetween("Ciao!");
    await reply(owner, conversationId, { body: "Pagami con Western Union e ti spedisco il cane" });
    const third = await person("Terzo");
    const otherOwner = await person("Altro");
    await createListingRow(otherOwner.id);
    expect(await conversationView(third, conversationId)).toBeNull();
    expect(await conversationView(otherOwner, conversationId)).toBeNull();
    expect(await conversationView(third, "non-un-id")).toBeNull();

    const askerView = await conversationView(asker, conversationId);
    expect(askerView!.messages.map((m) => [m.senderName, m.mine, m.warning])).toEqual([
      ["Tu", true, false],
      ["Mario", false, true],
    ]);
    const ownerView = await conversationView(owner, conversationId);
    // The sender is not warned about the own message.
    expect(ownerView!.messages.map((m) => m.warning)).toEqual([false, false]);
    expect(ownerView).toMatchObject({ otherName: "Giulia", cannotReply: null, blockedByMe: false, reportPending: false, listing: { public: true } });
  });

  itDb("marks read for the reader only; the header's total follows", async () => {
    const { owner, asker, conversationId } = await conversationBetween("Uno");
    await writeToOwner(asker, (await conversationRow(conversationId))!.listingId!, { body: "Due" });
    const other = await conversationBetween("Altro");
    await reply(other.owner, other.conversationId, { body: "Risposta" });
    expect(await unreadTotal(owner.id)).toBe(2);
    expect(await markRead(owner, conversationId)).toEqual({ ok: true, cleared: 2 });
    expect(await conversationRow(conversationId)).toMatchObject({ ownerUnread: 0, askerUnread: 0 });
    expect(await unreadTotal(owner.id)).toBe(0);
    expect(await markRead(owner, conversationId)).toEqual({ ok: true, cleared: 0 });

    await reply(owner, conversationId, { body: "Tre" });
    expect(await unreadTotal(asker.id)).toBe(1);
    expect(await markRead(other.owner, conversationId)).toEqual({ ok: false, status: 404, error: M.conversationNotFound });
    expect(await markRead(null, conversationId)).toMatchObject({ ok: false, status: 401 });
    expect(await unreadTotal(asker.id)).toBe(1);
    expect(await markRead(asker, conversationId)).toEqual({ ok: true, cleared: 1 });
    expect(await unreadTotal(asker.id)).toBe(0);
  });
});

describe("writeToOwnerState", () => {
  itDb("offers sign-in to a visitor, writing to others, the open conversation to who has one, nothing to the owner", async () => {
    const { owner, asker, listing, conversationId } = await conversationBetween();
    const facts = { id: listing.id, ownerId: owner.id, status: listing.status };
    expect(await writeToOwnerState(null, facts)).toEqual({ kind: "visitor" });
    expect(await writeToOwnerState(owner, facts)).toBeNull();
    expect(await writeToOwnerState(asker, facts)).toEqual({ kind: "open", conversationId });
    expect(await writeToOwnerState(await person("Nuova"), facts)).toEqual({ kind: "write" });
    expect(await writeToOwnerState(asker, { ...facts, status: "suspended" })).toBeNull();
  });
});
