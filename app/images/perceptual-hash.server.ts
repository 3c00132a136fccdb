// The perceptual hash of a stored photo (dhash.ts), computed with the sharp the uploads already load
// and inside their limiter: a hash decodes the image, and a burst of listings must not decode more
// photos at once than IMAGE_CONCURRENCY allows (decision 0037). Only the hash of the photo and of
// its mirror image are kept (decision 0086).
import { logger } from "~/lib/logger.server";
import { photoHashesWith, type PhotoHashes } from "./dhash";
import { imageSlots, loadSharp } from "./process-image.server";

export type { PhotoHashes } from "./dhash";
export { DUPLICATE_PHOTO_DISTANCE, hammingDistance } from "./dhash";

/**
 * The hashes of an image (any format sharp reads), or null when it is too flat to compare. Throws
 * when the bytes are not an image.
 */
export async function perceptualHash(image: Buffer): Promise<PhotoHashes | null> {
  const sharp = await loadSharp();
  return imageSlots().run(() => photoHashesWith(sharp, image));
}

/**
 * The same, for a photo that is already stored and shown: a failure is logged and answered null,
 * since the duplicate check is a help to moderators and must never stop a listing from publishing.
 */
export async function perceptualHashOrNull(image: Buffer): Promise<PhotoHashes | null> {
  try {
    return await perceptualHash(image);
  } catch (error) {
    logger.warn({ err: error }, "foto: impronta percettiva non calcolata");
    return null;
  }
}
