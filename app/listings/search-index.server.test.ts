import { describe, expect, it } from "vitest";
import { ListingSearchIndex, type IndexCriteria, type IndexedListing } from "./search-index.server";

let made = 0;
function listing(values: Partial<IndexedListing> & { id: string }): IndexedListing {
  made += 1;
  return {
    title: `Annuncio ${values.id}`,
    summary: "",
    petType: "cat",
    listingType: "adoption",
    breed: null,
    age: null,
    city: "Roma",
    region: "Lazio",
    price: 0,
    image: null,
    lat: 41.9,
    lng: 12.5,
    createdMicros: 1_700_000_000_000_000 + made,
    ...values,
  };
}

const all: IndexCriteria = { prefixes: null, petType: null, listingType: null };
const ids = (index: ListingSearchIndex, criteria: Partial<IndexCriteria> = {}, offset = 0, limit = 100) =>
  index.search({ ...all, ...criteria }, offset, limit).items.map((l) => l.id);

describe("ListingSearchIndex", () => {
  it("lists newest first, ties broken by the greater id, whatever the order listings arrive in", () => {
    const index = new ListingSearchIndex();
    index.upsert(listing({ id: "b", createdMicros: 10 }), []);
    index.upsert(listing({ id: "d", createdMicros: 30 }), []);
    index.upsert(listing({ id: "a", createdMicros: 10 }), []);
    index.upsert(listing({ id: "c", createdMicros: 20 }), []);
    expect(ids(index)).toEqual(["d", "c", "b", "a"]);
  });

  it("requires every prefix to begin one of the listing's words", () => {
    const index = new ListingSearchIndex();
    index.upsert(listing({ id: "1" }), ["gattina", "forli", "dolce"]);
    index.upsert(listing({ id: "2" }), ["gatto", "roma"]);
    index.upsert(listing({ id: "3" }), ["labrador", "forli"]);
    expect(ids(index, { prefixes: ["gatt"] })).toEqual(["2", "1"]);
    expect(ids(index, { prefixes: ["gatt", "forl"] })).toEqual(["1"]);
    // A piece inside a word is not a beginning.
    expect(ids(index, { prefixes: ["rador"] })).toEqual([]);
    expect(ids(index, { prefixes: ["zebra"] })).toEqual([]);
    // A search with no word at all (only punctuation) matches nothing, as in SQL.
    expect(ids(index, { prefixes: [] })).toEqual([]);
  });

  it("applies the pet type and listing type, and counts every match whatever the page", () => {
    const index = new ListingSearchIndex();
    for (let i = 0; i < 30; i++) {
      index.upsert(listing({ id: `id${String(i).padStart(2, "0")}`, createdMicros: i, petType: i % 2 ? "dog" : "cat", listingType: i % 3 ? "sale" : "free" }), ["cucciolo"]);
    }
    const page = index.search({ prefixes: ["cucc"], petType: "dog", listingType: "sale" }, 3, 4);
    const expected = [29, 25, 23, 19, 17, 13, 11, 7, 5, 1].map((i) => `id${String(i).padStart(2, "0")}`);
    expect(page.total).toBe(expected.length);
    expect(page.items.map((l) => l.id)).toEqual(expected.slice(3, 7));
    expect(index.search({ ...all, petType: "bird" }, 0, 12)).toEqual({ items: [], total: 0 });
  });

  it("returns the card's fields only, and the newest markers up to the limit", () => {
    const index = new ListingSearchIndex();
    index.upsert(listing({ id: "x", createdMicros: 1, lat: 45.46, lng: 9.19, city: "Milano" }), ["micio"]);
    index.upsert(listing({ id: "y", createdMicros: 2, lat: 44.49, lng: 11.34, city: "Bologna" }), ["micio"]);
    const [card] = index.search(all, 0, 1).items;
    expect(Object.keys(card!).sort()).toEqual(["age", "breed", "city", "id", "image", "listingType", "petType", "price", "region", "summary", "title"]);
    expect(index.markers({ ...all, prefixes: ["mic"] }, 1)).toEqual([
      { id: "y", title: "Annuncio y", lat: 44.49, lng: 11.34, listingType: "adoption", city: "Bologna" },
    ]);
  });

  it("replaces a listing read again and forgets a removed one, its words included", () => {
    const index = new ListingSearchIndex();
    index.upsert(listing({ id: "a", createdMicros: 1 }), ["coniglio"]);
    index.upsert(listing({ id: "b", createdMicros: 2 }), ["criceto"]);
    index.upsert(listing({ id: "a", createdMicros: 1, title: "Nuovo titolo" }), ["furetto"]);
    expect(index.size).toBe(2);
    expect(ids(index, { prefixes: ["coni"] })).toEqual([]);
    expect(index.search({ ...all, prefixes: ["fur"] }, 0, 12).items[0]?.title).toBe("Nuovo titolo");
    expect(ids(index)).toEqual(["b", "a"]);
    index.remove("b");
    index.remove("nessuno");
    expect(ids(index)).toEqual(["a"]);
    expect(ids(index, { prefixes: ["cri"] })).toEqual([]);
  });

  it("stays exact through many removals (the removed slots are compacted away)", () => {
    const index = new ListingSearchIndex();
    for (let round = 0; round < 5; round++) {
      for (let i = 0; i < 800; i++) index.upsert(listing({ id: `r${i}`, createdMicros: i, petType: i % 2 ? "dog" : "cat" }), [`parola${i % 7}`]);
    }
    for (let i = 0; i < 800; i += 2) index.remove(`r${i}`);
    expect(index.size).toBe(400);
    const dogs = index.search({ prefixes: ["parola3"], petType: "dog", listingType: null }, 0, 1_000);
    const expected = Array.from({ length: 800 }, (_, i) => i)
      .filter((i) => i % 2 === 1 && i % 7 === 3)
      .reverse()
      .map((i) => `r${i}`);
    expect(dogs.items.map((l) => l.id)).toEqual(expected);
    expect(dogs.total).toBe(expected.length);
  });
});
