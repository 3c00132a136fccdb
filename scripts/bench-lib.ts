// Pure helpers for scripts/bench.ts and scripts/bench-scale.ts: the headers every bench request
// carries, parsing wrk's report, finding the page's JavaScript, checking XML and sitemaps, judging
// targets and laying out plain-text tables. No I/O here. Erasable TypeScript only (the pinned Node runs it).

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

// --- What every bench request says about its client -----------------------------------------------

/** A current desktop Chrome on Windows, the most common visitor. */
export const BROWSER_USER_AGENT =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/142.0.0.0 Safari/537.36";

/**
 * The headers of every request the bench sends (wrk and fetch alike): a browser's user agent and the
 * encodings a browser accepts, so the server compresses its answers as it does for visitors. Node's
 * fetch decodes gzip, deflate and br itself and leaves `content-encoding` readable.
 */
export const BROWSER_HEADERS: Readonly<Record<string, string>> = {
  "accept-encoding": "gzip, deflate, br",
  "user-agent": BROWSER_USER_AGENT,
};

/** BROWSER_HEADERS, plus `extra`, as wrk's `-H` flags (the Lua script's wrk.format() sends them too). */
export function wrkHeaderArgs(extra: Record<string, string> = {}): string[] {
  return Object.entries(browserHeaders(extra)).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
}

/** BROWSER_HEADERS plus the request's own (which win). */
export function browserHeaders(extra: Record<string, string> = {}): Record<string, string> {
  return { ...BROWSER_HEADERS, ...extra };
}

/** "br", "gzip", … or "none": how a response was compressed, for the report. */
export function encodingOf(headers: Headers): string {
  return headers.get("content-encoding") ?? "none";
}

/** The p-th percentile (nearest rank) of some values; NaN when there are none. */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

// --- XML and sitemaps ----------------------------------------------------------------------------

export interface XmlCheck {
  /** well-formed XML (XML 1.0's syntax, without a DTD's validation) */
  wellFormed: boolean;
  /** the first error, with its offset, when not well-formed */
  error: string | undefined;
  /** the root element's name and its xmlns attribute */
  root: string | undefined;
  namespace: string | undefined;
  /** elements counted by "parent>name", e.g. "urlset>url", "sitemapindex>sitemap" */
  counts: Map<string, number>;
  /** the text of each <loc> of a <sitemap> (a sitemap index's children) */
  sitemapLocs: string[];
}

const NAME = String.raw`[A-Za-z_:][\w.:-]*`;
const START_TAG = new RegExp(String.raw`<(${NAME})((?:\s+${NAME}\s*=\s*(?:"[^"<]*"|'[^'<]*'))*)\s*(/?)>`, "y");
const END_TAG = new RegExp(String.raw`</(${NAME})\s*>`, "y");
const ATTRIBUTE = new RegExp(String.raw`(${NAME})\s*=\s*(?:"([^"<]*)"|'([^'<]*)')`, "g");
const BAD_REFERENCE = /&(?!(?:amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);)/;

/**
 * Checks that `text` is well-formed XML: one root element, every tag closed in order, attributes
 * quoted, `&` only in entity or character references, nothing but markup outside the root. Counts
 * elements by parent, and keeps the <loc> of each <sitemap>. A strict scanner rather than a parser:
 * enough to tell whether a search engine could read a sitemap, and fast on tens of megabytes.
 */
export function checkXml(text: string): XmlCheck {
  const counts = new Map<string, number>();
  const sitemapLocs: string[] = [];
  const stack: string[] = [];
  let root: string | undefined;
  let namespace: string | undefined;
  let closedRoot = false;
  let locText: string | undefined;
  const result = (error?: string): XmlCheck => ({ wellFormed: !error, error, root, namespace, counts, sitemapLocs });
  let i = text.charCodeAt(0) === 0xfeff ? 1 : 0;
  if (text.startsWith("<?xml", i)) {
    const end = text.indexOf("?>", i);
    if (end < 0) return result("unterminated XML declaration");
    i = end + 2;
  }
  while (i < text.length) {
    const lt = text.indexOf("<", i);
    const chunk = text.slice(i, lt < 0 ? text.length : lt);
    if (chunk) {
      if (stack.length === 0 && chunk.trim()) return result(`text outside the root element at offset ${i}: "${chunk.trim().slice(0, 40)}"`);
      if (BAD_REFERENCE.test(chunk)) return result(`a bare "&" (not an entity reference) at offset ${i + chunk.search(BAD_REFERENCE)}`);
      if (chunk.includes("]]>")) return result(`"]]>" in text at offset ${i}`);
      if (locText !== undefined) locText += chunk;
    }
    if (lt < 0) break;
    i = lt;
    if (text.startsWith("<!--", i)) {
      const end = text.indexOf("-->", i + 4);
      if (end < 0) return result(`unterminated comment at offset ${i}`);
      i = end + 3;
    } else if (text.startsWith("<![CDATA[", i)) {
      if (stack.length === 0) return result(`CDATA outside the root element at offset ${i}`);
      const end = text.indexOf("]]>", i);
      if (end < 0) return result(`unterminated CDATA at offset ${i}`);
      if (locText !== undefined) locText += text.slice(i + 9, end);
      i = end + 3;
    } else if (text.startsWith("<?", i)) {
      if (text.startsWith("<?xml", i) && /^<\?xml\s/i.test(text.slice(i, i + 6))) return result(`XML declaration not at the start, at offset ${i}`);
      const end = text.indexOf("?>", i);
      if (end < 0) return result(`unterminated processing instruction at offset ${i}`);
      i = end + 2;
    } else if (text.startsWith("<!DOCTYPE", i)) {
      if (root) return result(`DOCTYPE after the root element at offset ${i}`);
      const end = text.indexOf(">", i);
      if (end < 0) return result(`unterminated DOCTYPE at offset ${i}`);
      i = end + 1;
    } else if (text[i + 1] === "/") {
      END_TAG.lastIndex = i;
      const m = END_TAG.exec(text);
      if (!m?.[1]) return result(`malformed end tag at offset ${i}: "${text.slice(i, i + 40)}"`);
      const open = stack.pop();
      if (open !== m[1]) return result(`</${m[1]}> at offset ${i} closes <${open ?? "nothing"}>`);
      if (m[1] === "loc" && locText !== undefined && stack[stack.length - 1] === "sitemap") sitemapLocs.push(locText.trim());
      if (m[1] === "loc") locText = undefined;
      if (stack.length === 0) closedRoot = true;
      i = END_TAG.lastIndex;
    } else {
      START_TAG.lastIndex = i;
      const m = START_TAG.exec(text);
      if (!m?.[1]) return result(`malformed tag at offset ${i}: "${text.slice(i, i + 40)}"`);
      const [, name, attributes = "", selfClosing] = m;
      if (BAD_REFERENCE.test(attributes)) return result(`a bare "&" in an attribute at offset ${i}`);
      if (stack.length === 0) {
        if (closedRoot || root) return result(`a second root element <${name}> at offset ${i}`);
        root = name;
        for (const a of attributes.matchAll(ATTRIBUTE)) if (a[1] === "xmlns") namespace = a[2] ?? a[3];
      }
      const key = `${stack[stack.length - 1] ?? ""}>${name}`;
      counts.set(key, (counts.get(key) ?? 0) + 1);
      if (!selfClosing) {
        stack.push(name);
        if (name === "loc") locText = "";
      }
      i = START_TAG.lastIndex;
    }
  }
  if (!root) return result("no root element");
  if (stack.length) return result(`<${stack[stack.length - 1]}> never closed`);
  return result();
}

/** sitemaps.org: at most 50,000 URLs and 50 MB (uncompressed) per sitemap, 50,000 sitemaps per index. */
export const SITEMAP_LIMITS = { urls: 50_000, bytes: 50 * 1024 * 1024, sitemaps: 50_000 } as const;
export const SITEMAP_NAMESPACE = "http://www.sitemaps.org/schemas/sitemap/0.9";

export interface FetchedXml {
  url: string;
  status: number;
  /** uncompressed size */
  bytes: number;
  check: XmlCheck | undefined;
}

export interface SitemapVerdict {
  verdict: Verdict;
  /** why, in a few words */
  reason: string;
  /** URLs listed in all (the urlset's, or the sum over the index's children) */
  urls: number;
}

function problemsOfUrlset(doc: FetchedXml, name: string): string[] {
  const problems: string[] = [];
  if (doc.status !== 200) return [`${name} answered HTTP ${doc.status}`];
  if (!doc.check?.wellFormed) return [`${name} is not well-formed XML (${doc.check?.error ?? "not read"})`];
  if (doc.check.root !== "urlset") problems.push(`${name}'s root is <${doc.check.root}>, not <urlset>`);
  if (doc.check.namespace !== SITEMAP_NAMESPACE) problems.push(`${name} lacks xmlns="${SITEMAP_NAMESPACE}"`);
  const urls = doc.check.counts.get("urlset>url") ?? 0;
  if (urls > SITEMAP_LIMITS.urls) problems.push(`${name} lists ${formatInt(urls)} URLs (over ${formatInt(SITEMAP_LIMITS.urls)})`);
  if (doc.bytes > SITEMAP_LIMITS.bytes) problems.push(`${name} is ${(doc.bytes / 1024 / 1024).toFixed(1)} MB (over 50 MB)`);
  return problems;
}

/**
 * Whether a site's sitemap follows the protocol: /sitemap.xml well-formed; a single <urlset> is valid
 * up to 50,000 URLs, beyond that it must be a <sitemapindex> whose children are each a well-formed
 * <urlset> of at most 50,000 URLs (and 50 MB).
 */
export function judgeSitemap(main: FetchedXml, children: FetchedXml[]): SitemapVerdict {
  const fail = (reason: string, urls = 0): SitemapVerdict => ({ verdict: "FAIL", reason, urls });
  if (main.status !== 200) return fail(`/sitemap.xml answered HTTP ${main.status}`);
  const check = main.check;
  if (!check?.wellFormed) return fail(`/sitemap.xml is not well-formed XML: ${check?.error ?? "not read"}`);
  if (check.root === "urlset") {
    const urls = check.counts.get("urlset>url") ?? 0;
    if (urls > SITEMAP_LIMITS.urls) {
      return fail(`one <urlset> of ${formatInt(urls)} URLs: over ${formatInt(SITEMAP_LIMITS.urls)} the site needs a <sitemapindex>`, urls);
    }
    const problems = problemsOfUrlset(main, "/sitemap.xml");
    return problems.length ? fail(problems.join("; "), urls) : { verdict: "PASS", reason: `one <urlset> of ${formatInt(urls)} URLs`, urls };
  }
  if (check.root !== "sitemapindex") return fail(`/sitemap.xml's root is <${check.root}>, neither <urlset> nor <sitemapindex>`);
  const problems: string[] = [];
  if (check.namespace !== SITEMAP_NAMESPACE) problems.push(`the index lacks xmlns="${SITEMAP_NAMESPACE}"`);
  const listed = check.counts.get("sitemapindex>sitemap") ?? 0;
  if (listed === 0) problems.push("the index lists no sitemap");
  if (listed > SITEMAP_LIMITS.sitemaps) problems.push(`the index lists ${formatInt(listed)} sitemaps (over ${formatInt(SITEMAP_LIMITS.sitemaps)})`);
  if (check.sitemapLocs.length !== listed) problems.push(`${listed - check.sitemapLocs.length} <sitemap> without <loc>`);
  if (children.length !== check.sitemapLocs.length) problems.push(`${check.sitemapLocs.length - children.length} child sitemap(s) not read`);
  let urls = 0;
  for (const child of children) {
    urls += child.check?.counts.get("urlset>url") ?? 0;
    problems.push(...problemsOfUrlset(child, new URL(child.url).pathname + new URL(child.url).search));
  }
  if (problems.length) return fail(problems.slice(0, 4).join("; ") + (problems.length > 4 ? `; and ${problems.length - 4} more` : ""), urls);
  const largest = Math.max(...children.map((c) => c.check?.counts.get("urlset>url") ?? 0));
  return { verdict: "PASS", reason: `<sitemapindex> of ${formatInt(listed)} sitemaps, ${formatInt(urls)} URLs in all, largest ${formatInt(largest)}`, urls };
}
