// With TEST_DATABASE_URL, the integration suite runs against a real PostgreSQL server: each vitest
// worker in a database of its own (tests/setup/database-url.ts makes it when the worker starts), all
// of them named after this run and dropped after it. Separate databases let the suite run on
// several workers: tests that commit, hold locks, LISTEN or start other processes on the database
// then meet only their own worker's data (advisory locks and notifications are per database).
import pg from "pg";
import type { TestProject } from "vitest/node";

declare module "vitest" {
  export interface ProvidedContext {
    /** the PostgreSQL server and this run's prefix for the workers' database names; unset on PGlite */
    databaseServer: { url: string; prefix: string } | undefined;
  }
}

export default async function setup(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    project.provide("databaseServer", undefined);
    return;
  }
  const prefix = `zampa_test_${Date.now()}_${process.pid}`;
  project.provide("databaseServer", { url: serverUrl, prefix });
  console.log(`Test su PostgreSQL: database ${prefix}_w*`);

  return async () => {
    const client = new pg.Client({ connectionString: serverUrl });
    await client.connect();
    try {
      const { rows } = await client.query<{ datname: string }>("select datname from pg_database where starts_with(datname, $1)", [`${prefix}_w`]);
      for (const { datname } of rows) await client.query(`drop database if exists "${datname}" with (force)`);
    } finally {
      await client.end();
    }
  };
}
