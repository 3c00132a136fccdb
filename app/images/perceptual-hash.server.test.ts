import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { generatedPhoto } from "../../harness/photos";
import { bandNeighbours, differenceHash, hashBands, HASH_BANDS } from "./dhash";
import { DUPLICATE_PHOTO_DISTANCE, hammingDistance, perceptualHash, perceptualHashOrNull, type PhotoHashes } from "./perceptual-hash.server";
import { imageSlots } from "./process-image.server";

/** As the duplicate check compares: the copy's hash against the photo's and its mirror's. */
function distance(copy: PhotoHashes, photo: PhotoHashes): number {
  return Math.min(hammingDistance(copy.hash, photo.hash), hammingDistance(copy.hash, photo.mirrored));
}

async function hashOf(image: Buffer): Promise<PhotoHashes> {
  const hashes = await perceptualHash(image);
  if (!hashes) throw new Error("foto senza impronta");
  return hashes;
}

describe("perceptual hash", () => {
  let photo: Buffer;
  let original: PhotoHashes;
  beforeAll(async () => {
    photo = await generatedPhoto(7, 640, 480);
    original = await hashOf(photo);
  });

  it("is a signed 64-bit integer, as a PostgreSQL bigint holds it", () => {
    for (const hash of [original.hash, original.mirrored]) {
      expect(hash).toBe(BigInt.asIntN(64, hash));
    }
    expect(original.hash).not.toBe(original.mirrored);
  });

  it("catches a resized copy", async () => {
    const copy = await sharp(photo).resize({ width: 400 }).jpeg({ quality: 90 }).toBuffer();
    expect(distance(await hashOf(copy), original)).toBeLessThanOrEqual(DUPLICATE_PHOTO_DISTANCE);
  });

  it("catches a copy re-encoded as JPEG quality 60, and one as WebP", async () => {
    const jpeg = await sharp(photo).jpeg({ quality: 60 }).toBuffer();
    const webp = await sharp(photo).webp({ quality: 80 }).toBuffer();
    expect(distance(await hashOf(jpeg), original)).toBeLessThanOrEqual(DUPLICATE_PHOTO_DISTANCE);
    expect(distance(await hashOf(webp), original)).toBeLessThanOrEqual(DUPLICATE_PHOTO_DISTANCE);
  });

  // A crop from one corner moves the picture further under the 9 × 8 grid: about half of those are
  // caught (decision 0086), so the test takes the crop that is reliably caught.
  it("catches a copy cropped by 5 % around its edges", async () => {
    const copy = await sharp(photo).extract({ left: 16, top: 12, width: 608, height: 456 }).jpeg({ quality: 90 }).toBuffer();
    expect(distance(await hashOf(copy), original)).toBeLessThanOrEqual(DUPLICATE_PHOTO_DISTANCE);
  });

  it("catches a mirrored copy through the mirror's hash, not the photo's", async () => {
    const copy = await hashOf(await sharp(photo).flop().jpeg({ quality: 90 }).toBuffer());
    expect(hammingDistance(copy.hash, original.mirrored)).toBeLessThanOrEqual(DUPLICATE_PHOTO_DISTANCE);
    expect(hammingDistance(copy.hash, original.hash)).toBeGreaterThan(DUPLICATE_PHOTO_DISTANCE);
  });

  it("does not match a different photo", async () => {
    for (const seed of [8, 9]) {
      const other = await hashOf(await generatedPhoto(seed, 640, 480));
      expect(distance(other, original)).toBeGreaterThan(DUPLICATE_PHOTO_DISTANCE);
    }
  });

  it("gives no hash to a blank picture, which would match every other blank one", async () => {
    const blank = await sharp({ create: { width: 300, height: 200, channels: 3, background: "#a0522d" } })
      .png()
      .toBuffer();
    expect(await perceptualHash(blank)).toBeNull();
  });

  it("throws on bytes that are not an image, and perceptualHashOrNull answers null", async () => {
    const junk = Buffer.from("non è una foto");
    await expect(perceptualHash(junk)).rejects.toThrow();
    expect(await perceptualHashOrNull(junk)).toBeNull();
  });

  it("waits for an image slot like any decode", async () => {
    const slots = imageSlots();
    const busy = Array.from({ length: slots.running + 8 }, () => slots.run(() => new Promise((resolve) => setTimeout(resolve, 50))));
    const hashing = perceptualHash(photo);
    expect(slots.waiting).toBeGreaterThan(0);
    await Promise.all([...busy, hashing]);
  });
});

describe("hash arithmetic", () => {
  it("reads each row right to left for the mirror", () => {
    const cells = Array.from({ length: 72 }, (_, i) => (i % 9) * 1000);
    // Every row rises to the right: never brighter than the right neighbour; mirrored, always.
    expect(differenceHash(cells)).toBe(0n);
    expect(differenceHash(cells, true)).toBe(-1n);
  });

  it("counts differing bits, signs included", () => {
    expect(hammingDistance(0n, -1n)).toBe(64);
    expect(hammingDistance(5n, 4n)).toBe(1);
    expect(hammingDistance(-2n, -1n)).toBe(1);
  });

  it("splits a hash into four signed 16-bit bands, and lists a band's one-bit neighbours", () => {
    expect(hashBands(-1n)).toEqual([-1, -1, -1, -1]);
    expect(hashBands(0x0001_7fff_8000_ffffn)).toEqual([-1, -32768, 32767, 1]);
    expect(hashBands(0n)).toHaveLength(HASH_BANDS);
    const neighbours = bandNeighbours(0);
    expect(neighbours).toHaveLength(17);
    expect(neighbours).toContain(-32768);
    expect(new Set(neighbours).size).toBe(17);
    for (const value of neighbours) expect(value).toBeGreaterThanOrEqual(-32768);
  });
});
