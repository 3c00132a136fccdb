// The default mode of `npm run bench`: build, start the production server on the embedded database
// (PGlite) with the demo content plus a generated catalogue of 10,000 active pet listings
// (scripts/bench/listings.ts), and measure the home, an article and a category page with wrk, once
// with the page cache on and once with it off (PAGE_CACHE=false), the cached phase with the server's
// default logging (its access log to a file); with the page cache on, the article and the home beside
// nginx serving the same pages precompressed (gzip_static, scripts/bench/reference.ts), in turns;
// then the article page's JavaScript weight and a Lighthouse run (mobile defaults) on the three
// pages. The listings part measures the searched and filtered list page, a query never asked before
// on every request, the unfiltered list, with the page cache off and on, and the time to publish a
// listing with photos. Targets, judgements and the report's text: scripts/bench/pages-report.ts.
// Erasable TypeScript only (the pinned Node runs it).
import { existsSync, mkdtempSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { CHROMIUM_FLAGS } from "../harness/chromium-flags.ts";
import { NGINX, hasNginx } from "../harness/load-balancer.ts";
import type { PagesOptions } from "./bench/args.ts";
import { findExecutable, gitCommit, out, root, step } from "./bench/common.ts";
import { benchFetch, checkPage, checkPaths, compressionRow, warm, WARM_REQUESTS } from "./bench/http.ts";
import { lighthouseReport, runLighthouse, type LighthousePage } from "./bench/lighthouse.ts";
import { CITY_COUNT, LISTING_MIX, explainListingQueries, filterPath, generateListings, pageCount, type Generated } from "./bench/listings.ts";
import { live, stopServer, type Server } from "./bench/live.ts";
import { mb, readMemory } from "./bench/memory.ts";
import {
  ARTICLE_PATH,
  PAGES,
  besideNginxReport,
  besideWordPressReport,
  listingVerdict,
  listingsReport,
  phaseReport,
  phaseTitle,
  summaryReport,
  type JsBudget,
  type ListingPhase,
  type ListingRun,
  type PageResult,
  type PhaseName,
  type PhaseResult,
} from "./bench/pages-report.ts";
import { PUBLISH, makePhoto, measurePublish, type PublishResult } from "./bench/publish.ts";
import { WORDPRESS_REFERENCE, measurePair, measureSideBySide, startStaticNginx, type SideBySide } from "./bench/reference.ts";
import { formatInt } from "./bench/report.ts";
import { logSize, logWarnings, startServer } from "./bench/server.ts";
import { LISTING_CONNECTIONS, runWrk } from "./bench/wrk.ts";
import { build } from "./build.ts";

const LISTINGS_COUNT = 10_000;
/** Requests per URL of the mix before it is measured. */
const MIX_WARM_ROUNDS = 3;

/** The pages measured beside nginx (issue 27): the cached article and home. */
const BESIDE_NGINX = [ARTICLE_PATH, "/"];

/** nginx serves the same pages, as the server answered them, precompressed; both are measured in turns. */
async function compareWithNginx(server: Server, wrk: string, duration: string): Promise<SideBySide[]> {
  if (!hasNginx()) throw new Error(`nginx not found at ${NGINX} (apt-get install nginx-light, or NGINX_PATH)`);
  const pages = new Map<string, string>();
  for (const pagePath of BESIDE_NGINX) {
    const response = await benchFetch(server.base + pagePath);
    if (response.status !== 200) throw new Error(`${pagePath} answered HTTP ${response.status}`);
    pages.set(pagePath, await response.text());
  }
  const nginx = await startStaticNginx(pages);
  try {
    return await measureSideBySide(BESIDE_NGINX, server.base, nginx.url, (url) => runWrk(wrk, url, duration), step);
  } finally {
    await nginx.stop();
  }
}

/** The uncached article beside a WordPress serving the same article (`--wordpress-url`), in turns. */
async function compareWithWordPress(server: Server, wrk: string, duration: string, wordpressUrl: string): Promise<SideBySide> {
  const response = await benchFetch(wordpressUrl);
  await response.arrayBuffer();
  if (response.status !== 200) throw new Error(`WordPress at ${wordpressUrl} answered HTTP ${response.status}`);
  return measurePair(ARTICLE_PATH, server.base + ARTICLE_PATH, wordpressUrl, WORDPRESS_REFERENCE, (url) => runWrk(wrk, url, duration), step);
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
    const response = await benchFetch(url, { signal: AbortSignal.timeout(30_000) });
    const body = Buffer.from(await response.arrayBuffer());
    files.push({ url, status: response.status, rawBytes: body.length, gzipBytes: gzipSync(body).length });
  }
  return { status, files, totalGzip: files.reduce((sum, f) => sum + f.gzipBytes, 0) };
}

async function measurePhase(server: Server, name: PhaseName, wrk: string, duration: string, statuses: Map<string, number>): Promise<PhaseResult> {
  const firstLine = server.lineCount;
  const logFrom = server.logFile ? logSize(server.logFile) : 0;
  const pages: PageResult[] = [];
  for (const page of PAGES) {
    const status = statuses.get(page.path) ?? 0;
    step(`${name}: warming ${page.path} (${WARM_REQUESTS} requests), then wrk for ${duration}`);
    await warm(server.base + page.path);
    const result = await runWrk(wrk, server.base + page.path, duration);
    pages.push({ label: page.label, path: page.path, status, wrk: result });
  }
  const newLines = server.lineCount - firstLine;
  const memory = readMemory(server.pid);
  // The server's standard output went to its log file (access log on): its warnings are read there.
  const logged = server.logFile ? await logWarnings(server.logFile, logFrom) : { lines: [], count: 0 };
  return {
    name,
    pages,
    memory,
    serverLines: [...(newLines > 0 ? server.log.slice(-Math.min(newLines, server.log.length)).slice(0, 5) : []), ...logged.lines].slice(0, 5),
    serverLineCount: newLines + logged.count,
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

/** The list pages the bench drives, from the generated catalogue (written once to files for wrk). */
interface ListingUrls {
  mix: string[];
  distinct: string[];
  unfiltered: string;
  mixFile: string;
  distinctFile: string;
}

function listingUrls(generated: Generated, dir: string): ListingUrls {
  // A page past a combination's last one would only be a redirect: measure its last page instead.
  const mix = LISTING_MIX.map((f, i) => filterPath({ ...f, page: Math.min(f.page, pageCount(generated.mixMatches[i] ?? 0)) }));
  const distinct = generated.distinct.map(filterPath);
  const mixFile = path.join(dir, "listing-mix.txt");
  const distinctFile = path.join(dir, "listing-distinct.txt");
  writeFileSync(mixFile, `${mix.join("\n")}\n`);
  writeFileSync(distinctFile, `${distinct.join("\n")}\n`);
  return { mix, distinct, unfiltered: "/pet-listings", mixFile, distinctFile };
}

async function measureListings(
  server: Server,
  cache: boolean,
  wrk: string,
  duration: string,
  urls: ListingUrls,
  photos: { photos: Buffer[]; ms: number } | undefined,
): Promise<ListingPhase> {
  const firstLine = server.lineCount;
  const on = cache ? "cache ON" : "cache OFF";
  const runs: ListingRun[] = [];
  const wrkOptions = { connections: LISTING_CONNECTIONS };

  step(`listings, ${on}: checking the ${urls.mix.length} searched and filtered URLs, then ${MIX_WARM_ROUNDS} warm-up rounds`);
  const mixCheck = await checkPaths(server.base, urls.mix);
  for (let round = 1; round < MIX_WARM_ROUNDS; round++) await checkPaths(server.base, urls.mix);
  // A server just started runs its first thousands of requests on code V8 has not optimised yet
  // (measured: the first 10 s at 440–560 req/s, the next ones at 570–755): one run of the same load
  // first, so that the judged run measures the server as it runs in production. Shown, not judged.
  step(`listings, ${on}: warm-up, wrk -c${LISTING_CONNECTIONS} for ${duration} cycling through the ${urls.mix.length} URLs (not judged)`);
  runs.push({
    label: "warm-up: mix, just started",
    urls: urls.mix.length,
    status: mixCheck.text,
    ok: mixCheck.ok,
    wrk: await runWrk(wrk, server.base, duration, { ...wrkOptions, pathsFile: urls.mixFile }),
    judged: false,
    warmUp: true,
    note: "",
  });
  step(`listings, ${on}: wrk -c${LISTING_CONNECTIONS} for ${duration} cycling through the ${urls.mix.length} URLs`);
  runs.push({
    label: "searched + filtered (mix)",
    urls: urls.mix.length,
    status: mixCheck.text,
    ok: mixCheck.ok,
    wrk: await runWrk(wrk, server.base, duration, { ...wrkOptions, pathsFile: urls.mixFile }),
    judged: !cache,
    note: "",
  });

  if (!cache) {
    // Not checked beforehand: a first request would memoize the query this run is there to measure.
    step(`listings, ${on}: wrk -c${LISTING_CONNECTIONS} for ${duration}, each request a combination not asked before (${formatInt(urls.distinct.length)} available)`);
    const result = await runWrk(wrk, server.base, duration, { ...wrkOptions, pathsFile: urls.distinctFile });
    const repeated = result.requests > urls.distinct.length;
    runs.push({
      label: "searched + filtered, new query each",
      urls: Math.min(result.requests, urls.distinct.length),
      status: result.non2xx3xx ? `${formatInt(result.non2xx3xx)} non-2xx/3xx` : "2xx/3xx",
      ok: result.non2xx3xx === 0,
      wrk: result,
      judged: true,
      note: repeated ? `${formatInt(result.requests)} requests for ${formatInt(urls.distinct.length)} combinations: some were repeats` : "",
    });
  }

  step(`listings, ${on}: warming ${urls.unfiltered} (${WARM_REQUESTS} requests), then wrk -c${LISTING_CONNECTIONS} for ${duration}`);
  const plainCheck = await checkPaths(server.base, [urls.unfiltered]);
  await warm(server.base + urls.unfiltered);
  runs.push({
    label: "unfiltered, page 1",
    urls: 1,
    status: plainCheck.text,
    ok: plainCheck.ok,
    wrk: await runWrk(wrk, server.base + urls.unfiltered, duration, { ...wrkOptions, lua: true }),
    judged: false,
    note: "",
  });
  const memory = readMemory(server.pid);

  let publish: PublishResult | undefined;
  let memoryAfterPublish: ListingPhase["memoryAfterPublish"];
  if (photos) {
    const made = photos;
    try {
      publish = { photos: made.photos.map((p) => p.length), photosMs: made.ms, ...(await measurePublish(server.base, made.photos)) };
    } catch (error) {
      publish = { photos: made.photos.map((p) => p.length), photosMs: made.ms, breed: undefined, runs: [], error: error instanceof Error ? error.message : String(error) };
    }
    memoryAfterPublish = readMemory(server.pid);
  }

  const newLines = server.lineCount - firstLine;
  return {
    cache,
    runs,
    memory,
    publish,
    memoryAfterPublish,
    serverLines: newLines > 0 ? server.log.slice(-Math.min(newLines, server.log.length)).slice(0, 5) : [],
    serverLineCount: newLines,
  };
}

export async function runPages(options: PagesOptions): Promise<number> {
  const { duration, only } = options;
  const phases = (["cached", "uncached"] as const).filter((name) => only.includes(name));
  const withListings = only.includes("listings");
  // Lighthouse and the JavaScript weight belong to the pages' phases.
  const withLighthouse = !options.skipLighthouse && phases.length > 0;

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

  if (options.skipBuild) {
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

  // Written while no server runs (PGlite is single-process), so every measured server sees it.
  step(`generating ${formatInt(LISTINGS_COUNT)} active pet listings in the bench database…`);
  const generated = await generateListings(dataDir, LISTINGS_COUNT);
  step(
    `generated ${formatInt(generated.inserted)} listings in ${(generated.ms / 1000).toFixed(1)} s ` +
      `(inserts ${(generated.insertMs / 1000).toFixed(1)} s, the rest counting the matches of the measured searches)`,
  );
  const listingPaths = listingUrls(generated, dataDir);

  const results: PhaseResult[] = [];
  let besideNginx: SideBySide[] | undefined;
  let besideWordPress: SideBySide | undefined;
  const wordpressUrl = options.wordpressUrl;
  let jsBudget: JsBudget | undefined;
  let statuses = new Map<string, number>();
  let lighthouse: LighthousePage[] | undefined;
  let lighthouseSkipped: string | undefined = withLighthouse
    ? undefined
    : options.skipLighthouse
      ? "skipped (--skip-lighthouse)"
      : `not run (--only=${only.join(",")}: Lighthouse runs with the pages' phases)`;
  const listingPhases: ListingPhase[] = [];

  const lighthouseOn = async (server: Server) => {
    try {
      lighthouse = await runLighthouse(server.base, PAGES, statuses);
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
  out(
    `  catalogue: ${formatInt(generated.inserted)} generated active pet listings (scripts/bench/listings.ts; ${formatInt(generated.active)} active in all, ` +
      `${generated.owners} demo owners, 8 pet types, 3 listing types, ${CITY_COUNT} cities, last 180 days), written in ${(generated.ms / 1000).toFixed(1)} s ` +
      `(inserts ${(generated.insertMs / 1000).toFixed(1)} s); no ANALYZE, as in production (PGlite runs no autovacuum)`,
  );
  out();

  for (const name of phases) {
    step(`phase: ${phaseTitle(name)}`);
    // The cached phase runs with the server's default logging (the access log: a line per request).
    const server = await startServer(dataDir, name === "cached", name === "cached" ? { logFile: path.join(dataDir, "server-cached.log") } : {});
    try {
      statuses = await checkStatuses(server);
      if (!jsBudget) {
        step(`measuring the JavaScript of ${ARTICLE_PATH}`);
        jsBudget = await measureJs(server.base);
      }
      const result = await measurePhase(server, name, wrk, duration, statuses);
      results.push(result);
      out(phaseReport(result, duration));
      if (name === "cached") {
        try {
          besideNginx = await compareWithNginx(server, wrk, duration);
          out(besideNginxReport(besideNginx, duration));
        } catch (error) {
          problems.push(`cached pages beside nginx: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
      if (name === "uncached" && wordpressUrl) {
        try {
          besideWordPress = await compareWithWordPress(server, wrk, duration, wordpressUrl);
          out(besideWordPressReport(besideWordPress, duration, wordpressUrl));
        } catch (error) {
          problems.push(`uncached article beside WordPress: ${error instanceof Error ? error.message : String(error)}`);
        }
      }
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

  if (withListings) {
    const mixMatches = generated.mixMatches;
    step(
      `listings: the mix's searches match ${Math.min(...mixMatches)}–${Math.max(...mixMatches)} listings ` +
        `(median ${[...mixMatches].sort((a, b) => a - b)[Math.floor(mixMatches.length / 2)]})`,
    );
    // The photos are made before any server runs: sharp keeps both cores busy for a few seconds.
    step(`listings: generating ${PUBLISH.photos} JPEG photos of ~${PUBLISH.photoBytes / 1024 / 1024} MB (${PUBLISH.width}×${PUBLISH.height})`);
    const photosStarted = performance.now();
    const made: Buffer[] = [];
    for (let i = 0; i < PUBLISH.photos; i++) made.push(await makePhoto(i + 1, PUBLISH.photoBytes));
    const photos = { photos: made, ms: performance.now() - photosStarted };
    for (const cache of [false, true]) {
      step(`phase: pet listings, ${cache ? "page cache ON" : "page cache OFF (PAGE_CACHE=false)"}`);
      const server = await startServer(dataDir, cache);
      try {
        // Publishing last, on the production configuration (cache on): it invalidates the listings.
        const phase = await measureListings(server, cache, wrk, duration, listingPaths, cache ? photos : undefined);
        listingPhases.push(phase);
        out(listingsReport(phase, duration, generated));
      } finally {
        await stopServer(server);
      }
    }
    // Over target: how PostgreSQL runs the list query on this catalogue (no server holds it now).
    const overTarget = listingPhases.some((phase) => phase.runs.some((run) => run.judged && listingVerdict(run) !== "PASS"));
    if (overTarget) {
      step("listings: EXPLAIN ANALYZE of the list query");
      try {
        const plans = await explainListingQueries(dataDir, [LISTING_MIX[1] ?? { q: "cucciolo", page: 1 }, { q: "", page: 1 }]);
        out("== Pet listings over target: the list's queries (app/listings/browse.server.ts; EXPLAIN (ANALYZE, BUFFERS) of a second run, in the bench process) ==");
        for (const { filter, plan } of plans) {
          out(`  ${filterPath(filter)}`);
          for (const line of plan.split("\n")) out(`    ${line}`);
        }
        out();
      } catch (error) {
        problems.push(`EXPLAIN of the list query: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  out(summaryReport({ phases, results, listingPhases, besideNginx, besideWordPress, jsBudget, statuses, compression: compressionRow() }));

  out(lighthouseReport(lighthouse, lighthouseSkipped));

  out(`Done in ${((Date.now() - startedAt) / 1000).toFixed(0)} s.`);
  if (problems.length) {
    console.error(`\nSome measurements could not run:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    return 1;
  }
  return 0;
}
