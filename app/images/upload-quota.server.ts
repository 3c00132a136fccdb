// The per-account daily upload quota (decision 0066): images counted per Rome calendar day in one
// rate_limits row per account, taken before any image is decoded and given back when nothing was
// kept. One statement takes it under the row's lock, so all processes together never exceed it.
import { can } from "~/accounts/permissions";
import { sql } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { config } from "~/config.server";
import { queryRows } from "~/db/client.server";
import { romeInstant, romeWallClock } from "~/lib/rome-time";
import { IMAGE_MESSAGES } from "./limits";
import { ImageRejected } from "./process-image.server";

/** Who uploads: the editorial team is exempt (its work is not the abuse this guards against). */
export type Uploader = Pick<CurrentUser, "id" | "role">;

const keyOf = (userId: string) => `upload-quota:${userId}`;

/** Midnight in Rome that started the day of `now`: the day's row begins there. */
function romeDayStart(now: Date): string {
  return romeInstant({ ...romeWallClock(now), h: 0, mi: 0, s: 0 }).toISOString();
}

/**
 * Counts `images` toward the uploader's quota for today, or throws ImageRejected (429, nothing
 * counted) when they do not fit. Returns the give-back, for when the images end up not stored.
 */
export async function takeUploadQuota(uploader: Uploader, images: number, now = new Date()): Promise<() => Promise<void>> {
  const none = async () => {};
  if (images <= 0 || can(uploader.role, "articles.manage")) return none;
  const max = config().uploadDailyQuota;
  const key = keyOf(uploader.id);
  const day = romeDayStart(now);
  // A row from an earlier day starts over; the update happens only when the images fit.
  const taken = await queryRows<{ count: number }>(sql`
    insert into rate_limits (key, window_start, count, expires_at)
    select ${key}::text, ${day}::timestamptz, ${images}::int, ${day}::timestamptz + interval '1 day' where ${images}::int <= ${max}::int
    on conflict (key) do update set
      count = case when rate_limits.window_start < excluded.window_start then excluded.count else rate_limits.count + excluded.count end,
      window_start = greatest(rate_limits.window_start, excluded.window_start),
      expires_at = greatest(rate_limits.expires_at, excluded.expires_at)
    where (case when rate_limits.window_start < excluded.window_start then 0 else rate_limits.count end) + excluded.count <= ${max}::int
    returning count`);
  if (taken.length === 0) {
    const [row] = await queryRows<{ count: number }>(sql`select count from rate_limits where key = ${key} and window_start = ${day}::timestamptz`);
    const left = max - Number(row?.count ?? 0);
    throw new ImageRejected(left > 0 ? IMAGE_MESSAGES.dailyQuotaLeft(left, max) : IMAGE_MESSAGES.dailyQuotaReached(max), 429);
  }
  let given = false;
  return async () => {
    if (given) return;
    given = true;
    // Only into the same day's row: after midnight the new day owes nothing.
    await queryRows(sql`update rate_limits set count = greatest(count - ${images}::int, 0) where key = ${key} and window_start = ${day}::timestamptz returning count`);
  };
}
