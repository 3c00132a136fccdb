// `npm run bench -- --scale`: Zampa at the size of a grown site (issue 15). Builds, starts the
// production server once on a fresh embedded database (migrations, demo content), stops it, writes
// 200,000 active listings, 20,000 published articles (plus drafts and archived ones) and 100,000
// users into that database (scripts/bench-scale-data.ts), then runs the server twice, with the page
// cache off (PAGE_CACHE=false) and on, and measures: the restart time to a healthy server and to a
// fast searched list page (the listing index is read in the background after /healthz answers),
// resident memory idle and after load, p50/p95 at 16 connections of the list page (plain, a deep
// page, searched, filtered, both), an article page (cycling over the 20,000), the sitemap (and, when
// it is an index, its largest child), the back office's article and user lists signed in as the demo
// administrator (issue 16) and the listings' moderation and report lists (issue 17), publishing a listing with 5 photos, and whether the sitemap follows the
// protocol. Prints a report with PASS/FAIL next to the targets; returns 0 even when targets
// fail, non-zero only when something could not run. Reuses scripts/bench.ts's server, wrk, memory
// and publishing helpers. Erasable TypeScript only (Node 24 runs it).
import { mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gunzipSync } from "node:zlib";
import {
  DEMO_ADMIN,
  DEMO_USER,
  LISTING_CONNECTIONS,
  PUBLISH,
  WRK_THREADS,
  benchFetch,
  checkPaths,
  compressionRow,
  encodings,
  errorsText,
  findExecutable,
  gitCommit,
  live,
  makePhoto,
  mb,
  measurePublish,
  out,
  readMemory,
  runWrk,
  signIn,
  startServer,
  step,
  stopServer,
  type PublishRun,
  type Server,
  type WrkOptions,
} from "./bench.ts";
import {
  BROWSER_HEADERS,
  atMost,
  checkXml,
  durationSeconds,
  encodingOf,
  formatInt,
  formatMs,
  judgeSitemap,
  percentile,
  table,
  type FetchedXml,
  type SitemapVerdict,
  type WrkResult,
} from "./bench-lib.ts";
import { LISTING_MIX, LISTING_TYPES, PET_TYPES, filterPath, openBenchDatabase, pageCount, type ListingFilter } from "./bench-listings.ts";
import { generateScaleData, type ScaleCounts, type ScaleData } from "./bench-scale-data.ts";
import { build } from "./build.ts";

const DEFAULTS: ScaleCounts = { listings: 200_000, articles: 20_000, users: 100_000, reports: 100_000 };
const TARGETS = {
  restartS: 30,
  memoryMb: 1024,
  /** the searched and filtered list page, page cache off, at 16 connections; the back office's lists too */
  listP95: 100,
};
/**
 * The back office is judged at the load a few editors make, not at the public pages' 16 connections
 * (decision 0057); its pages are measured at 16 too, to show what they cost under a crowd.
 */
const ADMIN_CONNECTIONS = 2;
/** The back office's lists (app/routes/admin/articles/list.tsx, app/routes/admin/users.tsx): 20 a page. */
const ADMIN_PAGE_SIZE = 20;
const ADMIN_TIMEOUT = "30s";
const DEFAULT_PUBLISH_RUNS = 5;
/** A searched list page answering under this is taken as answered from the in-memory index. */
const FAST_LIST_MS = 50;
const INDEX_WAIT_MS = 180_000;
/** The sitemap may take seconds to build and send: wrk's default 2 s timeout would drop those. */
const SITEMAP_TIMEOUT = "60s";
/** Child sitemaps read for the validity check, at most. */
const MAX_CHILDREN = 500;
const CHECKED_ARTICLES = 20;

/** Words people search for that match many listings (slow to count in SQL, quick in the index). */
const BROAD_WORDS = ["affettuoso", "vaccinato", "famiglia", "socievole", "microchip", "coccole", "bambini", "curioso"];
/** Searches without a filter: breeds, words of the ads, towns, two words. */
const SEARCHES = [
  "labrador", "cucciolo", "gattino", "micio", "pappagallo", "coniglio", "criceto", "tartaruga", "affettuoso", "dolcissima",
  "vaccinato", "microchip", "famiglia", "roma", "milano", "napoli", "torino", "bologna", "firenze", "forli", "pastore tedesco",
  "gatto roma", "cucciolo milano", "regalo", "adozione", "maine coon", "beagle", "canarino", "furetto", "persiano",
];
/**
 * Title searches of /admin/articles (words of the generated titles, scripts/bench-scale-data.ts):
 * common ones, rare ones, and some that match nothing.
 */
const ADMIN_ARTICLE_SEARCHES = [
  "consigli", "guida", "veterinario", "gatto", "cani", "cucciolo", "acquario", "crocchette", "errori da evitare", "Domande frequenti",
  "cincillà", "clicker", "filaria", "botti", "laghetto", "porcellino", "pronto soccorso",
  "ippopotamo", "zebra", "fenicottero",
];
/**
 * Searches of /admin/pet-listings (title, city or contact e-mail; scripts/bench-listings.ts's words,
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

export interface ScaleOptions {
  skipBuild: boolean;
  duration: string;
  listings: string | undefined;
  articles: string | undefined;
  users: string | undefined;
  reports?: string | undefined;
  publishRuns: string | undefined;
  /** keep the generated DATA_DIR (to study its queries afterwards) */
  keepData?: boolean;
}

// --- What is measured ----------------------------------------------------------------------------

type Memory = { peakKb: number; rssKb: number } | undefined;

interface Target {
  key: string;
  label: string;
  /** one URL (wrk requests it) or a paths file cycled by scripts/bench-listings.lua */
  path: string;
  pathsFile?: string;
  urls: number;
  /** checked before the run (all of them, or the first few of a long list) */
  check: string[];
  /** judged against TARGETS.listP95 with the page cache off */
  judged: boolean;
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
}

interface IndexProbe {
  /** from spawning the server to the first searched page under FAST_LIST_MS; undefined if never */
  fastMs: number | undefined;
  polls: number;
  firstMs: number | undefined;
  lastMs: number | undefined;
}

interface Phase {
  cache: boolean;
  /** undefined when the server never answered /healthz (crashed is then set) */
  restartMs: number | undefined;
  probe: IndexProbe;
  memoryStarted: Memory;
  memoryIdle: Memory;
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

function parseCount(name: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  const n = Number(text.replace(/[_,]/g, ""));
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name}: expected a whole number ≥ ${min}, got "${text}"`);
  return n;
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const memText = (kb: number | undefined) => (kb === undefined ? "n/a" : `${mb(kb).toFixed(1)} MB`);

async function timedFetch(base: string, target: string): Promise<{ status: number; ms: number; body: Buffer; encoding: string; location: string | null }> {
  const started = performance.now();
  const response = await benchFetch(base + target, { redirect: "manual", signal: AbortSignal.timeout(120_000) });
  const body = Buffer.from(await response.arrayBuffer());
  return { status: response.status, ms: performance.now() - started, body, encoding: encodingOf(response.headers), location: response.headers.get("location") };
}

/**
 * From spawn to the first searched list page answered under FAST_LIST_MS: the list is answered
 * with SQL until the in-memory listing index has been read (app/listings/listing-index.server.ts),
 * and a broad search is slow to count in SQL on a large catalogue. Each poll is a search not asked
 * before (nothing memoized).
 */
async function probeIndex(server: Server, spawnedAt: number, paths: string[]): Promise<IndexProbe> {
  const probe: IndexProbe = { fastMs: undefined, polls: 0, firstMs: undefined, lastMs: undefined };
  for (const p of paths) {
    if (performance.now() - spawnedAt > INDEX_WAIT_MS || server.exit) break;
    let ms: number;
    try {
      ({ ms } = await timedFetch(server.base, p));
    } catch {
      break;
    }
    probe.polls += 1;
    probe.firstMs ??= ms;
    probe.lastMs = ms;
    if (ms < FAST_LIST_MS) {
      probe.fastMs = performance.now() - spawnedAt;
      break;
    }
  }
  return probe;
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

function makeTargets(data: ScaleData, dir: string, deepPage: string, sitemapChild: string | undefined): Plan {
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
  const articles = data.articleSlugs.map((slug) => `/article/${encodeURIComponent(slug)}`);
  const files = {
    searched: write("scale-searched.txt", searched),
    filtered: write("scale-filtered.txt", filtered),
    mix: write("scale-mix.txt", mix),
    articles: write("scale-articles.txt", articles),
  };
  // The warm-up cycles through the list pages and articles together (not the sitemap).
  const warmUp: string[] = [];
  const lists = [searched, filtered, mix, articles.slice(0, 200)];
  for (let i = 0; i < Math.max(...lists.map((l) => l.length)); i++) for (const list of lists) if (list[i]) warmUp.push(list[i]!);
  const targets: Target[] = [
    { key: "plain", label: "list, plain", path: "/pet-listings", urls: 1, check: ["/pet-listings"], judged: false },
    { key: "deep", label: "list, deep page", path: deepPage, urls: 1, check: [deepPage], judged: false },
    { key: "searched", label: "list, searched (?q=)", path: "/", pathsFile: files.searched, urls: searched.length, check: searched, judged: true },
    { key: "filtered", label: "list, filtered (petType/listingType)", path: "/", pathsFile: files.filtered, urls: filtered.length, check: filtered, judged: true },
    { key: "mix", label: "list, searched + filtered (bench mix)", path: "/", pathsFile: files.mix, urls: mix.length, check: mix, judged: true },
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

function broadSearches(): string[] {
  const paths: string[] = [];
  for (const q of BROAD_WORDS) {
    for (const petType of PET_TYPES) for (const listingType of [undefined, ...LISTING_TYPES]) paths.push(filterPath({ q, petType, listingType, page: 1 } satisfies ListingFilter));
  }
  return paths;
}

// --- One server run ------------------------------------------------------------------------------

async function measurePhase(
  dataDir: string,
  cache: boolean,
  wrk: string,
  duration: string,
  photos: Buffer[] | undefined,
  publishRuns: number,
  /** the pages to measure, decided once the server runs (the sitemap says which child to measure) */
  prepare: (server: Server) => Promise<Plan>,
): Promise<Phase> {
  const on = cache ? "cache ON" : "cache OFF";
  step(`phase: page cache ${cache ? "ON (PAGE_CACHE unset)" : "OFF (PAGE_CACHE=false)"}: restarting the server`);
  const spawnedAt = performance.now();
  let server: Server;
  try {
    server = await startServer(dataDir, cache);
  } catch (error) {
    // Not starting at this size is a finding (the restart target fails), not the bench's failure.
    const message = (error instanceof Error ? error.message : String(error)).split("\n");
    const crashed = `${message[0] ?? ""} ${message.slice(1).filter((l) => /error|heap|memory/i.test(l)).slice(0, 2).join(" | ")}`.trim();
    step(`${on}: the server did not start: ${crashed}`);
    const none = { fastMs: undefined, polls: 0, firstMs: undefined, lastMs: undefined };
    return {
      cache,
      restartMs: undefined,
      probe: none,
      memoryStarted: undefined,
      memoryIdle: undefined,
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
    const memoryStarted = readMemory(server.pid);
    // Spawn happened a few ms after spawnedAt (a free port is found first): the probe's figure is
    // at most that much longer than the real one.
    step(`${on}: polling searched list pages until one answers under ${FAST_LIST_MS} ms (the listing index read)`);
    const probe = await probeIndex(server, spawnedAt, broadSearches());
    step(
      probe.fastMs === undefined
        ? `${on}: no searched page under ${FAST_LIST_MS} ms within ${INDEX_WAIT_MS / 1000} s (${probe.polls} polls, last ${formatMs(probe.lastMs ?? 0)})`
        : `${on}: a searched page answered under ${FAST_LIST_MS} ms ${seconds(probe.fastMs)} after spawn (${probe.polls} polls)`,
    );
    const memoryIdle = readMemory(server.pid);
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
        step(`${on}: ${target.label}: wrk -c${connections} for ${duration} (${formatInt(target.urls)} URL(s))`);
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
    const memoryLoaded = readMemory(server.pid);

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
    const memoryFinal = readMemory(server.pid);
    const newLines = server.lineCount - firstLine;
    return {
      cache,
      restartMs: server.readyMs,
      probe,
      memoryStarted,
      memoryIdle,
      warmUp,
      runs,
      memoryLoaded,
      publish,
      memoryFinal,
      serverLineCount: newLines,
      serverLines: newLines > 0 ? server.log.slice(-Math.min(newLines, server.log.length)).slice(0, 5) : [],
      crashed: server.exit ? exitText(server) : undefined,
    };
  } finally {
    await stopServer(server);
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
  return atMost(run.wrk.p95, TARGETS.listP95);
}

function publishStats(runs: PublishRun[]): { ok: number; p50: number; p95: number } {
  const times = runs.filter((r) => !r.error && r.detailStatus === 200).map((r) => r.ms);
  return { ok: times.length, p50: percentile(times, 50), p95: percentile(times, 95) };
}

function printPhase(phase: Phase, duration: string): void {
  const title = phase.cache ? "page cache ON (PAGE_CACHE unset, the production default)" : "page cache OFF (PAGE_CACHE=false)";
  out(`== ${title} — wrk -t${WRK_THREADS} -c${LISTING_CONNECTIONS} -d${duration} --latency, or the connections a row names (p95 from scripts/bench-listings.lua) ==`);
  if (phase.restartMs === undefined) {
    out(`  the server did not start: ${phase.crashed ?? "unknown"}`);
    for (const line of phase.serverLines) out(`    ${line.length > 300 ? `${line.slice(0, 300)}…` : line}`);
    out();
    return;
  }
  out(
    `  restart to healthy (spawn → /healthz 200): ${seconds(phase.restartMs)}; a searched list page under ${FAST_LIST_MS} ms (listing index read): ` +
      (phase.probe.fastMs === undefined
        ? `not within ${INDEX_WAIT_MS / 1000} s (${phase.probe.polls} polls, first ${formatMs(phase.probe.firstMs ?? 0)}, last ${formatMs(phase.probe.lastMs ?? 0)})`
        : `${seconds(phase.probe.fastMs)} after spawn (${phase.probe.polls} poll(s); the first answered in ${formatMs(phase.probe.firstMs ?? 0)})`),
  );
  out(
    `  resident memory: just started ${memText(phase.memoryStarted?.rssKb)}, idle once the index is read ${memText(phase.memoryIdle?.rssKb)}, ` +
      `after the page runs ${memText(phase.memoryLoaded?.rssKb)} (peak ${memText(phase.memoryLoaded?.peakKb)})` +
      (phase.publish ? `, after publishing ${memText(phase.memoryFinal?.rssKb)} (peak ${memText(phase.memoryFinal?.peakKb)})` : ""),
  );
  out(
    phase.cache
      ? "  Not judged with the cache on: shown to compare. The back office is measured only with the cache off (signed-in pages are never page-cached)."
      : `  Judged: p95 ≤ ${TARGETS.listP95} ms for the searched and filtered list pages at ${LISTING_CONNECTIONS} connections and the back-office lists at ${ADMIN_CONNECTIONS} (decision 0057); the back office at ${LISTING_CONNECTIONS} is shown, not judged.`,
  );
  const rows = [["page", "URLs", "HTTP", "encoding", "req/s", "p50", "p95", "p99", "requests", "errors", "target"]];
  if (phase.warmUp) {
    const w = phase.warmUp;
    rows.push(["warm-up: list + article pages, just started", "-", "-", "-", w.requestsPerSec.toFixed(1), formatMs(w.p50), w.p95 === undefined ? "n/a" : formatMs(w.p95), formatMs(w.p99), formatInt(w.requests), errorsText(w), "-"]);
  }
  for (const run of phase.runs) {
    const w = run.wrk;
    rows.push([
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
    ]);
  }
  out(table(rows));
  for (const run of phase.runs) if (run.error) out(`  ${run.target.label}: not measured: ${run.error}`);
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
  const startedAt = Date.now();
  // Read now: the code measured is the code started, whatever is committed while the mode runs.
  const commit = gitCommit();
  const problems: string[] = [];

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

  const dataDir = mkdtempSync(path.join(os.tmpdir(), "zampa-bench-scale-"));
  if (options.keepData) step(`--scale-keep-data: the database stays in ${dataDir} (remove it by hand)`);
  else live.tempDirs.add(dataDir);
  step(`first start on a new database in ${dataDir} (migrations + demo content)…`);
  const first = await startServer(dataDir, true);
  const firstStartMs = first.readyMs;
  await stopServer(first);

  step(`generating ${formatInt(counts.users)} users, ${formatInt(counts.articles)} articles, ${formatInt(counts.listings)} listings and ${formatInt(counts.reports)} reports (server stopped)…`);
  const data = await generateScaleData(() => openBenchDatabase(dataDir), counts, (message) => step(`  ${message}`));
  step(`generated in ${seconds(data.ms)} (opening the database ${seconds(data.openMs)})`);

  // Made before any server runs: sharp keeps both cores busy for a few seconds.
  let photos: Buffer[] | undefined;
  if (publishRuns > 0) {
    step(`generating ${PUBLISH.photos} JPEG photos of ~${PUBLISH.photoBytes / 1024 / 1024} MB for publishing`);
    photos = [];
    for (let i = 0; i < PUBLISH.photos; i++) photos.push(await makePhoto(i + 1, PUBLISH.photoBytes));
  }

  const deepPageNumber = Math.max(2, Math.floor(pageCount(data.totals.activeListings) * 0.6));
  const deepPage = `/pet-listings?page=${deepPageNumber}`;

  out(`Zampa bench, scale mode — ${new Date().toISOString()}`);
  out(
    `  commit ${commit}, Node ${process.version}, ${os.availableParallelism()} CPU(s) shared by wrk and the server, ` +
      `load average ${os.loadavg()[0]?.toFixed(2)} at start, wrk -c${LISTING_CONNECTIONS} ${duration} per page after one warm-up run`,
  );
  out(`  every request (wrk and fetch) sends: ${Object.entries(BROWSER_HEADERS).map(([k, v]) => `${k}: ${v}`).join("; ")}`);
  out(`  database: PGlite in a temporary DATA_DIR, migrated and seeded by a first start (${seconds(firstStartMs)}), then generated with the server stopped:`);
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
    "active pet listings (scripts/bench-listings.ts)",
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
  out(table(genRows, "    "));
  out("  No ANALYZE after generating: the first restart refreshes the grown tables' statistics itself (app/db/statistics.server.ts), as after an import.");
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
    plan = makeTargets(data, dataDir, deepPage, sitemap?.largestChild);
    return plan;
  };
  const phases: Phase[] = [];
  for (const cache of [false, true]) {
    try {
      const phase = await measurePhase(dataDir, cache, wrk, duration, cache ? photos : undefined, publishRuns, prepare);
      phases.push(phase);
      printPhase(phase, duration);
      // A run that failed on a running server is the bench's problem; a server that fell over is a finding.
      if (!phase.crashed) for (const run of phase.runs) if (run.error) problems.push(`${run.target.label}, ${cache ? "cache ON" : "cache OFF"}: ${run.error}`);
    } catch (error) {
      problems.push(`the ${cache ? "cache ON" : "cache OFF"} run: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  if (sitemap) printSitemap(sitemap, data.totals.activeListings + data.totals.publishedArticles);

  // --- Summary ---
  out("== Summary (targets of issues 15, 16 and 17) ==");
  const rows = [["check", "measured", "target", "result"]];
  for (const phase of phases) {
    const on = phase.cache ? "cache ON" : "cache OFF";
    const note = phase.cache ? "" : ", the first after generating: ANALYZEs the grown tables";
    rows.push(
      phase.restartMs === undefined
        ? [`restart to healthy, ${on}${note}`, "did not start", `≤ ${TARGETS.restartS} s`, "FAIL"]
        : [`restart to healthy, ${on}${note}`, seconds(phase.restartMs), `≤ ${TARGETS.restartS} s`, atMost(phase.restartMs / 1000, TARGETS.restartS)],
    );
    rows.push([`  searched list page under ${FAST_LIST_MS} ms (index read), ${on}`, phase.probe.fastMs === undefined ? "not reached" : seconds(phase.probe.fastMs), "-", "-"]);
  }
  for (const phase of phases.filter((p) => p.crashed)) {
    rows.push([`server stays up, ${phase.cache ? "cache ON" : "cache OFF"}`, (phase.crashed ?? "").slice(0, 100), "no exit", "FAIL"]);
  }
  for (const phase of phases) {
    const on = phase.cache ? "cache ON" : "cache OFF";
    const peak = phase.memoryFinal?.peakKb;
    rows.push([
      `resident memory peak, ${on}${phase.publish ? " (with publishing)" : ""}; idle ${memText(phase.memoryIdle?.rssKb)}, final ${memText(phase.memoryFinal?.rssKb)}`,
      memText(peak),
      `≤ ${TARGETS.memoryMb} MB`,
      peak === undefined ? "n/a" : atMost(mb(peak), TARGETS.memoryMb),
    ]);
  }
  for (const phase of phases.filter((p) => !p.cache)) {
    for (const run of phase.runs.filter((r) => r.target.judged)) {
      rows.push([`${labelOf(run)} p95${run.target.connections ? "" : ` @${LISTING_CONNECTIONS}`}, cache OFF`, run.wrk?.p95 === undefined ? "n/a" : formatMs(run.wrk.p95), `≤ ${TARGETS.listP95} ms`, runVerdict(run, false)]);
    }
  }
  for (const phase of phases) {
    for (const run of phase.runs.filter((r) => !r.target.judged || phase.cache)) {
      const on = phase.cache ? "cache ON" : "cache OFF";
      const w = run.wrk;
      const measured = w ? `${formatMs(w.p50)} / ${w.p95 === undefined ? "n/a" : formatMs(w.p95)}` : "not measured";
      rows.push([`  ${labelOf(run)}, ${on}: p50 / p95`, measured, "-", run.ok ? "-" : `HTTP ${run.status}`]);
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
  out("  (1 MB = 1024 KB; memory is the server process's VmRSS, and its peak VmHWM, read from /proc.)");
  out();
  if (options.keepData) out(`The generated database was kept: DATA_DIR=${dataDir}`);
  out(`Done in ${((Date.now() - startedAt) / 1000).toFixed(0)} s.`);
  if (problems.length) {
    console.error(`\nSome measurements could not run:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    return 1;
  }
  return 0;
}
