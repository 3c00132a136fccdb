// The production server as the bench runs it: built, started on a free port with the bench's
// settings, ready when /healthz answers 200; its output kept, its log file's warnings read back.
// Erasable TypeScript only (the pinned Node runs it).
import { spawn } from "node:child_process";
import { closeSync, createReadStream, existsSync, openSync, readSync, statSync } from "node:fs";
import { createServer } from "node:net";
import { createInterface } from "node:readline";
import { SERVER_ENTRY, SERVER_ENV, serverNodeFlags } from "../../server/node-flags.ts";
import { root, sleep, step } from "./common.ts";
import { benchFetch } from "./http.ts";
import { live, type Server } from "./live.ts";

const HEALTH_TIMEOUT_MS = 120_000;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error("no free port"))));
    });
  });
}

/**
 * `logFile`: the server logs as configured by default (LOG_LEVEL unset: every request's access-log
 * line) to this file, as a production server writes to its journal; otherwise LOG_LEVEL=warn and
 * its output comes here, so that the bench can show warnings and errors. `databaseUrl`: the server
 * runs on that PostgreSQL database instead of the embedded one, with its default number of
 * processes (WORKERS unset: one per CPU, server/workers.ts); `pid` is then the cluster's primary.
 */
export async function startServer(dataDir: string, pageCache: boolean, options: { logFile?: string; databaseUrl?: string } = {}): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Only what the bench sets: no external database unless asked, no settings from the caller's shell.
  for (const name of ["DATABASE_URL", "WORKERS", "PAGE_CACHE", "SEED_DEMO", "ADMIN_EMAIL", "ADMIN_PASSWORD", "SMTP_URL", "TRUST_PROXY"]) {
    delete env[name];
  }
  if (options.databaseUrl) env.DATABASE_URL = options.databaseUrl;
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
    // Every bench request comes from 127.0.0.1: thousands of searches a minute from one address
    // stand for many visitors, so the per-address limits by route class (decision 0068) are off.
    RATE_LIMITS: "off",
    ...SERVER_ENV,
  });
  if (!pageCache) env.PAGE_CACHE = "false";
  if (options.logFile) delete env.LOG_LEVEL;
  const logFd = options.logFile ? openSync(options.logFile, "a") : undefined;

  // Spawned directly (not through npm) so that child.pid is the server's own process.
  const child = spawn(process.execPath, [...serverNodeFlags(), SERVER_ENTRY], { cwd: root, env, stdio: ["ignore", logFd ?? "pipe", "pipe"] });
  if (logFd !== undefined) closeSync(logFd);
  if (child.pid === undefined) throw new Error("could not start the server process");
  const server: Server = {
    child,
    pid: child.pid,
    base,
    log: [],
    lineCount: 0,
    exit: undefined,
    readyMs: 0,
    logFile: options.logFile,
    exited: new Promise((resolve) => {
      child.once("exit", (code, signal) => {
        server.exit = { code, signal };
        resolve();
      });
    }),
  };
  live.servers.add(server);
  for (const stream of [child.stdout, child.stderr]) {
    let partial = "";
    stream?.setEncoding("utf8");
    stream?.on("data", (chunk: string) => {
      const lines = (partial + chunk).split("\n");
      partial = lines.pop() ?? "";
      for (const line of lines) {
        if (!line.trim()) continue;
        server.log.push(line);
        server.lineCount += 1;
      }
      if (server.log.length > 500) server.log.splice(0, server.log.length - 500);
    });
  }

  const started = Date.now();
  let last = "no answer yet";
  for (;;) {
    if (server.exit) {
      throw new Error(
        `the server exited (code ${server.exit.code}, signal ${server.exit.signal}) before /healthz answered 200.\n` +
          `Its last output:\n${lastOutput(server) || "(nothing)"}`,
      );
    }
    try {
      const response = await benchFetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) break;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    }
    if (Date.now() - started > HEALTH_TIMEOUT_MS) {
      throw new Error(
        `the server did not answer 200 on /healthz within ${HEALTH_TIMEOUT_MS / 1000} s (last: ${last}).\n` +
          `Its last output:\n${lastOutput(server) || "(nothing)"}`,
      );
    }
    await sleep(100);
  }
  server.readyMs = Date.now() - started;
  step(`server pid ${server.pid} ready on ${base} in ${(server.readyMs / 1000).toFixed(1)} s`);
  return server;
}

/** The server's last 40 lines of output (with its log file's warnings and errors, when it writes one). */
function lastOutput(server: Server): string {
  let tail = "";
  if (server.logFile && existsSync(server.logFile)) {
    const fd = openSync(server.logFile, "r");
    const size = statSync(server.logFile).size;
    const buffer = Buffer.alloc(Math.min(size, 8192));
    readSync(fd, buffer, 0, buffer.length, size - buffer.length);
    closeSync(fd);
    tail = buffer.toString("utf8").split("\n").slice(1).join("\n").trim();
  }
  return [tail, server.log.slice(-40).join("\n")].filter(Boolean).join("\n");
}

/**
 * The warnings and errors (pino's level ≥ 40) of a log file from byte `from` on, read as a stream:
 * with the access log on it grows by every request.
 */
export async function logWarnings(file: string, from: number): Promise<{ lines: string[]; count: number }> {
  const found = { lines: [] as string[], count: 0 };
  if (!existsSync(file)) return found;
  const lines = createInterface({ input: createReadStream(file, { start: from, encoding: "utf8" }), crlfDelay: Infinity });
  for await (const line of lines) {
    if (!line.trim() || /^\{"level":[123]\d,/.test(line)) continue;
    found.count += 1;
    if (found.lines.length < 5) found.lines.push(line);
  }
  return found;
}

export const logSize = (file: string): number => (existsSync(file) ? statSync(file).size : 0);
