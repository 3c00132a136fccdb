// The one storage service for uploaded files. Default: a folder, DATA_DIR/uploads, served by Zampa
// at /uploads/… with long-lived cache headers (keys are never reused, so files never change).
// With S3_* set: an S3-compatible bucket, read by the public at S3_PUBLIC_URL (decision 0023).
import { createHash } from "node:crypto";
import { createReadStream } from "node:fs";
import { access, constants, readdir, readFile, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { AwsClient } from "aws4fetch";
// Relative .ts imports: the backup commands (scripts/backup.ts, Node's type stripping) load this file.
import { config, type S3Config } from "../config.server.ts";
import { UPLOAD_POLICY } from "../lib/content-security-policy.ts";
import { makePrivateDir, writePrivateFile } from "../lib/private-files.server.ts";

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

export function contentTypeOf(key: string): string {
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

/** Why files cannot be stored now; `lasting` when waiting will not help (a refused key, no such bucket). */
export class StorageCheckError extends Error {
  // A plain field, not a parameter property: the backup scripts load this module with Node's type stripping.
  readonly lasting: boolean;
  constructor(message: string, lasting: boolean) {
    super(message);
    this.lasting = lasting;
  }
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
  /** Every stored key, in no particular order (backups). */
  list(): AsyncIterable<string>;
  /** The file's bytes, or null when there is no such file (backups). */
  get(key: string): Promise<Buffer | null>;
}

export function localBackend(dataDir: string): StorageBackend {
  const fileFor = (key: string) => {
    checkKey(key);
    return path.join(dataDir, "uploads", ...key.split("/"));
  };
  return {
    async put(key, body) {
      await writePrivateFile(fileFor(key), body);
    },
    async delete(key) {
      await rm(fileFor(key), { force: true });
    },
    publicUrl: (key) => UPLOADS_PREFIX + key,
    keyFromPublicUrl: (url) => keyAfter(url, UPLOADS_PREFIX),
    async check() {
      const dir = path.join(dataDir, "uploads");
      try {
        await makePrivateDir(dir);
        await access(dir, constants.W_OK);
      } catch {
        // Said without the server's paths: /readyz answers anyone.
        throw new StorageCheckError("cartella dei caricamenti non scrivibile", true);
      }
    },
    async *list() {
      const root = path.join(dataDir, "uploads");
      const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return [];
        throw error;
      });
      for (const entry of entries) {
        if (!entry.isFile()) continue;
        const key = path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/");
        // Anything put() could not have written (an editor's swap file, a half-copied upload) is not an upload.
        if (isSafeKey(key)) yield key;
      }
    },
    async get(key) {
      return readFile(fileFor(key)).catch((error: NodeJS.ErrnoException) => {
        if (error.code === "ENOENT") return null;
        throw error;
      });
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
      if (!response) throw new StorageCheckError(`S3 ${s3.bucket}: non raggiungibile`, false);
      if (response.ok) return;
      const why = response.status === 403 ? "chiavi di accesso rifiutate" : response.status === 404 ? "bucket inesistente" : `HTTP ${response.status}`;
      throw new StorageCheckError(`S3 ${s3.bucket}: ${why}`, response.status === 403 || response.status === 404);
    },
    // ListObjectsV2, a page of up to 1000 keys at a time.
    async *list() {
      let token: string | undefined;
      do {
        const query = new URLSearchParams({ "list-type": "2" });
        if (token) query.set("continuation-token", token);
        const response = await client.fetch(`${s3.endpoint}/${s3.bucket}?${query}`, { signal: AbortSignal.timeout(S3_TIMEOUT_MS) });
        const xml = await response.text();
        if (!response.ok) throw new Error(`S3 LIST ${s3.bucket}: ${response.status} ${xml.slice(0, 300)}`);
        for (const [, key] of xml.matchAll(/<Key>([^<]*)<\/Key>/g)) yield decodeXml(key!);
        const truncated = /<IsTruncated>true<\/IsTruncated>/.test(xml);
        token = truncated ? decodeXml(/<NextContinuationToken>([^<]*)<\/NextContinuationToken>/.exec(xml)?.[1] ?? "") : undefined;
        if (truncated && !token) throw new Error(`S3 LIST ${s3.bucket}: pagina troncata senza NextContinuationToken`);
      } while (token);
    },
    async get(key) {
      const response = await client.fetch(objectUrl(key), { signal: AbortSignal.timeout(S3_TIMEOUT_MS) });
      if (response.status === 404) {
        await response.body?.cancel();
        return null;
      }
      if (!response.ok) throw new Error(`S3 GET ${key}: ${response.status} ${(await response.text()).slice(0, 300)}`);
      return Buffer.from(await response.arrayBuffer());
    },
  };
}

const XML_ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'" };

function decodeXml(text: string): string {
  return text.replace(/&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-f]+);/gi, (_, name: string) =>
    name.startsWith("#x") || name.startsWith("#X")
      ? String.fromCodePoint(Number.parseInt(name.slice(2), 16))
      : name.startsWith("#")
        ? String.fromCodePoint(Number(name.slice(1)))
        : XML_ENTITIES[name.toLowerCase()]!,
  );
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
