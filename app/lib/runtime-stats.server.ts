// What the metrics endpoint reports about this process's app (decision 0067): the caches' counts,
// the database pool and the AI queue. Plain counters here; the HTTP server turns them into
// Prometheus metrics when scraped (server/metrics.ts), so the app carries no metrics library.
import { sql } from "drizzle-orm";
import { getDatabase, queryRows } from "~/db/client.server";

/** Requests the page cache answered (hit), rendered to keep (miss), or could not keep (bypass: signed in, a search, a POST…). */
export const pageCacheCounts = { hit: 0, miss: 0, bypass: 0 };
/** Memoized query results found (hit) or loaded (miss). */
export const memoCounts = { hit: 0, miss: 0 };

export interface PoolStats {
  /** connections open */
  total: number;
  idle: number;
  /** queries waiting for a connection */
  waiting: number;
}

/** The database pool: a PostgreSQL server's connections, or the embedded database as one connection. */
export function poolStats(): PoolStats {
  return getDatabase().pool?.() ?? { total: 1, idle: 0, waiting: 0 };
}

/** AI requests waiting in the site-wide queue (rows of ai_requests, every process's). */
export async function aiQueueDepth(): Promise<number> {
  const rows = await queryRows<{ waiting: number }>(sql`select count(*)::int as waiting from ai_requests where state = 'waiting'`);
  return Number(rows[0]?.waiting ?? 0);
}
