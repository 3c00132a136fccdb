import { describe, expect, it } from "vitest";
import { filterOrderPaths, filterPath, LISTING_MIX, makeRow, mulberry32, newListPaths, pageCount, PAGE_SIZE, picker } from "./listings.ts";

describe("the seeded generator", () => {
  it("gives the same sequence for the same seed, in [0, 1)", () => {
    const a = mulberry32(42);
    const b = mulberry32(42);
    const first = Array.from({ length: 1000 }, () => a());
    expect(Array.from({ length: 1000 }, () => b())).toEqual(first);
    expect(first.every((x) => x >= 0 && x < 1)).toBe(true);
    expect(mulberry32(43)()).not.toBe(first[0]);
  });

  it("picks within bounds", () => {
    const { int, pick, weighted } = picker(mulberry32(1));
    for (let i = 0; i < 200; i++) {
      expect(int(3, 5)).toBeGreaterThanOrEqual(3);
      expect(["a", "b"]).toContain(pick(["a", "b"]));
      expect(weighted({ never: 0, always: 1 })).toBe("always");
    }
  });

  it("makes the same listing row from the same seed", () => {
    const row = (seed: number) => makeRow(mulberry32(seed), ["owner-1", "owner-2"], () => undefined, Date.UTC(2026, 10, 27));
    expect(row(7)).toEqual(row(7));
    expect(["owner-1", "owner-2"]).toContain(row(7).user_id);
  });
});

describe("the list pages the bench drives", () => {
  it("writes a filter as the list page's URL, page 1 implied", () => {
    expect(filterPath({ q: "", page: 1 })).toBe("/pet-listings");
    expect(filterPath({ q: "maine coon", petType: "cat", listingType: "sale", page: 2 })).toBe("/pet-listings?q=maine+coon&petType=cat&listingType=sale&page=2");
    expect(filterPath({ q: "forlì", page: 1 })).toBe("/pet-listings?q=forl%C3%AC");
  });

  it("measures 20 different searched and filtered pages", () => {
    expect(LISTING_MIX).toHaveLength(20);
    expect(new Set(LISTING_MIX.map(filterPath)).size).toBe(20);
    expect(LISTING_MIX.every((f) => f.q && f.petType)).toBe(true);
  });

  it("gives new list paths in the same order on every run, none twice, none from the mix", () => {
    const paths = newListPaths();
    expect(newListPaths()).toEqual(paths);
    expect(newListPaths(28)).not.toEqual(paths);
    expect(new Set(paths).size).toBe(paths.length);
    const mix = new Set(LISTING_MIX.map(filterPath));
    expect(paths.some((p) => mix.has(p))).toBe(false);
    // Every pet type × listing type combination's first three pages are mixed in, unfiltered ones too.
    expect(paths).toContain("/pet-listings");
    expect(paths).toContain("/pet-listings?petType=dog&listingType=sale&page=3");
    expect(paths.every((p) => p.startsWith("/pet-listings"))).toBe(true);
  });

  it("lists the other filters and orders, the same each time", () => {
    const paths = filterOrderPaths();
    expect(paths).toEqual(filterOrderPaths());
    expect(paths).toHaveLength(4 * 4 + 2 * (2 + 3 + 3));
    expect(paths).toContain("/pet-listings?region=Lombardia&photo=1&sort=price-asc");
    expect(paths).toContain("/pet-listings?petType=cat&sort=nearest&near=Aosta");
  });

  it("counts pages of PAGE_SIZE, at least one", () => {
    expect([pageCount(0), pageCount(1), pageCount(PAGE_SIZE), pageCount(PAGE_SIZE + 1)]).toEqual([1, 1, 1, 2]);
  });
});
