import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { config, setConfig, type Config } from "~/config.server";
import { putFile } from "~/storage/storage.server";
import { useRecordingBucket } from "../../tests/recording-bucket";
import { ImageRejected } from "./process-image.server";
import { CONTEST_PHOTOS_PREFIX, deleteStoredImages, storeContestPhoto, storeImages, storeListingImages, type ImagePrefix } from "./store-images.server";

const USER = "0b6f3c2e-5d1a-4c8e-9f7a-2e4b6d8c0a13";
const UPLOADER = { id: USER, role: "user" } as const;

let previous: Config;
let dataDir: string;
let photos: { name: string; data: Buffer }[];

beforeAll(async () => {
  previous = config();
  photos = await Promise.all(
    ["#8b4513", "#228b22"].map(async (background, i) => ({
      name: `foto-${i + 1}.jpg`,
      data: await sharp({ create: { width: 2000, height: 1500, channels: 3, background } }).jpeg().toBuffer(),
    })),
  );
});

beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "zampa-images-"));
  setConfig({ ...previous, dataDir, s3: undefined });
});

afterEach(() => {
  setConfig(previous);
  rmSync(dataDir, { recursive: true, force: true });
});

function userDir(): string {
  return path.join(dataDir, "uploads", "listing-images", USER);
}

function storedFiles(): string[] {
  return existsSync(userDir()) ? readdirSync(userDir()).sort() : [];
}

function contestDir(): string {
  return path.join(dataDir, "uploads", "contest-photos", USER);
}

function contestFiles(): string[] {
  return existsSync(contestDir()) ? readdirSync(contestDir()).sort() : [];
}

describe("storeListingImages", () => {
  it("stores each photo as WebP with its thumbnail under listing-images/{user}/", async () => {
    const { urls } = await storeListingImages(UPLOADER, photos);
    expect(urls).toHaveLength(2);
    for (const url of urls) expect(url).toMatch(new RegExp(`^/uploads/listing-images/${USER}/[0-9a-f-]{36}\\.webp$`));
    expect(new Set(urls).size).toBe(2);

    const names = urls.map((url) => url.split("/").pop()!);
    expect(storedFiles()).toEqual(names.flatMap((name) => [name, name.replace(".webp", ".thumb.webp")]).sort());
    const main = await sharp(path.join(userDir(), names[0]!)).metadata();
    expect(main).toMatchObject({ format: "webp", width: 1600, height: 1200 });
    const thumb = await sharp(path.join(userDir(), names[0]!.replace(".webp", ".thumb.webp"))).metadata();
    expect(thumb).toMatchObject({ format: "webp", width: 400, height: 300 });
  });

  it("stores nothing when one of the photos is refused", async () => {
    const files = [...photos, { name: "terza.png", data: Buffer.from("non sono un'immagine") }];
    await expect(storeListingImages(UPLOADER, files)).rejects.toThrow(ImageRejected);
    await expect(storeListingImages(UPLOADER, files)).rejects.toThrow("Il file «terza.png» non è un'immagine valida");
    expect(storedFiles()).toEqual([]);
  });

  it("stores nothing for no photos", async () => {
    expect((await storeListingImages(UPLOADER, [])).urls).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it("remove() deletes every file it wrote", async () => {
    const stored = await storeListingImages(UPLOADER, photos);
    expect(storedFiles()).toHaveLength(4);
    await stored.remove();
    expect(storedFiles()).toEqual([]);
  });

  it("refuses a user id that is not a safe path segment", async () => {
    await expect(storeListingImages({ id: "../altro", role: "user" }, photos)).rejects.toThrow(/id utente non valido/);
  });
});

describe("deleteStoredImages", () => {
  it("deletes each listing image and its thumbnail, and leaves other files alone", async () => {
    const first = await storeListingImages(UPLOADER, photos);
    const second = await storeListingImages(UPLOADER, photos.slice(0, 1));
    const demo = await putFile("demo/cane.webp", Buffer.from("illustrazione condivisa"));

    await deleteStoredImages([...first.urls, demo, "https://example.com/foto.webp", "/uploads/listing-images/../demo/cane.webp"]);
    const kept = second.urls[0]!.split("/").pop()!;
    expect(storedFiles()).toEqual([kept, kept.replace(".webp", ".thumb.webp")].sort());
    expect(existsSync(path.join(dataDir, "uploads", "demo", "cane.webp"))).toBe(true);

    await expect(deleteStoredImages(first.urls)).resolves.toBeUndefined();
  });
});

describe("contest photos", () => {
  it("stores the photo and its thumbnail under contest-photos/{user}/, not with the listings", async () => {
    const { url } = await storeContestPhoto(UPLOADER, photos[0]!);
    expect(url).toMatch(new RegExp(`^/uploads/contest-photos/${USER}/[0-9a-f-]{36}\\.webp$`));
    const name = url.split("/").pop()!;
    expect(contestFiles()).toEqual([name, name.replace(".webp", ".thumb.webp")].sort());
    expect(storedFiles()).toEqual([]);
    const thumb = await sharp(path.join(contestDir(), name.replace(".webp", ".thumb.webp"))).metadata();
    expect(thumb).toMatchObject({ format: "webp", width: 400 });
  });

  it("stores nothing for a fake image, and remove() deletes what it wrote", async () => {
    await expect(storeContestPhoto(UPLOADER, { name: "finta.jpg", data: Buffer.from("<html>ciao</html>") })).rejects.toThrow(ImageRejected);
    expect(contestFiles()).toEqual([]);
    const stored = await storeImages(CONTEST_PHOTOS_PREFIX, UPLOADER, photos);
    expect(contestFiles()).toHaveLength(4);
    await stored.remove();
    expect(contestFiles()).toEqual([]);
  });

  it("refuses a folder that is not one of the photo folders", async () => {
    await expect(storeImages("demo/" as ImagePrefix, UPLOADER, photos)).rejects.toThrow(/cartella immagini non prevista/);
    expect(existsSync(path.join(dataDir, "uploads", "demo"))).toBe(false);
  });

  it("deleteStoredImages deletes contest photos and their thumbnails too", async () => {
    const first = await storeContestPhoto(UPLOADER, photos[0]!);
    const second = await storeContestPhoto(UPLOADER, photos[1]!);
    const listing = await storeListingImages(UPLOADER, photos.slice(0, 1));
    await deleteStoredImages([first.url, "/uploads/contest-photos/../demo/cane.webp"]);
    const kept = second.url.split("/").pop()!;
    expect(contestFiles()).toEqual([kept, kept.replace(".webp", ".thumb.webp")].sort());
    expect(storedFiles()).toHaveLength(2);
    await deleteStoredImages([second.url, ...listing.urls]);
    expect(contestFiles()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });
});

describe("with an S3 bucket", () => {
  const bucket = useRecordingBucket();
  let refusePut = (_count: number) => false;
  const puts = () => bucket.requests.filter((r) => r.method === "PUT").length;

  beforeEach(() => {
    bucket.reset();
    refusePut = () => false;
    bucket.answer = (request) => (request.method === "PUT" && refusePut(puts()) ? 403 : 200);
    const endpoint = bucket.endpoint();
    setConfig({
      ...previous,
      dataDir,
      s3: { endpoint, bucket: "zampa", region: "auto", accessKeyId: "AKID", secretAccessKey: "segreto", publicUrl: "https://cdn.example.it" },
    });
  });

  it("deletes every key when a write fails, then throws", async () => {
    // A bucket that fails halfway through a listing's photos.
    refusePut = (count) => count === 3;
    await expect(storeListingImages(UPLOADER, photos)).rejects.toThrow(/S3 PUT .* 403/);
    const puts = new Set(bucket.requests.filter((r) => r.method === "PUT").map((r) => r.path));
    const deletes = new Set(bucket.requests.filter((r) => r.method === "DELETE").map((r) => r.path));
    expect(puts.size).toBe(4);
    expect(deletes).toEqual(puts);
  });

  it("returns the bucket's public URLs, which deleteStoredImages maps back to keys", async () => {
    const { urls } = await storeListingImages(UPLOADER, photos.slice(0, 1));
    expect(urls[0]).toMatch(new RegExp(`^https://cdn\\.example\\.it/listing-images/${USER}/[0-9a-f-]{36}\\.webp$`));
    bucket.requests = [];
    await deleteStoredImages(urls);
    const key = urls[0]!.slice("https://cdn.example.it/".length);
    expect(bucket.requests.map((r) => `${r.method} ${r.path}`).sort()).toEqual(
      [`DELETE /zampa/${key}`, `DELETE /zampa/${key.replace(".webp", ".thumb.webp")}`].sort(),
    );
  });
});
