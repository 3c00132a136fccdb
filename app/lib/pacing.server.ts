// Turns for an outside service that must not be called faster than a pace by the whole site, however
// many processes run it (Nominatim's usage policy: one request a second). The next free turn is a
// row, moved forward atomically by whoever takes a turn (decision 0071).
import { sql } from "drizzle-orm";
import { queryRows } from "~/db/client.server";

/**
 * Takes the next turn of `key` (turns `intervalMs` apart) and answers how many milliseconds to
 * wait before it starts. Times are the database's, so the processes' clocks need not agree.
 */
export async function takeTurn(key: string, intervalMs: number): Promise<number> {
  const interval = sql`make_interval(secs => ${intervalMs / 1000})`;
  const rows = await queryRows<{ wait_ms: number | string }>(sql`
    insert into pacing (key, next_at) values (${key}, clock_timestamp() + ${interval})
    on conflict (key) do update set next_at = greatest(pacing.next_at, clock_timestamp()) + ${interval}
    returning greatest(0, ceil(extract(epoch from (next_at - ${interval} - clock_timestamp())) * 1000))::int as wait_ms`);
  return Math.max(0, Number(rows[0]?.wait_ms ?? 0));
}
