// The clock of scheduled publishing (decision 0046): one per server process, started by start-up
// once the database is ready. It runs at once (articles that came due while no server ran are
// published now), then at the start of every minute. Runs never overlap in a process: the next
// one is planned only when the current one has finished. Several processes may tick together:
// the claim in publishDueArticles gives each article to one of them.
// The same clock runs the hourly housekeeping: the conversations no one may read any more are
// removed (app/messages/purge.server.ts, decision 0091) and the limits' counters whose window has
// ended (app/lib/rate-limit.server.ts, decision 0095), in batches whose rows each run locks; and
// listings near or past their 60 days are announced to their owners and closed (decision 0093); the
// saved searches' announcements older than 180 days are forgotten (decision 0097); bulk jobs over
// for 30 days go (decision 0109), and each tick takes up a bulk job whose worker stopped.
// Beside it runs the saved searches' alert clock, every few seconds (decision 0097).
import { publishDueArticles, type PublishCounts } from "~/articles/scheduler.server";
import { purgeOldBulkJobs, resumeBulkJobs } from "~/bulk/jobs.server";
import { logger } from "~/lib/logger.server";
import { deleteExpiredCounters } from "~/lib/rate-limit.server";
import { runListingExpiry } from "~/listings/expiry.server";
import { purgeConversations } from "~/messages/purge.server";
import { startAlertClock } from "~/saved-searches/alerts.server";
import { purgeAnnouncedMatches } from "~/saved-searches/matcher.server";

export const SCHEDULER_INTERVAL_MS = 60_000;
export const HOUSEKEEPING_INTERVAL_MS = 60 * 60_000;

/** The hourly work: what is past its keeping time goes. */
export async function housekeeping(): Promise<void> {
  const conversations = await purgeConversations();
  if (conversations) logger.info({ conversations }, "conversazioni scadute eliminate");
  const expiry = await runListingExpiry();
  if (expiry.notified || expiry.closed) logger.info(expiry, "scadenza annunci: avvisi inviati e annunci chiusi");
  const counters = await deleteExpiredCounters();
  if (counters) logger.info({ counters }, "contatori dei limiti scaduti eliminati");
  const announced = await purgeAnnouncedMatches();
  if (announced) logger.info({ announced }, "ricerche salvate: avvisi vecchi dimenticati");
  const bulkJobs = await purgeOldBulkJobs();
  if (bulkJobs) logger.info({ bulkJobs }, "azioni di gruppo concluse da tempo eliminate");
}

export interface SchedulerOptions {
  /** Period of the ticks, aligned to multiples of it on the wall clock (default one minute). */
  intervalMs?: number;
  /** The work of one tick (tests inject their own). */
  run?: () => Promise<PublishCounts>;
  /** The hourly work (default: housekeeping(); none when a test injects `run` alone). */
  housekeeping?: () => Promise<void>;
  housekeepingIntervalMs?: number;
  /** The saved searches' alert clock (default on; off when a test injects `run`). */
  alerts?: boolean;
}

export interface Scheduler {
  /** No tick after this; resolves when a run in progress has finished (before the database closes). */
  stop(): Promise<void>;
}

export function startScheduler(options: SchedulerOptions = {}): Scheduler {
  const intervalMs = options.intervalMs ?? SCHEDULER_INTERVAL_MS;
  const run = options.run ?? (() => publishDueArticles());
  const hourly = options.housekeeping ?? (options.run ? undefined : housekeeping);
  const hourlyMs = options.housekeepingIntervalMs ?? HOUSEKEEPING_INTERVAL_MS;
  const alerts = (options.alerts ?? !options.run) ? startAlertClock() : undefined;
  // Bulk jobs whose worker stopped (a restart) are taken up at the next tick (decision 0109).
  const bulk = options.run ? undefined : resumeBulkJobs;
  let lastHousekeeping = -Infinity;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let current: Promise<void> | undefined;

  const tick = async (): Promise<void> => {
    try {
      const counts = await run();
      if (counts.published || counts.failed || counts.skipped) logger.info(counts, "pubblicazione programmata eseguita");
    } catch (error) {
      // A database that is briefly away (a restart, a failover) must not stop the clock: the
      // articles stay due and the next tick publishes them.
      logger.error({ err: error }, "pubblicazione programmata non riuscita");
    }
    if (bulk) {
      try {
        const resumed = await bulk();
        if (resumed) logger.info({ resumed }, "azioni di gruppo riprese");
      } catch (error) {
        logger.error({ err: error }, "azioni di gruppo: ripresa non riuscita");
      }
    }
    if (hourly && Date.now() - lastHousekeeping >= hourlyMs) {
      lastHousekeeping = Date.now();
      try {
        await hourly();
      } catch (error) {
        // Tried again at the next hour: nothing is lost by waiting.
        logger.error({ err: error }, "manutenzione periodica non riuscita");
      }
    }
  };

  const plan = (): void => {
    if (stopped) return;
    const delay = intervalMs - (Date.now() % intervalMs);
    timer = setTimeout(() => {
      current = tick().finally(() => {
        current = undefined;
        plan();
      });
    }, delay);
    // The clock alone does not keep the process alive.
    timer.unref();
  };

  current = tick().finally(() => {
    current = undefined;
    plan();
  });

  return {
    async stop() {
      stopped = true;
      const alertsStopped = alerts?.stop();
      clearTimeout(timer);
      await current;
      await alertsStopped;
    },
  };
}
