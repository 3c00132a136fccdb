// Fixed-window counters in the database, so that every app process shares them.
import { sql } from "drizzle-orm";
import { db, queryRows } from "~/db/client.server";
import { rateLimits } from "~/db/schema";

export interface Limit {
  /** how many hits the window allows */
  max: number;
  windowSeconds: number;
}

/**
 * Counts one hit for `key` and tells whether it is within the limit. Atomic: concurrent hits on
 * the same key are serialised by the row's upsert.
 */
export async function hit(key: string, limit: Limit): Promise<{ allowed: boolean; count: number }> {
  const window = sql`make_interval(secs => ${limit.windowSeconds})`;
  const over = sql`${rateLimits.windowStart} < now() - ${window}`;
  const rows = await db()
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, count: 1, expiresAt: sql`now() + ${window}` })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${over} then 1 else ${rateLimits.count} + 1 end`,
        windowStart: sql`case when ${over} then now() else ${rateLimits.windowStart} end`,
        expiresAt: sql`case when ${over} then now() else ${rateLimits.windowStart} end + ${window}`,
      },
    })
    .returning({ count: rateLimits.count });
  const count = rows[0]?.count ?? 1;
  return { allowed: count <= limit.max, count };
}

/** Forget a key (for instance after a successful sign-in). */
export async function reset(key: string): Promise<void> {
  await db().delete(rateLimits).where(sql`${rateLimits.key} = ${key}`);
}

/** Seconds until the current window of `key` ends (0 when it has no open window): for Retry-After. */
export async function secondsLeft(key: string, limit: Limit): Promise<number> {
  const rows = await db()
    .select({ left: sql<number>`ceil(extract(epoch from (${rateLimits.windowStart} + make_interval(secs => ${limit.windowSeconds}) - now())))::int` })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key}`);
  return Math.max(0, Number(rows[0]?.left ?? 0));
}

/** The hits `key` holds in its current window (0 when it has none), without taking one. */
export async function peek(key: string, limit: Limit): Promise<number> {
  const rows = await db()
    .select({ count: rateLimits.count })
    .from(rateLimits)
    .where(sql`${rateLimits.key} = ${key} and ${rateLimits.windowStart} >= now() - make_interval(secs => ${limit.windowSeconds})`);
  return rows[0]?.count ?? 0;
}

/** Gives back one hit taken by `hit` (a request that turned out not to count, such as a successful sign-in). */
export async function release(key: string): Promise<void> {
  await db()
    .update(rateLimits)
    .set({ count: sql`greatest(${rateLimits.count} - 1, 0)` })
    .where(sql`${rateLimits.key} = ${key}`);
}

/** Counters deleted per statement by the housekeeping. */
export const EXPIRED_BATCH_SIZE = 5000;

/**
 * Deletes the counters whose window has ended (the hourly housekeeping): without it every address
 * and account ever limited would keep its row. Batches lock their rows with SKIP LOCKED, so processes
 * running it together delete different rows. Returns how many went.
 */
export async function deleteExpiredCounters(options: { batchSize?: number; maxBatches?: number } = {}): Promise<number> {
  const batchSize = options.batchSize ?? EXPIRED_BATCH_SIZE;
  const maxBatches = options.maxBatches ?? 100;
  let total = 0;
  for (let batch = 0; batch < maxBatches; batch++) {
    const deleted = await queryRows<{ key: string }>(sql`
      delete from rate_limits where key in (
        select key from rate_limits where expires_at < now() limit ${batchSize} for update skip locked
      )
      returning key`);
    const count = deleted.length;
    total += count;
    if (count < batchSize) break;
  }
  return total;
}
