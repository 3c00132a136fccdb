import { describe, expect, it } from "vitest";
import {
  ARTICLE_PATH,
  articleVerdict,
  listingVerdict,
  memoryLine,
  phaseReport,
  publishVerdict,
  summaryReport,
  TARGETS,
  type ListingPhase,
  type ListingRun,
  type PageResult,
  type PhaseResult,
} from "./pages-report.ts";
import type { PublishResult } from "./publish.ts";
import type { WrkResult } from "./wrk.ts";

const wrk = (over: Partial<WrkResult> = {}): WrkResult => ({
  requests: 80_000,
  requestsPerSec: 8000,
  p50: 2,
  p75: 3,
  p90: 5,
  p99: 20,
  p95: undefined,
  non2xx3xx: 0,
  socketErrors: 0,
  timeouts: 0,
  ...over,
});
const article = (over: Partial<WrkResult> = {}, status = 200): PageResult => ({ label: "article", path: ARTICLE_PATH, status, wrk: wrk(over) });
const run = (over: Partial<ListingRun> = {}): ListingRun => ({ label: "searched + filtered (mix)", urls: 20, status: "200", ok: true, wrk: wrk({ p95: 40 }), judged: true, note: "", ...over });
const publish = (over: Partial<PublishResult> = {}): PublishResult => ({
  photos: [4_194_304],
  photosMs: 1000,
  breed: "Labrador",
  runs: [{ status: 201, ms: 1200, id: "abc", error: undefined, detailStatus: 200 }],
  error: undefined,
  ...over,
});

describe("judgements", () => {
  it("judges the article on req/s and p99 at the phase's targets, and its status", () => {
    expect(articleVerdict("cached", article())).toBe("PASS");
    expect(articleVerdict("cached", article({ requestsPerSec: 7999 }))).toBe("FAIL (req/s)");
    expect(articleVerdict("cached", article({ p99: 20.1, requestsPerSec: 1 }, 404))).toBe("FAIL (HTTP 404, req/s, p99)");
    expect(articleVerdict("uncached", article({ requestsPerSec: TARGETS.uncached.rps, p99: TARGETS.uncached.p99 }))).toBe("PASS");
  });

  it("judges a listing run on its p95, when the pages answered 200", () => {
    expect(listingVerdict(run())).toBe("PASS");
    expect(listingVerdict(run({ wrk: wrk({ p95: 50.5 }) }))).toBe("FAIL");
    expect(listingVerdict(run({ wrk: wrk() }))).toBe("n/a (no p95)");
    expect(listingVerdict(run({ ok: false, status: "200 ×19, 500 ×1" }))).toBe("FAIL (HTTP 200 ×19, 500 ×1)");
  });

  it("judges publishing on its worst run, every run published", () => {
    expect(publishVerdict(publish())).toBe("PASS");
    expect(publishVerdict(publish({ runs: [...publish().runs, { status: 201, ms: 5001, id: "d", error: undefined, detailStatus: 200 }] }))).toBe("FAIL");
    expect(publishVerdict(publish({ runs: [{ status: 500, ms: 10, id: undefined, error: "HTTP 500", detailStatus: undefined }] }))).toBe(
      "FAIL (1 run(s) without a published listing)",
    );
    expect(publishVerdict(publish({ runs: [], error: "no session" }))).toBe("FAIL (could not publish)");
  });

  it("prints a memory line with its verdict, or why there is none", () => {
    expect(memoryLine("peak", { peakKb: 204_800, rssKb: 102_400 })).toBe("  peak: 200.0 MB (now 100.0 MB)   target ≤ 300 MB   PASS");
    expect(memoryLine("peak", { peakKb: 310 * 1024, rssKb: 0 })).toMatch(/FAIL$/);
    expect(memoryLine("peak", undefined)).toBe("  peak: could not read /proc/<pid>/status");
  });
});

describe("reports", () => {
  const phase: PhaseResult = {
    name: "cached",
    pages: [{ label: "home", path: "/", status: 200, wrk: wrk({ requestsPerSec: 9000.04 }) }, article()],
    memory: { peakKb: 150 * 1024, rssKb: 120 * 1024 },
    serverLines: ["x".repeat(301)],
    serverLineCount: 1,
  };

  it("prints a phase: its title, the table with the article judged, memory, the server's warnings", () => {
    const lines = phaseReport(phase, "10s").split("\n");
    expect(lines[0]).toBe("== page cache ON (PAGE_CACHE unset) — wrk -t2 -c32 -d10s --latency ==");
    expect(lines[1]).toBe("  target for the article page: ≥ 8,000 req/s and p99 ≤ 20 ms");
    expect(lines[2]).toMatch(/^ {2}page\s+HTTP\s+req\/s\s+p50\s+p99\s+requests\s+errors\s+target$/);
    expect(lines[4]).toMatch(/^ {2}\/\s+200\s+9000\.0\s+2\.00 ms\s+20\.0 ms\s+80,000\s+0\s+-$/);
    expect(lines[5]).toMatch(/PASS$/);
    expect(lines[6]).toBe("  server peak memory (VmHWM): 150.0 MB (now 120.0 MB)   target ≤ 300 MB   PASS");
    expect(lines[8]).toBe(`    ${"x".repeat(300)}…`);
    expect(lines.at(-1)).toBe("");
  });

  it("sums up every target in one table", () => {
    const listings: ListingPhase = {
      cache: false,
      runs: [run({ label: "warm-up: mix, just started", warmUp: true, judged: false }), run(), run({ label: "unfiltered, page 1", judged: false })],
      memory: { peakKb: 100 * 1024, rssKb: 90 * 1024 },
      publish: undefined,
      memoryAfterPublish: undefined,
      serverLines: [],
      serverLineCount: 0,
    };
    const text = summaryReport({
      phases: ["cached", "uncached"],
      results: [phase],
      listingPhases: [listings],
      besideNginx: undefined,
      besideWordPress: undefined,
      jsBudget: { status: 200, files: [{ url: "http://127.0.0.1:1/assets/a.js", status: 200, rawBytes: 300_000, gzipBytes: 100_000 }], totalGzip: 100_000 },
      statuses: new Map([
        ["/", 200],
        ["/category/cani", 404],
      ]),
      compression: ["pages compressed", "br ×3", "br or gzip", "PASS"],
    });
    const lines = text.split("\n");
    expect(lines[0]).toBe("== Summary ==");
    const row = (start: string) => lines.find((l) => l.trimStart().startsWith(start));
    expect(row("article req/s, cache ON")).toMatch(/8000\.0\s+≥ 8,000\s+PASS$/);
    expect(row("article p99, cache ON")).toMatch(/20\.0 ms\s+≤ 20 ms\s+PASS$/);
    expect(row("server peak memory, cache ON")).toMatch(/150\.0 MB\s+≤ 300 MB\s+PASS$/);
    expect(row("listings searched+filtered p95 @16, cache OFF (20 URLs)")).toMatch(/40\.0 ms\s+≤ 50 ms\s+PASS$/);
    expect(lines.filter((l) => l.includes("listings searched+filtered"))).toHaveLength(1);
    expect(row("uncached article ÷ WordPress")).toMatch(/not measured \(no --wordpress-url\)\s+≥ 10\s+-$/);
    expect(row("article JavaScript (1 files, gzip)")).toMatch(/97\.7 KB \(100,000 bytes\)\s+≤ 120 KB \(122,880 bytes\)\s+PASS$/);
    expect(row("pages compressed")).toMatch(/br ×3\s+br or gzip\s+PASS$/);
    expect(text).toContain("  note: /category/cani answered HTTP 404 — its figures measure that response, not the real page.");
    expect(lines.at(-1)).toBe("");
  });
});
