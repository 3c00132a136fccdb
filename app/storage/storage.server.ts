// The one storage service for uploaded files. Default: a folder, DATA_DIR/uploads, served by Zampa
// at /uploads/… with long-lived cache headers (keys are never reused, so files never change).
// With S3_* set: an S3-compatible bucket, read by the public at S3_PUBLIC_URL (decision 0023).
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { access, constants, mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { AwsClient } from "aws4fetch";
import { config, type S3Config } from "~/config.server";
import { UPLOAD_POLICY } from "~/lib/content-security-policy";

export const UPLOADS_PREFIX = "/uploads/";

const IMMUTABLE = "public, max-age=31536000, immutable";
const S3_TIMEOUT_MS = 30_000;

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
};

function contentTypeOf(key: string): string {
  return CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
}

/** Raster images cannot run code: they are shown where they are opened. */
const INLINE_TYPES = new Set(["image/webp", "image/jpeg", "image/png", "image/gif"]);

/**
 * How a stored file is handed out: a raster image inline, anything else (an SVG, which may hold
 * script; a file of unknown type) as a download, so that no upload is ever opened as a page of the
 * site (decision 0064). `<img>` ignores the disposition: an SVG still shows in a page.
 */
export function dispositionOf(contentType: string): string | undefined {
  return INLINE_TYPES.has(contentType) ? undefined : "attachment";
}

/** A key is a relative path of safe segments: no "..", no absolute paths, no odd characters. */
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) && !key.split("/").some((s) => s.startsWith(".."));
}

function checkKey(key: string): void {
  if (!isSafeKey(key)) throw new Error(`chiave di archiviazione non valida: ${key}`);
}

/** The key behind `url` when it starts with `base`, or null. */
function keyAfter(url: string, base: string): string | null {
  if (!url.startsWith(base)) return null;
  const key = url.slice(base.length);
  return isSafeKey(key) ? key : null;
}

export interface StorageBackend {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** Deleting a missing file is not an error. */
  delete(key: string): Promise<void>;
  publicUrl(key: string): string;
  /** The key of a URL this backend handed out, or null for any other URL (external, unsafe, …). */
  keyFromPublicUrl(url: string): string | null;
  /** Throws, saying why, unless files can be stored now (/readyz). */
  check(): Promise<void>;
}

export function localBackend(dataDir: string): StorageBackend {
  const fileFor = (key: string) => {
    checkKey(key);
    return path.join(dataDir, "uploads", ...key.split("/"));
  };
  return {
    async put(key, body) {
      const file = fileFor(key);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, body);
    },
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
    publicUrl: (key) => UPLOADS_PREFIX + key,
    keyFromPublicUrl: (url) => keyAfter(url, UPLOADS_PREFIX),
    async check() {
      const dir = path.join(dataDir, "uploads");
      try {
        await mkdir(dir, { recursive: true });
        await access(dir, constants.W_OK);
      } catch {
        // Said without the server's paths: /readyz answers anyone.
        throw new Error("cartella dei caricamenti non scrivibile");
      }
    },
  };
}

/** Path-style URLs (endpoint/bucket/key) work with AWS, MinIO, R2, Garage and the rest alike. */
export function s3Backend(s3: S3Config): StorageBackend {
  const client = new AwsClient({
    accessKeyId: s3.accessKeyId,
    secretAccessKey: s3.secretAccessKey,
    region: s3.region,
    service: "s3",
    // aws4fetch retries 5xx and 429 ten times by default, with growing waits: too long for a
    // user waiting on a form.
    retries: 2,
  });
  const objectUrl = (key: string) => {
    checkKey(key);
    return `${s3.endpoint}/${s3.bucket}/${key}`;
  };
  const send = async (method: "PUT" | "DELETE", key: string, init: RequestInit = {}) => {
    const response = await client.fetch(objectUrl(key), { method, signal: AbortSignal.timeout(S3_TIMEOUT_MS), ...init });
    const detail = await response.text().catch(() => "");
    // DELETE answers 204 whether or not the object existed; a 404 means the same thing here.
    if (!response.ok && !(method === "DELETE" && response.status === 404)) {
      throw new Error(`S3 ${method} ${key}: ${response.status} ${detail.slice(0, 300)}`);
    }
  };
  const base = `${s3.publicUrl}/`;
  return {
    async put(key, body, contentType) {
      const disposition = dispositionOf(contentType);
      await send("PUT", key, {
        body: new Uint8Array(body),
        headers: {
          "content-type": contentType,
          // Stored with the object and sent back by the bucket with it (S3 sends no nosniff or
          // policy of its own; the bucket's origin is not Zampa's either).
          ...(disposition ? { "content-disposition": disposition } : {}),
          "cache-control": IMMUTABLE,
          // A signed payload hash (aws4fetch would send UNSIGNED-PAYLOAD): the bucket rejects a
          // body altered on the way, also over plain http to a local MinIO.
          "x-amz-content-sha256": createHash("sha256").update(body).digest("hex"),
        },
      });
    },
    async delete(key) {
      await send("DELETE", key);
    },
    publicUrl: (key) => base + key,
    // /uploads/… URLs too: files written there before S3 was configured, or with a URL fixed in
    // code (the demo seed), are served by a redirect to the bucket (serveFile).
    keyFromPublicUrl: (url) => keyAfter(url, base) ?? keyAfter(url, UPLOADS_PREFIX),
    // A signed HEAD of the bucket: reachable, the bucket exists, and the keys are accepted.
    async check() {
      const response = await client.fetch(`${s3.endpoint}/${s3.bucket}`, { method: "HEAD", signal: AbortSignal.timeout(5_000) }).catch(() => null);
      if (!response) throw new Error(`S3 ${s3.bucket}: non raggiungibile`);
      if (response.ok) return;
      const why = response.status === 403 ? "chiavi di accesso rifiutate" : response.status === 404 ? "bucket inesistente" : `HTTP ${response.status}`;
      throw new Error(`S3 ${s3.bucket}: ${why}`);
    },
  };
}

let current: { s3: S3Config | undefined; dataDir: string; backend: StorageBackend } | undefined;

/** The backend the configuration asks for (rebuilt when a test changes the configuration). */
export function storage(): StorageBackend {
  const { s3, dataDir } = config();
  if (!current || current.s3 !== s3 || current.dataDir !== dataDir) {
    current = { s3, dataDir, backend: s3 ? s3Backend(s3) : localBackend(dataDir) };
  }
  return current.backend;
}

/** Throws, saying why, unless uploads can be stored now (local folder writable, or the bucket answering). */
export function checkStorage(): Promise<void> {
  return storage().check();
}

export function publicUrl(key: string): string {
  return storage().publicUrl(key);
}

export function keyFromPublicUrl(url: string): string | null {
  return storage().keyFromPublicUrl(url);
}

/** Stores `body` under `key` and returns its public URL. */
export async function putFile(key: string, body: Buffer, contentType = contentTypeOf(key)): Promise<string> {
  const backend = storage();
  await backend.put(key, body, contentType);
  return backend.publicUrl(key);
}

export async function deleteFile(key: string): Promise<void> {
  await storage().delete(key);
}

/**
 * A Response for GET /uploads/{key}, or null when there is no such file. With S3 the pages link to
 * the bucket; a /uploads/ URL still works through a redirect unless the file is on local disk.
 */
export async function serveFile(key: string): Promise<Response | null> {
  if (!isSafeKey(key)) return null;
  const { s3, dataDir } = config();
  const file = path.join(dataDir, "uploads", ...key.split("/"));
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) {
    return s3 ? new Response(null, { status: 302, headers: { location: storage().publicUrl(key) } }) : null;
  }
  const contentType = contentTypeOf(key);
  const disposition = dispositionOf(contentType);
  return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
    headers: {
      "content-type": contentType,
      "content-length": String(info.size),
      "cache-control": IMMUTABLE,
      "x-content-type-options": "nosniff",
      // Opened on its own, a file runs nothing and loads nothing, in an origin of its own (sandbox).
      "content-security-policy": UPLOAD_POLICY,
      ...(disposition ? { "content-disposition": disposition } : {}),
    },
  });
}
