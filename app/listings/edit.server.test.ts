// Editing and renewing one's own listing (decision 0093): every field and the photos with the rules
// of publishing, the owner only, nothing changed on a refusal, a stale form refused, the status kept;
// "Rinnova" for active and expired listings, never a suspended one.
import { access } from "node:fs/promises";
import path from "node:path";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { describe, expect } from "vitest";
import type { CurrentUser } from "~/accounts/session.server";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { listingPhotoHashes, listingReports, petListings } from "~/db/schema";
import { IMAGE_MESSAGES } from "~/images/limits";
import { keyFromPublicUrl } from "~/storage/storage.server";
import { createAccount, type TestAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { listingFilesOf as filesOf } from "../../tests/listing-storage";
import { createListingRow, VALID_LISTING_FIELDS } from "../../tests/factories";
import { editableListing, renewListing, updateListing } from "./edit.server";
import { NEW_PHOTO_PREFIX } from "./edit-fields";
import { createListing } from "./listings.server";
import { LISTING_MESSAGES as M } from "./validation";

const actor = (account: TestAccount, role: "user" | "admin" = "user"): CurrentUser => ({ id: account.id, email: account.email, fullName: "Utente Prova", role });

async function jpeg(r: number, g: number, b: number) {
  // A pattern per colour, so that no two photos look alike to the duplicate check.
  const base = sharp({ create: { width: 400, height: 300, channels: 3, background: { r, g, b } } });
  const stripe = await sharp({ create: { width: 40 + Math.round(r / 4), height: 300, channels: 3, background: { r: 255 - r, g: 255 - g, b: 255 - b } } }).png().toBuffer();
  return base.composite([{ input: stripe, left: Math.round(g), top: 0 }]).jpeg().toBuffer();
}

const row = async (id: string) => (await db().select().from(petListings).where(eq(petListings.id, id)))[0]!;
const fileOf = (url: string) => path.join(config().dataDir, "uploads", keyFromPublicUrl(url)!);
const exists = (file: string) => access(file).then(() => true, () => false);

/** A listing published through the form, with three photos, and the edit form's version of it. */
async function published(owner: TestAccount) {
  const photos = [await jpeg(200, 40, 40), await jpeg(40, 160, 40), await jpeg(40, 40, 220)].map((data, i) => ({ name: `foto${i}.jpg`, data }));
  const created = await createListing(actor(owner), VALID_LISTING_FIELDS, photos);
  if (!created.ok) throw new Error(created.error);
  const found = await editableListing(actor(owner), created.id);
  return { id: created.id, version: found!.version, images: found!.listing.images };
}

describe("editing one's listing", () => {
  itDb("the owner changes every field and the photos (remove, add, reorder, cover); the place is found again; status and dates stay", async () => {
    const owner = await createAccount();
    const { id, version, images } = await published(owner);
    const [a, b, c] = images as [string, string, string];
    const before = await row(id);
    const result = await updateListing(
      actor(owner),
      id,
      {
        ...VALID_LISTING_FIELDS,
        version,
        title: "Micio rosso cerca famiglia",
        description: "Vivace e affettuoso, va d'accordo con i bambini.",
        listingType: "sale",
        price: "120,50",
        gender: "male",
        age: "2 anni",
        birthDate: "2024-03-01",
        identificationCode: "380260000000456",
        // Another comune, with the old point still in the form: the server finds the new one.
        city: "Milano",
        region: "Lombardia",
        address: "Corso Buenos Aires 1",
        contactName: "Anna Bianchi",
        contactPhone: "",
        contactEmail: "anna.bianchi@example.it",
        messagesOnly: "on",
        // The third photo becomes the cover, a new one second, the first last; the second goes.
        photoOrder: [c, `${NEW_PHOTO_PREFIX}0`, a].join(" "),
      },
      [{ name: "nuova.jpg", data: await jpeg(120, 120, 10) }],
    );
    expect(result).toEqual({ ok: true, id });
    const after = await row(id);
    expect(after).toMatchObject({
      title: "Micio rosso cerca famiglia",
      description: "Vivace e affettuoso, va d'accordo con i bambini.",
      listingType: "sale",
      price: 120.5,
      gender: "male",
      birthDate: "2024-03-01",
      identificationCode: "380260000000456",
      locationCity: "Milano",
      locationRegion: "Lombardia",
      locationAddress: "Corso Buenos Aires 1",
      contactName: "Anna Bianchi",
      contactPhone: "",
      messagesOnly: true,
      status: "active",
    });
    expect(Math.abs(after.locationLat - 45.46)).toBeLessThan(0.2);
    expect(Math.abs(after.locationLng - 9.19)).toBeLessThan(0.2);
    expect(after.images).toHaveLength(3);
    expect(after.images[0]).toBe(c);
    expect(after.images[2]).toBe(a);
    expect(images).not.toContain(after.images[1]);
    expect(await exists(fileOf(after.images[1]!))).toBe(true);
    // The removed photo's files and hash went; the others stayed.
    expect(await exists(fileOf(b))).toBe(false);
    expect(await exists(fileOf(a))).toBe(true);
    const hashed = await db().select({ url: listingPhotoHashes.photoUrl }).from(listingPhotoHashes).where(eq(listingPhotoHashes.listingId, id));
    expect(hashed.map((h) => h.url)).not.toContain(b);
    expect(hashed.map((h) => h.url)).toContain(after.images[1]);
    expect(after.expiresAt.getTime()).toBe(before.expiresAt.getTime());
    expect(after.createdAt.getTime()).toBe(before.createdAt.getTime());
  });

  itDb("another user, an admin (the back office is theirs) and a visitor are refused; nothing changes", async () => {
    const owner = await createAccount();
    const listing = await createListingRow(owner.id, { title: "Di chi lo ha pubblicato" });
    const { version } = (await editableListing(actor(owner), listing.id))!;
    const fields = { ...VALID_LISTING_FIELDS, version, title: "Cambiato da altri" };
    expect(await updateListing(actor(await createAccount()), listing.id, fields, [])).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await updateListing(actor(await createAccount({ role: "admin" }), "admin"), listing.id, fields, [])).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await updateListing(null, listing.id, fields, [])).toEqual({ ok: false, status: 401, error: M.mustSignIn });
    expect(await updateListing(actor(owner), "non-un-id", fields, [])).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await editableListing(actor(await createAccount({ role: "admin" }), "admin"), listing.id)).toBeNull();
    expect(await row(listing.id)).toEqual(listing);
  });

  itDb("malformed input: the field's message (400), and nothing changes", async () => {
    const owner = await createAccount();
    const { id, version, images } = await published(owner);
    const before = await row(id);
    const keep = images.join(" ");
    const empty = await updateListing(actor(owner), id, { ...VALID_LISTING_FIELDS, version, photoOrder: keep, title: "  " }, []);
    expect(empty).toMatchObject({ ok: false, status: 400, error: M.titleRequired, fieldErrors: { title: M.titleRequired } });
    expect(await updateListing(actor(owner), id, { ...VALID_LISTING_FIELDS, photoOrder: keep }, [])).toMatchObject({ ok: false, status: 400 });
    expect(await updateListing(actor(owner), id, { ...VALID_LISTING_FIELDS, version: "ieri", photoOrder: keep }, [])).toMatchObject({ ok: false, status: 400 });
    // A photo of another listing, a new file that was not sent, the same photo twice.
    for (const photoOrder of ["/uploads/listing-images/altro/foto.webp", `${NEW_PHOTO_PREFIX}0`, `${images[0]} ${images[0]}`]) {
      expect(await updateListing(actor(owner), id, { ...VALID_LISTING_FIELDS, version, photoOrder }, [])).toEqual({ ok: false, status: 400, error: M.photoNotOfListing });
    }
    // A place the geocoder does not know, with the old point: no position, as when publishing.
    const nowhere = await updateListing(actor(owner), id, { ...VALID_LISTING_FIELDS, version, photoOrder: keep, city: "Paese Inesistente" }, []);
    expect(nowhere).toMatchObject({ ok: false, status: 400, error: M.positionRequired });
    expect(await row(id)).toEqual(before);
  });

  itDb("photos: a sixth, a fake image and an oversized file are refused with the pipeline's messages; nothing changes, no file left", async () => {
    const owner = await createAccount();
    const { id, version, images } = await published(owner);
    const before = await row(id);
    const files = await filesOf(owner.id);
    const keep = images.join(" ");
    const photo = await jpeg(10, 200, 200);
    const three = Array.from({ length: 3 }, (_, i) => ({ name: `${i}.jpg`, data: photo }));
    expect(await updateListing(actor(owner), id, { ...VALID_LISTING_FIELDS, version, photoOrder: keep }, three)).toEqual({ ok: false, status: 400, error: IMAGE_MESSAGES.tooMany });
    const fake = { name: "gatto.png", data: Buffer.from("non sono un'immagine, sono testo") };
    expect(await updateListing(actor(owner), id, { ...VALID_LISTING_FIELDS, version, photoOrder: keep }, [fake])).toMatchObject({
      ok: false,
      error: IMAGE_MESSAGES.notAnImage("gatto.png"),
    });
    const huge = { name: "enorme.jpg", data: Buffer.alloc(10 * 1024 * 1024 + 1) };
    expect(await updateListing(actor(owner), id, { ...VALID_LISTING_FIELDS, version, photoOrder: keep }, [huge])).toMatchObject({
      ok: false,
      status: 413,
      error: IMAGE_MESSAGES.tooLarge("enorme.jpg"),
    });
    expect(await row(id)).toEqual(before);
    expect((await filesOf(owner.id)).sort()).toEqual(files.sort());
  });

  itDb("two forms read at once: the first save wins, the later one is refused (409) and overwrites nothing", async () => {
    const owner = await createAccount();
    const { id, version, images } = await published(owner);
    const keep = images.join(" ");
    const first = await updateListing(actor(owner), id, { ...VALID_LISTING_FIELDS, version, photoOrder: keep, title: "Prima modifica" }, []);
    expect(first.ok).toBe(true);
    const second = await updateListing(actor(owner), id, { ...VALID_LISTING_FIELDS, version, photoOrder: keep, title: "Seconda modifica" }, [
      { name: "x.jpg", data: await jpeg(90, 90, 90) },
    ]);
    expect(second).toEqual({ ok: false, status: 409, error: M.editConflict });
    expect((await row(id)).title).toBe("Prima modifica");
    // The page read again carries the new version, and saves.
    const fresh = (await editableListing(actor(owner), id))!.version;
    expect(fresh).not.toBe(version);
    expect((await updateListing(actor(owner), id, { ...VALID_LISTING_FIELDS, version: fresh, photoOrder: keep, title: "Terza" }, [])).ok).toBe(true);
  });

  itDb("a code changed to another account's active listing's code is saved and flagged for the moderators, as at publishing", async () => {
    const code = "380260000009393";
    const other = await createListingRow((await createAccount()).id, { identificationCode: code });
    const owner = await createAccount();
    const listing = await createListingRow(owner.id);
    const { version } = (await editableListing(actor(owner), listing.id))!;
    expect((await updateListing(actor(owner), listing.id, { ...VALID_LISTING_FIELDS, version, identificationCode: code }, [])).ok).toBe(true);
    const reports = await db()
      .select({ related: listingReports.relatedListingId })
      .from(listingReports)
      .where(and(eq(listingReports.listingId, listing.id), eq(listingReports.automaticCheck, "duplicate_code")));
    expect(reports).toEqual([{ related: other.id }]);
  });

  itDb("a suspended listing stays suspended after its owner's edit, and one closed stays closed", async () => {
    const owner = await createAccount();
    for (const status of ["suspended", "closed"] as const) {
      const listing = await createListingRow(owner.id, { status, suspendedAt: status === "suspended" ? new Date() : null });
      const { version } = (await editableListing(actor(owner), listing.id))!;
      expect((await updateListing(actor(owner), listing.id, { ...VALID_LISTING_FIELDS, version, title: "Corretto" }, [])).ok).toBe(true);
      expect(await row(listing.id)).toMatchObject({ title: "Corretto", status });
    }
  });
});

describe("renewing one's listing", () => {
  itDb("an active listing gets 60 days from now and may be mailed again; one the clock closed comes back online", async () => {
    const owner = await createAccount();
    const active = await createListingRow(owner.id, { expiresAt: new Date(Date.now() + 3 * 86_400_000), expiryNotifiedAt: new Date() });
    const renewed = await renewListing(actor(owner), active.id);
    expect(renewed.ok).toBe(true);
    const after = await row(active.id);
    expect(Math.abs(after.expiresAt.getTime() - (Date.now() + 60 * 86_400_000))).toBeLessThan(60_000);
    expect(after.expiryNotifiedAt).toBeNull();

    const expired = await createListingRow(owner.id, { status: "closed", expiredAt: new Date(), expiresAt: new Date(Date.now() - 86_400_000) });
    expect((await renewListing(actor(owner), expired.id)).ok).toBe(true);
    expect(await row(expired.id)).toMatchObject({ status: "active", expiredAt: null });
  });

  itDb("a suspended listing, one closed otherwise, someone else's and a visitor are refused; nothing changes", async () => {
    const owner = await createAccount();
    const suspended = await createListingRow(owner.id, { status: "suspended", expiresAt: new Date(Date.now() - 86_400_000) });
    const closed = await createListingRow(owner.id, { status: "closed" });
    const active = await createListingRow(owner.id);
    expect(await renewListing(actor(owner), suspended.id)).toEqual({ ok: false, status: 409, error: M.renewSuspended });
    expect(await renewListing(actor(owner), closed.id)).toEqual({ ok: false, status: 409, error: M.renewClosed });
    expect(await renewListing(actor(await createAccount()), active.id)).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await renewListing(null, active.id)).toEqual({ ok: false, status: 401, error: M.mustSignIn });
    expect(await row(suspended.id)).toEqual(suspended);
    expect(await row(closed.id)).toEqual(closed);
    expect(await row(active.id)).toEqual(active);
  });
});
