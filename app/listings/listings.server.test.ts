import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect } from "vitest";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { allowedBreeds, petListings } from "~/db/schema";
import { IMAGE_MESSAGES } from "~/images/limits";
import { asUser } from "../../tests/actors";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { listingCount, listingFilesOf as filesOf } from "../../tests/listing-storage";
import { createListingRow, listingRowValues, VALID_LISTING_FIELDS } from "../../tests/factories";
import {
  CREATE_LIMIT,
  createListing,
  deleteListing,
  getListing,
  OWN_LISTINGS_PAGE_SIZE,
  ownListingsPage,
  setAvailability,
} from "./listings.server";
import { browseListings, type ListingFilters } from "./browse.server";
import { NO_FILTERS } from "./browse-filters.testing";
import { LISTING_MESSAGES as M } from "./validation";

const filters = (values: Partial<ListingFilters> = {}): ListingFilters => ({ ...NO_FILTERS, ...values });

const validFields = VALID_LISTING_FIELDS;


async function jpeg(width = 800, height = 600) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 40 } } })
    .jpeg()
    .withExif({ IFD0: { Make: "Telefono" }, IFD3: { GPSLatitudeRef: "N", GPSLatitude: "45/1 28/1 0/1", GPSLongitudeRef: "E", GPSLongitude: "9/1 11/1 0/1" } })
    .toBuffer();
}

describe("the owner's listings on the dashboard", () => {
  itDb("come a page at a time, newest first, with the number of pages, and only the owner's", async () => {
    const owner = await createAccount();
    const other = await createAccount();
    const total = OWN_LISTINGS_PAGE_SIZE + 3;
    for (let i = 0; i < total; i++) await createListingRow(owner.id, { title: `Annuncio ${i}`, createdAt: new Date(Date.now() - (total - i) * 60_000) });
    await createListingRow(other.id, { title: "Di un altro" });
    const first = await ownListingsPage(owner.id, 1);
    expect(first).toMatchObject({ page: 1, pageCount: 2, total });
    expect(first.listings).toHaveLength(OWN_LISTINGS_PAGE_SIZE);
    expect(first.listings[0]!.title).toBe(`Annuncio ${total - 1}`);
    const second = await ownListingsPage(owner.id, 2);
    expect(second.listings.map((l) => l.title)).toEqual(["Annuncio 2", "Annuncio 1", "Annuncio 0"]);
    expect((await ownListingsPage(other.id, 1)).listings.map((l) => l.title)).toEqual(["Di un altro"]);
    expect(await ownListingsPage((await createAccount()).id, 1)).toMatchObject({ listings: [], pageCount: 1, total: 0 });
  });
});

describe("reading one listing", () => {
  itDb("hides a suspended listing from visitors and other users, not from its owner or an admin", async () => {
    const owner = await createAccount();
    const other = await createAccount();
    const admin = await createAccount({ role: "admin" });
    const listing = await createListingRow(owner.id, { status: "suspended" });
    expect(await getListing(listing.id, null)).toBeNull();
    expect(await getListing(listing.id, asUser(other))).toBeNull();
    expect((await getListing(listing.id, asUser(owner)))?.id).toBe(listing.id);
    expect((await getListing(listing.id, asUser(admin, "admin")))?.id).toBe(listing.id);
    expect((await browseListings(filters())).total).toBe(0);
    expect((await ownListingsPage(owner.id, 1)).listings.map((l) => l.id)).toEqual([listing.id]);
  });

  itDb("answers malformed and unknown ids with nothing", async () => {
    expect(await getListing("non-un-uuid", null)).toBeNull();
    expect(await getListing("3f0f8a5e-1111-4222-8333-944455556666", null)).toBeNull();
  });
});

describe("publishing a listing", () => {
  itDb("stores a valid adoption with price 0 and shows it first in the list", async () => {
    const user = await createAccount();
    const result = await createListing(asUser(user), { ...validFields, price: "150" }, []);
    expect(result).toMatchObject({ ok: true });
    const [row] = await db().select().from(petListings);
    expect(row).toMatchObject({ userId: user.id, title: validFields.title, price: 0, status: "active", availability: "available", locationLat: 44.4949 });
    expect((await browseListings(filters())).items[0]?.title).toBe(validFields.title);
  });

  itDb("with «Solo messaggi», publishes without phone and e-mail, or keeps the ones given", async () => {
    const user = await createAccount();
    const without = await createListing(asUser(user), { ...validFields, messagesOnly: "on", contactPhone: "", contactEmail: "  " }, []);
    const withThem = await createListing(asUser(user), { ...validFields, messagesOnly: "on", contactEmail: "Anna@Example.it" }, []);
    expect(without.ok && withThem.ok).toBe(true);
    const read = (id: string) =>
      db().select({ phone: petListings.contactPhone, email: petListings.contactEmail, messagesOnly: petListings.messagesOnly }).from(petListings).where(eq(petListings.id, id));
    expect(await read((without as { id: string }).id)).toEqual([{ phone: "", email: "", messagesOnly: true }]);
    expect(await read((withThem as { id: string }).id)).toEqual([{ phone: validFields.contactPhone, email: "anna@example.it", messagesOnly: true }]);
    // Without it, the database itself refuses a listing nobody could call or write to.
    await expect(db().transaction((tx) => tx.insert(petListings).values({ ...listingRowValues(user.id), contactPhone: "" }))).rejects.toThrow();
  });

  itDb("stores the price of a sale, with two decimals", async () => {
    const user = await createAccount();
    const result = await createListing(asUser(user), { ...validFields, listingType: "sale", price: "250,50" }, []);
    expect(result.ok).toBe(true);
    const [row] = await db().select({ price: petListings.price }).from(petListings);
    expect(row?.price).toBe(250.5);
  });

  itDb("rejects each bad input with its message and stores nothing", async () => {
    const user = await createAccount();
    const cases: [Record<string, string>, string][] = [
      [{ title: "" }, M.titleRequired],
      [{ title: "x".repeat(121) }, M.titleTooLong],
      [{ listingType: "asta" }, M.listingTypeRequired],
      [{ petType: "" }, M.petTypeRequired],
      [{ gender: "" }, M.genderRequired],
      [{ description: "   " }, M.descriptionRequired],
      [{ city: "" }, M.cityRequired],
      [{ region: "" }, M.regionRequired],
      [{ address: "" }, M.addressRequired],
      [{ contactName: "" }, M.contactNameRequired],
      [{ contactPhone: "" }, M.phoneRequired],
      [{ contactPhone: "chiamami" }, M.phoneInvalid],
      [{ contactEmail: "anna@" }, "Inserisci un indirizzo email valido"],
      [{ contactEmail: "" }, M.contactEmailRequired],
      // "Solo messaggi" makes them optional, not anything goes (decision 0089).
      [{ messagesOnly: "on", contactPhone: "chiamami" }, M.phoneInvalid],
      [{ messagesOnly: "on", contactPhone: "", contactEmail: "anna@" }, "Inserisci un indirizzo email valido"],
      [{ listingType: "sale", price: "" }, M.priceRequired],
      [{ listingType: "sale", price: "-5" }, M.priceInvalid],
      [{ listingType: "sale", price: "9.999" }, M.priceInvalid],
      [{ listingType: "sale", price: "abc" }, M.priceInvalid],
      [{ lat: "", lng: "", city: "Paese Inventato" }, M.positionRequired],
      [{ lat: "95", lng: "10" }, M.positionRequired],
      [{ acceptTerms: "" }, M.mustAccept],
      [{ acceptPrivacy: "" }, M.mustAccept],
    ];
    for (const [change, message] of cases) {
      const result = await createListing(asUser(user), { ...validFields, ...change }, []);
      expect(result, JSON.stringify(change)).toMatchObject({ ok: false, status: 400, error: message });
    }
    expect(await listingCount()).toBe(0);
  });

  itDb("without a position chosen on the map (no JavaScript), takes the comune's from the city and region", async () => {
    const user = await createAccount();
    const result = await createListing(asUser(user), { ...validFields, lat: "", lng: "", city: "Bologna", region: "Emilia-Romagna" }, []);
    expect(result).toMatchObject({ ok: true });
    const [row] = await db().select().from(petListings).where(eq(petListings.id, (result as { id: string }).id));
    expect(row!.locationLat).toBeCloseTo(44.49, 1);
    expect(row!.locationLng).toBeCloseTo(11.34, 1);
    expect(await createListing(asUser(user), { ...validFields, lat: "", lng: "", city: "Bologna", region: "Sicilia" }, [])).toMatchObject({ ok: false, status: 400, error: M.positionRequired });
  });

  itDb("refuses a visitor", async () => {
    expect(await createListing(null, validFields, [])).toEqual({ ok: false, status: 401, error: M.mustSignIn });
    expect(await listingCount()).toBe(0);
  });

  itDb("requires a breed from the catalogue when legal breeds exist, free text otherwise", async () => {
    const user = await createAccount();
    await db()
      .insert(allowedBreeds)
      .values([
        { petType: "cat", breedName: "Europeo", isLegal: true },
        { petType: "cat", breedName: "Vietato", isLegal: false },
      ]);
    expect(await createListing(asUser(user), { ...validFields, breed: "" }, [])).toMatchObject({ ok: false, error: M.breedRequired });
    expect(await createListing(asUser(user), { ...validFields, breed: "Vietato" }, [])).toMatchObject({ ok: false, error: M.breedNotInList });
    expect(await createListing(asUser(user), { ...validFields, breed: "Inventata" }, [])).toMatchObject({ ok: false, error: M.breedNotInList });
    expect(await listingCount()).toBe(0);
    expect(await createListing(asUser(user), { ...validFields, breed: "Europeo" }, [])).toMatchObject({ ok: true });
    // No legal rabbit breeds in the catalogue: the breed is free text, and optional.
    expect(await createListing(asUser(user), { ...validFields, petType: "rabbit", breed: "Ariete nano" }, [])).toMatchObject({ ok: true });
    expect(await createListing(asUser(user), { ...validFields, petType: "rabbit", breed: "" }, [])).toMatchObject({ ok: true });
  });

  itDb("stores up to five photos as WebP without their EXIF location", async () => {
    const user = await createAccount();
    const photo = await jpeg(2400, 1800);
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    const result = await createListing(asUser(user), validFields, [
      { name: "uno.jpg", data: photo },
      { name: "due.jpg", data: photo },
    ]);
    expect(result.ok).toBe(true);
    const [row] = await db().select({ images: petListings.images }).from(petListings);
    expect(row?.images).toHaveLength(2);
    const stored = await filesOf(user.id);
    expect(stored).toHaveLength(4); // each photo and its thumbnail
    for (const name of stored) {
      const meta = await sharp(path.join(config().dataDir, "uploads", "listing-images", user.id, name)).metadata();
      expect(meta.format).toBe("webp");
      expect(meta.exif).toBeUndefined();
      expect(Math.max(meta.width ?? 0, meta.height ?? 0)).toBeLessThanOrEqual(1600);
    }
  });

  itDb("refuses a sixth photo, a fake image and an oversized file, storing nothing and no file", async () => {
    const user = await createAccount();
    const photo = await jpeg();
    const six = Array.from({ length: 6 }, (_, i) => ({ name: `${i}.jpg`, data: photo }));
    expect(await createListing(asUser(user), validFields, six)).toEqual({ ok: false, status: 400, error: IMAGE_MESSAGES.tooMany });
    const fake = { name: "gatto.png", data: Buffer.from("non sono un'immagine, sono testo") };
    const fakeResult = await createListing(asUser(user), validFields, [{ name: "buona.jpg", data: photo }, fake]);
    expect(fakeResult).toMatchObject({ ok: false, error: IMAGE_MESSAGES.notAnImage("gatto.png") });
    const huge = { name: "enorme.jpg", data: Buffer.alloc(10 * 1024 * 1024 + 1) };
    expect(await createListing(asUser(user), validFields, [huge])).toMatchObject({ ok: false, status: 413, error: IMAGE_MESSAGES.tooLarge("enorme.jpg") });
    expect(await listingCount()).toBe(0);
    expect(await filesOf(user.id)).toEqual([]);
  });

  itDb("publishes one listing when the same form is sent twice, even at once", async () => {
    const user = await createAccount();
    const submissionId = "0b7e6f3a-4c1d-4e2f-9a8b-7c6d5e4f3a2b";
    const results = await Promise.all([
      createListing(asUser(user), { ...validFields, submissionId }, []),
      createListing(asUser(user), { ...validFields, submissionId }, []),
    ]);
    expect(results).toEqual([
      { ok: true, id: submissionId },
      { ok: true, id: submissionId },
    ]);
    expect(await createListing(asUser(user), { ...validFields, submissionId }, [])).toEqual({ ok: true, id: submissionId });
    expect(await listingCount()).toBe(1);
  });

  itDb("does not let a submission id take over another user's listing", async () => {
    const owner = await createAccount();
    const other = await createAccount();
    const listing = await createListingRow(owner.id);
    const result = await createListing(asUser(other), { ...validFields, submissionId: listing.id }, []);
    expect(result.ok).toBe(true);
    expect(result.ok && result.id).not.toBe(listing.id);
    const [row] = await db().select({ userId: petListings.userId, title: petListings.title }).from(petListings).where(eq(petListings.id, listing.id));
    expect(row?.userId).toBe(owner.id);
  });

  itDb("stops a flood of publications from one account", async () => {
    const user = await createAccount();
    for (let i = 0; i < CREATE_LIMIT.max; i++) expect((await createListing(asUser(user), validFields, [])).ok).toBe(true);
    expect(await createListing(asUser(user), validFields, [])).toEqual({ ok: false, status: 429, error: M.tooMany });
  }, 60_000);
});

describe("changing and deleting a listing", () => {
  itDb("lets only the owner or an admin delete, and removes the photos", async () => {
    const owner = await createAccount();
    const other = await createAccount();
    const created = await createListing(asUser(owner), validFields, [{ name: "foto.jpg", data: await jpeg() }]);
    if (!created.ok) throw new Error(created.error);
    expect(await filesOf(owner.id)).toHaveLength(2);

    expect(await deleteListing(null, created.id)).toMatchObject({ ok: false, status: 401 });
    expect(await deleteListing(asUser(other), created.id)).toEqual({ ok: false, status: 403, error: M.forbidden });
    expect(await listingCount()).toBe(1);
    expect(await filesOf(owner.id)).toHaveLength(2);

    expect(await deleteListing(asUser(owner), created.id)).toEqual({ ok: true });
    expect(await listingCount()).toBe(0);
    expect(await filesOf(owner.id)).toEqual([]);
    expect(await deleteListing(asUser(owner), created.id)).toMatchObject({ ok: false, status: 404 });

    const second = await createListingRow(owner.id);
    const admin = await createAccount({ role: "admin" });
    expect(await deleteListing(asUser(admin, "admin"), second.id)).toEqual({ ok: true });
  });

  itDb("lets only the owner or an admin set the availability, to a known value", async () => {
    const owner = await createAccount();
    const other = await createAccount();
    const listing = await createListingRow(owner.id);
    const availability = async () =>
      (await db().select({ a: petListings.availability }).from(petListings).where(eq(petListings.id, listing.id)))[0]?.a;

    expect(await setAvailability(asUser(other), listing.id, "adopted")).toEqual({ ok: false, status: 403, error: M.forbidden });
    expect(await setAvailability(null, listing.id, "adopted")).toMatchObject({ ok: false, status: 401 });
    expect(await setAvailability(asUser(owner), listing.id, "venduto")).toEqual({ ok: false, status: 400, error: M.availabilityInvalid });
    expect(await availability()).toBe("available");
    expect(await setAvailability(asUser(owner), listing.id, "adopted")).toEqual({ ok: true });
    expect(await availability()).toBe("adopted");
    expect(await setAvailability(asUser(owner), "non-un-uuid", "pending")).toMatchObject({ ok: false, status: 404 });
  });
});
