// The server's peak resident memory (VmHWM, start-up included) on the demo content, per engine and
// per kind of start (decision 0081): a first start on a new database (migrations + demo content) and
// a start on that database again, each read when /healthz turns green and after a short load of
// pages and searches with browser headers. Runs `npm start`'s command on an existing build.
//
//   node scripts/bench-memory.ts                                   # PGlite, a new temporary DATA_DIR
//   node scripts/bench-memory.ts --database-url=postgres://…/empty # PostgreSQL (an empty database), WORKERS=1
//   node scripts/bench-memory.ts --node-option=--liftoff-only      # diagnosis only: what a V8 setting
//                                                                  # would change (npm start takes none, decision 0040)
//
// Erasable TypeScript only (Node runs it with type stripping). Linux only: it reads /proc.
import { execFileSync, spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { SERVER_ENTRY, SERVER_ENV, serverNodeFlags } from "../server/node-flags.ts";
import { freePort } from "../harness/load-balancer.ts";
import { browserHeaders } from "./bench/headers.ts";
import { table } from "./bench/report.ts";
import { wrkHeaderArgs } from "./bench/wrk.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const LOAD_SECONDS = 10;
/** Cached and rendered pages, searches and filters: what a visitor's browsing makes the server do. */
const LOAD_PATHS = [
  "/",
  "/articles",
  "/article/prime-settimane-con-il-cucciolo",
  "/category/cani",
  "/categories",
  "/contests",
  "/pet-listings",
  "/pet-listings?q=cane",
  "/pet-listings?q=gatto+milano",
  "/pet-listings?species=cat",
];
/** Searches new to the server each time, after the wrk run: answered by the database, not a cache. */
const NEW_SEARCHES = 40;

interface Memory {
  peakMb: number;
  rssMb: number;
}

function readMemory(pid: number): Memory {
  const status = readFileSync(`/proc/${pid}/status`, "utf8");
  const kb = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, "m").exec(status)?.[1] ?? Number.NaN);
  return { peakMb: kb("VmHWM") / 1024, rssMb: kb("VmRSS") / 1024 };
}

interface Run {
  label: string;
  healthyMs: number;
  healthy: Memory;
  afterLoad: Memory;
  requestsPerSec: number;
}

async function measure(label: string, dataDir: string, databaseUrl: string | undefined, nodeOptions: string[]): Promise<Run> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env, ...SERVER_ENV, NODE_ENV: "production", PORT: String(port), PUBLIC_URL: base };
  for (const name of ["DATABASE_URL", "PAGE_CACHE", "SEED_DEMO", "ADMIN_EMAIL", "ADMIN_PASSWORD", "SMTP_URL", "TRUST_PROXY", "WORKERS"]) delete env[name];
  Object.assign(env, { DATA_DIR: dataDir, LOG_LEVEL: "warn", SEED_DEMO: "true", RATE_LIMITS: "off" });
  // One process: the figure is per process, and a cluster's primary would hide the worker's.
  if (databaseUrl) Object.assign(env, { DATABASE_URL: databaseUrl, WORKERS: "1" });
  const began = Date.now();
  const child = spawn(process.execPath, [...serverNodeFlags(), ...nodeOptions, SERVER_ENTRY], { cwd: root, env, stdio: ["ignore", "ignore", "inherit"] });
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`${label}: the server exited with code ${child.exitCode}`);
      const ok = await fetch(`${base}/healthz`).then((r) => r.ok, () => false);
      if (ok) break;
      if (Date.now() - began > 120_000) throw new Error(`${label}: /healthz not green within 120 s`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const healthyMs = Date.now() - began;
    const healthy = readMemory(child.pid!);
    const list = path.join(dataDir, "load-paths.txt");
    writeFileSync(list, LOAD_PATHS.join("\n") + "\n");
    const wrk = execFileSync("wrk", ["-t2", "-c16", `-d${LOAD_SECONDS}s`, ...wrkHeaderArgs(), "-s", path.join(root, "scripts/bench-mix.lua"), base, "--", list, "1"], { encoding: "utf8" });
    for (let i = 0; i < NEW_SEARCHES; i++) {
      await fetch(`${base}/pet-listings?q=parola${i}+cane`, { headers: browserHeaders({ connection: "close" }) }).then((r) => r.arrayBuffer());
    }
    return { label, healthyMs, healthy, afterLoad: readMemory(child.pid!), requestsPerSec: Number(/Requests\/sec:\s+([\d.]+)/.exec(wrk)?.[1]) };
  } finally {
    child.kill("SIGTERM");
    await exited;
  }
}

async function main(): Promise<void> {
  const databaseUrl = process.argv.find((a) => a.startsWith("--database-url="))?.slice("--database-url=".length);
  const nodeOptions = process.argv.filter((a) => a.startsWith("--node-option=")).map((a) => a.slice("--node-option=".length));
  const engine = (databaseUrl ? "PostgreSQL" : "PGlite") + (nodeOptions.length ? ` (${nodeOptions.join(" ")})` : "");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "zampa-memory-"));
  try {
    const runs = [await measure(`${engine}, new database`, dataDir, databaseUrl, nodeOptions), await measure(`${engine}, reopened`, dataDir, databaseUrl, nodeOptions)];
    const mb = (n: number) => `${n.toFixed(0)} MB`;
    console.log(`Zampa memory — ${new Date().toISOString()}, Node ${process.version}, ${os.availableParallelism()} CPU(s), load average ${os.loadavg()[0]?.toFixed(2)}`);
    console.log(
      table([
        ["start", "healthy in", "peak at healthy", "RSS at healthy", "peak after load", "RSS after load", "load req/s"],
        ...runs.map((r) => [r.label, `${(r.healthyMs / 1000).toFixed(1)} s`, mb(r.healthy.peakMb), mb(r.healthy.rssMb), mb(r.afterLoad.peakMb), mb(r.afterLoad.rssMb), r.requestsPerSec.toFixed(0)]),
      ]),
    );
    console.log(`  (peak = VmHWM, start-up included; load = wrk -t2 -c16 -d${LOAD_SECONDS}s over ${LOAD_PATHS.length} pages, then ${NEW_SEARCHES} new searches)`);
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (import.meta.main) await main();
