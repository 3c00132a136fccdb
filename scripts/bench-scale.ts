// `npm run bench -- --scale`: Zampa at the size of a grown site (issues 15 and 27). Builds, starts
// the production server once on a fresh database (migrations, demo content): the embedded one
// (PGlite, in a temporary DATA_DIR) or, with --scale-database-url, a new database on a PostgreSQL
// server (the server then runs its default number of processes). Stops it, writes 200,000 active
// listings, 20,000 published articles (plus drafts and archived ones), 100,000 users and 100,000
// reports into that database (scripts/bench/scale-data.ts; on PostgreSQL then VACUUM ANALYZE, as
// autovacuum would), then runs the server twice, with the page cache off (PAGE_CACHE=false) and on,
// and measures: the restart time to a healthy server; right after /healthz, with no warm-up, the
// first requests (searched and filtered list pages new to the server, scripts/bench/listings.ts
// newListPaths); each server process's resident memory; p50/p95 at 16 connections of the list page
// (plain, a deep page, searched, filtered, both), an article page (cycling over the 20,000), the
// sitemap (and, when it is an index, its largest child), the back office's article and user lists
// signed in as the demo administrator (issue 16) and the listings' moderation and report lists
// (issue 17), publishing a listing with 5 photos, and whether the sitemap follows the protocol.
// Prints a report with PASS/FAIL next to the targets; returns 0 even when targets fail, non-zero
// only when something could not run. Runs on the bench library (scripts/bench/: server, wrk, memory,
// publishing, PostgreSQL). Erasable TypeScript only (the pinned Node runs it).
import { execFileSync } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import { build } from "./build.ts";
import { parseCount, type ScaleOptions } from "./bench/args.ts";
import { findExecutable, gitCommit, out, step } from "./bench/common.ts";
import { BROWSER_HEADERS, encodingOf } from "./bench/headers.ts";
import { benchFetch, checkPaths, compressionRow, encodings } from "./bench/http.ts";
import { type BenchClient, filterOrderPaths, filterPath, LISTING_MIX, LISTING_TYPES, newListPaths, openBenchDatabase, openPgBenchClient, pageCount, PET_TYPES } from "./bench/listings.ts";
import { live, type Server, stopServer } from "./bench/live.ts";
import { mb, readProcessesMemory } from "./bench/memory.ts";
import { DEMO_ADMIN, DEMO_USER, makePhoto, measurePublish, PUBLISH, type PublishRun, signIn } from "./bench/publish.ts";
import { dropDatabase, onPostgresServer, postgresServerVersion, postgresUrl, shownUrl } from "./bench/postgres.ts";
import { atMost, formatInt, formatMs, percentile, table } from "./bench/report.ts";
import { generateScaleData, type ScaleCounts, type ScaleData } from "./bench/scale-data.ts";
import { startServer } from "./bench/server.ts";
import { checkXml, type FetchedXml, judgeSitemap, type SitemapVerdict } from "./bench/sitemap.ts";
import { durationSeconds, errorsText, LISTING_CONNECTIONS, runWrk, WRK_THREADS, type WrkOptions, type WrkResult } from "./bench/wrk.ts";

const DEFAULTS: ScaleCounts = { listings: 200_000, articles: 20_000, users: 100_000, reports: 100_000 };
const TARGETS = {
  restartS: 30,
  /** issue 27: peak resident memory (VmHWM) of each server process */
  memoryMb: 512,
  /** the searched and filtered list page, page cache off, at 16 connections; the back office's lists too */
  listP95: 100,
  /** issue 27: the searched list page with a million listings or more on PostgreSQL */
  millionListP95: 150,
};
/** From this many generated listings on PostgreSQL, the list pages are judged against TARGETS.millionListP95. */
const MILLION = 1_000_000;
/** The database the scale mode creates on the --scale-database-url server (dropped first if it exists). */
const SCALE_DATABASE = "zampa_bench_scale";
/** The tables the generator grows: VACUUM ANALYZEd afterwards on PostgreSQL. */
const GROWN_TABLES = ["users", "accounts", "profiles", "articles", "pet_listings", "listing_reports"];
/**
 * The back office is judged at the load a few editors make, not at the public pages' 16 connections
 * (decision 0057); its pages are measured at 16 too, to show what they cost under a crowd.
 */
const ADMIN_CONNECTIONS = 2;
/** The back office's lists (app/routes/admin/articles/list.tsx, app/routes/admin/users.tsx): 20 a page. */
const ADMIN_PAGE_SIZE = 20;
const ADMIN_TIMEOUT = "30s";
const DEFAULT_PUBLISH_RUNS = 5;
/**
 * The first requests after a restart are measured as latencies, however slow: wrk's default 2 s
 * timeout would count a slow first answer as a socket error instead.
 */
const FIRST_TIMEOUT = "30s";
/** The sitemap may take seconds to build and send: wrk's default 2 s timeout would drop those. */
const SITEMAP_TIMEOUT = "60s";
/** Child sitemaps read for the validity check, at most. */
const MAX_CHILDREN = 500;
const CHECKED_ARTICLES = 20;

/** Searches without a filter: breeds, words of the ads, towns, two words. */
const SEARCHES = [
  "labrador", "cucciolo", "gattino", "micio", "pappagallo", "coniglio", "criceto", "tartaruga", "affettuoso", "dolcissima",
  "vaccinato", "microchip", "famiglia", "roma", "milano", "napoli", "torino", "bologna", "firenze", "forli", "pastore tedesco",
  "gatto roma", "cucciolo milano", "regalo", "adozione", "maine coon", "beagle", "canarino", "furetto", "persiano",
];
/**
 * Title searches of /admin/articles (words of the generated titles, scripts/bench/scale-data.ts):
 * common ones, rare ones, and some that match nothing.
 */
const ADMIN_ARTICLE_SEARCHES = [
  "consigli", "guida", "veterinario", "gatto", "cani", "cucciolo", "acquario", "crocchette", "errori da evitare", "Domande frequenti",
  "cincillà", "clicker", "filaria", "botti", "laghetto", "porcellino", "pronto soccorso",
  "ippopotamo", "zebra", "fenicottero",
];
/**
 * Searches of /admin/pet-listings (title, city or contact e-mail; scripts/bench/listings.ts's words,
 * towns and e-mails "first.lastN@example.it"): common and rare words, towns, parts of e-mails, misses.
 */
const ADMIN_LISTING_SEARCHES = [
  "labrador", "cucciolo", "cerca casa", "persiano", "maine coon", "furetto", "Roma", "Bologna", "forlì", "Palermo",
  "giulia.rossi", "marco.", "bianchi4", "@example.it", "paolo.moretti17", "ippopotamo", "zebra a venezia",
  "qwerty@nowhere.it", "nessuno", "xyzzy",
];
/**
 * Searches of /admin/users (name or e-mail; the generated names and e-mails "first.lastN@esempio.it"):
 * parts of names, parts of e-mails, the domain every generated account shares, and misses.
 */
const ADMIN_USER_SEARCHES = [
  "rossi", "giul", "De Luca", "martinelli", "chiara b", "Ales", "fontana", "Marta Leone", "barbieri", "fede",
  "marco.rossi", "rossi12", "sara.costa", "esposito7", "laura.galli1", "luca.", "@esempio.it",
  "zampa.test", "qwerty", "nessuno@altrove.it",
];

/** Where the site's database lives: the embedded one (in DATA_DIR) or a PostgreSQL server's. */
type Engine =
  | { kind: "pglite"; label: string }
  | { kind: "postgres"; label: string; /** the database the server runs on */ url: string; /** --scale-database-url, as given */ serverUrl: string; name: string };

// --- What is measured ----------------------------------------------------------------------------

/** Each server process (the only one on PGlite; a cluster's primary first, then its workers, on PostgreSQL). */
type Memory = { pid: number; peakKb: number; rssKb: number }[] | undefined;

interface Target {
  key: string;
  label: string;
  /** one URL (wrk requests it) or a paths file cycled by scripts/bench-listings.lua */
  path: string;
  pathsFile?: string;
  urls: number;
  /** checked before the run (all of them, or the first few of a long list) */
  check: string[];
  /** judged against `p95Ms` (TARGETS.listP95 unless set) with the page cache off */
  judged: boolean;
  p95Ms?: number;
  timeout?: string;
  /** a back-office page: requested with the administrator's session cookie */
  admin?: boolean;
  /** wrk's connections (default LISTING_CONNECTIONS) */
  connections?: number;
}

interface Run {
  target: Target;
  status: string;
  ok: boolean;
  encoding: string;
  /** undefined when the run could not be made (error says why) */
  wrk: WrkResult | undefined;
  error?: string;
  /** a back-office page: what its first path answered without the session cookie */
  anonymous?: string;
  /** a back-office page still showing the "In arrivo" placeholder */
  placeholder?: boolean;
  /** said under the table (repeated paths, say) */
  note?: string;
}

interface Phase {
  cache: boolean;
  /** undefined when the server never answered /healthz (crashed is then set) */
  restartMs: number | undefined;
  /** the first requests after /healthz, with no warm-up (list pages new to the server) */
  first: Run | undefined;
  memoryStarted: Memory;
  /** after the first requests */
  memoryFirst: Memory;
  warmUp: WrkResult | undefined;
  runs: Run[];
  memoryLoaded: Memory;
  publish: { runs: PublishRun[]; error: string | undefined } | undefined;
  memoryFinal: Memory;
  serverLineCount: number;
  serverLines: string[];
  /** set when the server exited while it was measured */
  crashed: string | undefined;
}

interface SitemapCheck {
  main: FetchedXml & { ms: number; encoding: string };
  children: (FetchedXml & { ms: number; encoding: string })[];
  verdict: SitemapVerdict;
  /** the child with the most URLs, measured with wrk too */
  largestChild: string | undefined;
}

// --- Helpers -------------------------------------------------------------------------------------

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const memText = (kb: number | undefined) => (kb === undefined ? "n/a" : `${mb(kb).toFixed(1)} MB`);
/** The highest peak (VmHWM) of one process: what the memory target judges. */
const highestPeak = (memory: Memory) => (memory?.length ? Math.max(...memory.map((p) => p.peakKb)) : undefined);
/** The resident memory now (VmRSS): of the process, or of each ("primary 61 MB, workers 240, 251 MB"). */
function rssText(memory: Memory): string {
  if (!memory?.length) return "n/a";
  if (memory.length === 1) return memText(memory[0]!.rssKb);
  const [primary, ...workers] = memory;
  return `primary ${mb(primary!.rssKb).toFixed(0)} MB, workers ${workers.map((w) => mb(w.rssKb).toFixed(0)).join(", ")} MB`;
}
/** Each process's peak (VmHWM), the same way. */
function peaksText(memory: Memory): string {
  if (!memory?.length) return "n/a";
  if (memory.length === 1) return memText(memory[0]!.peakKb);
  const [primary, ...workers] = memory;
  return `primary ${mb(primary!.peakKb).toFixed(0)} MB, workers ${workers.map((w) => mb(w.peakKb).toFixed(0)).join(", ")} MB`;
}

async function timedFetch(base: string, target: string): Promise<{ status: number; ms: number; body: Buffer; encoding: string; location: string | null }> {
  const started = performance.now();
  const response = await benchFetch(base + target, { redirect: "manual", signal: AbortSignal.timeout(120_000) });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, ms: performance.now() - started, body, encoding: encodingOf(response.headers), location: response.headers.get("location") };
}

async function readSitemap(base: string): Promise<SitemapCheck> {
  const fetchXml = async (url: string) => {
    const target = url.startsWith("http") ? new URL(url).pathname + new URL(url).search : url;
    const got = await timedFetch(base, target);
    // A child may be sent gzipped as a file (sitemap-1.xml.gz) rather than as a content-encoding.
    const raw = got.body[0] === 0x1f && got.body[1] === 0x8b ? gunzipSync(got.body) : got.body;
    const text = raw.toString("utf8");
    return { url: base + target, status: got.status, bytes: raw.length, check: got.status === 200 ? checkXml(text) : undefined, ms: got.ms, encoding: got.encoding };
  };
  step("sitemap: reading /sitemap.xml");
  const main = await fetchXml("/sitemap.xml");
  step(`sitemap: HTTP ${main.status}, ${(main.bytes / 1024 / 1024).toFixed(1)} MB in ${formatMs(main.ms)}, root <${main.check?.root ?? "?"}>`);
  const children: SitemapCheck["children"] = [];
  const locs = main.check?.root === "sitemapindex" ? main.check.sitemapLocs.slice(0, MAX_CHILDREN) : [];
  for (const loc of locs) {
    const child = await fetchXml(loc);
    step(`sitemap: ${new URL(child.url).pathname}: HTTP ${child.status}, ${formatInt(child.check?.counts.get("urlset>url") ?? 0)} URLs in ${formatMs(child.ms)}`);
    children.push(child);
  }
  const verdict = judgeSitemap(main, children);
  const largest = [...children].sort((a, b) => (b.check?.counts.get("urlset>url") ?? 0) - (a.check?.counts.get("urlset>url") ?? 0))[0];
  return { main, children, verdict, largestChild: largest ? new URL(largest.url).pathname + new URL(largest.url).search : undefined };
}

/** The list, article and sitemap pages measured, with their paths files (written once into `dir`). */
interface Plan {
  targets: Target[];
  warmUpFile: string;
}

/** `listP95`: the p95 the public list pages are judged against (TARGETS.listP95, or the million listings' target). */
function makeTargets(data: ScaleData, dir: string, deepPage: string, sitemapChild: string | undefined, listP95: number): Plan {
  const write = (name: string, paths: string[]) => {
    const file = path.join(dir, name);
    writeFileSync(file, `${paths.join("\n")}\n`);
    return file;
  };
  const searched = SEARCHES.map((q) => filterPath({ q, page: 1 }));
  const filtered: string[] = [];
  for (const petType of PET_TYPES) {
    for (const listingType of [undefined, ...LISTING_TYPES]) {
      for (const page of [1, 2, 3]) filtered.push(filterPath({ q: "", petType, listingType, page }));
    }
  }
  // The regular bench's mix (searched and filtered together), brought back to pages that exist.
  const mix = LISTING_MIX.map((f, i) => filterPath({ ...f, page: Math.min(f.page, pageCount(data.listings.mixMatches[i] ?? 0)) }));
  const ordered = filterOrderPaths();
  const articles = data.articleSlugs.map((slug) => `/article/${encodeURIComponent(slug)}`);
  const files = {
    ordered: write("scale-ordered.txt", ordered),
    searched: write("scale-searched.txt", searched),
    filtered: write("scale-filtered.txt", filtered),
    mix: write("scale-mix.txt", mix),
    articles: write("scale-articles.txt", articles),
  };
  // The warm-up cycles through the list pages and articles together (not the sitemap).
  const warmUp: string[] = [];
  const lists = [searched, filtered, mix, ordered, articles.slice(0, 200)];
  for (let i = 0; i < Math.max(...lists.map((l) => l.length)); i++) for (const list of lists) if (list[i]) warmUp.push(list[i]!);
  const targets: Target[] = [
    { key: "plain", label: "list, plain", path: "/pet-listings", urls: 1, check: ["/pet-listings"], judged: false },
    { key: "deep", label: "list, deep page", path: deepPage, urls: 1, check: [deepPage], judged: false },
    { key: "searched", label: "list, searched (?q=)", path: "/", pathsFile: files.searched, urls: searched.length, check: searched, judged: true, p95Ms: listP95 },
    { key: "filtered", label: "list, filtered (petType/listingType)", path: "/", pathsFile: files.filtered, urls: filtered.length, check: filtered, judged: true, p95Ms: listP95 },
    { key: "mix", label: "list, searched + filtered (bench mix)", path: "/", pathsFile: files.mix, urls: mix.length, check: mix, judged: true, p95Ms: listP95 },
    { key: "ordered", label: "list, region/price/age/photo filters and orders (decision 0094)", path: "/", pathsFile: files.ordered, urls: ordered.length, check: ordered, judged: true, p95Ms: listP95 },
    { key: "article", label: "article page", path: "/", pathsFile: files.articles, urls: articles.length, check: articles.slice(0, CHECKED_ARTICLES), judged: false },
    { key: "sitemap", label: "/sitemap.xml", path: "/sitemap.xml", urls: 1, check: [], judged: false, timeout: SITEMAP_TIMEOUT },
  ];
  if (sitemapChild) {
    targets.push({ key: "sitemap-child", label: `sitemap child ${sitemapChild}`, path: sitemapChild, urls: 1, check: [], judged: false, timeout: SITEMAP_TIMEOUT });
  }
  targets.push(...adminTargets(data, write));
  return { targets, warmUpFile: write("scale-warm-up.txt", warmUp) };
}

/** The back office's article and user lists (issue 16) and moderation lists (issue 17), judged like the searched list pages. */
function adminTargets(data: ScaleData, write: (name: string, paths: string[]) => string): Target[] {
  const query = (base: string, params: Record<string, string | number | undefined>) => {
    const search = new URLSearchParams();
    for (const [name, value] of Object.entries(params)) if (value !== undefined && value !== "") search.set(name, String(value));
    const text = search.toString();
    return text ? `${base}?${text}` : base;
  };
  // Half-way through the newest-first list: the offset a deep page costs.
  const deep = (rows: number) => Math.max(2, Math.floor(Math.ceil(rows / ADMIN_PAGE_SIZE) / 2));
  const articlesDeep = query("/admin/articles", { page: deep(data.totals.articles) });
  const usersDeep = query("/admin/users", { page: deep(data.totals.profiles) });
  const articleSearches = ADMIN_ARTICLE_SEARCHES.map((q) => query("/admin/articles", { q }));
  const articleFilters: string[] = [];
  for (const status of ["", "draft", "published", "archived"]) {
    for (const category of ["", ...data.categoryIds]) if (status || category) articleFilters.push(query("/admin/articles", { status, category }));
  }
  const userSearches = ADMIN_USER_SEARCHES.map((q) => query("/admin/users", { q }));
  const listingSearches = ADMIN_LISTING_SEARCHES.map((q) => query("/admin/pet-listings", { q }));
  const listingFilters = ["active", "suspended", "closed"].map((status) => query("/admin/pet-listings", { status }));
  const reportFilters = ["pending", "reviewed", "resolved", "dismissed"].map((status) => query("/admin/reports", { status }));
  const reportsOpened = data.reportIds.map((id) => query("/admin/reports", { id }));
  const files = {
    listingSearches: write("scale-admin-listings-searched.txt", listingSearches),
    listingFilters: write("scale-admin-listings-filtered.txt", listingFilters),
    reportFilters: write("scale-admin-reports-filtered.txt", reportFilters),
    reportsOpened: write("scale-admin-reports-opened.txt", reportsOpened),
    articleSearches: write("scale-admin-articles-searched.txt", articleSearches),
    articleFilters: write("scale-admin-articles-filtered.txt", articleFilters),
    userSearches: write("scale-admin-users-searched.txt", userSearches),
  };
  // A slow back-office page is a latency to report, not a socket error: wrk's 2 s timeout is too short.
  // Each page twice: judged at the editors' load, then shown at the crowd's.
  const atBothLoads = (target: Omit<Target, "judged" | "connections">): Target[] => [
    { ...target, label: `${target.label} @${ADMIN_CONNECTIONS}`, judged: true, connections: ADMIN_CONNECTIONS },
    { ...target, key: `${target.key}-crowd`, label: `${target.label} @${LISTING_CONNECTIONS}`, judged: false, connections: LISTING_CONNECTIONS },
  ];
  const one = (key: string, label: string, p: string) => atBothLoads({ key, label, path: p, urls: 1, check: [p], admin: true, timeout: ADMIN_TIMEOUT });
  const many = (key: string, label: string, file: string, paths: string[]) =>
    atBothLoads({ key, label, path: "/", pathsFile: file, urls: paths.length, check: paths, admin: true, timeout: ADMIN_TIMEOUT });
  return [
    one("admin-articles", "admin articles, plain", "/admin/articles"),
    one("admin-articles-deep", "admin articles, deep page", articlesDeep),
    many("admin-articles-searched", "admin articles, searched (?q=)", files.articleSearches, articleSearches),
    many("admin-articles-filtered", "admin articles, filtered (status/category)", files.articleFilters, articleFilters),
    one("admin-users", "admin users, plain", "/admin/users"),
    one("admin-users-deep", "admin users, deep page", usersDeep),
    many("admin-users-searched", "admin users, searched (?q= name/e-mail)", files.userSearches, userSearches),
    // Issue 17's moderation lists.
    one("admin-listings", "admin listings, plain", "/admin/pet-listings"),
    many("admin-listings-searched", "admin listings, searched (?q= title/city/e-mail)", files.listingSearches, listingSearches),
    many("admin-listings-filtered", "admin listings, filtered (status)", files.listingFilters, listingFilters),
    one("admin-reports", "admin reports, plain", "/admin/reports"),
    many("admin-reports-filtered", "admin reports, filtered (status)", files.reportFilters, reportFilters),
    ...(reportsOpened.length ? [many("admin-report-opened", "admin report, opened (?id=)", files.reportsOpened, reportsOpened)] : []),
  ].flat();
}

// --- One server run ------------------------------------------------------------------------------

/** The first requests after /healthz: list pages new to the server (newListPaths), judged like the list pages. */
interface FirstRequests {
  file: string;
  paths: number;
  p95Ms: number;
}

async function measurePhase(
  dataDir: string,
  engine: Engine,
  cache: boolean,
  wrk: string,
  duration: string,
  photos: Buffer[] | undefined,
  publishRuns: number,
  firstRequests: FirstRequests,
  /** the pages to measure, decided once the server runs (the sitemap says which child to measure) */
  prepare: (server: Server) => Promise<Plan>,
): Promise<Phase> {
  const on = cache ? "cache ON" : "cache OFF";
  step(`phase: page cache ${cache ? "ON (PAGE_CACHE unset)" : "OFF (PAGE_CACHE=false)"}: restarting the server on ${engine.label}`);
  let server: Server;
  try {
    server = await startServer(dataDir, cache, engine.kind === "postgres" ? { databaseUrl: engine.url } : {});
  } catch (error) {
    // Not starting at this size is a finding (the restart target fails), not the bench's failure.
    const message = (error instanceof Error ? error.message : String(error)).split("\n");
    const crashed = `${message[0] ?? ""} ${message.slice(1).filter((l) => /error|heap|memory/i.test(l)).slice(0, 2).join(" | ")}`.trim();
    step(`${on}: the server did not start: ${crashed}`);
    return {
      cache,
      restartMs: undefined,
      first: undefined,
      memoryStarted: undefined,
      memoryFirst: undefined,
      warmUp: undefined,
      runs: [],
      memoryLoaded: undefined,
      publish: undefined,
      memoryFinal: undefined,
      serverLineCount: 0,
      serverLines: message.slice(-5),
      crashed,
    };
  }
  try {
    const firstLine = server.lineCount;
    const memoryStarted = readProcessesMemory(server.pid);
    // Right after /healthz turned green, with no warm-up and nothing asked before: what the first
    // visitors after a restart get. Not checked beforehand (a first request would answer the
    // question this run is there to ask).
    step(`${on}: first requests: wrk -c${LISTING_CONNECTIONS} for ${duration} over ${formatInt(firstRequests.paths)} list pages new to the server, no warm-up`);
    const first = await measureFirstRequests(server, wrk, duration, firstRequests);
    if (first.wrk) step(`${on}: first requests: ${formatInt(first.wrk.requests)} answered, p50 ${formatMs(first.wrk.p50)}, p95 ${first.wrk.p95 === undefined ? "n/a" : formatMs(first.wrk.p95)}, p99 ${formatMs(first.wrk.p99)}`);
    const memoryFirst = readProcessesMemory(server.pid);
    const prepared = await prepare(server);
    const { warmUpFile } = prepared;
    // The back office is never page-cached (signed-in pages are private): measured once, cache off.
    const targets = cache ? prepared.targets.filter((t) => !t.admin) : prepared.targets;
    // One sign-in a phase (the sign-in rate limits allow a few): the back office needs an administrator.
    let adminCookie: string | undefined;
    let adminError: string | undefined;
    if (targets.some((t) => t.admin)) {
      try {
        adminCookie = await signIn(server.base, DEMO_ADMIN);
        step(`${on}: signed in as ${DEMO_ADMIN.email} for the back-office pages`);
      } catch (error) {
        adminError = error instanceof Error ? error.message : String(error);
        step(`${on}: could not sign in as ${DEMO_ADMIN.email}: ${adminError}`);
      }
    }

    step(`${on}: warm-up, wrk -c${LISTING_CONNECTIONS} for ${duration} over list and article pages (not judged)`);
    const warmUp = await runWrk(wrk, server.base, duration, { connections: LISTING_CONNECTIONS, pathsFile: warmUpFile });

    const runs: Run[] = [];
    for (const target of targets) {
      // A server that fell over (out of memory, say) is a finding: the runs left are reported as not made.
      if (server.exit) {
        runs.push({ target, status: "-", ok: false, encoding: "-", wrk: undefined, error: exitText(server) });
        continue;
      }
      if (target.admin && !adminCookie) {
        runs.push({ target, status: "-", ok: false, encoding: "-", wrk: undefined, error: `no administrator session: ${adminError ?? "unknown"}` });
        continue;
      }
      try {
        const headers: Record<string, string> = target.admin && adminCookie ? { cookie: adminCookie } : {};
        const check = target.check.length ? await checkPaths(server.base, target.check, headers) : { text: "200", ok: true };
        let status = check.text;
        let ok = check.ok;
        let encoding = target.check.map((p) => encodings.get(p)).find(Boolean) ?? "-";
        if (!target.check.length) {
          // The sitemaps are checked (and read whole) by the validity check; here only their status.
          const got = await timedFetch(server.base, target.path);
          status = String(got.status);
          ok = got.status === 200;
          encoding = got.encoding;
          if (got.status === 200) encodings.set(target.path, got.encoding);
        }
        const extra: Pick<Run, "anonymous" | "placeholder"> = {};
        if (target.admin) {
          // Without the cookie the page must send to /login: the measured answers are the signed-in ones.
          const first = target.check[0] ?? target.path;
          const anonymous = await timedFetch(server.base, first);
          extra.anonymous = `${anonymous.status}${anonymous.location ? ` → ${anonymous.location}` : ""}`;
          const signedIn = await benchFetch(server.base + first, { headers, redirect: "manual", signal: AbortSignal.timeout(30_000) });
          extra.placeholder = (await signedIn.text()).includes("In arrivo");
        }
        const connections = target.connections ?? LISTING_CONNECTIONS;
        // The peak so far before each row: where the process grows is read off the progress lines.
        step(`${on}: ${target.label}: wrk -c${connections} for ${duration} (${formatInt(target.urls)} URL(s); peak so far ${peaksText(readProcessesMemory(server.pid))})`);
        const options: WrkOptions = { connections, lua: true, timeout: target.timeout, headers };
        if (target.pathsFile) options.pathsFile = target.pathsFile;
        const url = target.pathsFile ? server.base : server.base + target.path;
        runs.push({ target, status, ok, encoding, wrk: await runWrk(wrk, url, duration, options), ...extra });
      } catch (error) {
        const message = server.exit ? exitText(server) : error instanceof Error ? error.message : String(error);
        step(`${on}: ${target.label}: could not measure: ${message}`);
        runs.push({ target, status: "-", ok: false, encoding: "-", wrk: undefined, error: message });
      }
    }
    const memoryLoaded = readProcessesMemory(server.pid);

    let publish: Phase["publish"];
    if (photos && server.exit) publish = { runs: [], error: exitText(server) };
    else if (photos) {
      try {
        const result = await measurePublish(server.base, photos, publishRuns);
        publish = { runs: result.runs, error: result.error };
      } catch (error) {
        publish = { runs: [], error: error instanceof Error ? error.message : String(error) };
      }
    }
    const memoryFinal = readProcessesMemory(server.pid);
    // Warnings and errors only: a cluster's primary says at the info level when its workers listen.
    const newLines = server.lineCount - firstLine;
    const fresh = server.log.slice(-Math.min(newLines, server.log.length)).filter((line) => !/^\{"level":[123]\d,/.test(line));
    const unseen = Math.max(0, newLines - server.log.length);
    return {
      cache,
      restartMs: server.readyMs,
      first,
      memoryStarted,
      memoryFirst,
      warmUp,
      runs,
      memoryLoaded,
      publish,
      memoryFinal,
      serverLineCount: fresh.length + unseen,
      serverLines: fresh.slice(0, 5),
      crashed: server.exit ? exitText(server) : undefined,
    };
  } finally {
    await stopServer(server);
  }
}

async function measureFirstRequests(server: Server, wrk: string, duration: string, firstRequests: FirstRequests): Promise<Run> {
  const target: Target = {
    key: "first",
    label: "list, searched + filtered, first requests after /healthz (new to the server, no warm-up)",
    path: "/",
    pathsFile: firstRequests.file,
    urls: firstRequests.paths,
    check: [],
    judged: true,
    p95Ms: firstRequests.p95Ms,
    timeout: FIRST_TIMEOUT,
  };
  if (server.exit) return { target, status: "-", ok: false, encoding: "-", wrk: undefined, error: exitText(server) };
  try {
    const result = await runWrk(wrk, server.base, duration, { connections: LISTING_CONNECTIONS, pathsFile: firstRequests.file, timeout: FIRST_TIMEOUT });
    const repeated = result.requests > firstRequests.paths;
    return {
      target: { ...target, urls: Math.min(result.requests, firstRequests.paths) },
      status: result.non2xx3xx ? `${formatInt(result.non2xx3xx)} non-2xx/3xx` : "2xx/3xx",
      ok: result.non2xx3xx === 0,
      encoding: "-",
      wrk: result,
      note: repeated ? `${formatInt(result.requests)} requests for ${formatInt(firstRequests.paths)} paths: the last ones were repeats` : undefined,
    };
  } catch (error) {
    const message = server.exit ? exitText(server) : error instanceof Error ? error.message : String(error);
    step(`first requests: could not measure: ${message}`);
    return { target, status: "-", ok: false, encoding: "-", wrk: undefined, error: message };
  }
}

function exitText(server: Server): string {
  const last = server.log.slice(-3).join(" | ");
  return `the server exited (code ${server.exit?.code}, signal ${server.exit?.signal})${last ? `; its last lines: ${last.slice(0, 400)}` : ""}`;
}

// --- The report ----------------------------------------------------------------------------------

/** The target's label, marked when the page measured is still the "In arrivo" placeholder. */
function labelOf(run: Run): string {
  return run.placeholder ? `${run.target.label} [placeholder page]` : run.target.label;
}

function runVerdict(run: Run, cache: boolean): string {
  if (!run.target.judged || cache) return "-";
  if (!run.wrk) return "FAIL (not measured)";
  if (!run.ok) return `FAIL (HTTP ${run.status})`;
  if (run.wrk.p95 === undefined) return "n/a (no p95)";
  return atMost(run.wrk.p95, run.target.p95Ms ?? TARGETS.listP95);
}

function publishStats(runs: PublishRun[]): { ok: number; p50: number; p95: number } {
  const times = runs.filter((r) => !r.error && r.detailStatus === 200).map((r) => r.ms);
  return { ok: times.length, p50: percentile(times, 50), p95: percentile(times, 95) };
}

function printPhase(phase: Phase, duration: string, listP95: number): void {
  const title = phase.cache ? "page cache ON (PAGE_CACHE unset, the production default)" : "page cache OFF (PAGE_CACHE=false)";
  out(`== ${title} — wrk -t${WRK_THREADS} -c${LISTING_CONNECTIONS} -d${duration} --latency, or the connections a row names (p95 from scripts/bench-listings.lua) ==`);
  if (phase.restartMs === undefined) {
    out(`  the server did not start: ${phase.crashed ?? "unknown"}`);
    for (const line of phase.serverLines) out(`    ${line.length > 300 ? `${line.slice(0, 300)}…` : line}`);
    out();
    return;
  }
  const processes = phase.memoryLoaded?.length ?? phase.memoryStarted?.length ?? 0;
  out(
    `  restart to healthy (spawn → /healthz 200): ${seconds(phase.restartMs)}; ` +
      (processes > 1 ? `${processes} server processes (a primary and ${processes - 1} workers)` : `${processes || "?"} server process`),
  );
  out(
    `  resident memory (VmRSS${processes > 1 ? " of each process" : ""}): just started ${rssText(phase.memoryStarted)}, after the first requests ${rssText(phase.memoryFirst)}, ` +
      `after the page runs ${rssText(phase.memoryLoaded)}` +
      (phase.publish ? `, after publishing ${rssText(phase.memoryFinal)}` : "") +
      `; peak (VmHWM) ${peaksText(phase.memoryFinal ?? phase.memoryLoaded)}`,
  );
  // Where the peak was reached: the peak so far at each reading (start-up, first requests, page runs).
  out(
    `  peak (VmHWM) so far: when /healthz answered ${peaksText(phase.memoryStarted)}, after the first requests ${peaksText(phase.memoryFirst)}, ` +
      `after the page runs ${peaksText(phase.memoryLoaded)}`,
  );
  out(
    phase.cache
      ? "  Not judged with the cache on: shown to compare. The back office is measured only with the cache off (signed-in pages are never page-cached)."
      : `  Judged: p95 ≤ ${listP95} ms for the searched and filtered list pages at ${LISTING_CONNECTIONS} connections (the first requests after /healthz, with no warm-up, ` +
          `and after the warm-up) and ≤ ${TARGETS.listP95} ms for the back-office lists at ${ADMIN_CONNECTIONS} (decision 0057); the back office at ${LISTING_CONNECTIONS} is shown, not judged.`,
  );
  const rows = [["page", "URLs", "HTTP", "encoding", "req/s", "p50", "p95", "p99", "requests", "errors", "target"]];
  const runRow = (run: Run) => {
    const w = run.wrk;
    return [
      labelOf(run),
      formatInt(run.target.urls),
      run.status,
      run.encoding,
      w ? w.requestsPerSec.toFixed(1) : "-",
      w ? formatMs(w.p50) : "-",
      w ? (w.p95 === undefined ? "n/a" : formatMs(w.p95)) : "-",
      w ? formatMs(w.p99) : "-",
      w ? formatInt(w.requests) : "-",
      w ? errorsText(w) : "not measured",
      runVerdict(run, phase.cache),
    ];
  };
  if (phase.first) rows.push(runRow(phase.first));
  if (phase.warmUp) {
    const w = phase.warmUp;
    rows.push(["warm-up: list + article pages (not judged)", "-", "-", "-", w.requestsPerSec.toFixed(1), formatMs(w.p50), w.p95 === undefined ? "n/a" : formatMs(w.p95), formatMs(w.p99), formatInt(w.requests), errorsText(w), "-"]);
  }
  for (const run of phase.runs) rows.push(runRow(run));
  out(table(rows));
  if (phase.first?.note) out(`  first requests: ${phase.first.note}`);
  for (const run of [...(phase.first ? [phase.first] : []), ...phase.runs]) if (run.error) out(`  ${run.target.label}: not measured: ${run.error}`);
  const admin = phase.runs.filter((r) => r.target.admin && r.anonymous);
  if (admin.length) {
    const answers = [...new Set(admin.map((r) => r.anonymous))].join(", ");
    out(`  Back-office pages: measured with ${DEMO_ADMIN.email}'s session cookie; without it their first path answered: ${answers}.`);
  }
  if (phase.publish) {
    out();
    out(
      `  Publishing (POST /api/pet-listings as ${DEMO_USER.email}): ${PUBLISH.photos} JPEG photos of ~${PUBLISH.photoBytes / 1024 / 1024} MB ` +
        `(${PUBLISH.width}×${PUBLISH.height}), ${phase.publish.runs.length} run(s), one after the other.`,
    );
    if (phase.publish.error) out(`  could not publish: ${phase.publish.error}`);
    const rowsP = [["run", "HTTP", "time", "listing", "detail page"]];
    phase.publish.runs.forEach((r, i) =>
      rowsP.push([String(i + 1), String(r.status), formatMs(r.ms), r.id ?? r.error ?? "-", r.detailStatus === undefined ? "-" : `HTTP ${r.detailStatus}`]),
    );
    if (phase.publish.runs.length) out(table(rowsP));
    const stats = publishStats(phase.publish.runs);
    if (stats.ok) out(`  p50 ${formatMs(stats.p50)}, p95 ${formatMs(stats.p95)} (nearest rank over ${stats.ok} published)`);
  }
  if (phase.serverLineCount > 0) {
    out(`  the server printed ${phase.serverLineCount} warning/error line(s) while measured; the first ones:`);
    for (const line of phase.serverLines) out(`    ${line.length > 300 ? `${line.slice(0, 300)}…` : line}`);
  }
  out();
}

function printSitemap(sitemap: SitemapCheck, expected: number): void {
  out("== Sitemap validity (sitemaps.org: ≤ 50,000 URLs and 50 MB per sitemap; a <sitemapindex> beyond) ==");
  const urls = (x: FetchedXml) => formatInt(x.check?.counts.get("urlset>url") ?? 0);
  const rows = [["document", "HTTP", "encoding", "root", "URLs", "size", "read in", "well-formed"]];
  for (const doc of [sitemap.main, ...sitemap.children]) {
    rows.push([
      new URL(doc.url).pathname + new URL(doc.url).search,
      String(doc.status),
      doc.encoding,
      doc.check?.root ? `<${doc.check.root}>` : "-",
      doc.check?.root === "sitemapindex" ? `${formatInt(doc.check.counts.get("sitemapindex>sitemap") ?? 0)} sitemaps` : urls(doc),
      `${(doc.bytes / 1024 / 1024).toFixed(2)} MB`,
      formatMs(doc.ms),
      doc.check ? (doc.check.wellFormed ? "yes" : `no: ${doc.check.error}`) : "-",
    ]);
  }
  out(table(rows));
  out(`  ${sitemap.verdict.verdict}: ${sitemap.verdict.reason}`);
  out(`  ${formatInt(sitemap.verdict.urls)} URLs listed; the site has ${formatInt(expected)} active listings and published articles (plus static, category and contest pages).`);
  out();
}

// --- Main ----------------------------------------------------------------------------------------

export async function runScale(options: ScaleOptions): Promise<number> {
  let counts: ScaleCounts;
  let publishRuns: number;
  try {
    counts = {
      listings: parseCount("scale-listings", options.listings, DEFAULTS.listings, 1),
      articles: parseCount("scale-articles", options.articles, DEFAULTS.articles, 0),
      users: parseCount("scale-users", options.users, DEFAULTS.users, 0),
      reports: parseCount("scale-reports", options.reports, DEFAULTS.reports, 0),
    };
    publishRuns = parseCount("scale-publish-runs", options.publishRuns, DEFAULT_PUBLISH_RUNS, 0);
  } catch (error) {
    console.error(error instanceof Error ? error.message : String(error));
    return 2;
  }
  let engine: Engine = { kind: "pglite", label: "PGlite (embedded, in DATA_DIR)" };
  if (options.databaseUrl !== undefined) {
    let server: URL | undefined;
    try {
      server = new URL(options.databaseUrl);
    } catch {
      // reported below
    }
    if (!server || !/^postgres(ql)?:$/.test(server.protocol) || !server.hostname) {
      console.error(`--scale-database-url: expected a PostgreSQL server's URL (postgres://user@host:5432/postgres), got "${options.databaseUrl}"`);
      return 2;
    }
    engine = {
      kind: "postgres",
      label: `PostgreSQL at ${server.hostname}:${server.port || 5432}, database ${SCALE_DATABASE}`,
      url: postgresUrl(options.databaseUrl, SCALE_DATABASE),
      serverUrl: options.databaseUrl,
      name: SCALE_DATABASE,
    };
  }
  const duration = options.duration;
  if (durationSeconds(duration) === undefined) {
    console.error(`--duration: expected wrk's syntax (10, 10s, 2m), got "${duration}"`);
    return 2;
  }
  const wrk = findExecutable("wrk");
  if (!wrk) {
    console.error("wrk is not installed. On Debian/Ubuntu: sudo apt-get install wrk   (then run npm run bench -- --scale again)");
    return 1;
  }
  if (process.platform !== "linux") {
    console.error("The bench reads the server's memory from /proc: it runs on Linux only.");
    return 1;
  }
  let serverVersion = "";
  if (engine.kind === "postgres") {
    // Reached before building: a wrong URL should not cost a build.
    const version = await postgresServerVersion(engine.serverUrl, "--scale-database-url");
    if (version === null) return 1;
    serverVersion = version;
  }
  const created = { database: false };
  try {
    return await measureScale(engine, serverVersion, counts, publishRuns, options, wrk, created);
  } finally {
    if (engine.kind === "postgres" && created.database && !options.keepData) {
      step(`dropping the database ${engine.name}`);
      await dropDatabase(engine.serverUrl, engine.name).catch((error: unknown) =>
        console.error(`could not drop the database ${engine.name}: ${error instanceof Error ? error.message : String(error)}`),
      );
    }
  }
}

async function measureScale(
  engine: Engine,
  serverVersion: string,
  counts: ScaleCounts,
  publishRuns: number,
  options: ScaleOptions,
  wrk: string,
  created: { database: boolean },
): Promise<number> {
  const duration = options.duration;
  const startedAt = Date.now();
  // Read now: the code measured is the code started, whatever is committed while the mode runs.
  const commit = gitCommit();
  const problems: string[] = [];
  const postgres = engine.kind === "postgres" ? engine : undefined;
  // Issue 27: a million listings on PostgreSQL are judged against their own target.
  const million = postgres !== undefined && counts.listings >= MILLION;
  const listP95 = million ? TARGETS.millionListP95 : TARGETS.listP95;

  if (options.skipBuild) {
    step("--skip-build: reusing build/");
  } else {
    step("building (scripts/build.ts)…");
    try {
      build(["ignore", 2, 2]);
    } catch {
      console.error("The build failed (its output is above).");
      return 1;
    }
  }

  // On PostgreSQL too: the uploads, and the bench's paths files, live there.
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "zampa-bench-scale-"));
  if (options.keepData) step(`--scale-keep-data: the DATA_DIR stays in ${dataDir} (remove it by hand)`);
  else live.tempDirs.add(dataDir);
  if (postgres) {
    step(`creating the database ${postgres.name} on ${shownUrl(postgresUrl(postgres.serverUrl, "postgres"))} (dropped first if it exists)`);
    await dropDatabase(postgres.serverUrl, postgres.name);
    await onPostgresServer(postgres.serverUrl, (c) => c.query(`create database "${postgres.name}"`));
    created.database = true;
    if (options.keepData) step(`--scale-keep-data: the database ${postgres.name} stays on that server (drop it by hand)`);
  }
  step(`first start on a new database (${engine.label}; DATA_DIR ${dataDir}): migrations + demo content…`);
  const first = await startServer(dataDir, true, postgres ? { databaseUrl: postgres.url } : {});
  const firstStartMs = first.readyMs;
  const firstProcesses = readProcessesMemory(first.pid).length;
  await stopServer(first);

  step(`generating ${formatInt(counts.users)} users, ${formatInt(counts.articles)} articles, ${formatInt(counts.listings)} listings and ${formatInt(counts.reports)} reports (server stopped)…`);
  const open = (): Promise<BenchClient> => (postgres ? openPgBenchClient(postgres.url) : openBenchDatabase(dataDir));
  const data = await generateScaleData(open, counts, (message) => step(`  ${message}`));
  step(`generated in ${seconds(data.ms)} (opening the database ${seconds(data.openMs)})`);
  let vacuum: { ms: number; size: string } | undefined;
  if (postgres) {
    // A PostgreSQL server's autovacuum would analyze (and vacuum) tables grown this much within
    // minutes; done now, so that the measured server plans with the statistics it would have.
    step(`VACUUM ANALYZE of ${GROWN_TABLES.join(", ")} (what autovacuum would do)…`);
    const client = await openPgBenchClient(postgres.url);
    try {
      const started = performance.now();
      await client.query(`vacuum analyze ${GROWN_TABLES.join(", ")}`);
      // What was generated is written out now, not by the checkpointer while the server is measured.
      await client.query("checkpoint");
      const ms = performance.now() - started;
      const size = (await client.query<{ size: string }>("select pg_size_pretty(pg_database_size(current_database())) as size")).rows[0]?.size ?? "?";
      vacuum = { ms, size };
    } finally {
      await client.close();
    }
    step(`VACUUM ANALYZE and CHECKPOINT in ${seconds(vacuum.ms)}; the database holds ${vacuum.size}`);
  }
  // The operating system's own write-back of what was generated, done before the server measured.
  const synced = performance.now();
  execFileSync("sync");
  step(`sync in ${seconds(performance.now() - synced)}`);

  // Made before any server runs: sharp keeps both cores busy for a few seconds.
  let photos: Buffer[] | undefined;
  if (publishRuns > 0) {
    step(`generating ${PUBLISH.photos} JPEG photos of ~${PUBLISH.photoBytes / 1024 / 1024} MB for publishing`);
    photos = [];
    for (let i = 0; i < PUBLISH.photos; i++) photos.push(await makePhoto(i + 1, PUBLISH.photoBytes));
  }

  const deepPageNumber = Math.max(2, Math.floor(pageCount(data.totals.activeListings) * 0.6));
  const deepPage = `/pet-listings?page=${deepPageNumber}`;
  const firstPaths = newListPaths();
  const firstFile = path.join(dataDir, "scale-first-requests.txt");
  writeFileSync(firstFile, `${firstPaths.join("\n")}\n`);
  const firstRequests: FirstRequests = { file: firstFile, paths: firstPaths.length, p95Ms: listP95 };

  out(`Zampa bench, scale mode — ${new Date().toISOString()}`);
  out(
    `  commit ${commit}, Node ${process.version}, ${os.availableParallelism()} CPU(s) shared by wrk${postgres ? ", the server and PostgreSQL" : " and the server"}, ` +
      `load average ${os.loadavg()[0]?.toFixed(2)} at start; right after /healthz, wrk -c${LISTING_CONNECTIONS} ${duration} over ${formatInt(firstPaths.length)} list pages ` +
      `new to the server with no warm-up (the first requests); then wrk -c${LISTING_CONNECTIONS} ${duration} per page after one warm-up run`,
  );
  out(`  every request (wrk and fetch) sends: ${Object.entries(BROWSER_HEADERS).map(([k, v]) => `${k}: ${v}`).join("; ")}`);
  if (postgres) {
    out(
      `  database: PostgreSQL ${serverVersion} at ${shownUrl(postgres.url)} (a new database), migrated and seeded by a first start (${seconds(firstStartMs)}, ` +
        `${firstProcesses} server processes), then generated through a node-postgres client with the server stopped:`,
    );
  } else {
    out(`  database: PGlite in a temporary DATA_DIR, migrated and seeded by a first start (${seconds(firstStartMs)}), then generated with the server stopped:`);
  }
  const genRows = [["rows", "generated", "in the database", "time"]];
  genRows.push(["users (+ accounts, profiles by trigger)", formatInt(data.users.inserted), `${formatInt(data.totals.users)} users, ${formatInt(data.totals.accounts)} accounts, ${formatInt(data.totals.profiles)} profiles`, seconds(data.users.ms)]);
  genRows.push([
    `articles (${data.articles.categories} categories, ${(data.articles.bytes / Math.max(1, data.articles.inserted) / 1024).toFixed(1)} KB of HTML each): ` +
      `${formatInt(data.articles.inserted - data.articles.drafts - data.articles.archived)} published, ${formatInt(data.articles.drafts)} drafts, ${formatInt(data.articles.archived)} archived`,
    formatInt(data.articles.inserted),
    `${formatInt(data.totals.articles)}, ${formatInt(data.totals.publishedArticles)} published`,
    seconds(data.articles.ms),
  ]);
  genRows.push([
    "active pet listings (scripts/bench/listings.ts)",
    formatInt(data.listings.inserted),
    formatInt(data.totals.activeListings),
    `${seconds(data.listings.ms)} (inserts ${seconds(data.listings.insertMs)})`,
  ]);
  genRows.push([
    "suspended and closed listings (copies of active ones)",
    `${formatInt(data.offSite.suspended)} + ${formatInt(data.offSite.closed)}`,
    `${formatInt(data.totals.listings)} listings in all`,
    seconds(data.offSite.ms),
  ]);
  genRows.push(["listing reports (one listing in four reported)", formatInt(data.reports.inserted), formatInt(data.totals.reports), seconds(data.reports.ms)]);
  genRows.push(["all, opening and closing the database included", "", "", seconds(data.ms)]);
  if (vacuum) genRows.push([`VACUUM ANALYZE of the grown tables (the database: ${vacuum.size})`, "", "", seconds(vacuum.ms)]);
  out(table(genRows, "    "));
  if (vacuum) {
    out(`  VACUUM ANALYZE of ${GROWN_TABLES.join(", ")} after generating, as a PostgreSQL server's autovacuum would do within minutes of such a growth, then CHECKPOINT and sync: the generated pages are on disk before anything is measured.`);
    out(
      `  Memory: each Node server process, read from /proc: the cluster's primary and its workers (WORKERS unset: the server's default, one per CPU); ` +
        `PostgreSQL's own processes are not counted. Judged: the highest peak (VmHWM) of one process ≤ ${TARGETS.memoryMb} MB.`,
    );
  } else {
    out("  No ANALYZE after generating: the first restart refreshes the grown tables' statistics itself (app/db/statistics.server.ts), as after an import.");
    out(`  Memory: the one server process (the embedded database runs in it), read from /proc. Judged: its peak (VmHWM) ≤ ${TARGETS.memoryMb} MB.`);
  }
  if (million) {
    out(
      `  ${formatInt(counts.listings)} listings on PostgreSQL: the public list pages are judged against p95 ≤ ${TARGETS.millionListP95} ms (issue 27's million-listing target) ` +
        `instead of ${TARGETS.listP95} ms; the back office's lists against ${TARGETS.listP95} ms still.`,
    );
  }
  out();

  let sitemap: SitemapCheck | undefined;
  let plan: Plan | undefined;
  // The first run reads the sitemap (its validity, and which child to measure), then fixes the pages
  // both runs measure.
  const prepare = async (server: Server): Promise<Plan> => {
    if (plan) return plan;
    try {
      sitemap = await readSitemap(server.base);
    } catch (error) {
      problems.push(`reading the sitemap: ${error instanceof Error ? error.message : String(error)}`);
    }
    plan = makeTargets(data, dataDir, deepPage, sitemap?.largestChild, listP95);
    return plan;
  };
  const phases: Phase[] = [];
  for (const cache of [false, true]) {
    try {
      const phase = await measurePhase(dataDir, engine, cache, wrk, duration, cache ? photos : undefined, publishRuns, firstRequests, prepare);
      phases.push(phase);
      printPhase(phase, duration, listP95);
      // A run that failed on a running server is the bench's problem; a server that fell over is a finding.
      if (!phase.crashed) {
        for (const run of [...(phase.first ? [phase.first] : []), ...phase.runs]) if (run.error) problems.push(`${run.target.label}, ${cache ? "cache ON" : "cache OFF"}: ${run.error}`);
      }
    } catch (error) {
      problems.push(`the ${cache ? "cache ON" : "cache OFF"} run: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (sitemap) printSitemap(sitemap, data.totals.activeListings + data.totals.publishedArticles);

  // --- Summary ---
  out(`== Summary (targets of issues 15, 16, 17 and 27) — ${engine.label}, ${formatInt(data.totals.activeListings)} active listings ==`);
  const rows = [["check", "measured", "target", "result"]];
  const p95Text = (w: WrkResult | undefined) => (w?.p95 === undefined ? "n/a" : formatMs(w.p95));
  for (const phase of phases) {
    const on = phase.cache ? "cache ON" : "cache OFF";
    const note = phase.cache || postgres ? "" : ", the first after generating: ANALYZEs the grown tables";
    rows.push(
      phase.restartMs === undefined
        ? [`restart to healthy, ${on}${note}`, "did not start", `≤ ${TARGETS.restartS} s`, "FAIL"]
        : [`restart to healthy, ${on}${note}`, seconds(phase.restartMs), `≤ ${TARGETS.restartS} s`, atMost(phase.restartMs / 1000, TARGETS.restartS)],
    );
  }
  for (const phase of phases.filter((p) => p.crashed)) {
    rows.push([`server stays up, ${phase.cache ? "cache ON" : "cache OFF"}`, (phase.crashed ?? "").slice(0, 100), "no exit", "FAIL"]);
  }
  for (const phase of phases) {
    const on = phase.cache ? "cache ON" : "cache OFF";
    const memory = phase.memoryFinal ?? phase.memoryLoaded;
    const peak = highestPeak(memory);
    const processes = memory?.length ?? 0;
    rows.push([
      `peak resident memory (VmHWM), ${processes > 1 ? `highest of ${processes} processes (${peaksText(memory)})` : "the server process"}, ${on}${phase.publish ? " (with publishing)" : ""}`,
      memText(peak),
      `≤ ${TARGETS.memoryMb} MB per process`,
      peak === undefined ? "n/a" : atMost(mb(peak), TARGETS.memoryMb),
    ]);
  }
  for (const phase of phases.filter((p) => !p.cache)) {
    if (phase.first) {
      const w = phase.first.wrk;
      rows.push([
        `list, searched + filtered, first requests after /healthz (no warm-up) p95 @${LISTING_CONNECTIONS}, cache OFF`,
        w ? `${p95Text(w)} (p50 ${formatMs(w.p50)}, p99 ${formatMs(w.p99)})` : "not measured",
        `≤ ${phase.first.target.p95Ms ?? TARGETS.listP95} ms`,
        runVerdict(phase.first, false),
      ]);
    }
    for (const run of phase.runs.filter((r) => r.target.judged)) {
      rows.push([
        `${labelOf(run)} p95${run.target.connections ? "" : ` @${LISTING_CONNECTIONS}`}, cache OFF`,
        p95Text(run.wrk),
        `≤ ${run.target.p95Ms ?? TARGETS.listP95} ms`,
        runVerdict(run, false),
      ]);
    }
  }
  for (const phase of phases) {
    const on = phase.cache ? "cache ON" : "cache OFF";
    const shown = [...(phase.cache && phase.first ? [phase.first] : []), ...phase.runs.filter((r) => !r.target.judged || phase.cache)];
    for (const run of shown) {
      const w = run.wrk;
      const measured = w ? `${formatMs(w.p50)} / ${p95Text(w)}` : "not measured";
      rows.push([`  ${run === phase.first ? "list, first requests after /healthz" : labelOf(run)}, ${on}: p50 / p95`, measured, "-", run.ok ? "-" : `HTTP ${run.status}`]);
    }
  }
  for (const phase of phases.filter((p) => p.publish)) {
    const stats = publishStats(phase.publish?.runs ?? []);
    rows.push([
      `publish ${PUBLISH.photos} photos, p50 / p95 of ${phase.publish?.runs.length ?? 0} (cache ON)`,
      stats.ok ? `${formatMs(stats.p50)} / ${formatMs(stats.p95)}` : "n/a",
      "-",
      stats.ok === (phase.publish?.runs.length ?? 0) && stats.ok > 0 ? "-" : "FAIL (not published)",
    ]);
  }
  rows.push(["sitemap valid", sitemap ? sitemap.verdict.reason : "not read", "well-formed; index when > 50,000 URLs", sitemap ? sitemap.verdict.verdict : "n/a"]);
  rows.push(compressionRow());
  out(table(rows));
  out(
    `  (1 MB = 1024 KB; memory is each server process's VmRSS, and its peak VmHWM, read from /proc${postgres ? "; the PostgreSQL server's own memory is not counted" : ""}.)`,
  );
  out();
  if (options.keepData) {
    out(`The generated DATA_DIR was kept: ${dataDir}`);
    if (postgres) out(`The generated database was kept: ${shownUrl(postgres.url)} (drop database ${postgres.name} with (force), by hand)`);
  }
  out(`Done in ${((Date.now() - startedAt) / 1000).toFixed(0)} s.`);
  if (problems.length) {
    console.error(`\nSome measurements could not run:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    return 1;
  }
  return 0;
}
