// Everything Zampa writes to disk (the embedded database, the outbox with its reset links, uploads,
// backups, the backup socket) is for the server's own user only: directories 0700, files 0600
// (issue 26, decision 0079). Loaded by the backup scripts with Node's type stripping: relative
// imports and erasable TypeScript only.
import { chmodSync, lstatSync, readdirSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { isMainThread } from "node:worker_threads";
import path from "node:path";

export const PRIVATE_DIR_MODE = 0o700;
export const PRIVATE_FILE_MODE = 0o600;

/**
 * Files and folders this process (and the programs it starts, such as pg_dump) creates get no
 * group or other bits, whatever the shell's umask. Worker threads share the process's umask and
 * may not set it.
 */
export function keepNewFilesPrivate(): void {
  if (isMainThread) process.umask(0o077);
}

/** mkdir -p, with every folder it creates private. */
export async function makePrivateDir(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
}

/** Writes a new file readable by the server's user only. */
export async function writePrivateFile(file: string, data: string | Uint8Array): Promise<void> {
  await makePrivateDir(path.dirname(file));
  await writeFile(file, data, { mode: PRIVATE_FILE_MODE });
}

/**
 * Takes away the group and other bits of `dir` and (`depth` levels, all by default) of what is
 * below it. The embedded database (PGlite's file system layer) creates its files world-writable
 * whatever the umask, and older versions of Zampa left 0755/0644 behind; symbolic links are left
 * alone (their target may not be ours).
 */
export function makeTreePrivate(dir: string, depth = Infinity): void {
  let stat;
  try {
    stat = lstatSync(dir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return;
    throw error;
  }
  if (stat.isSymbolicLink()) return;
  if ((stat.mode & 0o077) !== 0) chmodSync(dir, stat.mode & (stat.isDirectory() ? PRIVATE_DIR_MODE : PRIVATE_FILE_MODE));
  if (!stat.isDirectory() || depth <= 0) return;
  for (const name of readdirSync(dir)) makeTreePrivate(path.join(dir, name), depth - 1);
}
