// Uploaded photos: processed (process-image.server.ts), then stored through the storage service as
// {prefix}{user id}/{uuid}.webp with its {uuid}.thumb.webp sibling (app/lib/images.ts). Three
// prefixes: listing-images/ (a listing's photos), contest-photos/ (a contest entry's photo) and
// article-images/ (an admin's pictures for articles). All or nothing: a refused photo or a failed
// write leaves no file behind.
import { randomUUID } from "node:crypto";
import { deleteFile, isSafeKey, keyFromPublicUrl, publicUrl, putFile } from "~/storage/storage.server";
import { perceptualHashOrNull, type PhotoHashes } from "./perceptual-hash.server";
import { ARTICLE_IMAGE_POLICY, PHOTO_POLICY, processImage, type ImagePolicy, type ProcessedImage } from "./process-image.server";
import { takeUploadQuota, type Uploader } from "./upload-quota.server";

export const LISTING_IMAGES_PREFIX = "listing-images/";
export const CONTEST_PHOTOS_PREFIX = "contest-photos/";
export const ARTICLE_IMAGES_PREFIX = "article-images/";

/** The folders Zampa writes uploaded photos to. */
export const IMAGE_PREFIXES = [LISTING_IMAGES_PREFIX, CONTEST_PHOTOS_PREFIX, ARTICLE_IMAGES_PREFIX] as const;
export type ImagePrefix = (typeof IMAGE_PREFIXES)[number];

/**
 * The folders whose files belong to one listing or one contest entry, and go with it:
 * deleteStoredImages touches nothing else. Article images are left out: their URL can be copied
 * into any number of articles (featured image, pictures in the text), so no one article owns them.
 */
export const OWNED_IMAGE_PREFIXES = [LISTING_IMAGES_PREFIX, CONTEST_PHOTOS_PREFIX] as const;

/** What each folder accepts: article images follow the spec's stricter rule. */
const POLICIES: Record<ImagePrefix, ImagePolicy> = {
  [LISTING_IMAGES_PREFIX]: PHOTO_POLICY,
  [CONTEST_PHOTOS_PREFIX]: PHOTO_POLICY,
  [ARTICLE_IMAGES_PREFIX]: ARTICLE_IMAGE_POLICY,
};

export interface UploadedFile {
  name: string;
  data: Buffer;
}

export interface StoredImages {
  /** Public URLs of the main images, in the order of the files. */
  urls: string[];
  /**
   * Listing photos only (empty for the other folders): each main image's perceptual hash, in the
   * order of `urls`, null where there is none (decision 0086). Taken from the stored image, as a
   * backfill of stored photos would take it.
   */
  hashes: (PhotoHashes | null)[];
  /** Deletes every file written (for when saving the listing or the entry fails afterwards). */
  remove: () => Promise<void>;
}

function thumbKey(key: string): string {
  return key.replace(/\.webp$/, ".thumb.webp");
}

/** Deletes all `keys`, trying each one; throws afterwards if any could not be deleted. */
async function deleteAll(keys: string[]): Promise<void> {
  const results = await Promise.allSettled(keys.map((key) => deleteFile(key)));
  const errors = results.flatMap((r) => (r.status === "rejected" ? [r.reason as unknown] : []));
  if (errors.length > 0) throw new AggregateError(errors, `${errors.length} file non eliminati`);
}

/**
 * Takes the files from the uploader's daily quota, then processes every file before writing any,
 * so a refused third photo stores nothing; throws ImageRejected (with the user's message) for the
 * quota or the first refused file. Whenever nothing is kept (refused, failed, or removed later),
 * the quota is given back.
 */
export async function storeImages(prefix: ImagePrefix, uploader: Uploader, files: UploadedFile[]): Promise<StoredImages> {
  const userId = uploader.id;
  if (!(IMAGE_PREFIXES as readonly string[]).includes(prefix)) throw new Error(`cartella immagini non prevista: ${prefix}`);
  if (!isSafeKey(userId) || userId.includes("/")) throw new Error(`id utente non valido per l'archiviazione: ${userId}`);
  // Before any decoding: an account over its quota costs one statement.
  const giveBack = await takeUploadQuota(uploader, files.length);
  try {
    return await processAndStore(prefix, userId, files, giveBack);
  } catch (error) {
    await giveBack().catch(() => {});
    throw error;
  }
}

async function processAndStore(prefix: ImagePrefix, userId: string, files: UploadedFile[], giveBack: () => Promise<void>): Promise<StoredImages> {
  // One photo at a time: sharp already spreads each one over the cores (two pipelines, libvips
  // threads), and at most one decoded photo per request is in memory.
  const processed: ProcessedImage[] = [];
  for (const file of files) processed.push(await processImage(file.data, file.name, POLICIES[prefix]));

  const entries = processed.map((image) => ({ image, key: `${prefix}${userId}/${randomUUID()}.webp` }));
  const written = entries.flatMap(({ key }) => [key, thumbKey(key)]);
  const results = await Promise.allSettled(
    entries.flatMap(({ image, key }) => [
      putFile(key, image.main, "image/webp"),
      putFile(thumbKey(key), image.thumb, "image/webp"),
    ]),
  );
  const failed = results.find((r) => r.status === "rejected");
  if (failed) {
    // Every key is deleted, written or not: the others' writes may have landed.
    await deleteAll(written).catch(() => {});
    throw failed.reason;
  }
  const hashes: (PhotoHashes | null)[] = [];
  if (prefix === LISTING_IMAGES_PREFIX) for (const { image } of entries) hashes.push(await perceptualHashOrNull(image.main));
  return {
    urls: entries.map(({ key }) => publicUrl(key)),
    hashes,
    remove: async () => {
      await deleteAll(written);
      await giveBack();
    },
  };
}

/** A listing's photos, under listing-images/{user id}/. */
export function storeListingImages(uploader: Uploader, files: UploadedFile[]): Promise<StoredImages> {
  return storeImages(LISTING_IMAGES_PREFIX, uploader, files);
}

/** A contest entry's one photo, under contest-photos/{user id}/. */
export async function storeContestPhoto(uploader: Uploader, file: UploadedFile): Promise<{ url: string; remove: () => Promise<void> }> {
  const stored = await storeImages(CONTEST_PHOTOS_PREFIX, uploader, [file]);
  return { url: stored.urls[0]!, remove: stored.remove };
}

/** An admin's picture for an article (featured image or in the text), under article-images/{admin id}/. */
export async function storeArticleImage(admin: Uploader, file: UploadedFile): Promise<string> {
  const stored = await storeImages(ARTICLE_IMAGES_PREFIX, admin, [file]);
  return stored.urls[0]!;
}

/**
 * Deletes the main file and thumbnail behind each URL stored with a listing or a contest entry.
 * Only keys under listing-images/ and contest-photos/ are touched: the demo content's shared
 * illustrations (demo/…), article images and external URLs are left alone. Throws (after trying
 * them all) if some file could not be deleted.
 */
export async function deleteStoredImages(urls: string[]): Promise<void> {
  const keys = urls.flatMap((url) => {
    const key = keyFromPublicUrl(url);
    if (!key || !OWNED_IMAGE_PREFIXES.some((prefix) => key.startsWith(prefix))) return [];
    if (!key.endsWith(".webp") || key.endsWith(".thumb.webp")) return [];
    return [key, thumbKey(key)];
  });
  await deleteAll(keys);
}
