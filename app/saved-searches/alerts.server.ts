// The saved searches' alerts (decision 0097): the listings queued since the last run are matched,
// then the "Subito" mails and, from 8:00 Italian time, the daily digests are sent. Every server
// process runs the alert clock: every few seconds it asks the database, with one indexed read,
// whether anything waits (a listing queued by any process or path, a "Subito" mail to write),
// so that "Subito" means within seconds; the daily digests are looked for once a minute. The claims
// in the matcher and the sender keep the processes from doing any piece of the work twice.
import { sql } from "drizzle-orm";
import { queryRows } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { matchQueuedListings } from "./matcher.server";
import { sendDueAlerts } from "./sender.server";

export const ALERT_POLL_MS = 5_000;
const DIGEST_POLL_MS = 60_000;

export async function runSearchAlerts(now = new Date(), { batchSize, daily = true }: { batchSize?: number; daily?: boolean } = {}) {
  const matched = await matchQueuedListings({ now, batchSize });
  const instant = await sendDueAlerts("instant", now);
  const digests = daily ? await sendDueAlerts("daily", now) : { mails: 0, listings: 0, failed: 0 };
  if (matched.listings || instant.mails || digests.mails || instant.failed || digests.failed) {
    logger.info({ matched, instant, daily: digests }, "ricerche salvate: avvisi");
  }
  return { matched, instant, daily: digests };
}

/** A listing waits for the matcher, or a "Subito" mail for its writer (two index probes). */
async function instantWorkWaits(): Promise<boolean> {
  const [row] = await queryRows<{ waits: boolean }>(sql`
    select exists (select 1 from listing_alert_queue where matched_at is null)
        or exists (select 1 from alert_mails) as waits`);
  return row?.waits === true;
}

export interface AlertClock {
  stop(): Promise<void>;
}

/** Starts this process's alert clock; runs never overlap within the process. */
export function startAlertClock(intervalMs = ALERT_POLL_MS): AlertClock {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;
  let lastDigestLook = -Infinity;

  const tick = async () => {
    const daily = Date.now() - lastDigestLook >= DIGEST_POLL_MS;
    try {
      if (daily || (await instantWorkWaits())) {
        if (daily) lastDigestLook = Date.now();
        let done = await runSearchAlerts(new Date(), { daily });
        // A burst (decision 0098): while its runs find work, the process goes on at once instead of
        // waiting for the next tick; a run that found everything held by other processes waits.
        while (!stopped && (done.matched.listings > 0 || done.instant.mails > 0) && (await instantWorkWaits())) {
          done = await runSearchAlerts(new Date(), { daily: false });
        }
      }
    } catch (error) {
      // The work stays claimed in the database only when done: a failed run leaves it for the next.
      logger.error({ err: error }, "ricerche salvate: avvisi non riusciti");
    }
  };
  const plan = () => {
    if (stopped) return;
    timer = setTimeout(() => {
      current = tick().finally(() => {
        current = undefined;
        plan();
      });
    }, intervalMs);
    timer.unref();
  };
  plan();
  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await current;
    },
  };
}
