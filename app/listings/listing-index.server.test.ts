import { eq, sql } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { CACHE_TAGS, invalidate, setCacheEnabled } from "~/cache/cache.server";
import { config, readConfig, setConfig } from "~/config.server";
import { db, getDatabase, transaction } from "~/db/client.server";
import { petListings, users } from "~/db/schema";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { createListingRow } from "../../tests/factories";
import { listingIndex, listingIndexEnabled, listingIndexReady, readListingIndex, refreshListingIndex, settleListingIndex } from "./listing-index.server";
import { browseListings, fromIndex, listingMarkers, type ListingFilters } from "./listings.server";

const filters = (values: Partial<ListingFilters> = {}): ListingFilters => ({ q: "", petType: null, listingType: null, page: 1, ...values });

/** What the list page and the map show for these filters, read with SQL (the cache is off in tests). */
async function fromSql(f: ListingFilters) {
  return { page: await browseListings(f), markers: await listingMarkers(f) };
}

async function someListings() {
  const owner = (await createAccount()).id;
  const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, 0) - minutes * 60_000);
  const same = at(30);
  const rows = [
    { title: "Gattina dolcissima", description: "Porcellina d'India? No, una micia di 2 anni.", locationCity: "Forlì", locationRegion: "Emilia-Romagna" },
    { title: "Labrador — cucciolo", description: "Vaccinato e con microchip, 1.5 anni.", petType: "dog" as const, listingType: "sale" as const, price: 450.5 },
    { title: "CUCCIOLA di meticcio", description: "Affettuosa, cerca casa: e-mail info@esempio.it", petType: "dog" as const, listingType: "free" as const },
    { title: "Coniglio nano", description: "Ariete, docilissimo.", petType: "rabbit" as const, locationCity: "L'Aquila", locationRegion: "Abruzzo" },
    { title: "Micio tigrato", description: "Già sterilizzato, ama le coccole.", createdAt: same },
    { title: "Micia bianca", description: "Già sterilizzata, ama le coccole.", createdAt: same },
    { title: "Pappagallo cenerino", description: "Parla e fischia.", petType: "bird" as const, listingType: "sale" as const, price: 900 },
    { title: "Sospeso: gatto", description: "Non si vede.", status: "suspended" as const },
    { title: "Chiuso: gatto", description: "Non si vede.", status: "closed" as const },
  ];
  for (const [i, row] of rows.entries()) await createListingRow(owner, { createdAt: at(i), locationLat: 41 + i / 10, locationLng: 12 + i / 10, ...row });
  // Enough to fill more than one page.
  for (let i = 0; i < 14; i++) await createListingRow(owner, { title: `Gatto numero ${i}`, createdAt: at(100 + i) });
  return owner;
}

const SEARCHES: Partial<ListingFilters>[] = [
  {},
  { page: 2 },
  { q: "gatt" },
  { q: "gatt", page: 2 },
  { q: "GATTO numero", page: 3 },
  { q: "forli" },
  { q: "FORLÌ emilia" },
  { q: "emilia-romagna" },
  { q: "d'india" },
  { q: "l'aquila coniglio" },
  { q: "cucc" },
  { q: "cucc", petType: "dog", listingType: "free" },
  { q: "microchip 1.5" },
  { q: "info@esempio.it" },
  { q: "gia sterilizz" },
  { q: "ama le coccole" },
  { q: "rador" },
  { q: "%" },
  { q: "gatt | lab" },
  { q: "lab:* & !gatt" },
  { q: "'); drop table pet_listings; --" },
  { q: `gatt ${"x".repeat(5_000)}` },
  { q: Array.from({ length: 50 }, () => "gatt").join(" ") },
  { petType: "dog" },
  { petType: "bird", listingType: "sale" },
  { listingType: "adoption", page: 2 },
  { petType: "fish" },
];

describe("the in-memory listing index", () => {
  itDb("answers every search, page and map exactly as the SQL does", async () => {
    await someListings();
    const { index } = await readListingIndex();
    expect(index.size).toBe(21);
    for (const search of SEARCHES) {
      const f = filters(search);
      expect({ search, ...(await fromIndex(index, f)) }).toEqual({ search, ...(await fromSql(f)) });
    }
  });

  itDb("reads the catalogue whole a few rows at a time, listings created at the same instant included", async () => {
    await someListings();
    for (const batch of [2, 3, 7]) {
      const { index } = await readListingIndex(batch);
      expect(index.size).toBe(21);
      for (const search of SEARCHES.slice(0, 5)) {
        const f = filters(search);
        expect({ batch, search, ...(await fromIndex(index, f)) }).toEqual({ batch, search, ...(await fromSql(f)) });
      }
    }
  });

  itDb("lets the server answer while it reads (the embedded database answers in this thread)", async () => {
    await someListings();
    let ticked = false;
    const timer = setTimeout(() => (ticked = true), 0);
    const tickedDuringRead = await readListingIndex(2).then(() => ticked);
    clearTimeout(timer);
    expect(tickedDuringRead).toBe(true);
  });

  itDb("catches up with new, changed, hidden and deleted listings", async () => {
    const owner = await someListings();
    const state = await readListingIndex();
    const { index } = state;
    const [micio] = await db().select().from(petListings).where(eq(petListings.title, "Micio tigrato"));
    const [parrot] = await db().select().from(petListings).where(eq(petListings.title, "Pappagallo cenerino"));
    const [labrador] = await db().select().from(petListings).where(eq(petListings.title, "Labrador — cucciolo"));
    await createListingRow(owner, { title: "Nuovo arrivo: furetto", petType: "other" });
    await db().update(petListings).set({ title: "Micio rosso" }).where(eq(petListings.id, micio!.id));
    await db().update(petListings).set({ status: "suspended" }).where(eq(petListings.id, parrot!.id));
    await db().update(petListings).set({ status: "active" }).where(eq(petListings.title, "Sospeso: gatto"));
    await db().delete(petListings).where(eq(petListings.id, labrador!.id));

    await refreshListingIndex(state);
    expect(index.size).toBe(21);
    for (const search of [...SEARCHES, { q: "furetto" }, { q: "rosso" }, { q: "tigrato" }, { q: "pappagallo" }, { q: "sospeso" }]) {
      const f = filters(search);
      expect({ search, ...(await fromIndex(index, f)) }).toEqual({ search, ...(await fromSql(f)) });
    }
    expect((await fromIndex(index, filters({ q: "furetto" }))).page.items[0]?.title).toBe("Nuovo arrivo: furetto");
  });
});

describe("catching up with committed writes", () => {
  it("reads again only the listings that were written, whatever the catalogue's size", async () => {
    const owner = await createAccount();
    try {
      for (let i = 0; i < 30; i++) await createListingRow(owner.id, { title: `Catalogo ${i}` });
      const state = await readListingIndex();
      expect(await refreshListingIndex(state)).toBe(0);

      const [one, two] = await db().select().from(petListings).where(eq(petListings.userId, owner.id)).limit(2);
      await db().update(petListings).set({ title: "Furetto ritrovato" }).where(eq(petListings.id, one!.id));
      await db().delete(petListings).where(eq(petListings.id, two!.id));
      expect(await refreshListingIndex(state)).toBe(2);
      expect((await fromIndex(state.index, filters({ q: "furetto ritrovato" }))).page.items.map((l) => l.id)).toEqual([one!.id]);
      expect((await fromIndex(state.index, filters({ q: "catalogo" }))).page.total).toBe(28);
      expect(await refreshListingIndex(state)).toBe(0);

      // A write still uncommitted when the index caught up is read on the next catch-up.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      let written!: () => void;
      const wrote = new Promise<void>((resolve) => (written = resolve));
      const slow = transaction(async () => {
        await db().update(petListings).set({ title: "Coniglio in arrivo" }).where(eq(petListings.id, one!.id));
        written();
        await held;
      });
      await wrote;
      if (getDatabase().engine === "postgres") {
        expect(await refreshListingIndex(state)).toBe(0);
        expect((await fromIndex(state.index, filters({ q: "coniglio arrivo" }))).page.total).toBe(0);
      }
      release();
      await slow;
      expect(await refreshListingIndex(state)).toBe(1);
      expect((await fromIndex(state.index, filters({ q: "coniglio arrivo" }))).page.items.map((l) => l.id)).toEqual([one!.id]);
    } finally {
      // Committed, outside any test transaction: the account goes too (its profile and listings with it).
      await db().delete(users).where(eq(users.id, owner.id));
    }
  });

  it("is on by default with the embedded database only, and LISTING_INDEX decides when set", () => {
    const setting = (env: NodeJS.ProcessEnv) => readConfig(env).listingIndex;
    expect(listingIndexEnabled(setting({}))).toBe(getDatabase().engine === "pglite");
    expect(listingIndexEnabled(setting({ LISTING_INDEX: "false" }))).toBe(false);
    expect(listingIndexEnabled(setting({ LISTING_INDEX: "true" }))).toBe(true);
  });
});

describe("the process's index", () => {
  const saved = config();
  beforeEach(() => {
    setConfig({ ...saved, listingIndex: true });
  });
  afterEach(() => {
    setConfig(saved);
    setCacheEnabled(false);
    vi.useRealTimers();
  });

  it("is off while caching is off, and not used after a write until it has caught up", async () => {
    expect(listingIndex()).toBeUndefined();
    setCacheEnabled(true);
    const ready = await listingIndexReady();
    expect(ready).toBeDefined();
    expect(listingIndex()).toBe(ready);

    await invalidate(CACHE_TAGS.listings);
    expect(listingIndex()).toBeUndefined();
    // Other tags leave it as it is.
    expect(await listingIndexReady()).toBe(ready);
    await invalidate(CACHE_TAGS.articles);
    expect(listingIndex()).toBe(ready);
  });

  /** Asks for the index, lets a read it started end, and returns what it then is. */
  async function readAttempt() {
    listingIndex();
    await settleListingIndex();
    return listingIndex();
  }

  it("is not used while it cannot be read, and is read again only after a pause", async () => {
    setCacheEnabled(true);
    expect(await listingIndexReady()).toBeDefined();
    vi.useFakeTimers({ toFake: ["Date"], now: Date.now() });
    await db().execute(sql`alter table pet_listing_changes rename to pet_listing_changes_unreadable`);
    try {
      await invalidate(CACHE_TAGS.listings);
      expect(await readAttempt()).toBeUndefined();
    } finally {
      await db().execute(sql`alter table pet_listing_changes_unreadable rename to pet_listing_changes`);
    }
    // Readable again, but not tried before the pause is over: the list goes on with SQL.
    vi.advanceTimersByTime(9_000);
    expect(await readAttempt()).toBeUndefined();
    vi.advanceTimersByTime(1_001);
    expect(await listingIndexReady()).toBeDefined();
  });
});
