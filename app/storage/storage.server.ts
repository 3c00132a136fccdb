// The one storage service for uploaded files. Default: a folder, DATA_DIR/uploads, served by Zampa
// at /uploads/… with long-lived cache headers (keys are never reused, so files never change).
import { createReadStream } from "node:fs";
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import path from "node:path";
import { Readable } from "node:stream";
import { config } from "~/config.server";

export const UPLOADS_PREFIX = "/uploads/";

const CONTENT_TYPES: Record<string, string> = {
  ".webp": "image/webp",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".png": "image/png",
  ".gif": "image/gif",
  ".svg": "image/svg+xml",
};

/** A key is a relative path of safe segments: no "..", no absolute paths, no odd characters. */
export function isSafeKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) && !key.split("/").some((s) => s.startsWith(".."));
}

function fileFor(key: string): string {
  if (!isSafeKey(key)) throw new Error(`chiave di archiviazione non valida: ${key}`);
  return path.join(config().dataDir, "uploads", ...key.split("/"));
}

export function publicUrl(key: string): string {
  return UPLOADS_PREFIX + key;
}

export async function putFile(key: string, body: Buffer): Promise<string> {
  const file = fileFor(key);
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, body);
  return publicUrl(key);
}

export async function deleteFile(key: string): Promise<void> {
  await rm(fileFor(key), { force: true });
}

/** A Response for GET /uploads/{key}, or null when there is no such file. */
export async function serveFile(key: string): Promise<Response | null> {
  if (!isSafeKey(key)) return null;
  const file = fileFor(key);
  const info = await stat(file).catch(() => null);
  if (!info?.isFile()) return null;
  const type = CONTENT_TYPES[path.extname(key).toLowerCase()] ?? "application/octet-stream";
  return new Response(Readable.toWeb(createReadStream(file)) as ReadableStream, {
    headers: {
      "content-type": type,
      "content-length": String(info.size),
      "cache-control": "public, max-age=31536000, immutable",
      "x-content-type-options": "nosniff",
    },
  });
}
