// The storage's reads for backups (list every key, get a file's bytes), on a folder and on a real
// S3-compatible server that checks signatures.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startS3Server, type TestS3Server } from "../../harness/s3-server";
import { localBackend, s3Backend, type StorageBackend } from "./storage.server";

async function keys(backend: StorageBackend): Promise<string[]> {
  const all: string[] = [];
  for await (const key of backend.list()) all.push(key);
  return all.sort();
}

describe("local storage reads", () => {
  let dataDir: string;
  beforeAll(() => {
    dataDir = mkdtempSync(path.join(tmpdir(), "zampa-storage-reads-"));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it("lists nothing before the first upload", async () => {
    expect(await keys(localBackend(dataDir))).toEqual([]);
  });

  it("lists every stored key (not names put() could not have written) and reads the bytes back", async () => {
    const backend = localBackend(dataDir);
    await backend.put("listing-images/u1/a.webp", Buffer.from("a"), "image/webp");
    await backend.put("listing-images/u1/a.thumb.webp", Buffer.from("at"), "image/webp");
    await backend.put("demo/cane.webp", Buffer.from("cane"), "image/webp");
    mkdirSync(path.join(dataDir, "uploads", "demo", ".cache"));
    writeFileSync(path.join(dataDir, "uploads", "demo", ".swp"), "x");
    writeFileSync(path.join(dataDir, "uploads", "demo", ".cache", "x.webp"), "x");
    expect(await keys(backend)).toEqual(["demo/cane.webp", "listing-images/u1/a.thumb.webp", "listing-images/u1/a.webp"]);
    expect((await backend.get("listing-images/u1/a.thumb.webp"))?.toString()).toBe("at");
    expect(await backend.get("listing-images/u1/nessuna.webp")).toBeNull();
    await expect(backend.get("../segreto")).rejects.toThrow(/non valida/);
  });
});

describe("S3 storage reads", () => {
  let s3: TestS3Server;
  beforeAll(async () => {
    s3 = await startS3Server();
  });
  afterAll(() => s3.close());

  it("lists every key over several pages and reads the bytes back, signed", async () => {
    const backend = s3Backend(s3);
    await backend.check();
    expect(await keys(backend)).toEqual([]);
    // Over one ListObjectsV2 page (1000 keys): the continuation token is followed.
    const written = Array.from({ length: 1005 }, (_, i) => `contest-photos/u${i % 7}/${String(i).padStart(4, "0")}.webp`);
    for (let i = 0; i < written.length; i += 50) {
      await Promise.all(written.slice(i, i + 50).map((key) => backend.put(key, Buffer.from(key), "image/webp")));
    }
    expect(await keys(backend)).toEqual([...written].sort());
    expect((await backend.get(written[3]!))?.toString()).toBe(written[3]);
    expect(await backend.get("contest-photos/nessuna.webp")).toBeNull();
  }, 60_000);

  it("is refused with a wrong key", async () => {
    const wrong = s3Backend({ ...s3, secretAccessKey: "sbagliata" });
    await expect(wrong.check()).rejects.toThrow("chiavi di accesso rifiutate");
    await expect(keys(wrong)).rejects.toThrow(/403/);
    await expect(wrong.get("contest-photos/u0/0000.webp")).rejects.toThrow(/403/);
  });
});
