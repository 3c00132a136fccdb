// The cluster's primary process (decision 0069): it forks the workers, which share the port (Node's
// cluster hands each new connection to the next worker), replaces a worker that dies, and stops them
// all cleanly. It loads nothing of the application itself. Erasable TypeScript only.
import cluster, { type Worker } from "node:cluster";
import { serveClusterMetrics } from "./metrics-primary.ts";

/** A worker that dies sooner than this after starting to listen counts as a crash loop: wait longer. */
const STABLE_MS = 60_000;
const FIRST_DELAY_MS = 500;
const MAX_DELAY_MS = 30_000;
const STOP_GRACE_MS = 15_000;

function log(level: "info" | "warn" | "error", msg: string, extra: Record<string, unknown> = {}): void {
  const line = JSON.stringify({ level: { info: 30, warn: 40, error: 50 }[level], time: Date.now(), pid: process.pid, msg, ...extra });
  (level === "info" ? process.stdout : process.stderr).write(line + "\n");
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

  const fork = () => cluster.fork();
  cluster.on("listening", (worker: Worker) => {
    listeningSince.set(worker.id, Date.now());
    if (listeningSince.size === count && !stopping) log("info", `${count} processi in ascolto`);
  });
  cluster.on("exit", (worker: Worker, code: number | null, signal: string | null) => {
    const since = listeningSince.get(worker.id);
    listeningSince.delete(worker.id);
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
