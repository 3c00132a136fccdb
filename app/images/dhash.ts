// The difference hash (dHash) of a photo, and the arithmetic on it: what stays the same when a
// photo is resized, re-encoded or lightly cropped is its coarse layout of light and dark, and dHash
// keeps exactly that: 64 bits, "is this cell brighter than its right neighbour", on a 9 × 8
// greyscale thumbnail (decision 0086). No imports but sharp's type: the measurement script
// (scripts/photo-duplicates.ts) runs this file under plain Node with its own sharp.
import type { default as Sharp } from "sharp";

const COLUMNS = 9;
const ROWS = 8;

/**
 * Two photos are the same picture when their hashes differ in at most this many bits. Measured on
 * the demo photos and their resized, re-encoded, cropped and mirrored copies (decision 0086). The
 * lookup's index (photo-hashes.server.ts) finds every pair within 7 bits; raising this past 7
 * needs more probes there.
 */
export const DUPLICATE_PHOTO_DISTANCE = 7;

/**
 * A thumbnail whose brightest and darkest cells are closer than this (out of 65 535) carries no
 * layout to compare: a blank or single-colour picture, whose bits would be noise and would match
 * every other blank picture. Such a photo gets no hash.
 */
export const MIN_CONTRAST = 2 * 257;

/**
 * A cell counts as brighter than its neighbour only by more than this share of the thumbnail's
 * contrast (its brightest cell less its darkest). Without it, the near-ties of flat areas (a
 * wall, a sky, an illustration's plain background) are decided by JPEG noise and flip on every
 * copy. With this margin far more resized copies of the demo illustrations are caught, and the
 * photographs lose none (the rates are in decision 0086).
 */
export const TIE_MARGIN = 0.04;

/** The hash of a photo and of its mirror image, both as signed 64-bit integers (PostgreSQL `bigint`). */
export interface PhotoHashes {
  hash: bigint;
  /** The hash of the horizontally flipped photo: a mirrored copy's `hash` is close to this. */
  mirrored: bigint;
}

/**
 * The 64 bits of a 9 × 8 greyscale thumbnail (row by row), the first bit highest: a cell brighter
 * than its right neighbour (by more than TIE_MARGIN of the contrast) is 1. `mirrored` reads each row
 * right to left, which is the thumbnail of the flipped photo (the resize is symmetric), so one
 * decode gives both.
 */
export function differenceHash(pixels: ArrayLike<number>, mirrored = false): bigint {
  if (pixels.length !== COLUMNS * ROWS) throw new Error(`miniatura di ${pixels.length} punti invece di ${COLUMNS * ROWS}`);
  const values = Array.from(pixels);
  const margin = TIE_MARGIN * (Math.max(...values) - Math.min(...values));
  let bits = 0n;
  for (let row = 0; row < ROWS; row++) {
    for (let col = 0; col < COLUMNS - 1; col++) {
      const at = (c: number) => values[row * COLUMNS + (mirrored ? COLUMNS - 1 - c : c)]!;
      bits = (bits << 1n) | (at(col) - at(col + 1) > margin ? 1n : 0n);
    }
  }
  return BigInt.asIntN(64, bits);
}

/** How many of the 64 bits differ. */
export function hammingDistance(a: bigint, b: bigint): number {
  let rest = BigInt.asUintN(64, a ^ b);
  let count = 0;
  while (rest) {
    rest &= rest - 1n;
    count++;
  }
  return count;
}

/** The number of 16-bit bands the index splits a hash into (photo-hashes.server.ts). */
export const HASH_BANDS = 4;

/**
 * The hash's four 16-bit bands, lowest first, each as a signed 16-bit number (PostgreSQL
 * `smallint`). Two hashes within 7 bits have a band equal or within one bit (pigeonhole), which is
 * what the index looks up.
 */
export function hashBands(hash: bigint): number[] {
  return Array.from({ length: HASH_BANDS }, (_, i) => Number(BigInt.asIntN(16, hash >> BigInt(16 * i))));
}

/** The band itself and the 16 bands one bit away from it: the values a lookup asks the index for. */
export function bandNeighbours(band: number): number[] {
  return [band, ...Array.from({ length: 16 }, (_, bit) => (((band & 0xffff) ^ (1 << bit)) << 16) >> 16)];
}

/**
 * The greyscale 9 × 8 thumbnail of an image (16 bits a cell, so flat areas rarely tie) and its
 * hashes; null when the picture is too flat to say anything (MIN_CONTRAST). Transparent areas count
 * as white, as they show on the site. Throws when the input is not an image sharp can read.
 */
export async function photoHashesWith(sharp: typeof Sharp, input: Buffer): Promise<PhotoHashes | null> {
  const pixels = await sharp(input, { failOn: "none" })
    .rotate()
    .flatten({ background: "#ffffff" })
    .greyscale()
    .resize(COLUMNS, ROWS, { fit: "fill" })
    .toColourspace("grey16")
    .raw({ depth: "ushort" })
    .toBuffer();
  // A copy: the Buffer may start at an odd offset of its memory, where a Uint16Array cannot.
  const cells = new Uint16Array(pixels.buffer.slice(pixels.byteOffset, pixels.byteOffset + 2 * COLUMNS * ROWS));
  let low = Infinity;
  let high = -Infinity;
  for (const value of cells) {
    low = Math.min(low, value);
    high = Math.max(high, value);
  }
  if (high - low < MIN_CONTRAST) return null;
  return { hash: differenceHash(cells), mirrored: differenceHash(cells, true) };
}
