// `npm run backup` and `npm run restore` (scripts/backup.ts, scripts/restore.ts): a consistent dump
// of the database the configuration names, then every uploaded file, into one folder with a
// manifest; and back, into an empty database and storage (decision 0065).
// Erasable TypeScript with relative .ts imports: the scripts run it under Node's type stripping.
import { existsSync } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../config.server.ts";
import { makePrivateDir, makeTreePrivate, PRIVATE_DIR_MODE, writePrivateFile } from "../lib/private-files.server.ts";
import { romeWallClock } from "../lib/rome-time.ts";
import { dumpEmbedded, inspectTarball, openEmbeddedTarget } from "./embedded.server.ts";
import {
  BACKUP_FORMAT,
  EMBEDDED_DUMP_FILE,
  MANIFEST_FILE,
  POSTGRES_DUMP_FILE,
  checkMigrationLevel,
  readManifest,
  sha256File,
  totalRows,
  type Engine,
  type Manifest,
} from "./manifest.ts";
import { BACKUP_MESSAGES as M, BackupError, ENGINE_NAMES, STORAGE_NAMES, filesAndSize } from "./messages.ts";
import { dumpPostgres, openPostgresTarget } from "./postgres.server.ts";
import { backupKeys, backupUploads, isStorageEmpty, restoreUploads, storageOf } from "./uploads.server.ts";

export type BackupConfig = Pick<Config, "databaseUrl" | "dataDir" | "s3">;

const engineOf = (cfg: BackupConfig): Engine => (cfg.databaseUrl ? "postgres" : "pglite");

const pad = (n: number) => String(n).padStart(2, "0");

/** zampa-2026-11-24-183005 (Rome time), with -2, -3… when taken twice in one second. */
function backupName(root: string, now: Date): string {
  const w = romeWallClock(now);
  const base = `zampa-${w.y}-${pad(w.mo)}-${pad(w.d)}-${pad(w.h)}${pad(w.mi)}${pad(w.s)}`;
  let name = base;
  for (let n = 2; existsSync(path.join(root, name)) || existsSync(path.join(root, `${name}.incompleto`)); n++) name = `${base}-${n}`;
  return name;
}

/**
 * Writes a backup under `root` and returns its folder. The database first, then the files: a file
 * uploaded meanwhile is an orphan in the backup (harmless), never a row without its file. The folder
 * is named *.incompleto until the manifest is written, and removed if anything fails.
 */
export async function createBackup(cfg: BackupConfig, options: { root?: string; now?: Date; log?: (line: string) => void } = {}): Promise<{ dir: string; manifest: Manifest }> {
  const log = options.log ?? (() => {});
  const root = path.resolve(options.root ?? "backups");
  await makePrivateDir(root);
  const name = backupName(root, options.now ?? new Date());
  const dir = path.join(root, name);
  const work = `${dir}.incompleto`;
  await mkdir(work, { mode: PRIVATE_DIR_MODE });
  try {
    const engine = engineOf(cfg);
    let file: string;
    let inspected: Awaited<ReturnType<typeof inspectTarball>>;
    if (engine === "postgres") {
      file = POSTGRES_DUMP_FILE;
      inspected = await dumpPostgres(cfg.databaseUrl!, path.join(work, file));
    } else {
      file = EMBEDDED_DUMP_FILE;
      const dump = await dumpEmbedded(cfg.dataDir);
      if (dump.server !== null) log(M.fromServer(dump.server));
      await writePrivateFile(path.join(work, file), new Uint8Array(await dump.tarball.arrayBuffer()));
      inspected = await inspectTarball(dump.tarball);
    }
    log(M.databaseDone(ENGINE_NAMES[engine], totalRows(inspected.counts)));
    const storage = storageOf(cfg);
    const uploads = await backupUploads(storage.backend, work);
    log(M.uploadsDone(STORAGE_NAMES[storage.kind], filesAndSize(uploads.files, uploads.bytes)));
    const manifest: Manifest = {
      format: BACKUP_FORMAT,
      app: "zampa",
      createdAt: (options.now ?? new Date()).toISOString(),
      engine,
      migrations: inspected.migrations,
      database: { file, bytes: (await stat(path.join(work, file))).size, sha256: await sha256File(path.join(work, file)) },
      counts: inspected.counts,
      uploads: { storage: storage.kind, ...uploads },
    };
    await writePrivateFile(path.join(work, MANIFEST_FILE), `${JSON.stringify(manifest, null, 2)}\n`);
    // pg_dump writes its file by the process's umask, which a caller of this function may not have set.
    makeTreePrivate(work);
    await rename(work, dir);
    log(M.backupDone(dir));
    return { dir, manifest };
  } catch (error) {
    await rm(work, { recursive: true, force: true });
    throw error;
  }
}

/**
 * Restores the backup in `dir` into the configured database and storage. Everything is checked
 * before anything is written: the manifest, the dump's checksum, the engine, the migration level,
 * and that the target database and storage are empty (unless `force`). Afterwards every table's
 * row count must equal the manifest's.
 */
export async function restoreBackup(cfg: BackupConfig, dir: string, options: { force?: boolean; log?: (line: string) => void } = {}): Promise<Manifest> {
  const log = options.log ?? (() => {});
  dir = path.resolve(dir);
  const manifest = await readManifest(dir);
  const engine = engineOf(cfg);
  if (manifest.engine !== engine) throw new BackupError(M.engineMismatch(ENGINE_NAMES[manifest.engine], ENGINE_NAMES[engine]));
  checkMigrationLevel(manifest.migrations);
  const dump = path.join(dir, path.basename(manifest.database.file));
  if (!existsSync(dump) || (await sha256File(dump)) !== manifest.database.sha256) throw new BackupError(M.damaged(manifest.database.file));
  const keys = await backupKeys(dir);
  if (keys.length !== manifest.uploads.files) throw new BackupError(M.uploadsIncomplete(manifest.uploads.files, keys.length));

  const storage = storageOf(cfg);
  const target = engine === "postgres" ? await openPostgresTarget(cfg.databaseUrl!) : openEmbeddedTarget(cfg.dataDir);
  try {
    if (!options.force) {
      if (!target.empty) throw new BackupError(M.targetNotEmpty(engine === "postgres" ? "Il database PostgreSQL" : `Il database in ${path.join(cfg.dataDir, "db")}`));
      if (!(await isStorageEmpty(storage.backend))) {
        throw new BackupError(M.targetNotEmpty(storage.kind === "s3" ? `Il bucket ${cfg.s3!.bucket}` : `La cartella ${path.join(cfg.dataDir, "uploads")}`));
      }
    }
    const restored = await target.restore(dump);
    for (const [table, expected] of Object.entries(manifest.counts)) {
      const found = restored.counts[table] ?? 0;
      if (found !== expected) throw new BackupError(M.countsDiffer(table, expected, found));
    }
    log(M.databaseDone(ENGINE_NAMES[engine], totalRows(restored.counts)));
    const uploads = await restoreUploads(dir, keys, storage.backend);
    log(M.uploadsDone(STORAGE_NAMES[storage.kind], filesAndSize(uploads.files, uploads.bytes)));
  } finally {
    await target.release();
  }
  log(M.restoreDone(dir));
  return manifest;
}
