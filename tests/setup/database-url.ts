// The PostgreSQL database of this vitest worker (tests/setup/global-database.ts), or undefined on
// PGlite. VITEST_POOL_ID stays the same for all the files a worker runs, and no two workers running
// at the same time share it.
import pg from "pg";
import { inject } from "vitest";

export function testDatabaseUrl(): string | undefined {
  const server = inject("databaseServer");
  if (!server) return undefined;
  const url = new URL(server.url);
  url.pathname = `/${workerDatabaseName(server.prefix)}`;
  return url.toString();
}

function workerDatabaseName(prefix: string): string {
  return `${prefix}_w${process.env.VITEST_POOL_ID ?? "1"}`;
}

/** Creates this worker's database unless a worker before it with the same id already did. */
export async function ensureTestDatabase(): Promise<string | undefined> {
  const server = inject("databaseServer");
  if (!server) return undefined;
  const name = workerDatabaseName(server.prefix);
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    const { rowCount } = await admin.query("select 1 from pg_database where datname = $1", [name]);
    if (!rowCount) await admin.query(`create database "${name}"`);
  } finally {
    await admin.end();
  }
  return testDatabaseUrl();
}
