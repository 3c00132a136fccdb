import { sql, type SQLWrapper } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { pageCacheKey } from "~/cache/page-cache.server";
import { db, queryRows } from "~/db/client.server";
import { petListings } from "~/db/schema";
import { distanceKm, gazetteerByName } from "~/geo/gazetteer.server";
import { loader as mapApiLoader } from "~/routes/api.pet-listings-map";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { createListingRow, listingRowValues } from "../../tests/factories";
import { ageBandDates, FILTER_MESSAGES, formValuesOf, isFiltered, parseListingQuery, type ListingFilters, type ListingSort } from "./browse-filters.server";
import { NO_FILTERS } from "./browse-filters.testing";
import { browseListings, EXACT_COUNT_LIMIT, listingMarkers, nearRing, walkPage } from "./browse.server";
import { publicPosition } from "./public-position";
import { LISTINGS_PAGE_SIZE } from "./validation";

const filters = (values: Partial<ListingFilters> = {}): ListingFilters => ({ ...NO_FILTERS, ...values });
const parse = (query: string) => parseListingQuery(new URLSearchParams(query));
const MINUTE = 60_000;
const DAY = 86_400_000;

/** A date `days` before today, as the birth_date column holds it. */
const bornDaysAgo = (days: number) => new Date(Date.now() - days * DAY).toISOString().slice(0, 10);

describe("the list's criteria in the URL", () => {
  it("reads a region, an age band, 'con foto' and an order, and ignores unknown values as the pet type does", () => {
    expect(parse("region=Sicilia&age=3-12m&photo=1&sort=price-desc")).toEqual({
      filters: filters({ region: "Sicilia", age: "3-12m", withPhotos: true, sort: "price-desc", listingType: "sale" }),
      notices: [],
    });
    expect(parse("region=Atlantide&age=100y&photo=yes&sort=random&petType=drago")).toEqual({ filters: filters(), notices: [] });
  });

  it("reads a price range in euro, which means the listings in sale", () => {
    expect(parse("priceMin=50&priceMax=199,50").filters).toMatchObject({ priceMin: 50, priceMax: 199.5, listingType: "sale" });
    expect(parse("priceMin=0").filters).toMatchObject({ priceMin: 0, priceMax: null, listingType: "sale" });
    expect(parse("priceMin=&priceMax=").filters).toEqual(filters());
  });

  it("ignores a bad price with an Italian notice, and the price of a listing that is not a sale", () => {
    expect(parse("priceMin=-5&priceMax=abc")).toEqual({
      filters: filters(),
      notices: [FILTER_MESSAGES.priceMinInvalid, FILTER_MESSAGES.priceMaxInvalid],
    });
    expect(parse("priceMin=1e3").notices).toEqual([FILTER_MESSAGES.priceMinInvalid]);
    expect(parse("priceMax=1000000000").notices).toEqual([FILTER_MESSAGES.priceMaxInvalid]);
    expect(parse("priceMin=500&priceMax=100")).toEqual({ filters: filters(), notices: [FILTER_MESSAGES.priceOrder] });
    expect(parse("priceMin=10&listingType=adoption")).toEqual({
      filters: filters({ listingType: "adoption" }),
      notices: [FILTER_MESSAGES.priceNotSale],
    });
    expect(parse("sort=price-asc&listingType=free")).toEqual({ filters: filters({ listingType: "free" }), notices: [FILTER_MESSAGES.sortNotSale] });
  });

  it("orders from a comune found in the gazetteer, by name (the region chosen picks among homonyms)", () => {
    const bologna = parse("sort=nearest&near=%20bologna%20").filters.near;
    expect(bologna).toMatchObject({ city: "Bologna", region: "Emilia-Romagna" });
    expect(bologna!.lat).toBeCloseTo(44.49, 1);
    expect(parse("sort=nearest&near=Castro&region=Puglia").filters.near).toMatchObject({ city: "Castro", region: "Puglia" });
    expect(parse("sort=nearest&near=Castro&region=Lombardia").filters.near).toMatchObject({ city: "Castro", region: "Lombardia" });
    // A place is only read for that order; without one, or unknown, the list is the newest first.
    expect(parse("near=Bologna").filters).toEqual(filters());
    expect(parse("sort=nearest")).toEqual({ filters: filters(), notices: [FILTER_MESSAGES.nearMissing] });
    expect(parse("sort=nearest&near=Atlantide")).toEqual({ filters: filters(), notices: [FILTER_MESSAGES.nearUnknown("Atlantide")] });
  });

  it("turns an age band into birth dates on Italy's calendar", () => {
    const now = new Date("2026-05-31T23:30:00Z"); // already 1 June in Rome
    expect(ageBandDates("0-3m", now)).toEqual({ after: "2026-03-01", until: "2026-06-01" });
    expect(ageBandDates("3-12m", now)).toEqual({ after: "2025-06-01", until: "2026-03-01" });
    expect(ageBandDates("1-7y", now)).toEqual({ after: "2019-06-01", until: "2025-06-01" });
    expect(ageBandDates("7y+", now)).toEqual({ after: null, until: "2019-06-01" });
    expect(ageBandDates("0-3m", new Date("2026-05-31T10:00:00Z"))).toEqual({ after: "2026-02-28", until: "2026-05-31" });
  });

  it("reads the map's area as four decimal degrees, rounded to four decimals, kept by the form", () => {
    const area = { south: 45.3, west: 8.9, north: 45.65, east: 9.4 };
    expect(parse("area=45.30,8.90,45.65,9.40")).toEqual({ filters: filters({ area }), notices: [] });
    expect(parse("area=%2045.30%2C%208.9%2C45.65%2C9.4%20").filters.area).toEqual(area);
    expect(parse("area=-33.123449,-70.123451,-33,-70.00004").filters.area).toEqual({ south: -33.1234, west: -70.1235, north: -33, east: -70 });
    expect(parse("area=-90,-180,90,180").filters.area).toEqual({ south: -90, west: -180, north: 90, east: 180 });
    expect(parse("area=").filters.area).toBeNull();
    const query = new URLSearchParams("area=45.300001,8.9,45.65,9.4&petType=dog");
    const { filters: parsed } = parseListingQuery(query);
    expect(isFiltered(filters({ area }))).toBe(true);
    expect(formValuesOf(query, parsed)).toMatchObject({ area: "45.3,8.9,45.65,9.4", petType: "dog" });
    expect(formValuesOf(new URLSearchParams("area=1,2"), parse("area=1,2").filters).area).toBe("");
  });

  it("drops an area that is not a box on the globe, with an Italian notice", () => {
    const bad = [
      "1,2,3",
      "1,2,3,4,5",
      "a,b,c,d",
      "45,9,,10",
      "1e1,2,30,4",
      "Infinity,2,3,4",
      "0x10,2,30,4",
      "45,9,44,10", // south above north
      "45,9,45,10", // no height
      "45,10,46,9", // west east of east
      "45.00001,9,45.00004,10", // the same latitude once rounded
      "-91,0,0,1",
      "0,0,91,1",
      "0,-181,1,0",
      "0,0,1,181",
    ];
    for (const value of bad) {
      expect(parse(`area=${encodeURIComponent(value)}&region=Lombardia`), value).toEqual({
        filters: filters({ region: "Lombardia" }),
        notices: [FILTER_MESSAGES.areaInvalid],
      });
    }
  });

  it("lets the page cache keep the filters chosen from lists, never a place typed or a bad value", () => {
    expect(pageCacheKey(new URL("http://x/pet-listings?sort=price-asc&region=Valle%20d%27Aosta&photo=1&age=7y%2B&priceMin=10&priceMax=200"))).toBe(
      "/pet-listings?age=7y+&photo=1&priceMax=200&priceMin=10&region=Valle d'Aosta&sort=price-asc",
    );
    for (const query of ["area=45.3,8.9,45.65,9.4", "petType=dog&area=45.3,8.9,45.65,9.4", "sort=nearest&near=Roma", "near=Roma", "priceMin=abc", "priceMin=-1", "region=Atlantide", "photo=0", "sort=nearest"]) {
      expect(pageCacheKey(new URL(`http://x/pet-listings?${query}`))).toBeNull();
    }
  });
});

describe("the list's filters and orders", () => {
  itDb("applies each filter alone and together, with its count, and never shows a listing that is not public", async () => {
    const owner = (await createAccount()).id;
    const milano = gazetteerByName("Milano")!;
    const at = (minutes: number) => new Date(Date.now() - minutes * MINUTE);
    const puppy = await createListingRow(owner, {
      title: "Cucciolo",
      petType: "dog",
      listingType: "sale",
      price: 150,
      locationRegion: "Lombardia",
      locationLat: milano.lat,
      locationLng: milano.lng,
      birthDate: bornDaysAgo(30),
      images: ["/uploads/a.webp"],
      createdAt: at(1),
    });
    const adult = await createListingRow(owner, {
      title: "Adulto",
      listingType: "sale",
      price: 900,
      locationRegion: "Lombardia",
      locationLat: 45.54,
      locationLng: 10.21,
      birthDate: bornDaysAgo(2 * 365),
      createdAt: at(2),
    });
    const senior = await createListingRow(owner, {
      title: "Anziano",
      locationRegion: "Sicilia",
      locationLat: 38.12,
      locationLng: 13.36,
      birthDate: bornDaysAgo(8 * 365 + 10),
      images: ["/uploads/b.webp"],
      createdAt: at(3),
    });
    const rabbit = await createListingRow(owner, { title: "Coniglio", petType: "rabbit", listingType: "free", age: "2 mesi", images: ["/uploads/c.webp"], createdAt: at(4) });
    const young = await createListingRow(owner, {
      title: "Giovane",
      petType: "dog",
      listingType: "sale",
      price: 150,
      locationRegion: "Lombardia",
      locationLat: milano.lat,
      locationLng: milano.lng,
      birthDate: bornDaysAgo(150),
      images: ["/uploads/d.webp"],
      createdAt: at(5),
    });
    await createListingRow(owner, { title: "Sospeso", listingType: "sale", price: 150, locationRegion: "Lombardia", images: ["/uploads/e.webp"], status: "suspended" });

    const ids = async (values: Partial<ListingFilters>) => {
      const page = await browseListings(filters(values));
      expect(page.total).toBe(page.items.length);
      expect(page.approximate).toBe(false);
      return page.items.map((i) => i.id);
    };
    expect(await ids({ region: "Lombardia" })).toEqual([puppy.id, adult.id, young.id]);
    expect(await ids({ region: "Molise" })).toEqual([]);
    expect(await ids({ listingType: "sale", priceMin: 100, priceMax: 500 })).toEqual([puppy.id, young.id]);
    expect(await ids({ listingType: "sale", priceMin: 150, priceMax: 150 })).toEqual([puppy.id, young.id]);
    expect(await ids({ listingType: "sale", priceMin: 901 })).toEqual([]);
    // The age of a dog or a cat from its birth date; a rabbit's "2 mesi" is free text, never matched.
    expect(await ids({ age: "0-3m" })).toEqual([puppy.id]);
    expect(await ids({ age: "3-12m" })).toEqual([young.id]);
    expect(await ids({ age: "1-7y" })).toEqual([adult.id]);
    expect(await ids({ age: "7y+" })).toEqual([senior.id]);
    expect(await ids({ withPhotos: true })).toEqual([puppy.id, senior.id, rabbit.id, young.id]);
    // Together, and with the words and the pet type.
    expect(await ids({ region: "Lombardia", withPhotos: true, listingType: "sale", priceMax: 200, sort: "price-asc" })).toEqual([puppy.id, young.id]);
    expect(await ids({ region: "Lombardia", withPhotos: true, age: "3-12m", petType: "dog" })).toEqual([young.id]);
    expect(await ids({ q: "giovane", region: "Lombardia" })).toEqual([young.id]);
    expect(await ids({ q: "giovane", region: "Sicilia" })).toEqual([]);
    // The orders: equal prices newest first.
    expect(await ids({ listingType: "sale", sort: "price-asc" })).toEqual([puppy.id, young.id, adult.id]);
    expect(await ids({ listingType: "sale", sort: "price-desc" })).toEqual([adult.id, puppy.id, young.id]);
    const near = (city: string) => ({ sort: "nearest" as const, near: gazetteerByName(city) });
    expect(await ids(near("Palermo"))).toEqual([senior.id, rabbit.id, adult.id, puppy.id, young.id]);
    expect(await ids(near("Milano"))).toEqual([puppy.id, young.id, adult.id, rabbit.id, senior.id]);
    expect(await ids({ ...near("Milano"), withPhotos: true, region: "Lombardia" })).toEqual([puppy.id, young.id]);

    // The map and its API answer the same filters.
    expect((await listingMarkers(filters({ region: "Lombardia", withPhotos: true }))).map((m) => m.id)).toEqual([puppy.id, young.id]);
    const response = (await mapApiLoader({ request: new Request("http://x/api/pet-listings/map?region=Lombardia&priceMax=500&age=0-3m") } as never)) as unknown as {
      data: { markers: { id: string }[] };
    };
    expect(response.data.markers.map((m) => m.id)).toEqual([puppy.id]);
  });

  itDb("keeps to the map's area by the public, rounded position, never the exact one", async () => {
    const owner = (await createAccount()).id;
    // Bounds with four decimals between the two-decimal public positions: a listing's exact point and
    // its pin can fall on the two sides of an edge.
    const area = { south: 45.298, west: 8.9, north: 45.648, east: 9.4 };
    const at = (minutes: number) => new Date(Date.now() - minutes * MINUTE);
    const row = (title: string, lat: number, lng: number, minutes: number, values: Parameters<typeof createListingRow>[1] = {}) =>
      createListingRow(owner, { title, locationLat: lat, locationLng: lng, locationRegion: "Lombardia", createdAt: at(minutes), ...values });
    const inside = await row("Dentro", 45.4642, 9.19, 1, { petType: "dog" });
    const pinInsideSouth = await row("Punto fuori, spillo dentro a sud", 45.296, 9.1, 2); // pin 45.30 ≥ 45.298
    const pinInsideEast = await row("Punto fuori, spillo dentro a est", 45.5, 9.403, 3); // pin 9.40 ≤ 9.4
    const pinOutsideNorth = await row("Punto dentro, spillo fuori a nord", 45.647, 9.1, 4); // pin 45.65 > 45.648
    const nearWest = await row("Vicino al bordo ovest", 45.5, 8.904, 5, { petType: "dog" }); // pin 8.90 ≥ 8.9
    await row("Roma", 41.9, 12.5, 6);
    await row("Sospeso", 45.4642, 9.19, 7, { status: "suspended" });
    const expected = [inside.id, pinInsideSouth.id, pinInsideEast.id, nearWest.id];

    const page = await browseListings(filters({ area }));
    expect(page.items.map((i) => i.id)).toEqual(expected);
    expect(page).toMatchObject({ total: 4, approximate: false });
    expect((await listingMarkers(filters({ area }))).map((m) => m.id)).toEqual(expected);
    // With the other criteria, the nearest order, and through the map's API.
    expect((await browseListings(filters({ area, petType: "dog" }))).items.map((i) => i.id)).toEqual([inside.id, nearWest.id]);
    const milano = gazetteerByName("Milano")!;
    expect((await browseListings(filters({ area, sort: "nearest", near: milano }))).items.map((i) => i.id)).toEqual([inside.id, pinInsideEast.id, pinInsideSouth.id, nearWest.id]);
    const response = (await mapApiLoader({ request: new Request(`http://x/api/pet-listings/map?area=45.298,8.9,45.648,9.4&petType=dog`) } as never)) as unknown as {
      data: { markers: { id: string; lat: number }[] };
    };
    expect(response.data.markers.map((m) => m.id)).toEqual([inside.id, nearWest.id]);
    // An area just around a pin finds the listing; the same box around its exact point, off the pin, does not.
    const around = (lat: number, lng: number, d: number) => ({ south: lat - d, west: lng - d, north: lat + d, east: lng + d });
    expect((await browseListings(filters({ area: around(45.65, 9.1, 0.0005) }))).items.map((i) => i.id)).toEqual([pinOutsideNorth.id]);
    expect((await browseListings(filters({ area: around(45.647, 9.1, 0.0005) }))).items).toEqual([]);
  });

  itDb("pages through every order without repeating or skipping a listing, a narrow list and a broad one", async () => {
    const owner = (await createAccount()).id;
    // Five places: Milano, Monza (~15 km), Bergamo (~45 km), Torino (~125 km), Roma (~480 km), so
    // that the broad list's nearest pages come from each ring around Milano (10, 30, 100, 300 km). Prices and times
    // repeat, so that the ties decide, down to the id.
    const places = ["Milano", "Monza", "Bergamo", "Torino", "Roma"].map((city) => gazetteerByName(city)!);
    const now = Date.now();
    const count = EXACT_COUNT_LIMIT + 60;
    const rows = Array.from({ length: count }, (_, i) => {
      const place = places[i % places.length]!;
      return listingRowValues(owner, {
        title: `Ordine ${i}`,
        description: i < 30 ? "Annuncio raro." : "Annuncio comune.",
        listingType: "sale" as const,
        price: (i % 7) * 10,
        locationLat: place.lat + 0.001,
        locationLng: place.lng,
        createdAt: new Date(now - Math.floor(i / 3) * MINUTE),
      });
    });
    for (let i = 0; i < rows.length; i += 500) await db().insert(petListings).values(rows.slice(i, i + 500));
    const stored = (
      await db()
        .select({ id: petListings.id, price: petListings.price, createdAt: petListings.createdAt, lat: petListings.locationLat, lng: petListings.locationLng, description: petListings.description })
        .from(petListings)
        .where(sql`${petListings.status} = 'active'`)
    ).map((r) => ({ ...r, at: r.createdAt.getTime() }));
    const milano = places[0]!;
    const distance = (r: { lat: number; lng: number }) => {
      const p = publicPosition(r.lat, r.lng);
      return Math.round(distanceKm(p.lat, p.lng, milano.lat, milano.lng) * 1000);
    };
    const newest = (a: (typeof stored)[number], b: (typeof stored)[number]) => b.at - a.at || (a.id < b.id ? 1 : a.id > b.id ? -1 : 0);
    const keys: Record<ListingSort, (r: (typeof stored)[number]) => number> = {
      newest: () => 0,
      "price-asc": (r) => r.price,
      "price-desc": (r) => -r.price,
      nearest: distance,
    };
    const expectedOrder = (sort: ListingSort, rare: boolean) =>
      stored
        .filter((r) => !rare || r.description === "Annuncio raro.")
        .sort((a, b) => keys[sort](a) - keys[sort](b) || newest(a, b))
        .map((r) => r.id);

    for (const sort of ["newest", "price-asc", "price-desc", "nearest"] as const) {
      const criteria = filters({ listingType: "sale", sort, near: sort === "nearest" ? milano : null });
      // Narrow: 30 matches, counted and sorted whole; every page joined is the whole order.
      const narrow: string[] = [];
      for (const page of [1, 2, 3]) {
        const result = await browseListings({ ...criteria, q: "raro", page });
        expect(result).toMatchObject({ total: 30, approximate: false, pageCount: 3 });
        narrow.push(...result.items.map((i) => i.id));
      }
      expect(narrow).toEqual(expectedOrder(sort, true));
      // Broad: walked along the order's index (or the rings around the place), page by page.
      const order = expectedOrder(sort, false);
      const last = Math.ceil(count / LISTINGS_PAGE_SIZE);
      const pages = sort === "nearest" ? [1, 2, 18, 36, 53, 71, last] : [1, 2, 45, last];
      for (const page of pages) {
        const result = await browseListings({ ...criteria, page });
        const from = (page - 1) * LISTINGS_PAGE_SIZE;
        expect(result.items.map((i) => i.id), `${sort}, page ${page}`).toEqual(order.slice(from, from + LISTINGS_PAGE_SIZE));
      }
      // Two pages side by side share no listing and leave none out.
      const [first, second] = await Promise.all([browseListings({ ...criteria, page: 1 }), browseListings({ ...criteria, page: 2 })]);
      const both = [...first.items, ...second.items].map((i) => i.id);
      expect(new Set(both).size).toBe(2 * LISTINGS_PAGE_SIZE);
      expect(both).toEqual(order.slice(0, 2 * LISTINGS_PAGE_SIZE));
    }
  }, 120_000);
});

describe("the plans of the list's orders on a larger catalogue", () => {
  itDb("walks each order's own index, and searches the rings around a place on the position's index", async () => {
    const owner = (await createAccount()).id;
    const regions = ["Lombardia", "Lazio", "Sicilia", "Veneto", "Piemonte", "Toscana", "Puglia", "Campania", "Liguria", "Sardegna"] as const;
    const cities = ["Milano", "Roma", "Palermo", "Venezia", "Torino", "Firenze", "Bari", "Napoli", "Genova", "Cagliari"].map((c) => gazetteerByName(c)!);
    const now = Date.now();
    const types = ["sale", "adoption", "free"] as const;
    for (let start = 0; start < 12_000; start += 1_000) {
      const rows = Array.from({ length: 1_000 }, (_, k) => {
        const i = start + k;
        const listingType = types[i % 3]!;
        const city = cities[(i * 7) % cities.length]!;
        return listingRowValues(owner, {
          title: `Piano ${i}`,
          listingType,
          price: listingType === "sale" ? 10 + ((i * 37) % 1_990) : 0,
          locationRegion: i % 200 === 0 ? "Molise" : regions[(i * 3) % regions.length],
          locationLat: city.lat + ((i % 13) - 6) / 100,
          locationLng: city.lng + ((i % 11) - 5) / 100,
          images: i % 2 ? ["/uploads/x.webp"] : [],
          // Times not in the order of insertion, as in the bench's generator: the heap's order
          // does not favour the list's own index.
          createdAt: new Date(now - ((i * 7_919) % 12_000) * MINUTE),
        });
      });
      await db().insert(petListings).values(rows);
    }
    await db().execute(sql`analyze pet_listings`);
    const plan = async (query: SQLWrapper) => JSON.stringify(await queryRows(sql`explain (format json) ${query}`));
    expect(await plan(walkPage(filters({ listingType: "sale", sort: "price-asc" }), 0))).toContain("pet_listings_sale_price_idx");
    expect(await plan(walkPage(filters({ listingType: "sale", sort: "price-desc", withPhotos: true }), 24))).toContain("pet_listings_sale_price_desc_idx");
    // A small region is read on its own index (a large one may be walked newest first on the list's).
    expect(await plan(walkPage(filters({ region: "Molise" }), 0))).toContain("pet_listings_region_idx");
    const milano = cities[0]!;
    const ring = await plan(walkPage(filters({ sort: "nearest", near: milano }), 0, nearRing(milano, 20)));
    expect(ring).toContain("pet_listings_position_idx");
    // A small map area is read on the position's index too (its raw box, widened by the rounding).
    const area = { south: milano.lat - 0.015, west: milano.lng - 0.015, north: milano.lat + 0.015, east: milano.lng + 0.015 };
    expect(await plan(walkPage(filters({ area }), 0))).toContain("pet_listings_position_idx");
    // And they answer what the whole sort would.
    const sorted = (await browseListings(filters({ listingType: "sale", sort: "price-desc", withPhotos: true, page: 3 }))).items.map((i) => i.id);
    const whole = await db()
      .select({ id: petListings.id })
      .from(petListings)
      .where(sql`${petListings.listingType} = 'sale' and cardinality(${petListings.images}) > 0 and ${petListings.status} = 'active'`)
      .orderBy(sql`${petListings.price} desc, ${petListings.createdAt} desc, ${petListings.id} desc`)
      .limit(LISTINGS_PAGE_SIZE)
      .offset(2 * LISTINGS_PAGE_SIZE);
    expect(sorted).toEqual(whole.map((r) => r.id));
  }, 120_000);
});
