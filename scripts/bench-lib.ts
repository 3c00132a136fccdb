// Pure helpers for scripts/bench.ts: parsing wrk's report, finding the page's JavaScript, judging
// targets and laying out plain-text tables. No I/O here. Erasable TypeScript only (Node 24 runs it).

export interface WrkResult {
  requests: number;
  requestsPerSec: number;
  /** Latency percentiles in milliseconds, from wrk's "Latency Distribution" block. */
  p50: number;
  p75: number;
  p90: number;
  p99: number;
  /**
   * The 95th percentile, which wrk's own report lacks: printed by scripts/bench-listings.lua when wrk
   * ran with it (undefined otherwise).
   */
  p95: number | undefined;
  /** "Non-2xx or 3xx responses" (0 when wrk did not print the line). */
  non2xx3xx: number;
  /** connect + read + write + timeout from "Socket errors" (0 when wrk did not print the line). */
  socketErrors: number;
  timeouts: number;
}

const TIME_UNITS_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1000, m: 60_000, h: 3_600_000 };

/** wrk prints durations as "635.00us", "1.50ms", "2.00s", "1.00m". */
export function parseDurationMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m|h)$/.exec(text.trim());
  if (!match?.[1] || !match[2]) throw new Error(`unrecognised wrk duration: ${text}`);
  return Number(match[1]) * (TIME_UNITS_MS[match[2]] ?? Number.NaN);
}

/** Parse the output of `wrk --latency`; throws when the figures we need are missing. */
export function parseWrk(output: string): WrkResult {
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(output);
  if (!rps?.[1]) throw new Error("wrk output without a \"Requests/sec\" line");
  const block = /Latency Distribution\s*\n((?:\s*\d+(?:\.\d+)?%\s+\S+\s*\n?)+)/.exec(output);
  if (!block?.[1]) throw new Error("wrk output without a \"Latency Distribution\" block (was --latency passed?)");
  const percentiles = new Map<string, number>();
  for (const line of block[1].split("\n")) {
    const m = /^\s*(\d+(?:\.\d+)?)%\s+(\S+)/.exec(line);
    if (m?.[1] && m[2]) percentiles.set(m[1], parseDurationMs(m[2]));
  }
  const need = (p: string): number => {
    const value = percentiles.get(p);
    if (value === undefined) throw new Error(`wrk output without the ${p}% latency`);
    return value;
  };
  const requests = /^\s*(\d+) requests in /m.exec(output);
  const non2xx = /Non-2xx or 3xx responses:\s+(\d+)/.exec(output);
  const socket = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(output);
  const socketCounts = socket ? socket.slice(1, 5).map(Number) : [0, 0, 0, 0];
  const p95 = /^zampa-percentile 95 (\d+)$/m.exec(output);
  return {
    requests: requests?.[1] ? Number(requests[1]) : 0,
    requestsPerSec: Number(rps[1]),
    p50: need("50"),
    p75: need("75"),
    p90: need("90"),
    p99: need("99"),
    p95: p95?.[1] ? Number(p95[1]) / 1000 : undefined,
    non2xx3xx: non2xx?.[1] ? Number(non2xx[1]) : 0,
    socketErrors: socketCounts.reduce((a, b) => a + b, 0),
    timeouts: socketCounts[3] ?? 0,
  };
}

export type Verdict = "PASS" | "FAIL";

export function atLeast(value: number, target: number): Verdict {
  return value >= target ? "PASS" : "FAIL";
}

export function atMost(value: number, target: number): Verdict {
  return value <= target ? "PASS" : "FAIL";
}

export function formatMs(ms: number): string {
  if (ms >= 1000) return `${(ms / 1000).toFixed(2)} s`;
  if (ms >= 10) return `${ms.toFixed(1)} ms`;
  return `${ms.toFixed(2)} ms`;
}

export function formatInt(n: number): string {
  return Math.round(n).toLocaleString("en-US");
}

/** A plain-text table: the first row is the header; numeric-looking cells are right-aligned. */
export function table(rows: string[][], indent = "  "): string {
  const widths: number[] = [];
  for (const row of rows) row.forEach((cell, i) => (widths[i] = Math.max(widths[i] ?? 0, cell.length)));
  const isNumeric = (cell: string) => /^[\d.,]+( ?(ms|s|MB|KB|%))?$/.test(cell);
  const lines = rows.map((row) =>
    row
      .map((cell, i) => {
        const width = widths[i] ?? 0;
        return isNumeric(cell) ? cell.padStart(width) : cell.padEnd(width);
      })
      .join("  ")
      .trimEnd(),
  );
  const rule = widths.map((w) => "-".repeat(w)).join("  ");
  return [lines[0], rule, ...lines.slice(1)].map((line) => indent + line).join("\n");
}

/** wrk's -d syntax: a number of seconds, optionally with an s/m/h suffix. */
export function durationSeconds(text: string): number | undefined {
  const m = /^(\d+)([smh]?)$/.exec(text);
  if (!m?.[1]) return undefined;
  const factor = { "": 1, s: 1, m: 60, h: 3600 }[m[2] ?? ""] ?? 1;
  const seconds = Number(m[1]) * factor;
  return seconds > 0 ? seconds : undefined;
}

// --- Lighthouse ----------------------------------------------------------------------------------
// Just the parts of Lighthouse's result (LH.Result) that the report reads.

export interface LhAudit {
  id: string;
  title: string;
  score: number | null;
  scoreDisplayMode: string;
  displayValue?: string;
  errorMessage?: string;
}

export interface LhCategory {
  id: string;
  title: string;
  score: number | null;
  auditRefs: { id: string; weight: number }[];
}

export interface LhResultLike {
  categories: Record<string, LhCategory>;
  audits: Record<string, LhAudit>;
  runtimeError?: { code: string; message: string };
  runWarnings?: string[];
}

export const LH_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"] as const;

export interface FailingAudit {
  id: string;
  title: string;
  detail: string;
}

/**
 * The audits that keep a category under 100: scored audits below 1 (the weighted ones first) and
 * audits that errored. Informative, manual and not-applicable audits never count.
 */
export function failingAudits(lhr: LhResultLike, categoryId: string): FailingAudit[] {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  const refs = [...category.auditRefs].sort((a, b) => (b.weight > 0 ? 1 : 0) - (a.weight > 0 ? 1 : 0));
  const out: FailingAudit[] = [];
  const seen = new Set<string>();
  for (const ref of refs) {
    const audit = lhr.audits[ref.id];
    if (!audit || seen.has(audit.id)) continue;
    if (["notApplicable", "informative", "manual"].includes(audit.scoreDisplayMode)) continue;
    seen.add(audit.id);
    if (audit.scoreDisplayMode === "error") {
      out.push({ id: audit.id, title: audit.title, detail: `audit error: ${audit.errorMessage ?? "unknown"}` });
    } else if (audit.score !== null && audit.score < 1) {
      const parts = [`score ${audit.score.toFixed(2)}`];
      if (audit.displayValue) parts.unshift(audit.displayValue);
      if (ref.weight > 0) parts.push(`weight ${ref.weight}`);
      out.push({ id: audit.id, title: audit.title, detail: parts.join(", ") });
    }
  }
  return out;
}
