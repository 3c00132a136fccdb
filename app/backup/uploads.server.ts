// The uploads' side of backups: every stored file, from the storage the configuration names (a
// local folder or an S3 bucket), copied under its key into the backup's uploads/ folder, and put
// back the same way into whichever storage the restoring configuration names (decision 0065).
// Erasable TypeScript with relative .ts imports: scripts/backup.ts runs it under Node.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.server.ts";
import { makePrivateDir, writePrivateFile } from "../lib/private-files.server.ts";
import { contentTypeOf, isSafeKey, localBackend, s3Backend, type StorageBackend } from "../storage/storage.server.ts";
import { UPLOADS_DIR } from "./manifest.ts";

/** Files copied at once: enough to hide an S3 round trip, few enough for a small server. */
const PARALLEL = 8;

export function storageOf(cfg: Pick<Config, "s3" | "dataDir">): { backend: StorageBackend; kind: "local" | "s3" } {
  return cfg.s3 ? { backend: s3Backend(cfg.s3), kind: "s3" } : { backend: localBackend(cfg.dataDir), kind: "local" };
}

/** Runs `work` on every item of `items`, PARALLEL at a time. */
async function eachParallel<T>(items: AsyncIterable<T> | Iterable<T>, work: (item: T) => Promise<void>): Promise<void> {
  const running = new Set<Promise<void>>();
  let failure: unknown;
  for await (const item of items) {
    if (failure) break;
    const task = work(item).catch((error: unknown) => {
      failure ??= error;
    });
    running.add(task);
    void task.finally(() => running.delete(task));
    if (running.size >= PARALLEL) await Promise.race(running);
  }
  await Promise.all(running);
  if (failure) throw failure;
}

export async function backupUploads(source: StorageBackend, backupDir: string): Promise<{ files: number; bytes: number }> {
  const root = path.join(backupDir, UPLOADS_DIR);
  await makePrivateDir(root);
  let files = 0;
  let bytes = 0;
  await eachParallel(source.list(), async (key) => {
    const data = await source.get(key);
    // Deleted since it was listed: its row went with it (the database was dumped first).
    if (!data) return;
    await writePrivateFile(path.join(root, ...key.split("/")), data);
    files += 1;
    bytes += data.length;
  });
  return { files, bytes };
}

/** The keys of the files in a backup's uploads/ folder. */
export async function backupKeys(backupDir: string): Promise<string[]> {
  const root = path.join(backupDir, UPLOADS_DIR);
  const entries = await readdir(root, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(root, path.join(entry.parentPath, entry.name)).split(path.sep).join("/"))
    .filter(isSafeKey);
}

export async function restoreUploads(backupDir: string, keys: string[], target: StorageBackend): Promise<{ files: number; bytes: number }> {
  const root = path.join(backupDir, UPLOADS_DIR);
  let bytes = 0;
  await eachParallel(keys, async (key) => {
    const data = await readFile(path.join(root, ...key.split("/")));
    await target.put(key, data, contentTypeOf(key));
    bytes += data.length;
  });
  return { files: keys.length, bytes };
}

export async function isStorageEmpty(target: StorageBackend): Promise<boolean> {
  for await (const _key of target.list()) return false;
  return true;
}
