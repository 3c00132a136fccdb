// A backup is a folder, backups/zampa-<date>: manifest.json (this file's Manifest), the database
// dump and uploads/ with every stored file under its key (decision 0065). What a database holds is
// read the same way on both engines (inspectDatabase), so a restore can be checked against the
// manifest. Erasable TypeScript with relative .ts imports: scripts/backup.ts runs it under Node.
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { BACKUP_MESSAGES as M, BackupError } from "./messages.ts";

export const BACKUP_FORMAT = 1;
export const MANIFEST_FILE = "manifest.json";
export const UPLOADS_DIR = "uploads";
/** The embedded database: its data directory as PGlite's gzipped tarball. */
export const EMBEDDED_DUMP_FILE = "database.tar.gz";
/** PostgreSQL: pg_dump's custom format (-Fc). */
export const POSTGRES_DUMP_FILE = "database.dump";

export type Engine = "pglite" | "postgres";

export interface MigrationLevel {
  /** Migrations applied (rows of drizzle.__drizzle_migrations). */
  count: number;
  /** The last one's name in drizzle/meta/_journal.json, or null when none or unknown to this code. */
  last: string | null;
}

export interface Manifest {
  format: number;
  app: "zampa";
  createdAt: string;
  engine: Engine;
  migrations: MigrationLevel;
  database: { file: string; bytes: number; sha256: string };
  /** Rows of every table of the public schema, as dumped. */
  counts: Record<string, number>;
  uploads: { storage: "local" | "s3"; files: number; bytes: number };
}

/** Both engines' clients answer a plain query with `{ rows }`. */
export interface SqlClient {
  query<T>(text: string): Promise<{ rows: T[] }>;
}

interface JournalEntry {
  when: number;
  tag: string;
}

/** The migrations this code knows, oldest first (drizzle/meta/_journal.json: app/backup → repository root). */
export function knownMigrations(migrationsDir = fileURLToPath(new URL("../../drizzle", import.meta.url))): JournalEntry[] {
  const journal = JSON.parse(readFileSync(path.join(migrationsDir, "meta", "_journal.json"), "utf8")) as { entries: JournalEntry[] };
  return journal.entries;
}

const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;

/** Row counts of the public tables and the migration level, in the client's current snapshot. */
export async function inspectDatabase(client: SqlClient): Promise<{ counts: Record<string, number>; migrations: MigrationLevel }> {
  const tables = (await client.query<{ name: string }>("select tablename as name from pg_tables where schemaname = 'public' order by tablename")).rows;
  const counts: Record<string, number> = {};
  if (tables.length > 0) {
    const union = tables.map(({ name }) => `select ${quoteLiteral(name)} as name, count(*)::int as n from public.${quote(name)}`).join(" union all ");
    for (const row of (await client.query<{ name: string; n: number }>(union)).rows) counts[row.name] = Number(row.n);
  }
  const applied = (await client.query<{ exists: boolean }>("select to_regclass('drizzle.__drizzle_migrations') is not null as exists")).rows[0]?.exists
    ? (await client.query<{ n: number; last: string | null }>("select count(*)::int as n, max(created_at)::text as last from drizzle.__drizzle_migrations")).rows[0]
    : undefined;
  const last = applied?.last ? (knownMigrations().find((entry) => String(entry.when) === applied.last)?.tag ?? null) : null;
  return { counts: Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b))), migrations: { count: Number(applied?.n ?? 0), last } };
}

function quoteLiteral(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}

export function totalRows(counts: Record<string, number>): number {
  return Object.values(counts).reduce((sum, n) => sum + n, 0);
}

export async function sha256File(file: string): Promise<string> {
  return createHash("sha256").update(await readFile(file)).digest("hex");
}

/** The manifest of the backup in `dir`, or a BackupError saying it is not one this code can restore. */
export async function readManifest(dir: string): Promise<Manifest> {
  let manifest: Manifest;
  try {
    manifest = JSON.parse(await readFile(path.join(dir, MANIFEST_FILE), "utf8")) as Manifest;
  } catch {
    throw new BackupError(M.notABackup(dir));
  }
  if (manifest?.app !== "zampa" || typeof manifest.database?.file !== "string") throw new BackupError(M.notABackup(dir));
  if (manifest.format !== BACKUP_FORMAT) throw new BackupError(M.unknownFormat(manifest.format));
  return manifest;
}

/** Refuses a backup taken by a newer Zampa: this code would not know its schema. */
export function checkMigrationLevel(level: MigrationLevel): void {
  const known = knownMigrations();
  const unknownLast = level.count > 0 && !known.some((entry) => entry.tag === level.last);
  if (level.count > known.length || unknownLast) throw new BackupError(M.newerMigrations(level.last ?? `n. ${level.count}`));
}
