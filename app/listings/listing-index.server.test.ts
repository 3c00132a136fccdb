import { eq, sql } from "drizzle-orm";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CACHE_TAGS, invalidate, setCacheEnabled } from "~/cache/cache.server";
import { db } from "~/db/client.server";
import { petListings } from "~/db/schema";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { createListingRow } from "../../tests/factories";
import { listingIndex, listingIndexReady, readListingIndex, refreshListingIndex, settleListingIndex } from "./listing-index.server";
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
    const index = await readListingIndex();
    expect(index.size).toBe(21);
    for (const search of SEARCHES) {
      const f = filters(search);
      expect({ search, ...(await fromIndex(index, f)) }).toEqual({ search, ...(await fromSql(f)) });
    }
  });

  itDb("catches up with new, changed, hidden and deleted listings", async () => {
    const owner = await someListings();
    const index = await readListingIndex();
    const [micio] = await db().select().from(petListings).where(eq(petListings.title, "Micio tigrato"));
    const [parrot] = await db().select().from(petListings).where(eq(petListings.title, "Pappagallo cenerino"));
    const [labrador] = await db().select().from(petListings).where(eq(petListings.title, "Labrador — cucciolo"));
    await createListingRow(owner, { title: "Nuovo arrivo: furetto", petType: "other" });
    await db().update(petListings).set({ title: "Micio rosso" }).where(eq(petListings.id, micio!.id));
    await db().update(petListings).set({ status: "suspended" }).where(eq(petListings.id, parrot!.id));
    await db().update(petListings).set({ status: "active" }).where(eq(petListings.title, "Sospeso: gatto"));
    await db().delete(petListings).where(eq(petListings.id, labrador!.id));

    await refreshListingIndex(index);
    expect(index.size).toBe(21);
    for (const search of [...SEARCHES, { q: "furetto" }, { q: "rosso" }, { q: "tigrato" }, { q: "pappagallo" }, { q: "sospeso" }]) {
      const f = filters(search);
      expect({ search, ...(await fromIndex(index, f)) }).toEqual({ search, ...(await fromSql(f)) });
    }
    expect((await fromIndex(index, filters({ q: "furetto" }))).page.items[0]?.title).toBe("Nuovo arrivo: furetto");
  });
});

describe("the process's index", () => {
  afterEach(() => {
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
    await db().execute(sql`alter table pet_listings rename to pet_listings_unreadable`);
    try {
      await invalidate(CACHE_TAGS.listings);
      expect(await readAttempt()).toBeUndefined();
    } finally {
      await db().execute(sql`alter table pet_listings_unreadable rename to pet_listings`);
    }
    // Readable again, but not tried before the pause is over: the list goes on with SQL.
    vi.advanceTimersByTime(9_000);
    expect(await readAttempt()).toBeUndefined();
    vi.advanceTimersByTime(1_001);
    expect(await listingIndexReady()).toBeDefined();
  });
});
