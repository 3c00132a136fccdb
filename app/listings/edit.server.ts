// An owner's changes to a published listing (decision 0093): editing every field and the photos
// with the same rules as publishing, and renewing its 60 days online. Only the owner: an admin
// changes listings from the back office, and anyone else is told the listing does not exist.
import { and, eq, inArray, sql } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { USER_MODERATION_MESSAGES } from "~/accounts/moderation-texts";
import { isSuspended } from "~/accounts/suspension.server";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { db, queryRows, transaction } from "~/db/client.server";
import { listingPhotoHashes, petListings } from "~/db/schema";
import { IMAGE_MESSAGES, MAX_LISTING_IMAGES } from "~/images/limits";
import { deleteStoredImages, type StoredImages, type UploadedFile } from "~/images/store-images.server";
import { logger } from "~/lib/logger.server";
import { fail, type Result } from "~/lib/result";
import { checkListingCode } from "./duplicate-codes.server";
import { checkListingFields, findListing, listingColumns, storeListingPhotos, type ListingFailure, type ListingRow } from "./listings.server";
import { checkListingPhotos } from "./photo-duplicates.server";
import { NEW_PHOTO_PREFIX, PHOTO_ORDER_FIELD, VERSION_FIELD } from "./edit-fields";
import { LISTING_LIFETIME_DAYS } from "./expiry";
import { isPublicListing } from "./visibility";
import { LISTING_MESSAGES as M } from "./validation";

/**
 * The listing's version as the edit form carries it: updated_at in microseconds (a JavaScript Date
 * would round it to milliseconds, and two saves within one millisecond would then look the same).
 */
const versionSql = sql<string>`(extract(epoch from ${petListings.updatedAt}) * 1000000)::bigint::text`;

/**
 * The time written by a save, which is its new version: always later than the one it replaces (the
 * clock's time, not the transaction's start, and at least a microsecond on), so no save leaves the
 * version as it was.
 */
const nextVersion = sql`greatest(clock_timestamp(), ${petListings.updatedAt} + interval '1 microsecond')`;

/** The owner's listing and its version, or null when it is not theirs (an admin's too: the back office is theirs). */
export async function editableListing(actor: CurrentUser, id: string): Promise<{ listing: ListingRow; version: string } | null> {
  const listing = await findListing(id);
  if (!listing || listing.userId !== actor.id) return null;
  const [row] = await db().select({ version: versionSql }).from(petListings).where(eq(petListings.id, listing.id));
  return row ? { listing, version: row.version } : null;
}

/**
 * The fields with the stored position dropped when the city or the region changed but the point did
 * not (a form without JavaScript has no map, and one with it may not have been used): the server then
 * finds the new comune's position, as for a new listing.
 */
function placeMoved(listing: ListingRow, fields: Record<string, unknown>): Record<string, unknown> {
  const text = (value: unknown) => (typeof value === "string" ? value.trim() : "");
  const placeChanged = text(fields.city) !== listing.locationCity || text(fields.region) !== listing.locationRegion;
  const samePoint = Number(text(fields.lat)) === listing.locationLat && Number(text(fields.lng)) === listing.locationLng;
  return placeChanged && samePoint ? { ...fields, lat: "", lng: "" } : fields;
}

type PhotoSlot = { kind: "kept"; url: string } | { kind: "new"; index: number };

/**
 * The photos in the order the owner chose: kept ones by their URL (which must be the listing's),
 * new ones by their place among the files sent. New files the order does not name (a form sent
 * without JavaScript cannot order them) go last, in the order they came.
 */
function photoSlots(value: unknown, current: string[], newCount: number): PhotoSlot[] | null {
  // No field at all (not an empty one, which removes every photo) keeps the photos as they are.
  const lines = typeof value === "string" ? value.split(/\s+/).filter(Boolean) : current;
  const slots: PhotoSlot[] = [];
  const seen = new Set<string>();
  for (const line of lines) {
    if (seen.has(line)) return null;
    seen.add(line);
    if (line.startsWith(NEW_PHOTO_PREFIX)) {
      const digits = line.slice(NEW_PHOTO_PREFIX.length);
      const index = Number(digits);
      if (!/^\d{1,2}$/.test(digits) || index >= newCount) return null;
      slots.push({ kind: "new", index });
    } else if (current.includes(line)) {
      slots.push({ kind: "kept", url: line });
    } else {
      return null;
    }
  }
  for (let index = 0; index < newCount; index++) if (!seen.has(`${NEW_PHOTO_PREFIX}${index}`)) slots.push({ kind: "new", index });
  return slots;
}

/**
 * Saves the owner's edit of every field and of the photos, with every rule of publishing. Nothing
 * changes when a rule fails. The status stays what it was (a suspended listing stays suspended), and
 * so do its dates. A form drawn from an older version than the stored one is refused (409): the later
 * save never silently overwrites a newer one. Removed photos' files go once the change is committed.
 */
export async function updateListing(
  actor: CurrentUser | null,
  id: string,
  fields: Record<string, unknown>,
  files: UploadedFile[],
): Promise<Result<{ id: string }> | ListingFailure> {
  if (!actor) return fail(401, M.mustSignIn);
  const editable = await editableListing(actor, id);
  if (!editable) return fail(404, M.notFound);
  const { listing } = editable;
  const version = typeof fields[VERSION_FIELD] === "string" ? fields[VERSION_FIELD] : "";
  if (!/^\d{1,20}$/.test(version)) return fail(400, M.updateError);
  const checked = await checkListingFields(placeMoved(listing, fields));
  if (!checked.ok) return checked;
  const { input, rules } = checked;

  const images = files.filter((f) => f.data.length > 0 || f.name !== "");
  const slots = photoSlots(fields[PHOTO_ORDER_FIELD], listing.images, images.length);
  if (!slots) return fail(400, M.photoNotOfListing);
  if (slots.length > MAX_LISTING_IMAGES) return fail(400, IMAGE_MESSAGES.tooMany);
  // Before any photo is processed: a stale form costs one comparison.
  if (version !== editable.version) return fail(409, M.editConflict);

  let stored: StoredImages | null = null;
  if (images.length > 0) {
    const photos = await storeListingPhotos(actor, images);
    if (!photos.ok) return photos;
    stored = photos.stored;
  }
  const newUrls = stored?.urls ?? [];
  const urls = slots.map((slot) => (slot.kind === "kept" ? slot.url : (newUrls[slot.index] ?? "")));
  const removed = listing.images.filter((url) => !urls.includes(url));

  let saved: boolean;
  try {
    saved = await transaction(async (tx) => {
      const updated = await tx
        .update(petListings)
        // Every legal field is in the form: an old listing (decision 0085) is complete once edited.
        .set({ ...listingColumns(input, rules), images: urls, legalCompletedAt: sql`coalesce(${petListings.legalCompletedAt}, now())`, updatedAt: nextVersion })
        // The version read with the form, checked in the same statement that writes.
        .where(and(eq(petListings.id, listing.id), eq(petListings.userId, actor.id), sql`${versionSql} = ${version}`))
        .returning({ id: petListings.id });
      if (updated.length === 0) return false;
      if (removed.length > 0) {
        await tx.delete(listingPhotoHashes).where(and(eq(listingPhotoHashes.listingId, listing.id), inArray(listingPhotoHashes.photoUrl, removed)));
      }
      return true;
    });
  } catch (error) {
    await stored?.remove().catch((e: unknown) => logger.error({ err: e }, "annuncio: immagini orfane non rimosse"));
    logger.error({ err: error, id }, "annuncio: modifica non riuscita");
    return fail(500, M.updateError);
  }
  if (!saved) {
    await stored?.remove().catch((e: unknown) => logger.error({ err: e }, "annuncio: immagini orfane non rimosse"));
    return fail(409, M.editConflict);
  }
  // Committed: the removed photos are unreachable from the site, a file that fails to go is only logged.
  if (removed.length > 0) await deleteStoredImages(removed).catch((error: unknown) => logger.error({ err: error, id }, "annuncio: immagini non eliminate"));
  if (stored) await checkListingPhotos({ id: listing.id, userId: listing.userId }, stored);
  if (isPublicListing(listing) && input.identificationCode && input.identificationCode !== listing.identificationCode) {
    await checkListingCode({ id: listing.id, userId: listing.userId, identificationCode: input.identificationCode });
  }
  await invalidate(CACHE_TAGS.listings);
  return { ok: true, id: listing.id };
}

/**
 * "Rinnova": another 60 days online from now, for the owner only. An active listing is extended; one
 * the clock closed comes back online; a suspended one, or one closed otherwise, is refused (409).
 */
export async function renewListing(actor: CurrentUser | null, id: string): Promise<Result<{ expiresAt: Date }>> {
  if (!actor) return fail(401, M.mustSignIn);
  const listing = await findListing(id);
  if (!listing || listing.userId !== actor.id) return fail(404, M.notFound);
  if (await isSuspended(actor.id)) return fail(403, USER_MODERATION_MESSAGES.publishRefused);
  if (listing.status === "suspended") return fail(409, M.renewSuspended);
  if (listing.status === "closed" && !listing.expiredAt) return fail(409, M.renewClosed);
  // The same conditions in the statement: a suspension that lands meanwhile wins.
  const rows = await queryRows<{ expires_at: Date | string }>(sql`
    update pet_listings
    set expires_at = now() + make_interval(days => ${LISTING_LIFETIME_DAYS}), expiry_notified_at = null, expired_at = null,
        status = 'active'
    where id = ${listing.id} and user_id = ${actor.id}
      and (status = 'active' or (status = 'closed' and expired_at is not null))
    returning expires_at`);
  const row = rows[0];
  if (!row) return fail(409, M.renewSuspended);
  await invalidate(CACHE_TAGS.listings);
  return { ok: true, expiresAt: new Date(row.expires_at) };
}
