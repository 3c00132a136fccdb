// The cluster's primary process (decision 0069): it forks the workers, which share the port (Node's
// cluster hands each new connection to the next worker), replaces a worker that dies, and stops them
// all cleanly. It loads nothing of the application itself. Erasable TypeScript only.
import cluster, { type Worker } from "node:cluster";
import { logFormat, writeLogLine } from "../app/lib/log-format.ts";
import { bannerBlock, bannerFields, bannerLines, isStartBannerMessage, type StartBanner } from "../app/lib/start-banner.ts";
import { serveClusterMetrics } from "./metrics-primary.ts";

/** A worker that dies sooner than this after starting to listen counts as a crash loop: wait longer. */
const STABLE_MS = 60_000;
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;
const STOP_GRACE_MS = 15_000;

function log(level: "info" | "warn" | "error", msg: string, extra: Record<string, unknown> = {}): void {
  writeLogLine(level === "info" ? process.stdout : process.stderr, level, msg, { pid: process.pid, ...extra });
}

/** The start banner (app/lib/start-banner.ts), as a worker's logger would print it. */
function printBanner(banner: StartBanner): void {
  if (logFormat() === "pretty") process.stdout.write(bannerBlock(banner));
  else log("info", bannerLines(banner)[0]!, bannerFields(banner));
}

/**
 * Starts `count` workers. A worker that fails before it ever listened means the configuration is
 * wrong (a refused S3 key, an unreachable database): the primary stops the others and exits with
 * its code, as a single process would. One that dies later is replaced, after a growing pause when
 * replacements keep dying.
 */
export function runPrimary(count: number): void {
  /** Set once the primary stops: the code it exits with when the last worker is gone. */
  let stopping: { exitCode: number } | undefined;
  let delay = FIRST_DELAY_MS;
  const listeningSince = new Map<number, number>();
  // The start banner, printed once, last: when every worker listens and has written out its lines.
  const bannerFrom = new Map<number, StartBanner | undefined>();
  let announced = false;
  const announce = () => {
    if (announced || stopping || listeningSince.size < count || bannerFrom.size < count) return;
    announced = true;
    log("info", `${count} processi in ascolto`);
    const banner = [...bannerFrom.values()].find((b) => b !== undefined);
    if (banner) printBanner(banner);
  };

  const fork = () => cluster.fork();
  cluster.on("listening", (worker: Worker) => {
    listeningSince.set(worker.id, Date.now());
    announce();
  });
  cluster.on("message", (worker: Worker, message: unknown) => {
    if (!isStartBannerMessage(message)) return;
    bannerFrom.set(worker.id, message.banner);
    announce();
  });
  cluster.on("exit", (worker: Worker, code: number | null, signal: string | null) => {
    const since = listeningSince.get(worker.id);
    listeningSince.delete(worker.id);
    bannerFrom.delete(worker.id);
    if (stopping) {
      if (Object.keys(cluster.workers ?? {}).length === 0) process.exit(stopping.exitCode);
      return;
    }
    if (since === undefined) {
      log("error", "un processo non è riuscito ad avviarsi: arresto", { worker: worker.process.pid, code, signal });
      stopAll(code || 1);
      return;
    }
    delay = Date.now() - since > STABLE_MS ? FIRST_DELAY_MS : Math.min(delay * 2, MAX_DELAY_MS);
    log("warn", "processo terminato: ne avvio un altro", { worker: worker.process.pid, code, signal, inMs: delay });
    // Not unref'd: with every worker gone, this timer is what keeps the primary alive to replace them.
    setTimeout(() => {
      if (!stopping) fork();
    }, delay);
  });

  const stopAll = (exitCode: number) => {
    stopping = { exitCode };
    const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker => w !== undefined);
    if (workers.length === 0) process.exit(exitCode);
    // Each worker stops as a single process does on SIGTERM: no new connections, then the database.
    for (const worker of workers) worker.process.kill("SIGTERM");
    setTimeout(() => {
      for (const worker of Object.values(cluster.workers ?? {})) worker?.process.kill("SIGKILL");
      process.exit(1);
    }, STOP_GRACE_MS).unref();
  };
  for (const signal of ["SIGINT", "SIGTERM"] as const) {
    process.on(signal, () => {
      if (!stopping) stopAll(0);
    });
  }

  // A scrape of /metrics lands on one worker, which asks here for every worker's figures (decision 0067).
  serveClusterMetrics();
  log("info", `avvio ${count} processi`, { workers: count });
  for (let i = 0; i < count; i++) fork();
}
