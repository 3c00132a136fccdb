// `npm run bench`: build, start the production server on the embedded database (PGlite) with the
// demo content, and measure the home, an article and a category page with wrk, once with the page
// cache on and once with it off (PAGE_CACHE=false); then the article page's JavaScript weight and a
// Lighthouse run (mobile defaults) on the three pages. Prints a report with PASS/FAIL next to the
// targets and exits 0 even when targets fail; non-zero only when something could not run.
//
//   node scripts/bench.ts [--skip-build] [--skip-lighthouse] [--duration=10s] [--only=cached|uncached]
//
// The report goes to stdout, progress and the build log to stderr. Runs on Node 24 directly (type
// stripping): erasable TypeScript only.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { accessSync, constants, existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import os from "node:os";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { gzipSync } from "node:zlib";
import type { LaunchedChrome } from "chrome-launcher";
import {
  LH_CATEGORIES,
  atLeast,
  atMost,
  durationSeconds,
  failingAudits,
  formatInt,
  formatMs,
  parseWrk,
  table,
  type LhResultLike,
  type WrkResult,
} from "./bench-lib.ts";

import { SERVER_NODE_FLAGS } from "../server/node-flags.ts";
import { build } from "./build.ts";
import { CHROMIUM_FLAGS } from "./chromium-flags.ts";

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");

const PAGES = [
  { label: "home", path: "/" },
  { label: "article", path: "/article/prime-settimane-con-il-cucciolo" },
  { label: "category", path: "/category/cani" },
] as const;
const ARTICLE_PATH = "/article/prime-settimane-con-il-cucciolo";

const TARGETS = {
  cached: { rps: 8000, p99: 20 },
  uncached: { rps: 300, p99: 150 },
  memoryMb: 300,
  jsKb: 120,
};
const WRK_THREADS = 2;
const WRK_CONNECTIONS = 32;
const WARM_REQUESTS = 50;
const HEALTH_TIMEOUT_MS = 120_000;

type PhaseName = "cached" | "uncached";

const USAGE = `Usage: node scripts/bench.ts [options]   (or: npm run bench -- [options])

  --skip-build        reuse build/ instead of building first
  --skip-lighthouse   do not run Lighthouse
  --duration=10s      wrk duration per page (wrk syntax: 30, 30s, 2m)
  --only=cached       only the phase with the page cache on (or: --only=uncached)
  --help              this text`;

// --- Progress (stderr) ---------------------------------------------------------------------------

function step(message: string): void {
  process.stderr.write(`› ${message}\n`);
}

function out(text = ""): void {
  process.stdout.write(`${text}\n`);
}

// --- Things to clean up on exit, errors and signals ----------------------------------------------

interface Server {
  child: ChildProcess;
  pid: number;
  base: string;
  /** All the server's output lines, capped to the last 500. */
  log: string[];
  /** How many lines the server has printed in total (the log keeps only the last ones). */
  lineCount: number;
  exit: { code: number | null; signal: NodeJS.Signals | null } | undefined;
  exited: Promise<void>;
}

const live = {
  servers: new Set<Server>(),
  tempDirs: new Set<string>(),
  children: new Set<ChildProcess>(),
  chrome: undefined as LaunchedChrome | undefined,
};

async function stopServer(server: Server): Promise<void> {
  if (!server.exit) {
    server.child.kill("SIGTERM");
    const force = setTimeout(() => server.child.kill("SIGKILL"), 5000);
    await server.exited;
    clearTimeout(force);
  }
  live.servers.delete(server);
}

let cleaning: Promise<void> | undefined;
function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (const child of live.children) child.kill("SIGKILL");
    try {
      live.chrome?.kill();
    } catch {
      // already gone
    }
    live.chrome = undefined;
    await Promise.all([...live.servers].map(stopServer));
    for (const dir of live.tempDirs) rmSync(dir, { recursive: true, force: true });
    live.tempDirs.clear();
  })();
  return cleaning;
}

// Last resort when the process exits some other way: nothing asynchronous is possible here.
process.on("exit", () => {
  for (const server of live.servers) server.child.kill("SIGKILL");
  for (const child of live.children) child.kill("SIGKILL");
  for (const dir of live.tempDirs) rmSync(dir, { recursive: true, force: true });
});

for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
  process.on(signal, () => {
    process.stderr.write(`\n${signal}: stopping the server and removing the temporary files…\n`);
    void cleanup().finally(() => process.exit(130));
  });
}

// --- Helpers -------------------------------------------------------------------------------------

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

function findExecutable(name: string): string | undefined {
  for (const dir of (process.env.PATH ?? "").split(path.delimiter).concat("/usr/bin", "/usr/local/bin")) {
    if (!dir) continue;
    const candidate = path.join(dir, name);
    try {
      accessSync(candidate, constants.X_OK);
      return candidate;
    } catch {
      // not here
    }
  }
  return undefined;
}

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

/** VmHWM (peak resident set) and VmRSS of a process, in kB, from /proc/<pid>/status. */
function readMemory(pid: number): { peakKb: number; rssKb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const field = (name: string) => Number(new RegExp(`^${name}:\\s+(\\d+)\\s+kB`, "m").exec(status)?.[1] ?? Number.NaN);
    const peakKb = field("VmHWM");
    const rssKb = field("VmRSS");
    return Number.isFinite(peakKb) ? { peakKb, rssKb } : undefined;
  } catch {
    return undefined;
  }
}

const mb = (kb: number) => kb / 1024;

function gitCommit(): string {
  try {
    const sha = execFileSync("git", ["rev-parse", "--short", "HEAD"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    const dirty = execFileSync("git", ["status", "--porcelain"], { cwd: root, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }).trim();
    return dirty ? `${sha} (with uncommitted changes)` : sha;
  } catch {
    return "unknown";
  }
}

// --- The server ----------------------------------------------------------------------------------

async function startServer(dataDir: string, pageCache: boolean): Promise<Server> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = { ...process.env };
  // Only what the bench sets: no external database, no settings from the caller's shell.
  for (const name of ["DATABASE_URL", "PAGE_CACHE", "SEED_DEMO", "ADMIN_EMAIL", "ADMIN_PASSWORD", "SMTP_URL", "TRUST_PROXY"]) {
    delete env[name];
  }
  Object.assign(env, {
    NODE_ENV: "production",
    PORT: String(port),
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    LOG_LEVEL: "warn",
    SEED_DEMO: "true",
  });
  if (!pageCache) env.PAGE_CACHE = "false";

  // Spawned directly (not through npm) so that child.pid is the server's own process.
  const child = spawn(process.execPath, [...SERVER_NODE_FLAGS, "server/main.ts"], { cwd: root, env, stdio: ["ignore", "pipe", "pipe"] });
  if (child.pid === undefined) throw new Error("could not start the server process");
  const server: Server = {
    child,
    pid: child.pid,
    base,
    log: [],
    lineCount: 0,
    exit: undefined,
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
          `Its last output:\n${server.log.slice(-40).join("\n") || "(nothing)"}`,
      );
    }
    try {
      const response = await fetch(`${base}/healthz`, { signal: AbortSignal.timeout(2000) });
      await response.arrayBuffer();
      if (response.status === 200) break;
      last = `HTTP ${response.status}`;
    } catch (error) {
      last = error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : String(error);
    }
    if (Date.now() - started > HEALTH_TIMEOUT_MS) {
      throw new Error(
        `the server did not answer 200 on /healthz within ${HEALTH_TIMEOUT_MS / 1000} s (last: ${last}).\n` +
          `Its last output:\n${server.log.slice(-40).join("\n") || "(nothing)"}`,
      );
    }
    await sleep(200);
  }
  step(`server pid ${server.pid} ready on ${base} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  return server;
}

interface PageCheck {
  status: number;
  detail: string;
  html: string;
}

async function checkPage(base: string, pagePath: string): Promise<PageCheck> {
  const response = await fetch(base + pagePath, { redirect: "manual", signal: AbortSignal.timeout(30_000) });
  const html = await response.text();
  const parts = [response.headers.get("content-type") ?? "no content-type", `${(Buffer.byteLength(html) / 1024).toFixed(1)} KB`];
  const location = response.headers.get("location");
  if (location) parts.push(`location: ${location}`);
  for (const [name, value] of response.headers) {
    if (name.includes("cache")) parts.push(`${name}: ${value}`);
  }
  return { status: response.status, detail: parts.join(", "), html };
}

async function warm(url: string): Promise<void> {
  for (let i = 0; i < WARM_REQUESTS; i++) {
    const response = await fetch(url, { redirect: "manual", signal: AbortSignal.timeout(30_000) });
    await response.arrayBuffer();
  }
}

function runWrk(wrk: string, url: string, duration: string): Promise<WrkResult> {
  const args = [`-t${WRK_THREADS}`, `-c${WRK_CONNECTIONS}`, `-d${duration}`, "--latency", url];
  return new Promise((resolve, reject) => {
    const child = spawn(wrk, args, { stdio: ["ignore", "pipe", "pipe"] });
    live.children.add(child);
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", (error) => {
      live.children.delete(child);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      live.children.delete(child);
      if (code !== 0) {
        reject(new Error(`wrk ${args.join(" ")} failed (code ${code}, signal ${signal}): ${(stderr || stdout).trim()}`));
        return;
      }
      try {
        resolve(parseWrk(stdout));
      } catch (error) {
        reject(new Error(`${error instanceof Error ? error.message : String(error)}\nwrk printed:\n${stdout}${stderr}`));
      }
    });
  });
}

// --- The measurements ----------------------------------------------------------------------------

interface PageResult {
  label: string;
  path: string;
  status: number;
  wrk: WrkResult;
}

interface PhaseResult {
  name: PhaseName;
  pages: PageResult[];
  memory: { peakKb: number; rssKb: number } | undefined;
  /** Lines the server printed (warnings and errors: LOG_LEVEL=warn) while it was measured. */
  serverLines: string[];
  serverLineCount: number;
}

interface JsBudget {
  status: number;
  files: { url: string; status: number; rawBytes: number; gzipBytes: number }[];
  totalGzip: number;
}

/**
 * The JavaScript the article page really makes a browser download: loaded in Chromium until it has
 * hydrated, every script under /assets/ it requested (scripts are added after the page's load, so
 * reading the HTML would not find them). Sizes are gzip of each file, as a browser would receive it.
 */
async function measureJs(base: string): Promise<JsBudget> {
  const { chromium } = await import("playwright-core");
  const browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", args: CHROMIUM_FLAGS });
  const urls = new Set<string>();
  let status = 0;
  try {
    const page = await browser.newPage();
    page.on("request", (request) => {
      const url = new URL(request.url());
      if (url.origin === base && url.pathname.startsWith("/assets/") && request.resourceType() === "script") urls.add(url.href);
    });
    const response = await page.goto(base + ARTICLE_PATH, { waitUntil: "load", timeout: 60_000 });
    status = response?.status() ?? 0;
    await page.waitForSelector("html[data-hydrated]", { timeout: 30_000 });
  } finally {
    await browser.close();
  }
  const files: JsBudget["files"] = [];
  for (const url of urls) {
    const response = await fetch(url, { signal: AbortSignal.timeout(30_000) });
    const body = Buffer.from(await response.arrayBuffer());
    files.push({ url, status: response.status, rawBytes: body.length, gzipBytes: gzipSync(body).length });
  }
  return { status, files, totalGzip: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

function phaseTitle(name: PhaseName): string {
  return name === "cached" ? "page cache ON (PAGE_CACHE unset)" : "page cache OFF (PAGE_CACHE=false)";
}

function articleVerdict(name: PhaseName, page: PageResult): string {
  const target = TARGETS[name];
  const failures: string[] = [];
  if (page.status !== 200) failures.push(`HTTP ${page.status}`);
  if (atLeast(page.wrk.requestsPerSec, target.rps) === "FAIL") failures.push("req/s");
  if (atMost(page.wrk.p99, target.p99) === "FAIL") failures.push("p99");
  return failures.length ? `FAIL (${failures.join(", ")})` : "PASS";
}

function errorsText(wrk: WrkResult): string {
  const parts: string[] = [];
  if (wrk.non2xx3xx) parts.push(`${formatInt(wrk.non2xx3xx)} non-2xx/3xx`);
  if (wrk.socketErrors) parts.push(`${formatInt(wrk.socketErrors)} socket (${formatInt(wrk.timeouts)} timeouts)`);
  return parts.join(", ") || "0";
}

function printPhase(phase: PhaseResult, duration: string): void {
  const target = TARGETS[phase.name];
  out(`== ${phaseTitle(phase.name)} — wrk -t${WRK_THREADS} -c${WRK_CONNECTIONS} -d${duration} --latency ==`);
  out(`  target for the article page: ≥ ${formatInt(target.rps)} req/s and p99 ≤ ${target.p99} ms`);
  const rows = [["page", "HTTP", "req/s", "p50", "p99", "requests", "errors", "target"]];
  for (const page of phase.pages) {
    rows.push([
      page.path,
      String(page.status),
      page.wrk.requestsPerSec.toFixed(1),
      formatMs(page.wrk.p50),
      formatMs(page.wrk.p99),
      formatInt(page.wrk.requests),
      errorsText(page.wrk),
      page.path === ARTICLE_PATH ? articleVerdict(phase.name, page) : "-",
    ]);
  }
  out(table(rows));
  if (phase.memory) {
    const peak = mb(phase.memory.peakKb);
    out(
      `  server peak memory (VmHWM): ${peak.toFixed(1)} MB (now ${mb(phase.memory.rssKb).toFixed(1)} MB)` +
        `   target ≤ ${TARGETS.memoryMb} MB   ${atMost(peak, TARGETS.memoryMb)}`,
    );
  } else {
    out("  server peak memory: could not read /proc/<pid>/status");
  }
  if (phase.serverLineCount > 0) {
    out(`  the server printed ${phase.serverLineCount} warning/error line(s) while measured; the first ones:`);
    for (const line of phase.serverLines.slice(0, 5)) out(`    ${line.length > 300 ? `${line.slice(0, 300)}…` : line}`);
  }
  out();
}

async function measurePhase(server: Server, name: PhaseName, wrk: string, duration: string, statuses: Map<string, number>): Promise<PhaseResult> {
  const firstLine = server.lineCount;
  const pages: PageResult[] = [];
  for (const page of PAGES) {
    const status = statuses.get(page.path) ?? 0;
    step(`${name}: warming ${page.path} (${WARM_REQUESTS} requests), then wrk for ${duration}`);
    await warm(server.base + page.path);
    const result = await runWrk(wrk, server.base + page.path, duration);
    pages.push({ label: page.label, path: page.path, status, wrk: result });
  }
  const newLines = server.lineCount - firstLine;
  return {
    name,
    pages,
    memory: readMemory(server.pid),
    serverLines: newLines > 0 ? server.log.slice(-Math.min(newLines, server.log.length)).slice(0, 5) : [],
    serverLineCount: newLines,
  };
}

async function checkStatuses(server: Server): Promise<Map<string, number>> {
  const statuses = new Map<string, number>();
  for (const page of PAGES) {
    const check = await checkPage(server.base, page.path);
    statuses.set(page.path, check.status);
    const note = check.status === 200 ? "" : check.status === 404 ? "  ← not found: route missing? measuring anyway" : "  ← not 200: measuring anyway";
    step(`HTTP ${check.status} ${page.path} (${check.detail})${note}`);
  }
  return statuses;
}

// --- Lighthouse ----------------------------------------------------------------------------------

interface LighthousePage {
  path: string;
  status: number;
  lhr: LhResultLike | undefined;
  error: string | undefined;
}

async function runLighthouse(base: string, statuses: Map<string, number>): Promise<LighthousePage[]> {
  const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
  if (!existsSync(chromePath)) {
    throw new Error(`Chromium not found at ${chromePath}: install it (apt-get install chromium) or set CHROME_PATH`);
  }
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  for (const page of PAGES) {
    step(`lighthouse: warming ${page.path}`);
    await warm(base + page.path);
  }
  step(`lighthouse: launching ${chromePath}`);
  live.chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_FLAGS, handleSIGINT: false, logLevel: "silent" });
  const results: LighthousePage[] = [];
  try {
    for (const page of PAGES) {
      step(`lighthouse: ${page.path}`);
      const started = Date.now();
      try {
        const result = await lighthouse(base + page.path, { port: live.chrome.port, output: "json", logLevel: "error" });
        if (!result) throw new Error("Lighthouse returned no result");
        results.push({ path: page.path, status: statuses.get(page.path) ?? 0, lhr: result.lhr, error: undefined });
      } catch (error) {
        results.push({ path: page.path, status: statuses.get(page.path) ?? 0, lhr: undefined, error: error instanceof Error ? error.message : String(error) });
      }
      step(`lighthouse: ${page.path} done in ${((Date.now() - started) / 1000).toFixed(0)} s`);
    }
  } finally {
    live.chrome.kill();
    live.chrome = undefined;
  }
  return results;
}

const CATEGORY_LABELS: Record<string, string> = {
  performance: "performance",
  accessibility: "accessibility",
  "best-practices": "best-practices",
  seo: "seo",
};

function scoreText(score: number | null | undefined): string {
  return score === null || score === undefined ? "n/a" : String(Math.round(score * 100));
}

function printLighthouse(pages: LighthousePage[] | undefined, skipped: string | undefined): void {
  out("== Lighthouse (mobile, default config; page cache ON, URLs warmed) ==");
  if (skipped) {
    out(`  ${skipped}`);
    out();
    return;
  }
  if (!pages) return;
  const rows = [["page", "HTTP", ...LH_CATEGORIES.map((c) => CATEGORY_LABELS[c] ?? c)]];
  for (const page of pages) {
    rows.push([page.path, String(page.status), ...LH_CATEGORIES.map((c) => (page.lhr ? scoreText(page.lhr.categories[c]?.score) : "error"))]);
  }
  out(table(rows));
  for (const page of pages) {
    out();
    if (!page.lhr) {
      out(`  ${page.path}: Lighthouse failed: ${page.error}`);
      continue;
    }
    const lhr = page.lhr;
    if (lhr.runtimeError) out(`  ${page.path}: Lighthouse runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    for (const warning of lhr.runWarnings ?? []) {
      if (warning !== lhr.runtimeError?.message) out(`  ${page.path}: warning: ${warning.replace(/\s+/g, " ")}`);
    }
    const below = LH_CATEGORIES.filter((c) => {
      const score = lhr.categories[c]?.score;
      return score !== null && score !== undefined && score < 1;
    });
    if (below.length === 0) {
      if (!lhr.runtimeError) out(`  ${page.path}: every category at 100`);
      continue;
    }
    out(`  ${page.path}: failing audits`);
    for (const categoryId of below) {
      out(`    ${CATEGORY_LABELS[categoryId] ?? categoryId} ${scoreText(lhr.categories[categoryId]?.score)}:`);
      const audits = failingAudits(lhr, categoryId);
      if (audits.length === 0) out("      (no single failing audit: the score comes from the metrics' values)");
      for (const audit of audits) out(`      - ${audit.id}: ${audit.title} (${audit.detail})`);
    }
  }
  out();
}

// --- Main ----------------------------------------------------------------------------------------

async function main(): Promise<number> {
  let args;
  try {
    args = parseArgs({
      options: {
        "skip-build": { type: "boolean", default: false },
        "skip-lighthouse": { type: "boolean", default: false },
        duration: { type: "string", default: "10s" },
        only: { type: "string" },
        help: { type: "boolean", default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    console.error(`${error instanceof Error ? error.message : String(error)}\n\n${USAGE}`);
    return 2;
  }
  if (args.help) {
    out(USAGE);
    return 0;
  }
  const duration = args.duration;
  const seconds = durationSeconds(duration);
  if (seconds === undefined) {
    console.error(`--duration: expected wrk's syntax (10, 10s, 2m), got "${duration}"\n\n${USAGE}`);
    return 2;
  }
  if (args.only !== undefined && args.only !== "cached" && args.only !== "uncached") {
    console.error(`--only: expected "cached" or "uncached", got "${args.only}"\n\n${USAGE}`);
    return 2;
  }
  const phases: PhaseName[] = args.only ? [args.only] : ["cached", "uncached"];
  const withLighthouse = !args["skip-lighthouse"];

  const wrk = findExecutable("wrk");
  if (!wrk) {
    console.error("wrk is not installed. On Debian/Ubuntu: sudo apt-get install wrk   (then run npm run bench again)");
    return 1;
  }
  if (process.platform !== "linux") {
    console.error("The bench reads the server's memory from /proc: it runs on Linux only.");
    return 1;
  }

  const problems: string[] = [];
  const startedAt = Date.now();

  if (args["skip-build"]) {
    step("--skip-build: reusing build/");
  } else {
    step("building (scripts/build.ts: react-router build + precompressed assets)…");
    try {
      build(["ignore", 2, 2]);
    } catch {
      console.error("The build failed (its output is above).");
      return 1;
    }
  }
  if (!existsSync(path.join(root, "build/server/index.js"))) {
    console.error("No build found in build/: run without --skip-build.");
    return 1;
  }

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "zampa-bench-"));
  live.tempDirs.add(dataDir);

  // A first start creates the database, applies the migrations and loads the demo content; the
  // measured servers restart on that database, so their peak memory is that of serving pages.
  step(`first start on a new database in ${dataDir} (migrations + demo content)…`);
  const firstStart = Date.now();
  let first = await startServer(dataDir, true);
  const firstStartSeconds = (Date.now() - firstStart) / 1000;
  const firstMemory = readMemory(first.pid);
  await stopServer(first);

  const results: PhaseResult[] = [];
  let jsBudget: JsBudget | undefined;
  let statuses = new Map<string, number>();
  let lighthouse: LighthousePage[] | undefined;
  let lighthouseSkipped: string | undefined = withLighthouse ? undefined : "skipped (--skip-lighthouse)";

  const lighthouseOn = async (server: Server) => {
    try {
      lighthouse = await runLighthouse(server.base, statuses);
      for (const page of lighthouse) if (page.error) problems.push(`Lighthouse on ${page.path}: ${page.error}`);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      lighthouseSkipped = `could not run: ${message}`;
      problems.push(`Lighthouse: ${message}`);
    }
  };

  out(`Zampa bench — ${new Date().toISOString()}`);
  out(
    `  commit ${gitCommit()}, Node ${process.version}, ${os.availableParallelism()} CPU(s) shared by wrk and the server, ` +
      `load average ${os.loadavg()[0]?.toFixed(2)} at start, wrk ${duration} per page after ${WARM_REQUESTS} warm-up requests`,
  );
  out(
    `  database: PGlite in a temporary DATA_DIR with the demo content (first start ${firstStartSeconds.toFixed(1)} s, ` +
      `peak memory ${firstMemory ? `${mb(firstMemory.peakKb).toFixed(1)} MB` : "n/a"} including migrations and seeding)`,
  );
  out();

  for (const name of phases) {
    step(`phase: ${phaseTitle(name)}`);
    const server = await startServer(dataDir, name === "cached");
    try {
      statuses = await checkStatuses(server);
      if (!jsBudget) {
        step(`measuring the JavaScript of ${ARTICLE_PATH}`);
        jsBudget = await measureJs(server.base);
      }
      const result = await measurePhase(server, name, wrk, duration, statuses);
      results.push(result);
      printPhase(result, duration);
      if (name === "cached" && withLighthouse) await lighthouseOn(server);
    } finally {
      await stopServer(server);
    }
  }

  if (withLighthouse && !phases.includes("cached")) {
    step("Lighthouse runs with the page cache on: starting that server");
    first = await startServer(dataDir, true);
    try {
      statuses = await checkStatuses(first);
      await lighthouseOn(first);
    } finally {
      await stopServer(first);
    }
  }

  // --- Summary ---
  out("== Summary ==");
  const rows = [["check", "measured", "target", "result"]];
  for (const phase of results) {
    const article = phase.pages.find((p) => p.path === ARTICLE_PATH);
    const target = TARGETS[phase.name];
    const on = phase.name === "cached" ? "cache ON" : "cache OFF";
    if (article) {
      const http = article.status === 200 ? "" : ` (HTTP ${article.status})`;
      const verdict = (v: string) => (article.status === 200 ? v : `FAIL${http}`);
      rows.push([`article req/s, ${on}`, article.wrk.requestsPerSec.toFixed(1), `≥ ${formatInt(target.rps)}`, verdict(atLeast(article.wrk.requestsPerSec, target.rps))]);
      rows.push([`article p99, ${on}`, formatMs(article.wrk.p99), `≤ ${target.p99} ms`, verdict(atMost(article.wrk.p99, target.p99))]);
    }
    if (phase.memory) {
      const peak = mb(phase.memory.peakKb);
      rows.push([`server peak memory, ${on}`, `${peak.toFixed(1)} MB`, `≤ ${TARGETS.memoryMb} MB`, atMost(peak, TARGETS.memoryMb)]);
    } else {
      rows.push([`server peak memory, ${on}`, "n/a", `≤ ${TARGETS.memoryMb} MB`, "n/a"]);
    }
  }
  if (jsBudget) {
    const kb = jsBudget.totalGzip / 1024;
    const verdict = jsBudget.status === 200 ? atMost(kb, TARGETS.jsKb) : `FAIL (HTTP ${jsBudget.status})`;
    rows.push([
      `article JavaScript (${jsBudget.files.length} files, gzip)`,
      `${kb.toFixed(1)} KB (${formatInt(jsBudget.totalGzip)} bytes)`,
      `≤ ${TARGETS.jsKb} KB (${formatInt(TARGETS.jsKb * 1024)} bytes)`,
      verdict,
    ]);
  }
  out(table(rows));
  if (jsBudget) {
    out(`  JavaScript of ${ARTICLE_PATH}${jsBudget.status === 200 ? "" : ` (answered HTTP ${jsBudget.status}: these are that page's scripts)`}:`);
    for (const file of [...jsBudget.files].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      const bad = file.status === 200 ? "" : `  ← HTTP ${file.status}`;
      out(`    ${(file.gzipBytes / 1024).toFixed(1).padStart(6)} KB gzip  ${(file.rawBytes / 1024).toFixed(1).padStart(6)} KB raw  ${new URL(file.url).pathname}${bad}`);
    }
  }
  const cached = results.find((r) => r.name === "cached")?.pages.find((p) => p.path === ARTICLE_PATH);
  const uncached = results.find((r) => r.name === "uncached")?.pages.find((p) => p.path === ARTICLE_PATH);
  if (cached && uncached && cached.status === 200 && uncached.wrk.requestsPerSec > 0.8 * cached.wrk.requestsPerSec) {
    out("  note: the article page is about as fast without the page cache as with it — is PAGE_CACHE=false honoured yet?");
  }
  const notFound = [...statuses].filter(([, status]) => status !== 200);
  if (notFound.length) {
    out(`  note: ${notFound.map(([p, s]) => `${p} answered HTTP ${s}`).join("; ")} — its figures measure that response, not the real page.`);
  }
  out("  (1 KB = 1024 bytes, 1 MB = 1024 KB; memory is the server process's VmHWM read after the phase.)");
  out();

  printLighthouse(lighthouse, lighthouseSkipped);

  out(`Done in ${((Date.now() - startedAt) / 1000).toFixed(0)} s.`);
  if (problems.length) {
    console.error(`\nSome measurements could not run:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    return 1;
  }
  return 0;
}

main()
  .then(async (code) => {
    await cleanup();
    process.exit(code);
  })
  .catch(async (error: unknown) => {
    console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`);
    await cleanup();
    process.exit(1);
  });
