// Photos already used by another account (decision 0086). Every listing photo's perceptual hash is
// stored in listing_photo_hashes; a new listing's photos are looked up there, and a photo within
// DUPLICATE_PHOTO_DISTANCE bits of another account's photo (or of its mirror image) files one
// automatic `fraud` report per other listing. The listing is published all the same: the check
// helps the moderators and never stops, slows down by much, or fails a publication.
import { and, asc, inArray, ne, or, sql, type SQL } from "drizzle-orm";
import { ADVISORY_LOCKS, db, queryRows, transaction } from "~/db/client.server";
import { listingPhotoHashes, petListings } from "~/db/schema";
import { bandNeighbours, hashBands } from "~/images/dhash";
import { DUPLICATE_PHOTO_DISTANCE, hammingDistance, perceptualHashOrNull, type PhotoHashes } from "~/images/perceptual-hash.server";
import { logger } from "~/lib/logger.server";
import { keyFromPublicUrl, storage } from "~/storage/storage.server";
import { fileAutomaticReport } from "./automatic-reports.server";

export interface ListingPhoto {
  url: string;
  /** null: no hash (too flat, or not computed): the photo is neither stored nor looked up. */
  hashes: PhotoHashes | null;
}

interface ListingRef {
  id: string;
  userId: string;
}

/** A photo of the listing that matches a photo of another account's listing. */
export interface PhotoMatch {
  photoUrl: string;
  otherListingId: string;
  otherPhotoUrl: string;
  distance: number;
  /** The match is with the other photo's mirror image. */
  mirrored: boolean;
}

/** A new listing files at most this many reports, for the other listings closest to its photos. */
export const MAX_REPORTS_PER_LISTING = 5;

const BAND_COLUMNS = [listingPhotoHashes.band0, listingPhotoHashes.band1, listingPhotoHashes.band2, listingPhotoHashes.band3] as const;

/** Stores the hashes of a listing's photos (those that have one); a photo already stored is kept. */
export async function recordPhotoHashes(listing: ListingRef, photos: ListingPhoto[]): Promise<void> {
  const rows = photos.flatMap(({ url, hashes }) => {
    if (!hashes) return [];
    const [band0, band1, band2, band3] = hashBands(hashes.hash) as [number, number, number, number];
    return [{ listingId: listing.id, userId: listing.userId, photoUrl: url, hash: hashes.hash, mirroredHash: hashes.mirrored, band0, band1, band2, band3 }];
  });
  if (rows.length > 0) await db().insert(listingPhotoHashes).values(rows).onConflictDoNothing();
}

/** `bit_count` of the two hashes' XOR: the Hamming distance, computed by the database. */
function distanceSql(hash: bigint): SQL<number> {
  return sql<number>`bit_count((${listingPhotoHashes.hash} # ${hash.toString()}::bigint)::bit(64))::int`;
}

/**
 * Stored photos of other accounts within the threshold of `hash`. The candidates come from the four
 * band indexes (each band equal or one bit away: any hash within 7 bits has such a band), and only
 * those are measured exactly, so the cost grows with the matches, not with the table.
 */
function nearHashes(hash: bigint, excludeUserId: string) {
  const probes = hashBands(hash).map((band, i) => inArray(BAND_COLUMNS[i]!, bandNeighbours(band)));
  return db()
    .select({
      listingId: listingPhotoHashes.listingId,
      photoUrl: listingPhotoHashes.photoUrl,
      distance: distanceSql(hash),
    })
    .from(listingPhotoHashes)
    .where(and(or(...probes), ne(listingPhotoHashes.userId, excludeUserId), sql`${distanceSql(hash)} <= ${DUPLICATE_PHOTO_DISTANCE}`));
}

/** Other accounts' photos that match the listing's photos (or their mirror image), closest first. */
export async function findCopiedPhotos(listing: ListingRef, photos: ListingPhoto[]): Promise<PhotoMatch[]> {
  const matches: PhotoMatch[] = [];
  for (const { url, hashes } of photos) {
    if (!hashes) continue;
    // A copy of the mirror image has a hash close to this photo's mirror hash, so both are asked.
    const [straight, mirror] = await Promise.all([nearHashes(hashes.hash, listing.userId), nearHashes(hashes.mirrored, listing.userId)]);
    const best = new Map<string, PhotoMatch>();
    for (const [rows, mirrored] of [
      [straight, false],
      [mirror, true],
    ] as const) {
      for (const row of rows) {
        if (row.listingId === listing.id) continue;
        const key = `${row.listingId} ${row.photoUrl}`;
        const previous = best.get(key);
        if (!previous || row.distance < previous.distance) {
          best.set(key, { photoUrl: url, otherListingId: row.listingId, otherPhotoUrl: row.photoUrl, distance: row.distance, mirrored });
        }
      }
    }
    matches.push(...best.values());
  }
  return matches.sort((a, b) => a.distance - b.distance);
}

function describe(photos: string[], otherPhotos: string[], match: PhotoMatch): string {
  const number = (list: string[], url: string) => list.indexOf(url) + 1;
  return (
    `la foto n. ${number(photos, match.photoUrl)} di questo annuncio corrisponde alla foto n. ${number(otherPhotos, match.otherPhotoUrl)} ` +
    `dell'altro annuncio (${match.distance} bit diversi su 64${match.mirrored ? ", immagine speculare" : ""})`
  );
}

/**
 * After a listing is published: stores its photos' hashes, then files one `fraud` report for each
 * other account's listing that has one of these photos. The hashes are written before the lookup
 * and outside any transaction, so of two listings sharing a photo published at the same moment the
 * later lookup sees the other's hashes. Never throws: a failure is logged and the listing stays
 * published. Returns the number of reports filed.
 */
export async function checkListingPhotos(listing: ListingRef, stored: { urls: string[]; hashes: (PhotoHashes | null)[] }): Promise<number> {
  try {
    const photos = stored.urls.map((url, i) => ({ url, hashes: stored.hashes[i] ?? null }));
    await recordPhotoHashes(listing, photos);
    const matches = await findCopiedPhotos(listing, photos);
    if (matches.length === 0) return 0;
    // Closest first (matches are sorted): a stock photo found in dozens of listings files a few reports.
    const ids = [...new Set(matches.map((m) => m.otherListingId))];
    const reported = ids.slice(0, MAX_REPORTS_PER_LISTING);
    const others = await db()
      .select({ id: petListings.id, title: petListings.title, images: petListings.images })
      .from(petListings)
      .where(inArray(petListings.id, reported));
    const more = ids.length - reported.length;
    let filed = 0;
    for (const other of others) {
      const found = matches.filter((m) => m.otherListingId === other.id);
      const description =
        `Controllo automatico delle foto: ${found.length === 1 ? "una foto" : `${found.length} foto`} di questo annuncio ` +
        `${found.length === 1 ? "compare" : "compaiono"} già nell'annuncio «${other.title}» di un altro account: ` +
        `${found.map((m) => describe(stored.urls, other.images, m)).join("; ")}. Può essere una copia usata per una truffa.` +
        (more > 0 ? ` Le foto compaiono anche in altri ${more} annunci di altri account, non segnalati.` : "");
      if (await fileAutomaticReport({ check: "duplicate_photo", listingId: listing.id, relatedListingId: other.id, reason: "fraud", description })) filed++;
    }
    return filed;
  } catch (error) {
    logger.error({ err: error, listingId: listing.id }, "annuncio: controllo delle foto duplicate non riuscito");
    return 0;
  }
}

/** For the back office: the two listings' photos that match, closest first. */
export async function matchingPhotoPairs(listingId: string, otherListingId: string): Promise<PhotoMatch[]> {
  const rows = await db()
    .select({ listingId: listingPhotoHashes.listingId, photoUrl: listingPhotoHashes.photoUrl, hash: listingPhotoHashes.hash, mirroredHash: listingPhotoHashes.mirroredHash })
    .from(listingPhotoHashes)
    .where(inArray(listingPhotoHashes.listingId, [listingId, otherListingId]));
  const mine = rows.filter((r) => r.listingId === listingId);
  const theirs = rows.filter((r) => r.listingId === otherListingId);
  const pairs: PhotoMatch[] = [];
  for (const a of mine) {
    for (const b of theirs) {
      const straight = hammingDistance(a.hash, b.hash);
      const mirrored = hammingDistance(a.hash, b.mirroredHash);
      const distance = Math.min(straight, mirrored);
      if (distance <= DUPLICATE_PHOTO_DISTANCE) pairs.push({ photoUrl: a.photoUrl, otherListingId, otherPhotoUrl: b.photoUrl, distance, mirrored: mirrored < straight });
    }
  }
  return pairs.sort((x, y) => x.distance - y.distance);
}

/**
 * Hashes the stored photos of listings that have none yet (listings published before the hashes
 * existed), `batch` listings at a time, oldest first; returns how many listings it hashed. No report
 * is filed: old listings are not re-judged, new ones are checked against them. A photo that cannot
 * be read (an external URL, a missing file) is skipped. Each batch is a transaction holding an
 * advisory lock: when another process is at it, this one stops. Run it again at will: a listing
 * with hashes is not read again.
 */
export async function backfillPhotoHashes({ batch = 100, shouldStop = () => false }: { batch?: number; shouldStop?: () => boolean } = {}): Promise<number> {
  let done = 0;
  type Cursor = { createdAt: Date; id: string };
  let after: Cursor | null = null;
  while (!shouldStop()) {
    const cursor: Cursor | null = after;
    const outcome = await transaction(async (): Promise<{ hashed: number; last: Cursor | undefined; full: boolean } | null> => {
      const [lock] = await queryRows<{ locked: boolean }>(sql`select pg_try_advisory_xact_lock(${ADVISORY_LOCKS.photoHashes}) as locked`);
      if (!lock?.locked) return null;
      const listings = await db()
        .select({ id: petListings.id, userId: petListings.userId, images: petListings.images, createdAt: petListings.createdAt })
        .from(petListings)
        .where(
          and(
            sql`cardinality(${petListings.images}) > 0`,
            sql`not exists (select 1 from ${listingPhotoHashes} where ${listingPhotoHashes.listingId} = ${petListings.id})`,
            // Onwards from the last batch: a listing whose photos cannot be hashed is not read again.
            cursor ? sql`(${petListings.createdAt}, ${petListings.id}) > (${cursor.createdAt.toISOString()}::timestamptz, ${cursor.id}::uuid)` : undefined,
          ),
        )
        .orderBy(asc(petListings.createdAt), asc(petListings.id))
        .limit(batch);
      let hashed = 0;
      for (const listing of listings) {
        const photos: ListingPhoto[] = [];
        for (const url of listing.images) photos.push({ url, hashes: await hashStoredPhoto(url) });
        await recordPhotoHashes(listing, photos);
        if (photos.some((p) => p.hashes)) hashed++;
      }
      return { hashed, last: listings.at(-1), full: listings.length === batch };
    });
    if (!outcome) break;
    done += outcome.hashed;
    if (!outcome.last || !outcome.full) break;
    after = { createdAt: outcome.last.createdAt, id: outcome.last.id };
  }
  return done;
}

/**
 * The backfill in the background, started with the server: small batches, so that a batch holds a
 * connection for a few seconds at most while the listings' own photos keep their image slots.
 * `stop` lets the batch in progress finish (before the database closes).
 */
export function startPhotoHashBackfill(): { stop: () => Promise<void> } {
  let stopped = false;
  const running = backfillPhotoHashes({ batch: 20, shouldStop: () => stopped })
    .then((hashed) => {
      if (hashed > 0) logger.info({ listings: hashed }, "foto: impronte degli annunci precedenti calcolate");
    })
    .catch((error: unknown) => logger.error({ err: error }, "foto: impronte degli annunci precedenti non calcolate"));
  return {
    stop: async () => {
      stopped = true;
      await running;
    },
  };
}

/** The hashes of a photo kept by the storage service, or null when it is not there or has none. */
export async function hashStoredPhoto(url: string): Promise<PhotoHashes | null> {
  const key = keyFromPublicUrl(url);
  if (!key) return null;
  const bytes = await storage()
    .get(key)
    .catch(() => null);
  return bytes ? perceptualHashOrNull(bytes) : null;
}
