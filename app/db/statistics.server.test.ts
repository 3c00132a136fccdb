import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { db, queryRows } from "./client.server";
import { refreshStatistics, staleTables } from "./statistics.server";

// Not in a rolled-back transaction: the sizes on disk are what is measured. The table is this
// test's own and is dropped at the end.
describe("planner statistics", () => {
  it("analyzes a table that grew since its last ANALYZE, and then leaves it alone", async () => {
    const table = `stats_probe_${process.pid}`;
    await db().execute(sql`create table ${sql.identifier(table)} (id int primary key, note text)`);
    try {
      await db().execute(sql`insert into ${sql.identifier(table)} select g, repeat('zampa ', 40) from generate_series(1, 2000) g`);
      expect(await staleTables()).toContain(table);

      const analyzed = await refreshStatistics();
      expect(analyzed).toContain(table);
      const [stats] = await queryRows<{ reltuples: number }>(sql`select reltuples from pg_class where relname = ${table}`);
      expect(Number(stats?.reltuples)).toBeGreaterThan(1500);
      expect(await staleTables()).not.toContain(table);
    } finally {
      await db().execute(sql`drop table ${sql.identifier(table)}`);
    }
  });
});
