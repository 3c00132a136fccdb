import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/accounts/session.server";
import { config, setConfig, type Config } from "~/config.server";
import { deleteStoredImages } from "~/images/store-images.server";
import { uploadArticleImage } from "./images.server";

const ADMIN: CurrentUser = { id: "5f0c2a7e-3b1d-4e8f-a6c9-1d2e3f4a5b6c", email: "admin@example.it", fullName: "Admin Prova", role: "admin" };
const USER: CurrentUser = { ...ADMIN, id: "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d", role: "user" };

const INVALID = "Per favore seleziona un file immagine valido";
const TOO_LARGE = "Il file è troppo grande. Dimensione massima: 5MB";

let previous: Config;
let dataDir: string;

beforeAll(() => {
  previous = config();
});
beforeEach(() => {
  dataDir = mkdtempSync(path.join(tmpdir(), "zampa-article-images-"));
  setConfig({ ...previous, dataDir, s3: undefined });
});
afterEach(() => rmSync(dataDir, { recursive: true, force: true }));
afterAll(() => setConfig(previous));

function adminDir(id = ADMIN.id): string {
  return path.join(dataDir, "uploads", "article-images", id);
}
function stored(id = ADMIN.id): string[] {
  return existsSync(adminDir(id)) ? readdirSync(adminDir(id)).sort() : [];
}
function allArticleImages(): string[] {
  const root = path.join(dataDir, "uploads", "article-images");
  return existsSync(root) ? readdirSync(root, { recursive: true }).map(String).sort() : [];
}

function uploadRequest(parts: { name: string; data: Uint8Array; type?: string }[], field = "file"): Request {
  const form = new FormData();
  for (const part of parts) form.append(field, new Blob([new Uint8Array(part.data)], { type: part.type ?? "application/octet-stream" }), part.name);
  return new Request("http://localhost:3000/admin/article-images", { method: "POST", body: form });
}

function photo(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 120, b: 60 } } });
}

describe("uploadArticleImage", () => {
  it("stores a PNG re-encoded as WebP with its thumbnail under article-images/{admin}/", async () => {
    const png = await photo(2400, 1200).png().toBuffer();
    const result = await uploadArticleImage(ADMIN, uploadRequest([{ name: "copertina.png", data: png, type: "image/png" }]));
    expect(result.ok).toBe(true);
    if (!result.ok) return;
    expect(result.url).toMatch(new RegExp(`^/uploads/article-images/${ADMIN.id}/[0-9a-f-]{36}\\.webp$`));
    const name = path.basename(result.url);
    expect(stored()).toEqual([name, name.replace(".webp", ".thumb.webp")].sort());
    const meta = await sharp(readFileSync(path.join(adminDir(), name))).metadata();
    expect(meta.format).toBe("webp");
    expect(Math.max(meta.width!, meta.height!)).toBe(1600);
    expect((await sharp(readFileSync(path.join(adminDir(), name.replace(".webp", ".thumb.webp")))).metadata()).width).toBe(400);
  });

  it("drops the EXIF of a JPEG (GPS, camera) when re-encoding it", async () => {
    const jpeg = await photo(800, 600)
      .jpeg()
      .withExif({ IFD0: { Make: "Fotocamera", Model: "Segreta" } })
      .toBuffer();
    expect((await sharp(jpeg).metadata()).exif).toBeDefined();
    const result = await uploadArticleImage(ADMIN, uploadRequest([{ name: "gatto.jpg", data: jpeg, type: "image/jpeg" }]));
    if (!result.ok) throw new Error(result.error);
    const meta = await sharp(readFileSync(path.join(adminDir(), path.basename(result.url)))).metadata();
    expect(meta.exif).toBeUndefined();
    expect(meta.width).toBe(800);
  });

  it("gives every upload a new key, even of the same file", async () => {
    const png = await photo(300, 200).png().toBuffer();
    const first = await uploadArticleImage(ADMIN, uploadRequest([{ name: "stessa.png", data: png }]));
    const second = await uploadArticleImage(ADMIN, uploadRequest([{ name: "stessa.png", data: png }]));
    if (!first.ok || !second.ok) throw new Error("upload refused");
    expect(first.url).not.toBe(second.url);
    expect(stored()).toHaveLength(4);
  });

  it("accepts GIF and WebP", async () => {
    for (const [name, data] of [
      ["animazione.gif", await photo(120, 80).gif().toBuffer()],
      ["foto.webp", await photo(120, 80).webp().toBuffer()],
    ] as const) {
      const result = await uploadArticleImage(ADMIN, uploadRequest([{ name, data }]));
      expect(result.ok, name).toBe(true);
    }
  });

  it("refuses a file of 5,242,881 bytes with the spec's message (413), writing nothing", async () => {
    const png = await photo(64, 64).png().toBuffer();
    const big = Buffer.alloc(5_242_881);
    png.copy(big);
    const result = await uploadArticleImage(ADMIN, uploadRequest([{ name: "enorme.png", data: big, type: "image/png" }]));
    expect(result).toEqual({ ok: false, status: 413, error: TOO_LARGE });
    expect(allArticleImages()).toEqual([]);
  });

  it("refuses an HTML page named .jpg by its content (415)", async () => {
    const html = new TextEncoder().encode("<!doctype html><html><body><script>alert(1)</script></body></html>");
    const result = await uploadArticleImage(ADMIN, uploadRequest([{ name: "foto.jpg", data: html, type: "image/jpeg" }]));
    expect(result).toEqual({ ok: false, status: 415, error: INVALID });
    expect(allArticleImages()).toEqual([]);
  });

  it("refuses AVIF and TIFF, which listing photos may use but article images may not", async () => {
    const avif = await photo(64, 64).avif().toBuffer();
    const tiff = await photo(64, 64).tiff().toBuffer();
    for (const [name, data] of [
      ["foto.avif", avif],
      ["scansione.tiff", tiff],
    ] as const) {
      const result = await uploadArticleImage(ADMIN, uploadRequest([{ name, data }]));
      expect(result, name).toEqual({ ok: false, status: 415, error: INVALID });
    }
    expect(allArticleImages()).toEqual([]);
  });

  it("refuses a PNG whose pixels do not decode (400)", async () => {
    const png = await photo(400, 300).png().toBuffer();
    const cut = png.subarray(0, 120);
    const result = await uploadArticleImage(ADMIN, uploadRequest([{ name: "rotta.png", data: cut }]));
    expect(result).toEqual({ ok: false, status: 400, error: INVALID });
    expect(allArticleImages()).toEqual([]);
  });

  it("refuses a form without a file, with two files, or with the file in another field", async () => {
    const png = await photo(32, 32).png().toBuffer();
    for (const request of [
      uploadRequest([]),
      uploadRequest([{ name: "vuoto.png", data: new Uint8Array() }]),
      uploadRequest([{ name: "a.png", data: png }, { name: "b.png", data: png }]),
      uploadRequest([{ name: "a.png", data: png }], "image"),
    ]) {
      const result = await uploadArticleImage(ADMIN, request);
      expect(result).toEqual({ ok: false, status: 400, error: INVALID });
    }
    expect(allArticleImages()).toEqual([]);
  });

  it("refuses a body that is not a form", async () => {
    const request = new Request("http://localhost:3000/admin/article-images", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    const result = await uploadArticleImage(ADMIN, request);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.status).toBe(400);
  });

  it("refuses a visitor (401) and a user (403) before reading the body", async () => {
    const png = await photo(32, 32).png().toBuffer();
    const visitor = uploadRequest([{ name: "a.png", data: png }]);
    const user = uploadRequest([{ name: "a.png", data: png }]);
    expect(await uploadArticleImage(null, visitor)).toMatchObject({ ok: false, status: 401 });
    expect(await uploadArticleImage(USER, user)).toMatchObject({ ok: false, status: 403 });
    expect(visitor.bodyUsed).toBe(false);
    expect(user.bodyUsed).toBe(false);
    expect(allArticleImages()).toEqual([]);
  });

  it("is not deleted with a listing's or an entry's photos (an article image may be used by many articles)", async () => {
    const png = await photo(64, 64).png().toBuffer();
    const result = await uploadArticleImage(ADMIN, uploadRequest([{ name: "a.png", data: png }]));
    if (!result.ok) throw new Error(result.error);
    await deleteStoredImages([result.url]);
    expect(stored()).toHaveLength(2);
  });
});
