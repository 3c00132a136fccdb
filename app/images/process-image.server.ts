// Turns an uploaded file into the two WebP files Zampa stores (main ≤ 1600 px and a 400 px wide
// thumbnail), or refuses it. Checks run cheapest first, so a refused file costs little: size
// (no decoding), then magic bytes, then the image header, then the real decode. The output is
// re-encoded from pixels, so nothing of the original survives: no EXIF (GPS!), XMP, IPTC or ICC.
import { fileTypeFromBuffer } from "file-type";
import type { default as Sharp, SharpOptions } from "sharp";
import { config } from "~/config.server";
import { createLimiter, type Limiter } from "./limiter.server";
import {
  ACCEPTED_IMAGE_TYPES,
  ARTICLE_IMAGE_MESSAGES,
  ARTICLE_IMAGE_TYPES,
  MAX_ARTICLE_IMAGE_BYTES,
  MAX_IMAGE_BYTES,
  MAX_IMAGE_PIXELS,
  MAX_IMAGE_SIDE,
  IMAGE_MESSAGES,
  THUMB_WIDTH,
} from "./limits";

const MAIN_QUALITY = 80;
const THUMB_QUALITY = 70;
// libwebp's effort 2 instead of 4: far less encoding time for a slightly larger file, because five
// photos must publish within seconds on a 2-core server (see decision 0023).
const WEBP_EFFORT = 2;

/**
 * sharp, loaded on the first image: libvips adds its own native memory to the process, which a
 * server that is not receiving photos need not carry (decision 0029).
 */
let loaded: Promise<typeof Sharp> | undefined;
export function loadSharp(): Promise<typeof Sharp> {
  loaded ??= import("sharp").then(({ default: sharp }) => {
    // Every upload is a new image: libvips' operation cache would only hold memory (decision 0019).
    sharp.cache(false);
    return sharp;
  });
  return loaded;
}

/**
 * The images this process decodes at once (IMAGE_CONCURRENCY, default 2): a burst of uploads
 * queues here instead of multiplying the memory libvips takes per photo (decision 0037).
 */
let slots: Limiter | undefined;
export function imageSlots(): Limiter {
  slots ??= createLimiter(config().imageConcurrency);
  return slots;
}

/** A file that is not accepted; `message` is Italian and meant for the user. */
export class ImageRejected extends Error {
  override readonly name = "ImageRejected";
  constructor(
    message: string,
    /**
     * 413 too large (bytes, or pixels in its header); 415 not an accepted image type; 422 looks like
     * an image but does not decode; 429 over the uploader's daily quota (upload-quota.server.ts).
     */
    readonly status: 413 | 415 | 422 | 429,
  ) {
    super(message);
  }
}

/** What a kind of upload accepts, and how it says no. The processing itself is the same for all. */
export interface ImagePolicy {
  maxBytes: number;
  /** MIME types, checked against the file's magic bytes. */
  types: readonly string[];
  tooLarge: (name: string) => string;
  notAnImage: (name: string) => string;
  tooManyPixels: (name: string) => string;
}

/** Photos of listings and contest entries. */
export const PHOTO_POLICY: ImagePolicy = {
  maxBytes: MAX_IMAGE_BYTES,
  types: ACCEPTED_IMAGE_TYPES,
  tooLarge: IMAGE_MESSAGES.tooLarge,
  notAnImage: IMAGE_MESSAGES.notAnImage,
  tooManyPixels: IMAGE_MESSAGES.tooManyPixels,
};

/** Article images: the spec's stricter size and list of types, and its two messages (which name no file). */
export const ARTICLE_IMAGE_POLICY: ImagePolicy = {
  maxBytes: MAX_ARTICLE_IMAGE_BYTES,
  types: ARTICLE_IMAGE_TYPES,
  tooLarge: () => ARTICLE_IMAGE_MESSAGES.tooLarge,
  notAnImage: () => ARTICLE_IMAGE_MESSAGES.invalid,
  tooManyPixels: IMAGE_MESSAGES.tooManyPixels,
};

export interface ProcessedImage {
  main: Buffer;
  thumb: Buffer;
  width: number;
  height: number;
}

/** The name as the user knows it: browsers may send a path ("C:\fakepath\…"), and names can be long. */
export function displayName(name: string): string {
  const base = name.split(/[\\/]/).pop()?.trim() || "senza nome";
  return base.length > 60 ? `${base.slice(0, 57)}…` : base;
}

export async function processImage(input: Buffer, name: string, policy: ImagePolicy = PHOTO_POLICY): Promise<ProcessedImage> {
  const shown = displayName(name);
  if (input.length > policy.maxBytes) throw new ImageRejected(policy.tooLarge(shown), 413);

  const type = await fileTypeFromBuffer(input);
  if (!type || !policy.types.includes(type.mime)) throw new ImageRejected(policy.notAnImage(shown), 415);

  // The cheap checks above run at once; reading and re-encoding the pixels waits for a slot.
  return imageSlots().run(() => decodeAndEncode(input, shown, policy));
}

/** The header check and the real decode and re-encode: the memory-hungry part, run in a slot. */
async function decodeAndEncode(input: Buffer, shown: string, policy: ImagePolicy): Promise<ProcessedImage> {
  // Animated GIF/WebP: only the first frame is read (sharp's default, pages: 1); a listing photo
  // or an article's picture is a still. failOn "truncated": a cut-off upload is refused, while the minor warnings some
  // cameras' JPEGs raise (extraneous bytes, …) do not refuse a photo that displays fine.
  const options: SharpOptions = { failOn: "truncated", limitInputPixels: MAX_IMAGE_PIXELS };
  const sharp = await loadSharp();
  const header = await sharp(input, { ...options, limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!header?.width || !header.height) throw new ImageRejected(policy.notAnImage(shown), 422);
  if (header.width * header.height > MAX_IMAGE_PIXELS) throw new ImageRejected(policy.tooManyPixels(shown), 413);

  try {
    // rotate() with no angle applies the EXIF Orientation, before the metadata is dropped.
    // The original is decoded once (JPEG shrink-on-load applies); the thumbnail comes from the
    // much smaller main image, which keeps memory low while five photos of a listing go through.
    const main = await sharp(input, options)
      .rotate()
      .resize(MAX_IMAGE_SIDE, MAX_IMAGE_SIDE, { fit: "inside", withoutEnlargement: true })
      .webp({ quality: MAIN_QUALITY, effort: WEBP_EFFORT })
      .toBuffer({ resolveWithObject: true });
    const thumb = await sharp(main.data)
      .resize({ width: THUMB_WIDTH, withoutEnlargement: true })
      .webp({ quality: THUMB_QUALITY, effort: WEBP_EFFORT })
      .toBuffer();
    return { main: main.data, thumb, width: main.info.width, height: main.info.height };
  } catch {
    throw new ImageRejected(policy.notAnImage(shown), 422);
  }
}
