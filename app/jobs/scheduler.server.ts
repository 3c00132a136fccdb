// The clock of scheduled publishing (decision 0046): one per server process, started by start-up
// once the database is ready. It runs at once (articles that came due while no server ran are
// published now), then at the start of every minute. Runs never overlap in a process: the next
// one is planned only when the current one has finished. Several processes may tick together:
// the claim in publishDueArticles gives each article to one of them.
import { publishDueArticles, type PublishCounts } from "~/articles/scheduler.server";
import { logger } from "~/lib/logger.server";

export const SCHEDULER_INTERVAL_MS = 60_000;

export interface SchedulerOptions {
  /** Period of the ticks, aligned to multiples of it on the wall clock (default one minute). */
  intervalMs?: number;
  /** The work of one tick (tests inject their own). */
  run?: () => Promise<PublishCounts>;
}

export interface Scheduler {
  /** No tick after this; resolves when a run in progress has finished (before the database closes). */
  stop(): Promise<void>;
}

export function startScheduler(options: SchedulerOptions = {}): Scheduler {
  const intervalMs = options.intervalMs ?? SCHEDULER_INTERVAL_MS;
  const run = options.run ?? (() => publishDueArticles());
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
      clearTimeout(timer);
      await current;
    },
  };
}
