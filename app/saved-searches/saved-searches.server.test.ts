// Saved searches (decision 0097): saving with the list's own criteria, the limits, and every
// action on another person's search refused with nothing changed; the one-click unsubscribe by
// token (valid, used again, forged).
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { formatEuro } from "~/lib/format";
import { savedSearches } from "~/db/schema";
import { exportAccountData } from "~/accounts/gdpr.server";
import { itDb } from "../../tests/db";
import { createUserRow } from "../../tests/factories";
import { deleteSearch, listSavedSearches, renameSearch, saveSearch, setSearchAlert, unsubscribeByToken } from "./saved-searches.server";
import { SAVED_SEARCH_LIMITS, SAVED_SEARCH_TEXTS as T } from "./texts";

const person = async () => {
  const row = await createUserRow();
  return { id: row.id, email: row.email, fullName: row.name, role: "user" as const };
};
const rowOf = async (id: string) => (await db().select().from(savedSearches).where(eq(savedSearches.id, id)))[0];

describe("saving a search", () => {
  itDb("keeps the criteria the list applied, canonically, with the matcher's columns", async () => {
    const me = await person();
    const saved = await saveSearch(me, {
      query: "page=3&view=map&region=Lombardia&petType=dog&q=++labrador++&priceMax=900&photo=1&age=nonsense",
      name: "  Labrador   in Lombardia ",
      alert: "instant",
    });
    expect(saved.ok).toBe(true);
    if (!saved.ok) return;
    const row = (await rowOf(saved.id))!;
    // The price chose the sales (as the list does); the page, the view and a bad age are not kept.
    expect(row).toMatchObject({
      name: "Labrador in Lombardia",
      alert: "instant",
      query: "q=labrador&petType=dog&listingType=sale&region=Lombardia&priceMax=900&photo=1",
      petType: "dog",
      listingType: "sale",
      region: "Lombardia",
      priceMin: null,
      priceMax: 900,
      ageBand: null,
      withPhotos: true,
      wordsText: "labrador",
    });
    // Whole lexemes: the listings' vector holds every beginning of every word (decision 0112).
    expect(row.words).toBe("'labrador'");
    expect(row.unsubscribeToken).toMatch(/^[A-Za-z0-9_-]{32}$/);
    const [item] = await listSavedSearches(me.id);
    expect(item).toMatchObject({ name: "Labrador in Lombardia", path: `/pet-listings?${row.query}`, alert: "instant" });
    expect(item!.criteria).toEqual(["Cane", "Vendita", "Lombardia", "“labrador”", `fino a ${formatEuro(900)}`, "con foto"]);
  });

  itDb("refuses a visitor, an empty or long name, an unknown alert, the same search twice and past the limit", async () => {
    const me = await person();
    expect(await saveSearch(null, { query: "", name: "Tutti" })).toMatchObject({ ok: false, status: 401 });
    expect(await saveSearch(me, { query: "", name: "   " })).toMatchObject({ ok: false, status: 400, error: T.nameRequired });
    expect(await saveSearch(me, { query: "", name: "x".repeat(81) })).toMatchObject({ ok: false, status: 400, error: T.nameTooLong });
    expect(await saveSearch(me, { query: "", name: "Tutti", alert: "weekly" })).toMatchObject({ ok: false, status: 400, error: T.badAlert });
    expect(await listSavedSearches(me.id)).toHaveLength(0);
    // The default alert is the daily digest.
    const first = await saveSearch(me, { query: "petType=cat", name: "Gatti" });
    expect(first.ok && (await rowOf(first.id))?.alert).toBe("daily");
    // The same criteria written another way is the same search (a double submit, a second tab).
    expect(await saveSearch(me, { query: "page=2&petType=cat", name: "Ancora gatti" })).toMatchObject({ ok: false, status: 409, error: T.duplicate });
    for (let i = 1; i < SAVED_SEARCH_LIMITS.perUser; i++) expect((await saveSearch(me, { query: `q=parola${i}`, name: `Ricerca ${i}` })).ok).toBe(true);
    expect(await saveSearch(me, { query: "q=troppe", name: "Una di troppo" })).toMatchObject({ ok: false, status: 409, error: T.tooMany });
    expect(await listSavedSearches(me.id)).toHaveLength(SAVED_SEARCH_LIMITS.perUser);
  });
});

describe("another person's search", () => {
  itDb("cannot be renamed, changed or deleted: 404 as if it did not exist, nothing changed", async () => {
    const owner = await person();
    const other = await person();
    const saved = await saveSearch(owner, { query: "petType=rabbit", name: "Conigli", alert: "instant" });
    if (!saved.ok) throw new Error(saved.error);
    const before = await rowOf(saved.id);
    expect(await renameSearch(other, saved.id, "Mia")).toMatchObject({ ok: false, status: 404 });
    expect(await setSearchAlert(other, saved.id, "none")).toMatchObject({ ok: false, status: 404 });
    expect(await deleteSearch(other, saved.id)).toMatchObject({ ok: false, status: 404 });
    expect(await renameSearch(null, saved.id, "Mia")).toMatchObject({ ok: false, status: 401 });
    expect(await deleteSearch(other, "not-an-id")).toMatchObject({ ok: false, status: 404 });
    expect(await rowOf(saved.id)).toEqual(before);
    expect(await listSavedSearches(other.id)).toHaveLength(0);

    // The owner can.
    expect(await renameSearch(owner, saved.id, "Conigli nani")).toEqual({ ok: true });
    expect(await setSearchAlert(owner, saved.id, "bogus")).toMatchObject({ ok: false, status: 400 });
    expect(await setSearchAlert(owner, saved.id, "none")).toEqual({ ok: true });
    expect(await rowOf(saved.id)).toMatchObject({ name: "Conigli nani", alert: "none" });
    expect(await deleteSearch(owner, saved.id)).toEqual({ ok: true });
    expect(await rowOf(saved.id)).toBeUndefined();
    expect(await deleteSearch(owner, saved.id)).toMatchObject({ ok: false, status: 404 });
  });
});

describe("one-click unsubscribe", () => {
  itDb("a valid token turns the alerts off without signing in; used again it says so; a forged one changes nothing", async () => {
    const me = await person();
    const saved = await saveSearch(me, { query: "petType=dog", name: "Cani", alert: "instant" });
    if (!saved.ok) throw new Error(saved.error);
    const token = (await rowOf(saved.id))!.unsubscribeToken;

    const forged = token.slice(0, -1) + (token.endsWith("A") ? "B" : "A");
    for (const bad of [forged, "", "short", `${token}x`, "' or 1=1 --                      ", null]) {
      expect(await unsubscribeByToken(bad)).toMatchObject({ ok: false, status: 404, error: T.badToken });
    }
    expect((await rowOf(saved.id))!.alert).toBe("instant");

    expect(await unsubscribeByToken(token)).toEqual({ ok: true, name: "Cani", already: false });
    expect((await rowOf(saved.id))!.alert).toBe("none");
    expect(await unsubscribeByToken(token)).toEqual({ ok: true, name: "Cani", already: true });
    expect((await rowOf(saved.id))!.alert).toBe("none");

    // Deleted, its token names nothing.
    expect((await deleteSearch(me, saved.id)).ok).toBe(true);
    expect(await unsubscribeByToken(token)).toMatchObject({ ok: false, status: 404 });
  });
});

describe("the personal data export", () => {
  itDb("holds the person's saved searches, not their unsubscribe keys", async () => {
    const me = await person();
    const saved = await saveSearch(me, { query: "petType=cat&region=Lazio", name: "Gatti", alert: "instant" });
    if (!saved.ok) throw new Error(saved.error);
    const exported = await exportAccountData(me);
    expect(exported.savedSearches).toEqual([expect.objectContaining({ name: "Gatti", query: "petType=cat&region=Lazio", alert: "instant", lastSentAt: null })]);
    expect(JSON.stringify(exported)).not.toContain((await rowOf(saved.id))!.unsubscribeToken);
  });
});
