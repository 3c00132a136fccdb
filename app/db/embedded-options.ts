// How the embedded database (PGlite) is opened, in one place for the server (client.server.ts) and
// for the backup commands, which open a stopped server's directory themselves (app/backup).
// Erasable TypeScript with no app imports: scripts/backup.ts loads it under Node's type stripping.
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
