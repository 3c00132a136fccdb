// The default mode's targets, judgements and report (`npm run bench`): the pages' phases with the
// page cache on and off, beside nginx and WordPress, the pet listings and publishing, the summary.
// Pure: each report is the text the bench prints. Erasable TypeScript only (the pinned Node runs it).
import type { Generated } from "./listings.ts";
import { DEMO_USER, PUBLISH, type PublishResult } from "./publish.ts";
import { NGINX_RATIO_TARGET, REFERENCE_ROUNDS, WORDPRESS_RATIO_TARGET, WORDPRESS_REFERENCE, ratioOf, sideBySideTable, sideBySideVerdict, type SideBySide } from "./reference.ts";
import { atLeast, atMost, formatInt, formatMs, table } from "./report.ts";
import { mb } from "./memory.ts";
import { LISTING_CONNECTIONS, WRK_CONNECTIONS, WRK_THREADS, errorsText, type WrkResult } from "./wrk.ts";

export const PAGES = [
  { label: "home", path: "/" },
  { label: "article", path: "/article/prime-settimane-con-il-cucciolo" },
  { label: "category", path: "/category/cani" },
] as const;
export const ARTICLE_PATH = "/article/prime-settimane-con-il-cucciolo";

export const TARGETS = {
  cached: { rps: 8000, p99: 20 },
  uncached: { rps: 300, p99: 150 },
  memoryMb: 300,
  jsKb: 120,
  /** issue 4: the searched and filtered list page at 16 connections, and publishing 5 × 4 MB photos */
  listingsP95: 50,
  publishMs: 5000,
};
export type PhaseName = "cached" | "uncached";

export interface PageResult {
  label: string;
  path: string;
  status: number;
  wrk: WrkResult;
}

export function besideWordPressReport(row: SideBySide, duration: string, wordpressUrl: string): string {
  const lines: string[] = [];
  lines.push(`== Uncached article beside WordPress — ${REFERENCE_ROUNDS} rounds of wrk -t${WRK_THREADS} -c${WRK_CONNECTIONS} -d${duration} each, in turns ==`);
  lines.push(`  the server with PAGE_CACHE=false; WordPress at ${wordpressUrl} (no page cache plugin)`);
  lines.push(sideBySideTable([row], WORDPRESS_REFERENCE));
  lines.push("");
  return lines.join("\n");
}

export function besideNginxReport(rows: SideBySide[], duration: string): string {
  const lines: string[] = [];
  lines.push(`== Cached pages beside nginx gzip_static — the same pages, ${REFERENCE_ROUNDS} rounds of wrk -t${WRK_THREADS} -c${WRK_CONNECTIONS} -d${duration} each, in turns ==`);
  lines.push(`  the server as configured by default (access log, metrics, request ids, security headers); nginx serves the pages' gzip copies (no brotli in nginx-light)`);
  lines.push(sideBySideTable(rows));
  lines.push("");
  return lines.join("\n");
}

export interface PhaseResult {
  name: PhaseName;
  pages: PageResult[];
  memory: { peakKb: number; rssKb: number } | undefined;
  /** Lines the server printed (warnings and errors: LOG_LEVEL=warn) while it was measured. */
  serverLines: string[];
  serverLineCount: number;
}

export interface JsBudget {
  status: number;
  files: { url: string; status: number; rawBytes: number; gzipBytes: number }[];
  totalGzip: number;
}

export function phaseTitle(name: PhaseName): string {
  return name === "cached" ? "page cache ON (PAGE_CACHE unset)" : "page cache OFF (PAGE_CACHE=false)";
}

export function articleVerdict(name: PhaseName, page: PageResult): string {
  const target = TARGETS[name];
  const failures: string[] = [];
  if (page.status !== 200) failures.push(`HTTP ${page.status}`);
  if (atLeast(page.wrk.requestsPerSec, target.rps) === "FAIL") failures.push("req/s");
  if (atMost(page.wrk.p99, target.p99) === "FAIL") failures.push("p99");
  return failures.length ? `FAIL (${failures.join(", ")})` : "PASS";
}

export function phaseReport(phase: PhaseResult, duration: string): string {
  const lines: string[] = [];
  const target = TARGETS[phase.name];
  lines.push(`== ${phaseTitle(phase.name)} — wrk -t${WRK_THREADS} -c${WRK_CONNECTIONS} -d${duration} --latency ==`);
  lines.push(`  target for the article page: ≥ ${formatInt(target.rps)} req/s and p99 ≤ ${target.p99} ms`);
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
  lines.push(table(rows));
  if (phase.memory) {
    const peak = mb(phase.memory.peakKb);
    lines.push(
      `  server peak memory (VmHWM): ${peak.toFixed(1)} MB (now ${mb(phase.memory.rssKb).toFixed(1)} MB)` +
        `   target ≤ ${TARGETS.memoryMb} MB   ${atMost(peak, TARGETS.memoryMb)}`,
    );
  } else {
    lines.push("  server peak memory: could not read /proc/<pid>/status");
  }
  if (phase.serverLineCount > 0) {
    lines.push(`  the server printed ${phase.serverLineCount} warning/error line(s) while measured; the first ones:`);
    for (const line of phase.serverLines.slice(0, 5)) lines.push(`    ${line.length > 300 ? `${line.slice(0, 300)}…` : line}`);
  }
  lines.push("");
  return lines.join("\n");
}

// --- Pet listings --------------------------------------------------------------------------------

export interface ListingRun {
  label: string;
  /** how many different URLs the run cycled through */
  urls: number;
  /** statuses of the URLs' check before the run, e.g. "200" or "200 ×19, 500 ×1" */
  status: string;
  ok: boolean;
  wrk: WrkResult;
  /** the target's verdict applies to this run */
  judged: boolean;
  /** the unmeasured run that brings a just-started server to its steady state (shown, never judged) */
  warmUp?: boolean;
  note: string;
}

export interface ListingPhase {
  cache: boolean;
  runs: ListingRun[];
  /** after the list-page runs */
  memory: { peakKb: number; rssKb: number } | undefined;
  publish: PublishResult | undefined;
  /** after publishing too */
  memoryAfterPublish: { peakKb: number; rssKb: number } | undefined;
  serverLines: string[];
  serverLineCount: number;
}

export function memoryLine(label: string, memory: { peakKb: number; rssKb: number } | undefined): string {
  if (!memory) return `  ${label}: could not read /proc/<pid>/status`;
  const peak = mb(memory.peakKb);
  return `  ${label}: ${peak.toFixed(1)} MB (now ${mb(memory.rssKb).toFixed(1)} MB)   target ≤ ${TARGETS.memoryMb} MB   ${atMost(peak, TARGETS.memoryMb)}`;
}

export function listingVerdict(run: ListingRun): string {
  if (!run.ok) return `FAIL (HTTP ${run.status})`;
  if (run.wrk.p95 === undefined) return "n/a (no p95)";
  return atMost(run.wrk.p95, TARGETS.listingsP95);
}

export function publishVerdict(publish: PublishResult): string {
  if (publish.error || publish.runs.length === 0) return "FAIL (could not publish)";
  const failed = publish.runs.filter((r) => r.error || r.detailStatus !== 200);
  if (failed.length) return `FAIL (${failed.length} run(s) without a published listing)`;
  return atMost(Math.max(...publish.runs.map((r) => r.ms)), TARGETS.publishMs);
}

export function listingsReport(phase: ListingPhase, duration: string, generated: Generated): string {
  const lines: string[] = [];
  const title = phase.cache ? "page cache ON (PAGE_CACHE unset)" : "page cache OFF (PAGE_CACHE=false)";
  lines.push(`== Pet listings, ${title} — wrk -t${WRK_THREADS} -c${LISTING_CONNECTIONS} -d${duration} --latency (p95 from scripts/bench-listings.lua) ==`);
  lines.push(
    `  ${formatInt(generated.active)} active listings. Target (issue 4): the searched and filtered list page p95 ≤ ${TARGETS.listingsP95} ms at ` +
      `${LISTING_CONNECTIONS} connections (wrk's latency on loopback stands for server time).`,
  );
  lines.push(
    phase.cache
      ? "  Not judged with the cache on (the production default): searches (?q=, the whole mix) are rendered each time here too, searched in\n" +
          "  the database (decision 0082); the unfiltered page is served from the page cache."
      : "  Judged with the cache off, where every request is rendered. Searches are answered by the database's own indexes (decision 0082);\n" +
          "  in the \"new query each\" run every request is a combination not asked before, and a search text\n" +
          "  never asked before is split into words by the database first. The judged runs come after a warm-up run of the mix on the just-\n" +
          "  started server (shown first; V8 has optimised the hot code by then, as on a server that has been running).",
  );
  const rows = [["run", "URLs", "HTTP", "req/s", "p50", "p95", "p99", "requests", "errors", "target"]];
  for (const run of phase.runs) {
    rows.push([
      run.label,
      formatInt(run.urls),
      run.status,
      run.wrk.requestsPerSec.toFixed(1),
      formatMs(run.wrk.p50),
      run.wrk.p95 === undefined ? "n/a" : formatMs(run.wrk.p95),
      formatMs(run.wrk.p99),
      formatInt(run.wrk.requests),
      errorsText(run.wrk),
      run.judged ? listingVerdict(run) : "-",
    ]);
  }
  lines.push(table(rows));
  for (const run of phase.runs) if (run.note) lines.push(`  note: ${run.label}: ${run.note}`);
  lines.push(memoryLine("server peak memory after the list pages (VmHWM)", phase.memory));
  if (phase.publish) {
    const publish = phase.publish;
    const sizes = publish.photos.map((b) => `${(b / 1024 / 1024).toFixed(2)}`).join(", ");
    lines.push("");
    lines.push(
      `  Publishing (POST /api/pet-listings, signed in as ${DEMO_USER.email}): ${publish.photos.length} JPEG photos of ` +
        `${PUBLISH.width}×${PUBLISH.height} at quality ${PUBLISH.quality}, ${sizes} MB (generated in ${(publish.photosMs / 1000).toFixed(1)} s); ` +
        `breed ${publish.breed ?? "none"}. Time from sending the request to the whole response. Target ≤ ${TARGETS.publishMs / 1000} s.`,
    );
    if (publish.error) lines.push(`  could not publish: ${publish.error}`);
    const publishRows = [["run", "HTTP", "time", "listing", "detail page", "result"]];
    publish.runs.forEach((run, i) => {
      publishRows.push([
        String(i + 1),
        String(run.status),
        formatMs(run.ms),
        run.id ?? run.error ?? "-",
        run.detailStatus === undefined ? "-" : `HTTP ${run.detailStatus}`,
        run.error || run.detailStatus !== 200 ? "FAIL" : atMost(run.ms, TARGETS.publishMs),
      ]);
    });
    if (publish.runs.length) lines.push(table(publishRows));
    if (publish.runs.length) lines.push(`  worst: ${formatMs(Math.max(...publish.runs.map((r) => r.ms)))}   ${publishVerdict(publish)}`);
    lines.push(memoryLine("server peak memory after publishing too (VmHWM)", phase.memoryAfterPublish));
  }
  if (phase.serverLineCount > 0) {
    lines.push(`  the server printed ${phase.serverLineCount} warning/error line(s) while measured; the first ones:`);
    for (const line of phase.serverLines.slice(0, 5)) lines.push(`    ${line.length > 300 ? `${line.slice(0, 300)}…` : line}`);
  }
  lines.push("");
  return lines.join("\n");
}

/** What the summary reads: every part measured (the ones not run are empty or undefined). */
export interface PagesSummary {
  /** the pages' phases asked for (--only) */
  phases: readonly PhaseName[];
  results: PhaseResult[];
  listingPhases: ListingPhase[];
  besideNginx: SideBySide[] | undefined;
  besideWordPress: SideBySide | undefined;
  jsBudget: JsBudget | undefined;
  /** each page's HTTP status when checked */
  statuses: Map<string, number>;
  /** the compression row (compressionRow(): how the checked pages came) */
  compression: string[];
}

/** The summary: each target's figure and verdict in one table, then the article's scripts and notes. */
export function summaryReport({ phases, results, listingPhases, besideNginx, besideWordPress, jsBudget, statuses, compression }: PagesSummary): string {
  const lines: string[] = [];
  lines.push("== Summary ==");
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
  for (const phase of listingPhases) {
    const on = phase.cache ? "cache ON" : "cache OFF";
    for (const run of phase.runs.filter((r) => r.label !== "unfiltered, page 1" && !r.warmUp)) {
      const what = run.label.includes("new query") ? "new query each request" : `${run.urls} URLs`;
      const p95 = run.wrk.p95 === undefined ? "n/a" : formatMs(run.wrk.p95);
      rows.push([
        `listings searched+filtered p95 @${LISTING_CONNECTIONS}, ${on} (${what})`,
        p95,
        run.judged ? `≤ ${TARGETS.listingsP95} ms` : `≤ ${TARGETS.listingsP95} ms (not judged: cache on)`,
        run.judged ? listingVerdict(run) : "-",
      ]);
    }
    const memoryRow = (label: string, memory: { peakKb: number } | undefined) =>
      rows.push(memory ? [label, `${mb(memory.peakKb).toFixed(1)} MB`, `≤ ${TARGETS.memoryMb} MB`, atMost(mb(memory.peakKb), TARGETS.memoryMb)] : [label, "n/a", `≤ ${TARGETS.memoryMb} MB`, "n/a"]);
    memoryRow(`server peak memory, listings ${on}`, phase.memory);
    if (phase.publish) memoryRow(`server peak memory, listings ${on} + publishing`, phase.memoryAfterPublish);
    if (phase.publish) {
      const times = phase.publish.runs.map((r) => r.ms);
      rows.push([
        `publish ${PUBLISH.photos} × ${PUBLISH.photoBytes / 1024 / 1024} MB photos, worst of ${phase.publish.runs.length || PUBLISH.runs}`,
        times.length ? formatMs(Math.max(...times)) : "n/a",
        `≤ ${TARGETS.publishMs / 1000} s`,
        publishVerdict(phase.publish),
      ]);
    }
  }
  for (const row of besideNginx ?? []) {
    rows.push([`cached ${row.path} ÷ nginx gzip_static (req/s, median of ${REFERENCE_ROUNDS})`, ratioOf(row).toFixed(3), `≥ ${NGINX_RATIO_TARGET}`, sideBySideVerdict(row)]);
  }
  if (besideWordPress) {
    const row = besideWordPress;
    rows.push([`uncached ${row.path} ÷ WordPress (req/s, median of ${REFERENCE_ROUNDS})`, ratioOf(row).toFixed(1), `≥ ${WORDPRESS_RATIO_TARGET}`, sideBySideVerdict(row, WORDPRESS_REFERENCE)]);
  } else if (phases.includes("uncached")) {
    rows.push(["uncached article ÷ WordPress", "not measured (no --wordpress-url)", `≥ ${WORDPRESS_RATIO_TARGET}`, "-"]);
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
  rows.push(compression);
  lines.push(table(rows));
  if (jsBudget) {
    lines.push(`  JavaScript of ${ARTICLE_PATH}${jsBudget.status === 200 ? "" : ` (answered HTTP ${jsBudget.status}: these are that page's scripts)`}:`);
    for (const file of [...jsBudget.files].sort((a, b) => b.gzipBytes - a.gzipBytes)) {
      const bad = file.status === 200 ? "" : `  ← HTTP ${file.status}`;
      lines.push(`    ${(file.gzipBytes / 1024).toFixed(1).padStart(6)} KB gzip  ${(file.rawBytes / 1024).toFixed(1).padStart(6)} KB raw  ${new URL(file.url).pathname}${bad}`);
    }
  }
  const cached = results.find((r) => r.name === "cached")?.pages.find((p) => p.path === ARTICLE_PATH);
  const uncached = results.find((r) => r.name === "uncached")?.pages.find((p) => p.path === ARTICLE_PATH);
  if (cached && uncached && cached.status === 200 && uncached.wrk.requestsPerSec > 0.8 * cached.wrk.requestsPerSec) {
    lines.push("  note: the article page is about as fast without the page cache as with it — is PAGE_CACHE=false honoured yet?");
  }
  const notFound = [...statuses].filter(([, status]) => status !== 200);
  if (notFound.length) {
    lines.push(`  note: ${notFound.map(([p, s]) => `${p} answered HTTP ${s}`).join("; ")} — its figures measure that response, not the real page.`);
  }
  lines.push("  (1 KB = 1024 bytes, 1 MB = 1024 KB; memory is the server process's VmHWM read after the phase.)");
  lines.push("");
  return lines.join("\n");
}
