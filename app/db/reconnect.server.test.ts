import { sql } from "drizzle-orm";
import pg from "pg";
import { describe, expect, it } from "vitest";
import { testDatabaseUrl } from "../../tests/setup/database-url";
import { openDatabase } from "./client.server";

const databaseUrl = testDatabaseUrl();

describe("a PostgreSQL server that closes the connections (a restart, a failover)", () => {
  it.skipIf(!databaseUrl)("leaves the process running, and the next queries find new connections", async () => {
    const database = await openDatabase({ databaseUrl });
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    try {
      // Idle connections in the pool, as between two visitors' requests.
      await Promise.all([1, 2, 3].map(() => database.db.execute(sql`select pg_sleep(0.05)`)));
      const terminated = await admin.query("select count(pg_terminate_backend(pid))::int as n from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid() and application_name = ''");
      expect(terminated.rows[0].n).toBeGreaterThan(0);
      await new Promise((resolve) => setTimeout(resolve, 300));
      const rows = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
      expect(rows.rows[0]!.one).toBe(1);
    } finally {
      await admin.end();
      await database.close();
    }
  });

  it.skipIf(!databaseUrl)("leaves the process running when the connection holding an advisory lock is closed", async () => {
    const database = await openDatabase({ databaseUrl });
    const admin = new pg.Client({ connectionString: databaseUrl });
    await admin.connect();
    const unheard: unknown[] = [];
    const onUncaught = (error: unknown) => unheard.push(error);
    process.on("uncaughtException", onUncaught);
    try {
      const lock = 990_001;
      const result = await database.exclusive(lock, async () => {
        const holder = await admin.query("select pid from pg_locks where locktype = 'advisory' and objid = $1 and granted", [lock]);
        expect(holder.rows).toHaveLength(1);
        await admin.query("select pg_terminate_backend($1)", [holder.rows[0].pid]);
        await new Promise((resolve) => setTimeout(resolve, 300));
        return "done";
      });
      expect(result).toBe("done");
      expect(unheard).toEqual([]);
      const rows = (await database.db.execute(sql`select 1 as one`)) as unknown as { rows: { one: number }[] };
      expect(rows.rows[0]!.one).toBe(1);
    } finally {
      process.off("uncaughtException", onUncaught);
      await admin.end();
      await database.close();
    }
  });
});
