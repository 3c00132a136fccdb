import { and, eq, isNotNull } from "drizzle-orm";
import sharp from "sharp";
import { beforeAll, describe, expect } from "vitest";
import type { CurrentUser } from "~/accounts/session.server";
import { db } from "~/db/client.server";
import { listingPhotoHashes, listingReports, petListings } from "~/db/schema";
import { putFile } from "~/storage/storage.server";
import { asUser } from "../../tests/actors";
import { createAccount, type TestAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { createListingRow, uniqueMicrochipCode, VALID_LISTING_FIELDS } from "../../tests/factories";
import { generatedPhoto } from "../../harness/photos";
import { AUTOMATIC_REPORTER, fileAutomaticReport, MIN_REPORT_DESCRIPTION } from "./automatic-reports.server";
import { createListing, deleteListing } from "./listings.server";
import { backfillPhotoHashes, checkListingPhotos, hashStoredPhoto, matchingPhotoPairs, MAX_REPORTS_PER_LISTING } from "./photo-duplicates.server";

let photo: Buffer;
let otherPhoto: Buffer;
beforeAll(async () => {
  [photo, otherPhoto] = await Promise.all([generatedPhoto(21, 640, 480), generatedPhoto(22, 640, 480)]);
});

async function publish(account: TestAccount, ...images: Buffer[]): Promise<string> {
  const result = await createListing(
    asUser(account),
    // A code of its own: the same code on two accounts' listings would file its own report.
    { ...VALID_LISTING_FIELDS, identificationCode: uniqueMicrochipCode() },
    images.map((data, i) => ({ name: `foto-${i + 1}.jpg`, data })),
  );
  if (!result.ok) throw new Error(result.error);
  return result.id;
}

function automaticReports() {
  return db().select().from(listingReports).where(isNotNull(listingReports.automaticCheck));
}

describe("a listing whose photo another account already used", () => {
  itDb("is published and flagged once, as fraud, with the other listing and the matching photos", async () => {
    const owner = await createAccount();
    const copier = await createAccount();
    const original = await publish(owner, otherPhoto, photo);
    const resized = await sharp(photo).resize({ width: 320 }).jpeg({ quality: 60 }).toBuffer();
    const copy = await publish(copier, resized);

    const [listing] = await db().select({ status: petListings.status }).from(petListings).where(eq(petListings.id, copy));
    expect(listing?.status).toBe("active");
    const reports = await automaticReports();
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({
      listingId: copy,
      relatedListingId: original,
      automaticCheck: "duplicate_photo",
      reason: "fraud",
      status: "pending",
      reporterUserId: null,
      reporterName: AUTOMATIC_REPORTER.name,
      reporterEmail: AUTOMATIC_REPORTER.email,
    });
    expect(reports[0]!.description).toContain("la foto n. 1 di questo annuncio corrisponde alla foto n. 2");
    expect(reports[0]!.description.length).toBeGreaterThanOrEqual(MIN_REPORT_DESCRIPTION);

    const pairs = await matchingPhotoPairs(copy, original);
    expect(pairs).toHaveLength(1);
    const [stored] = await db().select({ images: petListings.images }).from(petListings).where(eq(petListings.id, original));
    expect(pairs[0]!.otherPhotoUrl).toBe(stored!.images[1]);
  });

  itDb("is caught when the copy is mirrored or cropped", async () => {
    const owner = await createAccount();
    const copier = await createAccount();
    const original = await publish(owner, photo);
    const mirrored = await publish(copier, await sharp(photo).flop().jpeg({ quality: 80 }).toBuffer());
    const cropped = await publish(copier, await sharp(photo).extract({ left: 16, top: 12, width: 608, height: 456 }).toBuffer());
    const reports = await automaticReports();
    expect(reports.map((r) => [r.listingId, r.relatedListingId]).sort()).toEqual([
      [mirrored, original],
      [cropped, original],
    ].sort());
    // The copier's two listings share a photo: the same account, so nothing is filed between them.
    expect((await matchingPhotoPairs(mirrored, original))[0]?.mirrored).toBe(true);
  });

  itDb("files nothing for the same account's own photos, nor for a different photo", async () => {
    const owner = await createAccount();
    const other = await createAccount();
    await publish(owner, photo);
    await publish(owner, await sharp(photo).resize({ width: 400 }).toBuffer());
    await publish(other, otherPhoto);
    expect(await automaticReports()).toHaveLength(0);
    // Every photo was hashed all the same.
    expect(await db().select().from(listingPhotoHashes)).toHaveLength(3);
  });

  itDb("files a pair once: the same check again, the other way round, or twice at once", async () => {
    const owner = await createAccount();
    const copier = await createAccount();
    const original = await publish(owner, photo);
    const copy = await publish(copier, photo);
    expect(await automaticReports()).toHaveLength(1);

    const hashes = await db().select().from(listingPhotoHashes).where(eq(listingPhotoHashes.listingId, copy));
    const stored = { urls: hashes.map((h) => h.photoUrl), hashes: hashes.map((h) => ({ hash: h.hash, mirrored: h.mirroredHash })) };
    expect(await checkListingPhotos({ id: copy, userId: copier.id }, stored)).toBe(0);
    const description = "Lo stesso controllo, trovato di nuovo da un'altra richiesta nello stesso momento.";
    const again = await Promise.all([
      fileAutomaticReport({ check: "duplicate_photo", listingId: copy, relatedListingId: original, reason: "fraud", description }),
      fileAutomaticReport({ check: "duplicate_photo", listingId: original, relatedListingId: copy, reason: "fraud", description }),
    ]);
    expect(again).toEqual([false, false]);
    expect(await automaticReports()).toHaveLength(1);
  });

  itDb("files a report with no related listing once per listing, and refuses a short description", async () => {
    const owner = await createAccount();
    const listing = await createListingRow(owner.id);
    const description = "Una verifica automatica senza un secondo annuncio da mostrare accanto.";
    // One after the other: in a test's single transaction two requests cannot wait for each other's lock.
    expect(await fileAutomaticReport({ check: "duplicate_photo", listingId: listing.id, reason: "other", description })).toBe(true);
    expect(await fileAutomaticReport({ check: "duplicate_photo", listingId: listing.id, reason: "other", description })).toBe(false);
    await expect(fileAutomaticReport({ check: "duplicate_photo", listingId: listing.id, reason: "fraud", description: "Troppo corta." })).rejects.toThrow();
  });

  itDb("keeps its reports when either listing is deleted, and deleting both collides with nothing", async () => {
    const owner = await createAccount();
    const copier = await createAccount();
    const original = await publish(owner, photo);
    const first = await publish(copier, photo);
    const second = await publish(copier, await sharp(photo).webp().toBuffer());
    expect(await automaticReports()).toHaveLength(2);
    const admin: CurrentUser = { ...asUser(owner), role: "admin" };
    expect(await deleteListing(admin, original)).toEqual({ ok: true });
    expect(await deleteListing(admin, first)).toEqual({ ok: true });
    const left = await automaticReports();
    expect(left).toHaveLength(2);
    expect(left.every((r) => r.relatedListingId === null)).toBe(true);
    expect(left.map((r) => r.listingId).sort()).toEqual([null, second].sort());
    expect(await db().select().from(listingPhotoHashes).where(and(eq(listingPhotoHashes.listingId, original)))).toHaveLength(0);
  });
});

describe("photos stored before the hashes existed", () => {
  itDb("are hashed by the backfill, which files nothing, and a later copy of one is caught", async () => {
    const owner = await createAccount();
    const copier = await createAccount();
    const url = await putFile(`listing-images/${owner.id}/vecchia.webp`, await sharp(photo).webp().toBuffer());
    const old = await createListingRow(owner.id, { images: [url, "https://example.com/esterna.jpg"] });
    const empty = await createListingRow(owner.id, { images: [] });
    expect(await hashStoredPhoto("https://example.com/esterna.jpg")).toBeNull();

    expect(await backfillPhotoHashes({ batch: 1 })).toBeGreaterThanOrEqual(1);
    const rows = await db().select().from(listingPhotoHashes).where(eq(listingPhotoHashes.listingId, old.id));
    expect(rows.map((r) => r.photoUrl)).toEqual([url]);
    expect(await db().select().from(listingPhotoHashes).where(eq(listingPhotoHashes.listingId, empty.id))).toHaveLength(0);
    expect(await backfillPhotoHashes()).toBe(0);
    expect(await backfillPhotoHashes({ shouldStop: () => true })).toBe(0);
    expect(await automaticReports()).toHaveLength(0);

    const copy = await publish(copier, photo);
    expect((await automaticReports()).map((r) => [r.listingId, r.relatedListingId])).toEqual([[copy, old.id]]);
  });
});

describe("a photo found in many listings", () => {
  itDb(`files at most ${MAX_REPORTS_PER_LISTING} reports, and says how many more there are`, async () => {
    const copier = await createAccount();
    for (let i = 0; i < MAX_REPORTS_PER_LISTING + 2; i++) await publish(await createAccount(), photo);
    const copy = await publish(copier, photo);
    // (Each of the others was flagged against the earlier ones too.)
    const reports = (await automaticReports()).filter((r) => r.listingId === copy);
    expect(reports).toHaveLength(MAX_REPORTS_PER_LISTING);
    expect(reports.every((r) => r.description.endsWith("Le foto compaiono anche in altri 2 annunci di altri account, non segnalati."))).toBe(true);
  });
});
