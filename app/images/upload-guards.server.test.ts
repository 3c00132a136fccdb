// The two upload guards on every path that receives images (listing photos, a contest photo, an
// article image; Zampa has no avatar upload): a decompression bomb is refused from its header
// (413), and an account over its daily quota is refused before anything is decoded (429). Either
// way nothing is stored: no row, no file, no quota used.
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { count, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { uploadArticleImage } from "~/articles/images.server";
import { config, setConfig, type Config } from "~/config.server";
import { submitEntry } from "~/contests/contests.server";
import { db, queryRows } from "~/db/client.server";
import { contestSubmissions, petListings } from "~/db/schema";
import { createListing } from "~/listings/listings.server";
import { asUser } from "../../tests/actors";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { createContest, VALID_LISTING_FIELDS } from "../../tests/factories";
import { IMAGE_MESSAGES, MAX_IMAGE_PIXELS } from "./limits";
import { takeUploadQuota } from "./upload-quota.server";

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, "latin1"), data]);
  const frame = Buffer.alloc(4 + body.length + 4);
  frame.writeUInt32BE(data.length, 0);
  body.copy(frame, 4);
  frame.writeUInt32BE(crc32(body), 4 + body.length);
  return frame;
}

/**
 * A real, decodable PNG: 1-bit greyscale, all black. At 20 000 × 20 000 its 400 million pixels fit
 * in ~50 KB (each row deflates to almost nothing) and would take libvips over a gigabyte to decode.
 * Built by hand: sharp takes 6–12 s to encode one this size on the test machine.
 */
function blackPng(width: number, height: number): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 1; // bit depth
  header[9] = 0; // greyscale
  const rows = Buffer.alloc((Math.ceil(width / 8) + 1) * height); // filter byte 0 + zero pixels
  return Buffer.concat([Buffer.from([137, 80, 78, 71, 13, 10, 26, 10]), chunk("IHDR", header), chunk("IDAT", deflateSync(rows, { level: 9 })), chunk("IEND", Buffer.alloc(0))]);
}

const listingFields = VALID_LISTING_FIELDS;
const entryFields = { title: "Luna sul divano", petName: "Luna", petType: "dog", description: "Il suo posto preferito." };

function articleRequest(file: { name: string; data: Buffer }): Request {
  const form = new FormData();
  form.append("file", new Blob([new Uint8Array(file.data)], { type: "image/png" }), file.name);
  return new Request("http://localhost:3000/admin/article-images", { method: "POST", body: form });
}

let previous: Config;
let bomb: Buffer;
let photo: Buffer;

beforeAll(async () => {
  previous = config();
  bomb = blackPng(20_000, 20_000);
  photo = await sharp({ create: { width: 800, height: 600, channels: 3, background: { r: 90, g: 160, b: 220 } } })
    .jpeg()
    .toBuffer();
});
beforeEach(() => setConfig({ ...previous, dataDir: mkdtempSync(path.join(tmpdir(), "zampa-guards-")), s3: undefined }));
afterEach(() => {
  rmSync(config().dataDir, { recursive: true, force: true });
  setConfig(previous);
});
afterAll(() => setConfig(previous));

/** Every file under uploads/, whoever wrote it. */
function storedFiles(): string[] {
  const root = path.join(config().dataDir, "uploads");
  return existsSync(root) ? readdirSync(root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile()).map((e) => e.name) : [];
}

async function rows() {
  const [listings] = await db().select({ n: count() }).from(petListings);
  const [entries] = await db().select({ n: count() }).from(contestSubmissions);
  return { listings: listings!.n, entries: entries!.n };
}

async function quotaUsed(userId: string): Promise<number> {
  const [row] = await queryRows<{ count: number }>(sql`select count from rate_limits where key = ${`upload-quota:${userId}`}`);
  return Number(row?.count ?? 0);
}

describe("the pixel guard", () => {
  it("is given a real PNG: tiny, decodable, and 400 megapixels by its header", async () => {
    expect(bomb.length).toBeLessThan(60_000);
    expect(await sharp(bomb, { limitInputPixels: false }).metadata()).toMatchObject({ format: "png", width: 20_000, height: 20_000 });
    expect(20_000 * 20_000).toBeGreaterThan(MAX_IMAGE_PIXELS);
    // The same construction, small, decodes to black pixels: the big one is a real image too.
    const { data, info } = await sharp(blackPng(300, 200)).raw().toBuffer({ resolveWithObject: true });
    expect(info).toMatchObject({ width: 300, height: 200 });
    expect(data.every((byte) => byte === 0)).toBe(true);
  });

  itDb("refuses it on every upload path with 413 and the pixel message, storing nothing and using no quota", async () => {
    const user = await createAccount({ verified: true });
    const admin = await createAccount({ role: "admin" });
    const contest = await createContest();
    const file = { name: "bomba.png", data: bomb };
    const message = IMAGE_MESSAGES.tooManyPixels("bomba.png");

    expect(await createListing(asUser(user), listingFields, [{ name: "buona.jpg", data: photo }, file])).toEqual({ ok: false, status: 413, error: message });
    expect(await submitEntry(asUser(user), contest.id, entryFields, [file])).toEqual({ ok: false, status: 413, error: message });
    expect(await uploadArticleImage(asUser(admin, "admin"), articleRequest(file))).toEqual({ ok: false, status: 413, error: message });

    expect(await rows()).toEqual({ listings: 0, entries: 0 });
    expect(storedFiles()).toEqual([]);
    expect(await quotaUsed(user.id)).toBe(0);
  });
});

describe("the daily upload quota", () => {
  beforeEach(() => setConfig({ ...config(), uploadDailyQuota: 3 }));

  itDb("counts images across listings and contest entries, and refuses what does not fit with 429 before decoding", async () => {
    const user = await createAccount({ verified: true });
    const contest = await createContest({ maxSubmissionsPerUser: 5 });
    const two = [1, 2].map((i) => ({ name: `foto-${i}.jpg`, data: photo }));

    expect(await createListing(asUser(user), listingFields, two)).toMatchObject({ ok: true });
    expect(await quotaUsed(user.id)).toBe(2);
    // Two more do not fit; the bomb among them is never looked at (the quota answers first).
    expect(await createListing(asUser(user), listingFields, [two[0]!, { name: "bomba.png", data: bomb }])).toEqual({
      ok: false,
      status: 429,
      error: IMAGE_MESSAGES.dailyQuotaLeft(1, 3),
    });
    expect(await submitEntry(asUser(user), contest.id, entryFields, [{ name: "luna.jpg", data: photo }])).toMatchObject({ ok: true });
    expect(await quotaUsed(user.id)).toBe(3);
    expect(await submitEntry(asUser(user), contest.id, { ...entryFields, title: "Un'altra" }, [{ name: "luna.jpg", data: photo }])).toEqual({
      ok: false,
      status: 429,
      error: IMAGE_MESSAGES.dailyQuotaReached(3),
    });
    expect(await rows()).toEqual({ listings: 1, entries: 1 });
    expect(storedFiles()).toHaveLength(6); // three images, each with its thumbnail
    // A listing without photos needs no quota.
    expect(await createListing(asUser(user), listingFields, [])).toMatchObject({ ok: true });
  });

  itDb("gives the quota back when nothing is kept: a refused file, a contest entry sent twice", async () => {
    const user = await createAccount({ verified: true });
    const fake = { name: "gatto.png", data: Buffer.from("non sono un'immagine") };
    expect(await createListing(asUser(user), listingFields, [{ name: "buona.jpg", data: photo }, fake])).toMatchObject({ ok: false, status: 415 });
    expect(await createListing(asUser(user), listingFields, [{ name: "bomba.png", data: bomb }])).toMatchObject({ ok: false, status: 413 });
    expect(await quotaUsed(user.id)).toBe(0);
    // The same contest entry sent again: stored once, its second photo removed and given back.
    const contest = await createContest();
    expect(await submitEntry(asUser(user), contest.id, entryFields, [{ name: "luna.jpg", data: photo }])).toMatchObject({ ok: true });
    expect(await submitEntry(asUser(user), contest.id, entryFields, [{ name: "luna.jpg", data: photo }])).toMatchObject({ ok: true });
    expect(await rows()).toEqual({ listings: 0, entries: 1 });
    expect(storedFiles()).toHaveLength(2);
    expect(await quotaUsed(user.id)).toBe(1);
  });

  itDb("counts a double submit of one listing once", async () => {
    const user = await createAccount();
    const submissionId = "3c1d2e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f";
    const form = { ...listingFields, submissionId };
    const results = await Promise.all([
      createListing(asUser(user), form, [{ name: "uno.jpg", data: photo }]),
      createListing(asUser(user), form, [{ name: "uno.jpg", data: photo }]),
    ]);
    expect(results).toEqual([
      { ok: true, id: submissionId },
      { ok: true, id: submissionId },
    ]);
    expect(await createListing(asUser(user), form, [{ name: "uno.jpg", data: photo }])).toEqual({ ok: true, id: submissionId });
    expect(await rows()).toMatchObject({ listings: 1 });
    expect(storedFiles()).toHaveLength(2);
    expect(await quotaUsed(user.id)).toBe(1);
  });

  itDb("exempts administrators (article images, and their own listings)", async () => {
    const admin = asUser(await createAccount({ role: "admin" }), "admin");
    for (let i = 0; i < 4; i++) expect(await uploadArticleImage(admin, articleRequest({ name: `foto-${i}.jpg`, data: photo }))).toMatchObject({ ok: true });
    const four = [1, 2, 3, 4].map((i) => ({ name: `foto-${i}.jpg`, data: photo }));
    expect(await createListing(admin, listingFields, four)).toMatchObject({ ok: true });
    expect(await quotaUsed(admin.id)).toBe(0);
  });

  itDb("starts again at midnight in Rome, and a late give-back does not touch the new day", async () => {
    const user = { id: "9d8c7b6a-5f4e-4d3c-8b2a-1f0e9d8c7b6a", role: "user" as const };
    const evening = new Date("2026-11-24T22:59:00Z"); // 23:59 in Rome
    const giveBack = await takeUploadQuota(user, 3, evening);
    await expect(takeUploadQuota(user, 1, evening)).rejects.toMatchObject({ status: 429, message: IMAGE_MESSAGES.dailyQuotaReached(3) });
    const morning = new Date("2026-11-24T23:01:00Z"); // 00:01 on the 25th in Rome
    await takeUploadQuota(user, 2, morning);
    await giveBack();
    await expect(takeUploadQuota(user, 2, morning)).rejects.toMatchObject({ status: 429, message: IMAGE_MESSAGES.dailyQuotaLeft(1, 3) });
  });
});

describe("the daily upload quota across connections", () => {
  it("lets exactly the quota through when many uploads take it at once", async () => {
    setConfig({ ...config(), uploadDailyQuota: 5 });
    const user = { id: `quota-${Date.now()}`, role: "user" as const };
    const outcomes = await Promise.allSettled(Array.from({ length: 12 }, () => takeUploadQuota(user, 1)));
    expect(outcomes.filter((o) => o.status === "fulfilled")).toHaveLength(5);
    expect(outcomes.filter((o) => o.status === "rejected").map((o) => (o as PromiseRejectedResult).reason)).toEqual(
      Array(7).fill(expect.objectContaining({ status: 429 })),
    );
    expect(await quotaUsed(user.id)).toBe(5);
    await queryRows(sql`delete from rate_limits where key = ${`upload-quota:${user.id}`} returning key`);
  });
});
