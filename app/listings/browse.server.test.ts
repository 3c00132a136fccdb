import { sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db, queryRows } from "~/db/client.server";
import { petListings } from "~/db/schema";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { createListingRow, listingRowValues } from "../../tests/factories";
import { browseListings, EXACT_COUNT_LIMIT, listingMarkers, parseFilters, type ListingFilters } from "./browse.server";
import { NO_FILTERS } from "./browse-filters.testing";
import { LISTINGS_PAGE_SIZE } from "./validation";

const filters = (values: Partial<ListingFilters> = {}): ListingFilters => ({ ...NO_FILTERS, ...values });

async function createListingOwner() {
  return (await createAccount()).id;
}

/**
 * `count` active listings in one statement, a minute apart (newest first: "Massa 0"), with `word`
 * in the description of every `every`-th one, and a dog among every four.
 */
async function createMany(owner: string, count: number, word: string, every = 1) {
  const now = Date.now();
  const rows = Array.from({ length: count }, (_, i) =>
    listingRowValues(owner, {
      title: `Massa ${i}`,
      description: i % every === 0 ? `Annuncio ${word} numero ${i}.` : `Annuncio numero ${i}.`,
      petType: i % 4 === 0 ? "dog" : "cat",
      createdAt: new Date(now - i * 60_000),
    }),
  );
  for (let i = 0; i < rows.length; i += 1_000) await db().insert(petListings).values(rows.slice(i, i + 1_000));
}

describe("browsing listings", () => {
  itDb("shows active listings only, newest first, with the type and pet filters applied", async () => {
    const owner = await createAccount();
    const old = await createListingRow(owner.id, { title: "Vecchio", createdAt: new Date(Date.now() - 86_400_000) });
    const recent = await createListingRow(owner.id, { title: "Recente", petType: "dog", listingType: "sale", price: 300 });
    await createListingRow(owner.id, { title: "Sospeso", status: "suspended" });
    const all = await browseListings(filters());
    expect(all.items.map((i) => i.title)).toEqual(["Recente", "Vecchio"]);
    expect(all.total).toBe(2);
    expect((await browseListings(filters({ petType: "dog" }))).items.map((i) => i.id)).toEqual([recent.id]);
    expect((await browseListings(filters({ listingType: "adoption" }))).items.map((i) => i.id)).toEqual([old.id]);
    expect((await browseListings(filters({ petType: "dog", listingType: "adoption" }))).total).toBe(0);
  });

  itDb("searches title, description and city without regard to accents or case", async () => {
    const owner = await createListingOwner();
    const forli = await createListingRow(owner, { title: "Coniglio nano", locationCity: "Forlì", description: "Docile.", petType: "rabbit" });
    const description = await createListingRow(owner, { title: "Pappagallo", description: "Un CALOPSITTA affettuosa." });
    await createListingRow(owner, { title: "Altro", description: "Niente da vedere." });
    expect((await browseListings(filters({ q: "forli" }))).items.map((i) => i.id)).toEqual([forli.id]);
    expect((await browseListings(filters({ q: "FORLÌ coniglio" }))).items.map((i) => i.id)).toEqual([forli.id]);
    expect((await browseListings(filters({ q: "calopsitta" }))).items.map((i) => i.id)).toEqual([description.id]);
    // A search with no letter or digit matches nothing (and a wildcard is no wildcard).
    expect((await browseListings(filters({ q: "%" }))).total).toBe(0);
    expect((await browseListings(filters({ q: "gatto forli" }))).total).toBe(0);
    // The filters are lexemes of the words' index too ('#pet=cat'): nothing typed reaches them.
    expect((await browseListings(filters({ q: "#pet=cat" }))).total).toBe(0);
    expect((await browseListings(filters({ q: "pet type" }))).total).toBe(0);
    expect((await browseListings(filters({ q: "forli", petType: "cat" }))).total).toBe(0);
    expect((await browseListings(filters({ q: "forli", petType: "rabbit", listingType: "adoption" }))).items.map((i) => i.id)).toEqual([forli.id]);
    expect((await browseListings(filters({ q: "forli", petType: "rabbit", listingType: "sale" }))).total).toBe(0);
  });

  itDb("matches the beginnings of words, not any piece of them", async () => {
    const owner = await createListingOwner();
    const kitten = await createListingRow(owner, { title: "Gattina dolcissima", description: "Porcellina d'India? No, una micia." });
    const labrador = await createListingRow(owner, { title: "Labrador", description: "Cucciolo." });
    const ids = async (q: string) => (await browseListings(filters({ q }))).items.map((i) => i.id);
    expect(await ids("gatt")).toEqual([kitten.id]);
    expect(await ids("lab cucc")).toEqual([labrador.id]);
    expect(await ids("india")).toEqual([kitten.id]);
    expect(await ids("d'india")).toEqual([kitten.id]);
    expect(await ids("rador")).toEqual([]);
    // Query syntax typed by a visitor is never an operator: every word is still required ("|" is
    // no "or", "!" no "not").
    expect(await ids("gatt | dolc")).toEqual([kitten.id]);
    expect(await ids("gatt | lab")).toEqual([]);
    expect(await ids("lab:* & !gatt")).toEqual([]);
    expect(await ids("'); drop table pet_listings; --")).toEqual([]);
    // Oversized input: only the first words, each cut short, are looked up.
    expect(await ids(`gatt ${"x".repeat(5_000)}`)).toEqual([]);
    expect(await ids(`${"gattina".repeat(20)}`)).toEqual([]);
    expect(await ids(Array.from({ length: 50 }, () => "gatt").join(" "))).toEqual([kitten.id]);
    expect((await browseListings(filters())).total).toBe(2);
  });

  itDb("looks every typed word up as one whole lexeme: the index holds every beginning of every word", async () => {
    const owner = await createListingOwner();
    const kitten = await createListingRow(owner, { title: "Gattina", description: "Micia.", locationCity: "Forlì", petType: "cat" });
    const [row] = await db()
      .select({ vector: sql<string>`search_vector::text` })
      .from(petListings)
      .where(sql`${petListings.id} = ${kitten.id}`);
    const lexemes = row!.vector.split(" ").map((l) => l.replace(/'/g, ""));
    expect(lexemes).toEqual(expect.arrayContaining(["g", "ga", "gat", "gatt", "gatti", "gattin", "gattina", "forli", "#pet=cat"]));
    // No prefix scan in the query (GIN reads every posting list a prefix covers): whole lexemes only.
    const [query] = await queryRows<{ q: string }>(sql`select zampa_listing_query('Gatt  FORLÌ', 'cat', null)::text as q`);
    expect(query!.q).toBe("'forli' & 'gatt' & '#pet=cat'");
    expect((await browseListings(filters({ q: "gatt forl", petType: "cat" }))).items.map((i) => i.id)).toEqual([kitten.id]);
  });

  itDb("paginates with the total of all matching listings", async () => {
    const owner = await createListingOwner();
    for (let i = 0; i < 14; i++) await createListingRow(owner, { title: `Annuncio ${i}`, createdAt: new Date(Date.now() - i * 60_000) });
    const first = await browseListings(filters());
    const second = await browseListings(filters({ page: 2 }));
    expect(first).toMatchObject({ total: 14, pageCount: 2 });
    expect(first.items).toHaveLength(12);
    expect(second.items.map((i) => i.title)).toEqual(["Annuncio 12", "Annuncio 13"]);
    expect((await browseListings(filters({ page: 5 }))).total).toBe(14);
  });

  itDb("reads the filters from a URL and ignores unknown values", async () => {
    expect(parseFilters(new URLSearchParams("q=%20gatto%20&petType=cat&listingType=free&page=3"))).toEqual(
      filters({ q: "gatto", petType: "cat", listingType: "free", page: 3 }),
    );
    expect(parseFilters(new URLSearchParams("petType=drago&listingType=asta&page=-2"))).toEqual(filters());
  });

  itDb("gives the map a marker per matching active listing", async () => {
    const owner = await createListingOwner();
    const shown = await createListingRow(owner, { locationLat: 45.07, locationLng: 7.69 });
    await createListingRow(owner, { status: "closed" });
    expect(await listingMarkers(filters())).toEqual([expect.objectContaining({ id: shown.id, lat: 45.07, lng: 7.69 })]);
  });
});

describe("browsing a large catalogue", () => {
  itDb("counts a search exactly up to the bound, and past it says about how many", async () => {
    const owner = await createListingOwner();
    await createMany(owner, EXACT_COUNT_LIMIT + 40, "ghiro", 1);
    const broad = await browseListings(filters({ q: "ghiro" }));
    expect(broad.approximate).toBe(true);
    expect(broad.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(broad.pageCount).toBe(Math.ceil(broad.total / LISTINGS_PAGE_SIZE));
    // The page is still the newest matches, in order, whichever way the rows were found.
    expect(broad.items.map((i) => i.title)).toEqual(Array.from({ length: LISTINGS_PAGE_SIZE }, (_, i) => `Massa ${i}`));
    const narrow = await browseListings(filters({ q: "ghiro", petType: "dog" }));
    expect(narrow).toMatchObject({ approximate: false, total: Math.ceil((EXACT_COUNT_LIMIT + 40) / 4) });
    expect(narrow.items.map((i) => i.title).slice(0, 3)).toEqual(["Massa 0", "Massa 4", "Massa 8"]);
  });

  itDb("takes the planner's word for a list far past the bound, without counting it", async () => {
    const owner = await createListingOwner();
    // 4,004 listings, three in four of them cats: 3,003 cats, about as many by the table's statistics.
    await createMany(owner, 4 * EXACT_COUNT_LIMIT + 4, "castoro", 1);
    await db().execute(sql`analyze pet_listings`);
    const cats = await browseListings(filters({ petType: "cat" }));
    expect(cats.approximate).toBe(true);
    expect(cats.total).toBeGreaterThan(2 * EXACT_COUNT_LIMIT);
    expect(cats.total).toBeLessThan(4 * EXACT_COUNT_LIMIT);
    expect(cats.items.map((i) => i.title).slice(0, 3)).toEqual(["Massa 1", "Massa 2", "Massa 3"]);
    expect(cats.pageCount).toBe(Math.ceil(cats.total / LISTINGS_PAGE_SIZE));
    // The walk that reaches the last cat has counted them all.
    expect(await browseListings(filters({ petType: "cat", page: 251 }))).toMatchObject({ approximate: false, total: 3003, pageCount: 251 });
    // A narrow search on the same table is still counted exactly.
    expect(await browseListings(filters({ q: "castoro numero 3996", petType: "dog" }))).toMatchObject({ approximate: false, total: 1 });
  });

  itDb("pages through a broad search and a narrow one alike, newest first", async () => {
    const owner = await createListingOwner();
    await createMany(owner, EXACT_COUNT_LIMIT + 100, "marmotta", 1);
    const titles = (page: { items: { title: string }[] }) => page.items.map((i) => i.title);
    const expected = (page: number, step = 1) =>
      Array.from({ length: LISTINGS_PAGE_SIZE }, (_, i) => `Massa ${((page - 1) * LISTINGS_PAGE_SIZE + i) * step}`);
    // Broad: the walk along the list's order, from any page.
    expect(titles(await browseListings(filters({ q: "marmotta", page: 3 })))).toEqual(expected(3));
    expect(titles(await browseListings(filters({ page: 50 })))).toEqual(expected(50));
    // Narrow: all matches read through the words' index, then sorted.
    expect(titles(await browseListings(filters({ q: "marmotta", petType: "dog", page: 2 })))).toEqual(expected(2, 4));
    // A page past the end of a narrow search is empty, and says where the end is.
    const past = await browseListings(filters({ q: "marmotta", petType: "dog", page: 1_000 }));
    expect(past.items).toEqual([]);
    expect(past.pageCount).toBe(Math.ceil(Math.ceil((EXACT_COUNT_LIMIT + 100) / 4) / LISTINGS_PAGE_SIZE));
  });

  itDb("finds a rare word among many listings, and nothing for a word no listing has", async () => {
    const owner = await createListingOwner();
    await createMany(owner, EXACT_COUNT_LIMIT + 10, "comune", 1);
    const rare = await createListingRow(owner, { title: "Cincilla grigio", createdAt: new Date(Date.now() - 400 * 86_400_000) });
    expect(await browseListings(filters({ q: "cincilla" }))).toMatchObject({ total: 1, approximate: false, items: [expect.objectContaining({ id: rare.id })] });
    expect(await browseListings(filters({ q: "zzyzx" }))).toMatchObject({ total: 0, approximate: false, items: [] });
  });

  itDb("puts the newest matches of a broad search on the map, up to its bound", async () => {
    const owner = await createListingOwner();
    await createMany(owner, EXACT_COUNT_LIMIT + 5, "lontra", 1);
    const markers = await listingMarkers(filters({ q: "lontra" }));
    expect(markers).toHaveLength(1_000);
    expect(markers[0]).toMatchObject({ title: "Massa 0" });
    expect(markers.at(-1)).toMatchObject({ title: "Massa 999" });
    const dogs = await listingMarkers(filters({ q: "lontra", petType: "dog" }));
    expect(dogs).toHaveLength(Math.ceil((EXACT_COUNT_LIMIT + 5) / 4));
    expect(dogs[1]).toMatchObject({ title: "Massa 4" });
  });
});
