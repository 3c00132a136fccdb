// Lighthouse on the bench's pages (mobile defaults, Debian's Chromium), and its part of the report:
// the scores and the audits that keep a category under 100. The report is pure. Erasable TypeScript only.
import { existsSync } from "node:fs";
import { CHROMIUM_FLAGS } from "../../harness/chromium-flags.ts";
import { step } from "./common.ts";
import { warm } from "./http.ts";
import { live } from "./live.ts";
import { table } from "./report.ts";

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

export interface LighthousePage {
  path: string;
  status: number;
  lhr: LhResultLike | undefined;
  error: string | undefined;
}

/** Lighthouse on each of `pages` (warmed first) in one Chromium; a page's failure is kept in its result. */
export async function runLighthouse(base: string, pages: readonly { path: string }[], statuses: Map<string, number>): Promise<LighthousePage[]> {
  const chromePath = process.env.CHROME_PATH || "/usr/bin/chromium";
  if (!existsSync(chromePath)) {
    throw new Error(`Chromium not found at ${chromePath}: install it (apt-get install chromium) or set CHROME_PATH`);
  }
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  for (const page of pages) {
    step(`lighthouse: warming ${page.path}`);
    await warm(base + page.path);
  }
  step(`lighthouse: launching ${chromePath}`);
  live.chrome = await chromeLauncher.launch({ chromePath, chromeFlags: CHROMIUM_FLAGS, handleSIGINT: false, logLevel: "silent" });
  const results: LighthousePage[] = [];
  try {
    for (const page of pages) {
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

export function lighthouseReport(pages: LighthousePage[] | undefined, skipped: string | undefined): string {
  const lines: string[] = [];
  lines.push("== Lighthouse (mobile, default config; page cache ON, URLs warmed) ==");
  if (skipped) {
    lines.push(`  ${skipped}`);
    lines.push("");
    return lines.join("\n");
  }
  if (!pages) return lines.join("\n");
  const rows = [["page", "HTTP", ...LH_CATEGORIES.map((c) => CATEGORY_LABELS[c] ?? c)]];
  for (const page of pages) {
    rows.push([page.path, String(page.status), ...LH_CATEGORIES.map((c) => (page.lhr ? scoreText(page.lhr.categories[c]?.score) : "error"))]);
  }
  lines.push(table(rows));
  for (const page of pages) {
    lines.push("");
    if (!page.lhr) {
      lines.push(`  ${page.path}: Lighthouse failed: ${page.error}`);
      continue;
    }
    const lhr = page.lhr;
    if (lhr.runtimeError) lines.push(`  ${page.path}: Lighthouse runtime error ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
    for (const warning of lhr.runWarnings ?? []) {
      if (warning !== lhr.runtimeError?.message) lines.push(`  ${page.path}: warning: ${warning.replace(/\s+/g, " ")}`);
    }
    const below = LH_CATEGORIES.filter((c) => {
      const score = lhr.categories[c]?.score;
      return score !== null && score !== undefined && score < 1;
    });
    if (below.length === 0) {
      if (!lhr.runtimeError) lines.push(`  ${page.path}: every category at 100`);
      continue;
    }
    lines.push(`  ${page.path}: failing audits`);
    for (const categoryId of below) {
      lines.push(`    ${CATEGORY_LABELS[categoryId] ?? categoryId} ${scoreText(lhr.categories[categoryId]?.score)}:`);
      const audits = failingAudits(lhr, categoryId);
      if (audits.length === 0) lines.push("      (no single failing audit: the score comes from the metrics' values)");
      for (const audit of audits) lines.push(`      - ${audit.id}: ${audit.title} (${audit.detail})`);
    }
  }
  lines.push("");
  return lines.join("\n");
}
