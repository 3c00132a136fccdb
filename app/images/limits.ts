// Limits and Italian messages for uploaded images, defined once for the forms (input `accept`,
// hint, checks before sending) and the server, which enforces them (process-image.server.ts).
// Client-safe: no server imports.
import { INPUT_MESSAGES } from "../lib/input";

export const MAX_IMAGE_BYTES = 10 * 1024 * 1024;
export const MAX_LISTING_IMAGES = 5;
/** Longest side of a stored image; smaller images are never enlarged. */
export const MAX_IMAGE_SIDE = 1600;
/** Width of the `*.thumb.webp` sibling (see app/lib/images.ts). */
export const THUMB_WIDTH = 400;
/**
 * Refuses decompression bombs (a few KB of PNG can claim 50 000 × 50 000 pixels). 100 MP keeps
 * full-resolution photos from 50 and 64 MP phone sensors, which still fit in 10 MB as JPEG.
 */
export const MAX_IMAGE_PIXELS = 100_000_000;

/**
 * The one list of accepted types, checked against the file's content (not its name or the
 * browser's claim). TIFF and HEIC are left out: browsers cannot show them, so users rarely pick
 * them, and sharp's prebuilt binaries do not decode HEIC.
 */
export const ACCEPTED_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif", "image/avif"] as const;

/** For `<input type="file" accept={IMAGE_ACCEPT}>`. */
export const IMAGE_ACCEPT = ACCEPTED_IMAGE_TYPES.join(",");

const MB = 1024 * 1024;
const MAX_MB = MAX_IMAGE_BYTES / MB;

/**
 * Request body limits of the routes that receive photos, declared by each route as
 * `export const handle = { bodyLimit }` (server/body-limits.ts finds them; every other request may
 * send 1 MB). Five photos of at most 10 MB each, the text fields and the multipart framing.
 */
export const LISTING_BODY_LIMIT = MAX_LISTING_IMAGES * MAX_IMAGE_BYTES + 2 * MB;
/** One contest photo of at most 10 MB, the text fields and the multipart framing. */
export const CONTEST_BODY_LIMIT = MAX_IMAGE_BYTES + 1 * MB;

/**
 * Article images (the featured image and the pictures in an article's text), uploaded by admins:
 * the spec's own limits, stricter than a listing photo's, with its two messages. AVIF is not in
 * the spec's list, so it is refused here (listing photos accept it quietly).
 */
export const MAX_ARTICLE_IMAGE_BYTES = 5 * MB;
export const ARTICLE_IMAGE_TYPES = ["image/jpeg", "image/png", "image/webp", "image/gif"] as const;
/** The extensions the spec names; the browser check falls back on them when the browser reports no type. */
export const ARTICLE_IMAGE_EXTENSIONS = ["jpeg", "jpg", "png", "webp", "gif"] as const;
/** For `<input type="file" accept={ARTICLE_IMAGE_ACCEPT}>`. */
export const ARTICLE_IMAGE_ACCEPT = [...ARTICLE_IMAGE_TYPES, ...ARTICLE_IMAGE_EXTENSIONS.map((ext) => `.${ext}`)].join(",");
/**
 * One image, the multipart framing and nothing else. A file a little over 5 MB still gets through,
 * so that the server answers with the spec's message instead of the generic request-too-large one.
 */
export const ARTICLE_IMAGE_BODY_LIMIT = MAX_ARTICLE_IMAGE_BYTES + 1 * MB;

export const ARTICLE_IMAGE_MESSAGES = {
  invalid: "Per favore seleziona un file immagine valido",
  tooLarge: "Il file è troppo grande. Dimensione massima: 5MB",
  uploadFailed: (detail: string) => `Errore nel caricamento dell'immagine: ${detail}`,
  hint: `JPG, PNG, WEBP o GIF · massimo ${MAX_ARTICLE_IMAGE_BYTES / MB} MB`,
} as const;

export const IMAGE_MESSAGES = {
  /** Hint under the file input (the spec names these four; AVIF is accepted too, quietly). */
  hint: `JPG, PNG, WEBP, GIF · massimo ${MAX_LISTING_IMAGES} immagini da ${MAX_MB} MB`,
  tooMany: `Puoi caricare massimo ${MAX_LISTING_IMAGES} immagini`,
  uploadFailed: "Errore durante il caricamento delle immagini",
  /** A body that is not a readable form (cut off, or not sent by our form): the message of every form. */
  badForm: INPUT_MESSAGES.badForm,
  /** The server's answer (HTTP 413) to a request over its route's body limit; also shown by the forms that get it. */
  requestTooLarge: `La richiesta è troppo grande: ogni immagine può pesare al massimo ${MAX_MB} MB.`,
  tooLarge: (name: string) => `L'immagine «${name}» supera i ${MAX_MB} MB`,
  tooManyPixels: (name: string) => `L'immagine «${name}» è troppo grande: massimo ${MAX_IMAGE_PIXELS / 1_000_000} megapixel`,
  notAnImage: (name: string) => `Il file «${name}» non è un'immagine valida`,
  /** The per-account daily quota (UPLOAD_DAILY_QUOTA, decision 0066), HTTP 429: nothing used up. */
  dailyQuotaReached: (max: number) => `Hai raggiunto il limite di ${max} immagini caricate oggi: potrai caricarne altre da domani.`,
  /** Some of the day's quota is left, but fewer images than the form sends. */
  dailyQuotaLeft: (left: number, max: number) =>
    `Oggi puoi caricare ancora ${left === 1 ? "un'immagine" : `${left} immagini`} (limite giornaliero: ${max}): togline qualcuna o riprova domani.`,
} as const;
