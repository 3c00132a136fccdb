// The embedded PostgreSQL (PGlite) runs no autovacuum and keeps no activity statistics, so nothing
// refreshes the planner's statistics: a table filled after its last ANALYZE is planned as if it
// were empty, and a searched list page's query read the whole table instead of an index (see
// decision 0030). This does the ANALYZE half of autovacuum's work for PGlite,
// at start-up and every few minutes. A PostgreSQL server does it itself.
import { sql } from "drizzle-orm";
import { db, getDatabase, queryRows } from "./client.server";
import { logger } from "~/lib/logger.server";

const CHECK_EVERY_MS = 10 * 60 * 1000;

/**
 * Tables whose size on disk has moved away from what their last ANALYZE recorded: by more than
 * 4 pages and 10 % (autovacuum's rule in pages, since PGlite counts no row changes). A table never
 * analyzed has 0 recorded pages.
 */
export async function staleTables(): Promise<string[]> {
  const rows = await queryRows<{ name: string }>(sql`
    select c.relname as name
    from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where n.nspname = 'public' and c.relkind = 'r'
      and abs(pg_relation_size(c.oid) / current_setting('block_size')::int - greatest(c.relpages, 0))
          > 4 + 0.1 * greatest(c.relpages, 0)
    order by c.relname`);
  return rows.map((r) => r.name);
}

/** ANALYZE each stale table; returns their names. */
export async function refreshStatistics(): Promise<string[]> {
  const tables = await staleTables();
  for (const table of tables) await db().execute(sql`analyze ${sql.identifier(table)}`);
  return tables;
}

/** On the embedded database: refresh now, then check every few minutes. Returns the stop function. */
export async function keepStatisticsFresh(): Promise<() => void> {
  if (getDatabase().engine !== "pglite") return () => {};
  const run = async () => {
    const started = performance.now();
    const tables = await refreshStatistics();
    if (tables.length) logger.info({ tables, ms: Math.round(performance.now() - started) }, "statistiche del database aggiornate");
  };
  await run();
  const timer = setInterval(() => {
    run().catch((error: unknown) => logger.error({ err: error }, "aggiornamento statistiche del database non riuscito"));
  }, CHECK_EVERY_MS);
  timer.unref();
  return () => clearInterval(timer);
}
