// One run of the saved searches' alerts (decision 0097): the listings queued since the last run are
// matched, then the "Subito" mails and, from 8:00 Italian time, the daily digests are sent. It runs
// on the job clock every minute (app/jobs/scheduler.server.ts) and, in the process that published a
// listing, a few seconds after it (`nudgeSearchAlerts`), so that "Subito" means within a minute.
import { logger } from "~/lib/logger.server";
import { matchQueuedListings } from "./matcher.server";
import { sendDueAlerts } from "./sender.server";

export async function runSearchAlerts(now = new Date(), { batchSize }: { batchSize?: number } = {}) {
  const matched = await matchQueuedListings({ now, batchSize });
  const instant = await sendDueAlerts("instant", now);
  const daily = await sendDueAlerts("daily", now);
  if (matched.listings || instant.mails || daily.mails || instant.failed || daily.failed) {
    logger.info({ matched, instant, daily }, "ricerche salvate: avvisi");
  }
  return { matched, instant, daily };
}

const NUDGE_DELAY_MS = 2_000;
let nudged: NodeJS.Timeout | undefined;
/** On while this process runs the job clock (startScheduler): a process without it leaves the work to others. */
let nudgesOn = false;

export function allowSearchAlertNudges(on: boolean): void {
  nudgesOn = on;
  if (!on && nudged) {
    clearTimeout(nudged);
    nudged = undefined;
  }
}
let running: Promise<unknown> | undefined;

/**
 * Asks for a run soon in this process (a listing was just published): several publications within
 * the delay make one run, and a run never overlaps another of this process. Other processes find the
 * work on their own clock; the claims keep them from doing it twice.
 */
export function nudgeSearchAlerts(): void {
  if (!nudgesOn || nudged) return;
  nudged = setTimeout(() => {
    nudged = undefined;
    if (running) return;
    running = runSearchAlerts()
      .catch((error: unknown) => logger.error({ err: error }, "ricerche salvate: avvisi non riusciti"))
      .finally(() => {
        running = undefined;
      });
  }, NUDGE_DELAY_MS);
  nudged.unref();
}
