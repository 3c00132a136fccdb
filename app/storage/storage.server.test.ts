import { createHash } from "node:crypto";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { config, setConfig, type Config } from "~/config.server";
import { useRecordingBucket } from "../../tests/recording-bucket";
import { checkStorage, deleteFile, isSafeKey, keyFromPublicUrl, publicUrl, putFile, serveFile } from "./storage.server";

let previous: Config;
let dataDir: string;

beforeAll(() => {
  previous = config();
  dataDir = mkdtempSync(path.join(tmpdir(), "zampa-storage-"));
});

afterEach(() => setConfig(previous));

afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

function useLocal(): void {
  setConfig({ ...previous, dataDir, s3: undefined });
}

describe("local storage", () => {
  it("is ready when the uploads folder can be written", async () => {
    useLocal();
    await checkStorage();
    expect(existsSync(path.join(dataDir, "uploads"))).toBe(true);
  });

  it("stores, serves with long-lived cache headers, and deletes a file", async () => {
    useLocal();
    const body = Buffer.from("RIFF….WEBP finta");
    const url = await putFile("listing-images/u1/foto.webp", body);
    expect(url).toBe("/uploads/listing-images/u1/foto.webp");
    expect(readFileSync(path.join(dataDir, "uploads", "listing-images", "u1", "foto.webp"))).toEqual(body);

    const response = await serveFile("listing-images/u1/foto.webp");
    expect(response?.status).toBe(200);
    expect(response?.headers.get("content-type")).toBe("image/webp");
    expect(response?.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(Buffer.from(await response!.arrayBuffer())).toEqual(body);

    await deleteFile("listing-images/u1/foto.webp");
    expect(await serveFile("listing-images/u1/foto.webp")).toBeNull();
    await expect(deleteFile("listing-images/u1/foto.webp")).resolves.toBeUndefined();
  });

  it("serves a file with its type, nosniff and a policy under which nothing runs; anything but a raster image as a download", async () => {
    useLocal();
    await putFile("listing-images/u1/foto.png", Buffer.from("png finto"));
    await putFile("demo/disegno.svg", Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'));
    await putFile("demo/pagina.html", Buffer.from("<script>alert(1)</script>"));
    await putFile("demo/senza-estensione", Buffer.from("<script>alert(1)</script>"));
    const expected = {
      "listing-images/u1/foto.png": ["image/png", null],
      "demo/disegno.svg": ["image/svg+xml", "attachment"],
      "demo/pagina.html": ["application/octet-stream", "attachment"],
      "demo/senza-estensione": ["application/octet-stream", "attachment"],
    };
    for (const [key, [type, disposition]] of Object.entries(expected)) {
      const response = await serveFile(key);
      expect(response?.headers.get("content-type"), key).toBe(type);
      expect(response?.headers.get("content-disposition"), key).toBe(disposition);
      expect(response?.headers.get("x-content-type-options"), key).toBe("nosniff");
      const policy = response?.headers.get("content-security-policy") ?? "";
      expect(policy, key).toContain("default-src 'none'");
      expect(policy, key).toContain("sandbox");
      expect(policy, key).not.toMatch(/script-src/);
      await response?.body?.cancel();
    }
  });

  it("maps its public URLs back to keys, and nothing else", () => {
    useLocal();
    expect(keyFromPublicUrl(publicUrl("listing-images/u1/a.webp"))).toBe("listing-images/u1/a.webp");
    expect(keyFromPublicUrl("/uploads/demo/cane.webp")).toBe("demo/cane.webp");
    expect(keyFromPublicUrl("/uploads/../config.json")).toBeNull();
    expect(keyFromPublicUrl("https://example.com/uploads/a.webp")).toBeNull();
    expect(keyFromPublicUrl("/static/a.webp")).toBeNull();
  });

  it("refuses unsafe keys", async () => {
    useLocal();
    for (const key of ["", "../x.webp", "a/../../x.webp", "/etc/passwd", "a//b.webp", ".hidden", "a\\b.webp", "a/b c.webp"]) {
      expect(isSafeKey(key), key).toBe(false);
    }
    await expect(putFile("../fuori.webp", Buffer.from("x"))).rejects.toThrow(/chiave di archiviazione non valida/);
    await expect(deleteFile("a/../../fuori.webp")).rejects.toThrow(/chiave di archiviazione non valida/);
    expect(await serveFile("../../etc/passwd")).toBeNull();
    expect(existsSync(path.join(dataDir, "fuori.webp"))).toBe(false);
  });
});

describe("S3 storage", () => {
  // What the stand-in bucket answers is set by each test (200 unless told otherwise).
  const bucket = useRecordingBucket();

  function useS3(): void {
    bucket.reset();
    setConfig({
      ...previous,
      dataDir,
      s3: {
        endpoint: bucket.endpoint(),
        bucket: "zampa-test",
        region: "eu-south-1",
        accessKeyId: "AKIDZAMPATEST",
        secretAccessKey: "segreto",
        publicUrl: "https://cdn.example.it/zampa",
      },
    });
  }

  it("is ready when a signed HEAD of the bucket answers, and says why when not", async () => {
    useS3();
    await checkStorage();
    expect(bucket.requests.map((r) => [r.method, r.path])).toEqual([["HEAD", "/zampa-test"]]);
    expect(bucket.requests[0]?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 Credential=AKIDZAMPATEST\//);
    bucket.answer = () => 403;
    await expect(checkStorage()).rejects.toThrow("S3 zampa-test: chiavi di accesso rifiutate");
    bucket.answer = () => 404;
    await expect(checkStorage()).rejects.toThrow("S3 zampa-test: bucket inesistente");
  });

  it("PUTs a signed object with its type and cache headers, path-style", async () => {
    useS3();
    const body = Buffer.from(Array.from({ length: 70_000 }, (_, i) => i % 251));
    const url = await putFile("listing-images/u1/foto.webp", body, "image/webp");
    expect(url).toBe("https://cdn.example.it/zampa/listing-images/u1/foto.webp");

    expect(bucket.requests).toHaveLength(1);
    const [put] = bucket.requests;
    expect(put?.method).toBe("PUT");
    expect(put?.path).toBe("/zampa-test/listing-images/u1/foto.webp");
    expect(put?.headers.authorization).toMatch(
      /^AWS4-HMAC-SHA256 Credential=AKIDZAMPATEST\/\d{8}\/eu-south-1\/s3\/aws4_request, SignedHeaders=[^,]*x-amz-content-sha256[^,]*, Signature=[0-9a-f]{64}$/,
    );
    expect(put?.headers["x-amz-content-sha256"]).toBe(createHash("sha256").update(body).digest("hex"));
    expect(put?.headers["content-type"]).toBe("image/webp");
    expect(put?.headers["cache-control"]).toBe("public, max-age=31536000, immutable");
    // A raster image is shown where it is opened.
    expect(put?.headers["content-disposition"]).toBeUndefined();
    expect(put?.body.equals(body)).toBe(true);
  });

  it("infers the content type from the key when none is given; anything but a raster image is stored as a download", async () => {
    useS3();
    await putFile("demo/logo.svg", Buffer.from("<svg/>"));
    await putFile("demo/ignoto.bin", Buffer.from("?"));
    expect(bucket.requests.map((r) => [r.headers["content-type"], r.headers["content-disposition"]])).toEqual([
      ["image/svg+xml", "attachment"],
      ["application/octet-stream", "attachment"],
    ]);
  });

  it("DELETEs the same path, and a missing object is not an error", async () => {
    useS3();
    await deleteFile("listing-images/u1/foto.webp");
    bucket.answer = () => 404;
    await deleteFile("listing-images/u1/foto.webp");
    expect(bucket.requests.map((r) => [r.method, r.path])).toEqual([
      ["DELETE", "/zampa-test/listing-images/u1/foto.webp"],
      ["DELETE", "/zampa-test/listing-images/u1/foto.webp"],
    ]);
    expect(bucket.requests[0]?.headers.authorization).toMatch(/^AWS4-HMAC-SHA256 /);
  });

  it("maps public URLs back to keys: the bucket's, and /uploads/ ones", () => {
    useS3();
    const key = "listing-images/u1/foto.webp";
    expect(publicUrl(key)).toBe("https://cdn.example.it/zampa/listing-images/u1/foto.webp");
    expect(keyFromPublicUrl(publicUrl(key))).toBe(key);
    expect(keyFromPublicUrl("/uploads/demo/cane.webp")).toBe("demo/cane.webp");
    expect(keyFromPublicUrl("https://cdn.example.it/zampa/../segreti.txt")).toBeNull();
    expect(keyFromPublicUrl("https://cdn.example.it/altro/a.webp")).toBeNull();
  });

  it("throws when the bucket refuses", async () => {
    useS3();
    bucket.answer = () => 403;
    await expect(putFile("listing-images/u1/foto.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(/S3 PUT .*403.*AccessDenied/);
    await expect(deleteFile("listing-images/u1/foto.webp")).rejects.toThrow(/S3 DELETE .*403/);
  });

  it("retries a server error a couple of times, then throws", async () => {
    useS3();
    bucket.answer = () => 503;
    await expect(putFile("listing-images/u1/foto.webp", Buffer.from("x"), "image/webp")).rejects.toThrow(/503/);
    expect(bucket.requests).toHaveLength(3);
  });

  it("redirects an /uploads/ URL to the bucket unless the file is on local disk", async () => {
    useLocal();
    await putFile("demo/locale.webp", Buffer.from("locale"));
    useS3();
    const redirect = await serveFile("demo/remoto.webp");
    expect(redirect?.status).toBe(302);
    expect(redirect?.headers.get("location")).toBe("https://cdn.example.it/zampa/demo/remoto.webp");
    expect((await serveFile("demo/locale.webp"))?.status).toBe(200);
    expect(bucket.requests).toHaveLength(0);
  });
});
