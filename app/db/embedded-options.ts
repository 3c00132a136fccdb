// How the embedded database (PGlite) is opened, in one place for the server (client.server.ts) and
// for the backup commands, which open a stopped server's directory themselves (app/backup).
// Erasable TypeScript with no app imports: scripts/backup.ts loads it under Node's type stripping.
import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import type { PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { unaccent } from "@electric-sql/pglite/contrib/unaccent";

export const EMBEDDED_EXTENSIONS = { unaccent, pg_trgm };

export const EMBEDDED_OPTIONS = {
  extensions: EMBEDDED_EXTENSIONS,
  // PostgreSQL's defaults assume a dedicated server; in-process, smaller buffers keep the app's
  // memory low (the operating system still caches the data files).
  postgresqlconf: ["shared_buffers = 24MB", "work_mem = 4MB", "maintenance_work_mem = 32MB", "temp_buffers = 4MB"],
} satisfies PGliteOptions;

/**
 * A new, empty database cluster made once by `npm run build` (scripts/embedded-template.ts). PGlite
 * creates a new data directory by running initdb in a second PostgreSQL instance inside the server's
 * own process; copying this tarball in instead keeps that instance, its WebAssembly memory and its
 * code out of the first start's peak memory (decision 0081). app/db → repository root → build, the
 * same depth from the source and from build/server.
 */
export const EMBEDDED_TEMPLATE = fileURLToPath(new URL("../../build/empty-database.tar.gz", import.meta.url));

/**
 * The options that open `dir`: a directory without a database starts from the build's empty
 * cluster when there is one (else PGlite runs initdb itself, as before a build or in tests).
 */
export function embeddedOptionsFor(dir: string, template = EMBEDDED_TEMPLATE): PGliteOptions {
  if (existsSync(path.join(dir, "PG_VERSION")) || !existsSync(template)) return EMBEDDED_OPTIONS;
  return { ...EMBEDDED_OPTIONS, loadDataDir: new Blob([readFileSync(template)], { type: "application/gzip" }) };
}
