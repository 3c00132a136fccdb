// The embedded database's side of backups: its data directory as PGlite's gzipped tarball
// (dumpDataDir), taken by this process when no server holds the directory, or by the running
// server through its backup socket; and the way back, into an empty directory (decision 0065).
// Erasable TypeScript with relative .ts imports: scripts/backup.ts runs it under Node.
import { existsSync, mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { DataDirInUse, LOCK_FILE, lockDataDir } from "../db/data-dir-lock.server.ts";
import { EMBEDDED_OPTIONS } from "../db/embedded-options.ts";
import { makeTreePrivate, PRIVATE_DIR_MODE, PRIVATE_FILE_MODE } from "../lib/private-files.server.ts";
import { inspectDatabase, type MigrationLevel } from "./manifest.ts";
import { BACKUP_MESSAGES as M, BackupError } from "./messages.ts";
import { backupSocketPath, requestDump } from "./socket.server.ts";

export interface EmbeddedDump {
  tarball: Blob;
  /** The pid of the server that took it, or null when this process opened the directory. */
  server: number | null;
}

/** The database of DATA_DIR/db, whether or not a server is running on it. */
export async function dumpEmbedded(dataDir: string): Promise<EmbeddedDump> {
  const dir = path.join(dataDir, "db");
  if (!existsSync(path.join(dir, "PG_VERSION"))) throw new BackupError(M.noEmbeddedDatabase(dir));
  let release: () => void;
  try {
    release = lockDataDir(dir);
  } catch (error) {
    if (!(error instanceof DataDirInUse)) throw error;
    let body: Buffer | null;
    try {
      body = await requestDump(dataDir);
    } catch (failure) {
      throw new BackupError(M.serverBackupFailed(failure instanceof Error ? failure.message : String(failure)));
    }
    if (!body) throw new BackupError(M.serverOffersNoBackup(error.pid, backupSocketPath(dataDir)));
    return { tarball: new Blob([new Uint8Array(body)], { type: "application/gzip" }), server: error.pid };
  }
  try {
    const pg = await PGlite.create(dir, EMBEDDED_OPTIONS);
    try {
      return { tarball: await pg.dumpDataDir("gzip"), server: null };
    } finally {
      await pg.close();
    }
  } finally {
    release();
  }
}

/** Opens the tarball in memory (which proves it loads) and reads what it holds. */
export async function inspectTarball(tarball: Blob): Promise<{ counts: Record<string, number>; migrations: MigrationLevel }> {
  const pg = await PGlite.create({ ...EMBEDDED_OPTIONS, loadDataDir: tarball });
  try {
    return await inspectDatabase(pg);
  } finally {
    await pg.close();
  }
}

export interface EmbeddedTarget {
  /** The directory has no database files. */
  empty: boolean;
  /** Replaces whatever the directory holds with the database of the tarball in `file`; returns what it then holds. */
  restore(file: string): Promise<{ counts: Record<string, number>; migrations: MigrationLevel }>;
  release(): void;
}

/** Takes DATA_DIR/db for a restore: refused while a server runs on it. */
export function openEmbeddedTarget(dataDir: string): EmbeddedTarget {
  const dir = path.join(dataDir, "db");
  mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  let release: () => void;
  try {
    release = lockDataDir(dir);
  } catch (error) {
    if (error instanceof DataDirInUse) throw new BackupError(M.serverRunning(error.pid));
    throw error;
  }
  const contents = () => readdirSync(dir).filter((name) => name !== LOCK_FILE);
  return {
    empty: contents().length === 0,
    async restore(file) {
      const tarball = new Blob([new Uint8Array(await readFile(file))], { type: "application/gzip" });
      for (const name of contents()) rmSync(path.join(dir, name), { recursive: true, force: true });
      const pg = await PGlite.create(dir, { ...EMBEDDED_OPTIONS, loadDataDir: tarball });
      // The tarball carries the lock file of the process it was taken from: the directory is this one's.
      writeFileSync(path.join(dir, LOCK_FILE), `${process.pid}\n`, { mode: PRIVATE_FILE_MODE });
      try {
        return await inspectDatabase(pg);
      } finally {
        await pg.close();
        makeTreePrivate(dir);
      }
    },
    release,
  };
}
