import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterEach, describe, expect } from "vitest";
import type { CurrentUser } from "~/accounts/session.server";
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access.server";
import { setCacheEnabled } from "~/cache/cache.server";
import { db } from "~/db/client.server";
import { listingReports, petListings } from "~/db/schema";
import { storeListingImages } from "~/images/store-images.server";
import { mailsSince, outboxFiles } from "~/mail/outbox.testing";
import { buildSitemap } from "~/seo/sitemap.server";
import { createAccount, type TestAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { listingFilesOf as filesOf } from "../../tests/listing-storage";
import { createListingRow } from "../../tests/factories";
import { browseListings, listingMarkers, type ListingFilters } from "./browse.server";
import { NO_FILTERS } from "./browse-filters.testing";
import { getListing } from "./listings.server";
import { deleteListing, listListingsForModeration, reactivateListing, suspendListing } from "./moderation.server";
import {
  LISTING_COUNT_CAP,
  LISTING_MODERATION_MESSAGES as M,
  MODERATION_PAGE_SIZE,
  reactivateConflict,
  suspendConflict,
} from "./moderation-validation";

const asActor = (account: TestAccount, role: "user" | "admin" = "user"): CurrentUser => ({ id: account.id, email: account.email, fullName: "Prova", role });
const ADMIN: CurrentUser = { id: "00000000-0000-4000-8000-0000000000ad", email: "admin@example.it", fullName: "Admin", role: "admin" };
const USER: CurrentUser = { ...ADMIN, role: "user" };
const UNKNOWN = "00000000-0000-4000-8000-000000000000";
const filters = (values: Partial<ListingFilters> = {}): ListingFilters => ({ ...NO_FILTERS, ...values });

async function statusOf(id: string) {
  const [row] = await db().select({ status: petListings.status }).from(petListings).where(eq(petListings.id, id));
  return row?.status;
}

/** Inside a rolled-back test: only this test's listings. */
async function noOtherListings() {
  await db().delete(petListings);
}

async function ids(q: string, status?: string) {
  const result = await listListingsForModeration(ADMIN, { q, status });
  if (!result.ok) throw new Error(result.error);
  return result.listings.map((l) => l.title);
}

describe("every function is for administrators only", () => {
  itDb("a visitor gets 401, a user 403, and nothing changes", async () => {
    const owner = await createAccount();
    const listing = await createListingRow(owner.id);
    const before = await outboxFiles();
    for (const [actor, status, error] of [
      [null, 401, ADMIN_ACCESS_MESSAGES.mustSignIn],
      [USER, 403, ADMIN_ACCESS_MESSAGES.adminOnly],
      [asActor(owner), 403, ADMIN_ACCESS_MESSAGES.adminOnly],
    ] as const) {
      const refused = { ok: false, status, error };
      expect(await listListingsForModeration(actor)).toEqual(refused);
      expect(await suspendListing(actor, listing.id, { rule: "spam", reason: "motivo" })).toEqual(refused);
      expect(await reactivateListing(actor, listing.id)).toEqual(refused);
      expect(await deleteListing(actor, listing.id)).toEqual(refused);
    }
    expect(await statusOf(listing.id)).toBe("active");
    expect(await mailsSince(before)).toEqual([]);
  });
});

describe("listListingsForModeration", () => {
  itDb("shows the spec's columns for listings in every status, newest first", async () => {
    await noOtherListings();
    const owner = await createAccount();
    const at = (minutes: number) => new Date(Date.UTC(2026, 10, 20, 12, 0) + minutes * 60_000);
    await createListingRow(owner.id, { title: "Chiuso", status: "closed", createdAt: at(1) });
    await createListingRow(owner.id, {
      title: "Pastore tedesco",
      petType: "dog",
      listingType: "sale",
      price: 300,
      locationCity: "Forlì",
      locationRegion: "Emilia-Romagna",
      contactName: "Anna Neri",
      contactEmail: "anna.neri@posta.example.it",
      identificationCode: "380260000777111",
      status: "suspended",
      createdAt: at(2),
    });
    const result = await listListingsForModeration(ADMIN);
    if (!result.ok) throw new Error(result.error);
    expect(result).toMatchObject({ matching: 2, capped: false, page: 1, pageCount: 1, q: "", status: null });
    expect(result.listings[0]).toEqual({
      id: expect.any(String),
      title: "Pastore tedesco",
      petType: "dog",
      petTypeLabel: "Cane",
      identificationCode: "380260000777111",
      listingType: "sale",
      listingTypeLabel: "Vendita",
      city: "Forlì",
      region: "Emilia-Romagna",
      contactName: "Anna Neri",
      contactEmail: "anna.neri@posta.example.it",
      status: "suspended",
      statusLabel: "Sospeso",
      createdAt: at(2),
      suspension: { rule: null, ruleLabel: "Non indicata", reason: null, suspendedAt: null },
      appeal: null,
    });
    expect(result.listings[1]).toMatchObject({ title: "Chiuso", statusLabel: "Chiuso" });
  });

  itDb("searches the title, the city and the contact e-mail in any case and accent, % and _ literally, and filters by status", async () => {
    await noOtherListings();
    const owner = await createAccount();
    await createListingRow(owner.id, { title: "Gattina dolce", locationCity: "Forlì", contactEmail: "marta@posta.example.it" });
    await createListingRow(owner.id, { title: "Sconto 50% cuccioli", locationCity: "Roma", contactEmail: "luca@example.it", status: "suspended" });
    await createListingRow(owner.id, { title: "Coniglio", locationCity: "Bari", contactEmail: "gino_rossi@example.it", description: "Non cercare nella descrizione: forlimpopoli" });
    expect(await ids("GATTINA")).toEqual(["Gattina dolce"]);
    expect(await ids("forli")).toEqual(["Gattina dolce"]);
    expect(await ids("FORLÌ")).toEqual(["Gattina dolce"]);
    expect(await ids("posta.example")).toEqual(["Gattina dolce"]);
    expect(await ids("50%")).toEqual(["Sconto 50% cuccioli"]);
    expect(await ids("o_r")).toEqual(["Coniglio"]);
    expect(await ids("%")).toEqual(["Sconto 50% cuccioli"]);
    expect(await ids("forlimpopoli")).toEqual([]);
    expect(await ids("", "suspended")).toEqual(["Sconto 50% cuccioli"]);
    expect(await ids("example", "active")).toHaveLength(2);
    expect(await ids("", "closed")).toEqual([]);
    // An unknown status is no filter.
    expect(await ids("", "deleted")).toHaveLength(3);
    expect(await ids("'); drop table pet_listings; --")).toEqual([]);
  });

  itDb("finds the listings that carry an identification code, in any status, typed with spaces", async () => {
    await noOtherListings();
    const owner = await createAccount();
    const other = await createAccount();
    await createListingRow(owner.id, { title: "Beagle di Marta", petType: "dog", identificationCode: "380260000123456" });
    await createListingRow(other.id, { title: "Beagle di Gino", petType: "dog", identificationCode: "380260000123456", status: "suspended" });
    await createListingRow(other.id, { title: "Altro cane", petType: "dog", identificationCode: "380260000654321" });
    expect((await ids("380260000123456")).sort()).toEqual(["Beagle di Gino", "Beagle di Marta"]);
    expect(await ids("380 260 000 654 321")).toEqual(["Altro cane"]);
    expect(await ids("380260000999999")).toEqual([]);
  });

  itDb("shows 20 listings a page, id breaking ties of the same instant", async () => {
    await noOtherListings();
    const owner = await createAccount();
    const same = new Date(Date.UTC(2026, 0, 1));
    for (let i = 0; i < 23; i++) await createListingRow(owner.id, { title: `Annuncio ${String(i).padStart(2, "0")}`, createdAt: i < 20 ? new Date(same.getTime() + i * 60_000) : same });
    const first = await listListingsForModeration(ADMIN);
    const second = await listListingsForModeration(ADMIN, { page: 2 });
    if (!first.ok || !second.ok) throw new Error("refused");
    expect(first.listings).toHaveLength(MODERATION_PAGE_SIZE);
    expect(first.listings[0]!.title).toBe("Annuncio 19");
    expect(first).toMatchObject({ matching: 23, pageCount: 2 });
    expect(second.listings).toHaveLength(3);
    const all = [...first.listings, ...second.listings].map((l) => l.id);
    expect(new Set(all).size).toBe(23);
    const tied = second.listings.map((l) => l.id);
    expect(tied).toEqual([...tied].sort().reverse());
  });

  itDb("stops counting past the cap, and a broad search still answers", async () => {
    await noOtherListings();
    const owner = await createAccount();
    await db().execute(sql`
      insert into pet_listings (user_id, title, description, pet_type, gender, listing_type, location_address, location_city,
        location_region, location_lat, location_lng, contact_name, contact_phone, contact_email)
      select ${owner.id}, 'Gatto ' || n, 'Descrizione', 'cat', 'male', 'adoption', 'Via Roma 1', 'Roma', 'Lazio', 41.9, 12.5,
        'Mario', '333', 'mario' || n || '@example.it'
      from generate_series(1, ${LISTING_COUNT_CAP + 5}) as n`);
    const result = await listListingsForModeration(ADMIN, { q: "example.it", page: 3 });
    if (!result.ok) throw new Error(result.error);
    expect(result).toMatchObject({ matching: LISTING_COUNT_CAP, capped: true, pageCount: LISTING_COUNT_CAP / MODERATION_PAGE_SIZE, page: 3 });
    expect(result.listings).toHaveLength(MODERATION_PAGE_SIZE);
    const rare = await listListingsForModeration(ADMIN, { q: "mario777@" });
    expect(rare).toMatchObject({ matching: 1, capped: false });
  }, 60_000);
});

describe("suspendListing and reactivateListing", () => {
  itDb("suspend only an active listing, reactivate only a suspended one; the owner is e-mailed once each time", async () => {
    const owner = await createAccount({ fullName: "Carla\nBcc: spia@example.it" });
    const listing = await createListingRow(owner.id, { title: "Micio <b>rosso</b>\nBcc: altro@example.it" });
    const before = await outboxFiles();
    const reason = "Foto non pertinenti.\nBcc: spia@example.it\n\nRicaricale e scrivici.";
    expect(await suspendListing(ADMIN, listing.id, { rule: "inappropriate", reason: `  ${reason}  ` })).toEqual({ ok: true, status: "suspended", message: M.suspended });
    expect(await statusOf(listing.id)).toBe("suspended");
    expect(await suspendListing(ADMIN, listing.id, { rule: "spam", reason: "di nuovo" })).toEqual({ ok: false, status: 409, error: suspendConflict("suspended") });
    expect(suspendConflict("suspended")).toBe("Errore durante l'aggiornamento dell'annuncio: solo un annuncio attivo può essere sospeso (ora è sospeso).");

    const [mail, ...others] = await mailsSince(before);
    expect(others).toEqual([]);
    expect(mail!.headers).toContain(owner.email);
    expect(mail!.headers).not.toMatch(/^Bcc:/im);
    expect(mail!.lines).toContain("Ciao Carla Bcc: spia@example.it,");
    expect(mail!.body).toContain("«Micio <b>rosso</b> Bcc: altro@example.it»");
    expect(mail!.lines).toEqual(expect.arrayContaining(["Motivo della sospensione:", "> Foto non pertinenti.", "> Bcc: spia@example.it", ">", "> Ricaricale e scrivici."]));
    expect(mail!.lines.filter((line) => line.startsWith("Bcc"))).toEqual([]);

    const middle = await outboxFiles();
    expect(await reactivateListing(ADMIN, listing.id)).toEqual({ ok: true, status: "active", message: M.reactivated });
    expect(await statusOf(listing.id)).toBe("active");
    expect(await reactivateListing(ADMIN, listing.id)).toEqual({ ok: false, status: 409, error: reactivateConflict("active") });
    const reactivated = await mailsSince(middle);
    expect(reactivated).toHaveLength(1);
    expect(reactivated[0]!.body).toContain("è di nuovo visibile a tutti");
    expect(reactivated[0]!.body).toContain(`/pet-listing/${listing.id}`);
  });

  itDb("without a reason, the mail names the rule only; closed listings have no action", async () => {
    const owner = await createAccount();
    const listing = await createListingRow(owner.id);
    const closed = await createListingRow(owner.id, { status: "closed" });
    const before = await outboxFiles();
    expect((await suspendListing(ADMIN, listing.id, { rule: "spam" })).ok).toBe(true);
    const [mail] = await mailsSince(before);
    expect(mail!.body).not.toContain("Motivo");
    expect(mail!.lines).toContain("Regola violata: Spam");
    const afterFirst = await outboxFiles();
    expect(await suspendListing(ADMIN, closed.id, { rule: "spam" })).toEqual({ ok: false, status: 409, error: suspendConflict("closed") });
    expect(await reactivateListing(ADMIN, closed.id)).toEqual({ ok: false, status: 409, error: reactivateConflict("closed") });
    expect(await statusOf(closed.id)).toBe("closed");
    expect(await mailsSince(afterFirst)).toEqual([]);
  });

  itDb("refuses an unknown listing, a malformed id and a reason too long, changing nothing", async () => {
    const owner = await createAccount();
    const listing = await createListingRow(owner.id);
    expect(await suspendListing(ADMIN, UNKNOWN, { rule: "spam" })).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await suspendListing(ADMIN, "non-un-id", { rule: "spam" })).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await reactivateListing(ADMIN, UNKNOWN)).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await suspendListing(ADMIN, listing.id, { rule: "spam", reason: "x".repeat(1_001) })).toEqual({ ok: false, status: 400, error: M.reasonTooLong });
    expect(await statusOf(listing.id)).toBe("active");
  });
});

describe("a suspended listing leaves every public page at once, and comes back when reactivated", () => {
  afterEach(() => {
    setCacheEnabled(false);
  });

  async function publicView(id: string, owner: CurrentUser) {
    const page = await browseListings(filters());
    const searched = await browseListings(filters({ q: "ermellino" }));
    const markers = await listingMarkers(filters());
    return {
      list: page.items.some((l) => l.id === id),
      search: searched.items.some((l) => l.id === id),
      map: markers.some((m) => m.id === id),
      detailForVisitor: (await getListing(id, null)) !== null,
      detailForUser: (await getListing(id, USER)) !== null,
      detailForOwner: (await getListing(id, owner)) !== null,
      detailForAdmin: (await getListing(id, ADMIN)) !== null,
      sitemap: (await buildSitemap()).includes(`/pet-listing/${id}`),
    };
  }
  const visible = { list: true, search: true, map: true, detailForVisitor: true, detailForUser: true, detailForOwner: true, detailForAdmin: true, sitemap: true };
  const hidden = { ...visible, list: false, search: false, map: false, detailForVisitor: false, detailForUser: false, sitemap: false };

  itDb("read with SQL, through the caches (memoized results dropped by the write)", async () => {
    const account = await createAccount();
    const owner = asActor(account);
    const listing = await createListingRow(account.id, { title: "Ermellino curioso" });
    // The caches on: the memoized lists, map, detail and sitemap must go.
    setCacheEnabled(true);
    try {
      expect(await publicView(listing.id, owner)).toEqual(visible);
      expect((await suspendListing(ADMIN, listing.id, { rule: "fraud", reason: "Verifica in corso" })).ok).toBe(true);
      expect(await publicView(listing.id, owner)).toEqual(hidden);
      expect((await reactivateListing(ADMIN, listing.id)).ok).toBe(true);
      expect(await publicView(listing.id, owner)).toEqual(visible);
    } finally {
      setCacheEnabled(false);
    }
  });
});

describe("deleteListing", () => {
  async function jpeg() {
    return sharp({ create: { width: 400, height: 300, channels: 3, background: { r: 200, g: 120, b: 40 } } })
      .jpeg()
      .toBuffer();
  }

  itDb("deletes a listing in any status with its photos; its reports stay, without the listing", async () => {
    const owner = await createAccount();
    const stored = await storeListingImages({ id: owner.id, role: "user" }, [{ name: "foto.jpg", data: await jpeg() }]);
    const listing = await createListingRow(owner.id, { images: stored.urls, status: "suspended" });
    const [report] = await db()
      .insert(listingReports)
      .values({ listingId: listing.id, reporterName: "Anna", reporterEmail: "anna@example.it", reason: "fake", description: "x".repeat(60) })
      .returning();
    expect(await filesOf(owner.id)).toHaveLength(2);
    expect(await deleteListing(ADMIN, listing.id)).toEqual({ ok: true, message: M.deleted });
    expect(await statusOf(listing.id)).toBeUndefined();
    expect(await filesOf(owner.id)).toEqual([]);
    const [kept] = await db().select().from(listingReports).where(eq(listingReports.id, report!.id));
    expect(kept).toMatchObject({ listingId: null });
    expect(await deleteListing(ADMIN, listing.id)).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await deleteListing(ADMIN, "x")).toEqual({ ok: false, status: 404, error: M.notFound });
  });
});

describe("the moderation list's kept count", () => {
  afterEach(() => setCacheEnabled(false));

  itDb("follows a suspension and a reactivation at once", async () => {
    setCacheEnabled(true);
    const owner = await createAccount();
    const listing = await createListingRow(owner.id);
    const suspendedCount = async () => {
      const result = await listListingsForModeration(ADMIN, { status: "suspended" });
      if (!result.ok) throw new Error(result.error);
      return result.matching;
    };
    const before = await suspendedCount();
    expect((await suspendListing(ADMIN, listing.id, { rule: "spam" })).ok).toBe(true);
    expect(await suspendedCount()).toBe(before + 1);
    expect((await reactivateListing(ADMIN, listing.id)).ok).toBe(true);
    expect(await suspendedCount()).toBe(before);
  });
});
