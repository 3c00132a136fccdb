import { eq, inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { config, setConfig } from "~/config.server";
import { db } from "~/db/client.server";
import { conversationMessages, petListings, userBlocks, users } from "~/db/schema";
import { itDb } from "../../tests/db";
import { createListingRow } from "../../tests/factories";
import { conversationBetween, conversationRow, conversationsOn, messagesIn, person } from "../../tests/messages";
import { MESSAGE_LIMITS, MESSAGE_TEXTS as M } from "./messages";
import { reply, writeToOwner } from "./sending.server";

const original = config();
afterEach(() => setConfig(original));

describe("writeToOwner", () => {
  itDb("opens the conversation with its first message, counted unread for the owner, signals kept", async () => {
    const owner = await person("Mario Rossi");
    const asker = await person();
    const listing = await createListingRow(owner.id);
    const sent = await writeToOwner(asker, listing.id, { body: "  Ciao! Pago con ricarica PostePay, va bene?  " });
    expect(sent).toMatchObject({ ok: true, opened: true, duplicate: false });
    if (!sent.ok) return;
    const row = await conversationRow(sent.conversationId);
    expect(row).toMatchObject({ listingId: listing.id, listingTitle: listing.title, ownerId: owner.id, askerId: asker.id, ownerUnread: 1, askerUnread: 0 });
    const [message] = await db().select().from(conversationMessages).where(eq(conversationMessages.id, sent.messageId));
    expect(message).toMatchObject({ senderId: asker.id, body: "Ciao! Pago con ricarica PostePay, va bene?", scamSignals: ["prepaid_card"] });
  });

  itDb("reopens the one conversation of that person about that listing", async () => {
    const { asker, listing, conversationId } = await conversationBetween();
    const again = await writeToOwner(asker, listing.id, { body: "Mi sono dimenticata: è vaccinato?" });
    expect(again).toMatchObject({ ok: true, conversationId, opened: false, duplicate: false });
    expect(await conversationsOn(listing.id)).toBe(1);
    expect(await messagesIn(conversationId)).toBe(2);
    expect((await conversationRow(conversationId))?.ownerUnread).toBe(2);
  });

  itDb("refuses a visitor, the owner, an unknown, suspended or closed listing, and changes nothing", async () => {
    const owner = await person("Mario Rossi");
    const asker = await person();
    const listing = await createListingRow(owner.id);
    const suspended = await createListingRow(owner.id, { status: "suspended" });
    const closed = await createListingRow(owner.id, { status: "closed" });
    const body = { body: "Ciao" };
    expect(await writeToOwner(null, listing.id, body)).toEqual({ ok: false, status: 401, error: M.mustSignIn });
    expect(await writeToOwner(owner, listing.id, body)).toEqual({ ok: false, status: 403, error: M.ownListing });
    expect(await writeToOwner(asker, suspended.id, body)).toEqual({ ok: false, status: 404, error: M.listingNotFound });
    expect(await writeToOwner(asker, closed.id, body)).toEqual({ ok: false, status: 404, error: M.listingNotFound });
    expect(await writeToOwner(asker, "00000000-0000-4000-8000-000000000000", body)).toMatchObject({ status: 404 });
    expect(await writeToOwner(asker, "non-un-id", body)).toMatchObject({ status: 404 });
    for (const id of [listing.id, suspended.id, closed.id]) expect(await conversationsOn(id)).toBe(0);
  });

  itDb("refuses an unconfirmed address (403) and an empty or too long text (400), nothing stored", async () => {
    const owner = await person("Mario Rossi");
    const unconfirmed = await person("Nuovo Utente", false);
    const asker = await person();
    const listing = await createListingRow(owner.id);
    expect(await writeToOwner(unconfirmed, listing.id, { body: "Ciao" })).toEqual({ ok: false, status: 403, error: M.mustVerify });
    expect(await writeToOwner(asker, listing.id, { body: "   \n " })).toEqual({ ok: false, status: 400, error: M.bodyRequired });
    expect(await writeToOwner(asker, listing.id, {})).toEqual({ ok: false, status: 400, error: M.bodyRequired });
    expect(await writeToOwner(asker, listing.id, { body: "a".repeat(MESSAGE_LIMITS.body + 1) })).toEqual({ ok: false, status: 400, error: M.bodyTooLong });
    expect(await conversationsOn(listing.id)).toBe(0);
    expect(await writeToOwner(asker, listing.id, { body: "a".repeat(MESSAGE_LIMITS.body) })).toMatchObject({ ok: true });
  });

  itDb("refuses the person the owner blocked, on any of the owner's listings, and the owner's blocked person too", async () => {
    const owner = await person("Mario Rossi");
    const asker = await person();
    const listing = await createListingRow(owner.id);
    await db().insert(userBlocks).values({ blockerId: owner.id, blockedId: asker.id });
    expect(await writeToOwner(asker, listing.id, { body: "Ciao" })).toEqual({ ok: false, status: 403, error: M.blockedByOther });
    expect(await conversationsOn(listing.id)).toBe(0);
    const other = await person("Luca Verdi");
    const theirs = await createListingRow(other.id);
    await db().insert(userBlocks).values({ blockerId: asker.id, blockedId: other.id });
    expect(await writeToOwner(asker, theirs.id, { body: "Ciao" })).toEqual({ ok: false, status: 403, error: M.blockedByYou });
  });

  itDb("answers 429 past the messages per minute, with the wait, and stores nothing more", async () => {
    setConfig({ ...original, messaging: { ...original.messaging, messagesPerMinute: 2 } });
    const { asker, listing, conversationId } = await conversationBetween("Primo");
    expect(await writeToOwner(asker, listing.id, { body: "Secondo" })).toMatchObject({ ok: true });
    const refused = await writeToOwner(asker, listing.id, { body: "Terzo" });
    expect(refused).toMatchObject({ ok: false, status: 429, error: expect.stringContaining("troppi messaggi") });
    expect(refused.ok === false && "retryAfter" in refused ? refused.retryAfter : 0).toBeGreaterThan(0);
    expect(await messagesIn(conversationId)).toBe(2);
  });

  itDb("answers 429 past the new conversations per day; the ones already open still take messages", async () => {
    setConfig({ ...original, messaging: { ...original.messaging, conversationsPerDay: 2 } });
    const owner = await person("Mario Rossi");
    const asker = await person();
    const [a, b, c] = [await createListingRow(owner.id), await createListingRow(owner.id), await createListingRow(owner.id)];
    expect(await writeToOwner(asker, a.id, { body: "Uno" })).toMatchObject({ ok: true });
    expect(await writeToOwner(asker, b.id, { body: "Due" })).toMatchObject({ ok: true });
    const refused = await writeToOwner(asker, c.id, { body: "Tre" });
    expect(refused).toMatchObject({ ok: false, status: 429, error: M.tooManyConversations(2) });
    expect(refused.ok === false && "retryAfter" in refused ? refused.retryAfter : 0).toBeGreaterThan(80_000);
    expect(await conversationsOn(c.id)).toBe(0);
    expect(await writeToOwner(asker, a.id, { body: "Ancora io" })).toMatchObject({ ok: true, opened: false });
  });

  itDb("takes the same text sent again at once for a double submit: one message", async () => {
    const { asker, listing, conversationId } = await conversationBetween("Ciao, è disponibile?");
    const again = await writeToOwner(asker, listing.id, { body: "Ciao, è disponibile?" });
    expect(again).toMatchObject({ ok: true, conversationId, duplicate: true });
    expect(await messagesIn(conversationId)).toBe(1);
    expect((await conversationRow(conversationId))?.ownerUnread).toBe(1);
  });

  // Committed, so that on PostgreSQL the two requests really run at once on two connections.
  it("gives two simultaneous first messages one conversation and one message", async () => {
    const owner = await person("Mario Rossi");
    const asker = await person();
    try {
      const listing = await createListingRow(owner.id);
      const [first, second] = await Promise.all([
        writeToOwner(asker, listing.id, { body: "Ciao, lo vorrei adottare" }),
        writeToOwner(asker, listing.id, { body: "Ciao, lo vorrei adottare" }),
      ]);
      expect(first.ok && second.ok).toBe(true);
      if (!first.ok || !second.ok) return;
      expect(first.conversationId).toBe(second.conversationId);
      expect([first.duplicate, second.duplicate].sort()).toEqual([false, true]);
      expect(await conversationsOn(listing.id)).toBe(1);
      expect(await messagesIn(first.conversationId)).toBe(1);
    } finally {
      await db().delete(users).where(inArray(users.id, [owner.id, asker.id]));
    }
  });
});

describe("reply", () => {
  itDb("moves the other side's counter: the owner's reply is unread for the asker", async () => {
    const { owner, asker, conversationId } = await conversationBetween();
    expect(await reply(owner, conversationId, { body: "Sì, è disponibile." })).toMatchObject({ ok: true, conversationId, opened: false });
    expect(await conversationRow(conversationId)).toMatchObject({ ownerUnread: 1, askerUnread: 1 });
    expect(await reply(asker, conversationId, { body: "Perfetto, grazie" })).toMatchObject({ ok: true });
    expect(await conversationRow(conversationId)).toMatchObject({ ownerUnread: 2, askerUnread: 1 });
  });

  itDb("refuses a third person, the owner of another listing and a visitor as not found, nothing changed", async () => {
    const { conversationId } = await conversationBetween();
    const third = await person("Terzo Estraneo");
    const otherOwner = await person("Altro Proprietario");
    await createListingRow(otherOwner.id);
    const before = await conversationRow(conversationId);
    expect(await reply(third, conversationId, { body: "Intruso" })).toEqual({ ok: false, status: 404, error: M.conversationNotFound });
    expect(await reply(otherOwner, conversationId, { body: "" })).toEqual({ ok: false, status: 404, error: M.conversationNotFound });
    expect(await reply(null, conversationId, { body: "Ciao" })).toEqual({ ok: false, status: 401, error: M.mustSignIn });
    expect(await reply(third, "non-un-id", { body: "Ciao" })).toMatchObject({ status: 404 });
    expect(await messagesIn(conversationId)).toBe(1);
    expect(await conversationRow(conversationId)).toEqual(before);
  });

  itDb("refuses a blocked person, a suspended or deleted listing and an erased correspondent", async () => {
    const { owner, asker, listing, conversationId } = await conversationBetween();
    await db().insert(userBlocks).values({ blockerId: owner.id, blockedId: asker.id });
    expect(await reply(asker, conversationId, { body: "Ciao?" })).toEqual({ ok: false, status: 403, error: M.blockedByOther });
    expect(await reply(owner, conversationId, { body: "Ciao?" })).toEqual({ ok: false, status: 403, error: M.blockedByYou });
    await db().delete(userBlocks);
    await db().update(petListings).set({ status: "suspended" }).where(eq(petListings.id, listing.id));
    expect(await reply(owner, conversationId, { body: "Ciao?" })).toEqual({ ok: false, status: 403, error: M.listingUnavailable });
    await db().delete(petListings).where(eq(petListings.id, listing.id));
    expect(await conversationRow(conversationId)).toMatchObject({ listingId: null, listingDeletedAt: expect.any(Date) });
    expect(await reply(asker, conversationId, { body: "Ciao?" })).toEqual({ ok: false, status: 403, error: M.listingDeleted });
    expect(await messagesIn(conversationId)).toBe(1);
  });

  itDb("refuses to write to a person who erased the account", async () => {
    const { owner, asker, conversationId } = await conversationBetween();
    await db().delete(users).where(eq(users.id, asker.id));
    expect(await conversationRow(conversationId)).toMatchObject({ askerId: null, ownerId: owner.id });
    // The asker's messages went with the account.
    expect(await messagesIn(conversationId)).toBe(0);
    expect(await reply(owner, conversationId, { body: "Ci sei?" })).toEqual({ ok: false, status: 409, error: M.otherDeleted });
  });

  itDb("refuses an empty or too long reply with 400 and an unconfirmed participant with 403", async () => {
    const { owner, conversationId } = await conversationBetween();
    expect(await reply(owner, conversationId, { body: "" })).toEqual({ ok: false, status: 400, error: M.bodyRequired });
    expect(await reply(owner, conversationId, { body: "x".repeat(MESSAGE_LIMITS.body + 1) })).toEqual({ ok: false, status: 400, error: M.bodyTooLong });
    await db().update(users).set({ emailVerified: false }).where(eq(users.id, owner.id));
    expect(await reply(owner, conversationId, { body: "Ciao" })).toEqual({ ok: false, status: 403, error: M.mustVerify });
    expect(await messagesIn(conversationId)).toBe(1);
  });
});
