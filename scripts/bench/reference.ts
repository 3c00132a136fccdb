// The bench's references (issue 27), each measured side by side with the server in one run, the same
// wrk settings and the browser's headers: for cached pages nginx serving a precompressed copy of the
// same pages with gzip_static, the limit for this machine; for the uncached article a WordPress 6
// serving the same article, when `--wordpress-url` names one (set up apart, decision 0084).
// Erasable TypeScript only (Node runs it).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import { NGINX, freePort, nginxConfig } from "../../harness/load-balancer.ts";
import { BROWSER_USER_AGENT } from "./headers.ts";
import { atLeast, formatInt, table, type Verdict } from "./report.ts";
import type { WrkResult } from "./wrk.ts";

/** Cached pages must reach this share of nginx's req/s (issue 27). */
export const NGINX_RATIO_TARGET = 0.5;
/** The uncached article must answer this many times WordPress's req/s (issue 27). */
export const WORDPRESS_RATIO_TARGET = 10;
export const REFERENCE_ROUNDS = 3;

export interface StaticNginx {
  url: string;
  stop(): Promise<void>;
}

/** The file nginx serves for a page's path: `/` is its index.html, any other path the file of that name. */
function fileFor(pagePath: string): string {
  return pagePath === "/" ? "index.html" : pagePath.replace(/^\/+/, "");
}

/**
 * nginx, as the current user, serving `pages` (path → HTML) from a temporary root, each with its
 * gzip copy beside it (gzip_static: nginx-light has no brotli module).
 */
export async function startStaticNginx(pages: Map<string, string>): Promise<StaticNginx> {
  const dir = mkdtempSync(path.join(tmpdir(), "zampa-nginx-static-"));
  const html = path.join(dir, "html");
  for (const [pagePath, text] of pages) {
    const file = path.join(html, fileFor(pagePath));
    mkdirSync(path.dirname(file), { recursive: true });
    writeFileSync(file, text);
    writeFileSync(`${file}.gz`, gzipSync(text, { level: 9 }));
  }
  const port = await freePort();
  const conf = nginxConfig(dir, `
  default_type text/html;
  charset utf-8;
  server {
    listen 127.0.0.1:${port};
    root ${html};
    index index.html;
    gzip_static on;
  }
`);
  const file = path.join(dir, "nginx.conf");
  writeFileSync(file, conf);
  const child = spawn(NGINX, ["-c", file, "-p", dir, "-e", path.join(dir, "error.log")], { stdio: ["ignore", "ignore", "inherit"] });
  const url = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGQUIT");
      await exited;
    }
    rmSync(dir, { recursive: true, force: true });
  };
  const first = [...pages.keys()][0] ?? "/";
  for (let i = 0; ; i++) {
    if (child.exitCode !== null) throw new Error(`nginx exited (code ${child.exitCode}) before answering`);
    try {
      const response = await fetch(url + first, { headers: { "accept-encoding": "gzip", "user-agent": BROWSER_USER_AGENT } });
      await response.arrayBuffer();
      if (response.status === 200 && response.headers.get("content-encoding") === "gzip") break;
      throw new Error(`HTTP ${response.status}, content-encoding ${response.headers.get("content-encoding")}`);
    } catch (error) {
      if (i >= 50) {
        await stop();
        throw new Error(`nginx did not serve ${first} gzip-compressed: ${error instanceof Error ? error.message : String(error)}`);
      }
      await sleep(100);
    }
  }
  return { url, stop };
}

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

export interface SideBySide {
  path: string;
  server: number[];
  /** the reference's req/s, round by round */
  reference: number[];
  /** errors or non-2xx answers seen by wrk, either side */
  errors: number;
}

export interface Reference {
  /** as the tables name it */
  name: string;
  /** the server's req/s must reach this multiple of the reference's */
  target: number;
}

export const NGINX_REFERENCE: Reference = { name: "nginx gzip_static", target: NGINX_RATIO_TARGET };
export const WORDPRESS_REFERENCE: Reference = { name: "WordPress", target: WORDPRESS_RATIO_TARGET };

export const ratioOf = (row: SideBySide): number => median(row.server) / median(row.reference);

/**
 * REFERENCE_ROUNDS rounds of wrk against the server's URL then the reference's, alternating, so that
 * a change in the machine's load falls on both sides.
 */
export async function measurePair(
  label: string,
  serverUrl: string,
  referenceUrl: string,
  reference: Reference,
  run: (url: string) => Promise<WrkResult>,
  progress: (message: string) => void,
): Promise<SideBySide> {
  const row: SideBySide = { path: label, server: [], reference: [], errors: 0 };
  for (let round = 1; round <= REFERENCE_ROUNDS; round++) {
    for (const [side, url] of [["server", serverUrl], ["reference", referenceUrl]] as const) {
      progress(`beside ${reference.name}: ${label}, round ${round}/${REFERENCE_ROUNDS}, ${side === "server" ? "server" : reference.name}`);
      const result = await run(url);
      row[side].push(result.requestsPerSec);
      row.errors += result.non2xx3xx + result.socketErrors;
    }
  }
  return row;
}

/** Each page beside nginx serving its precompressed copy at the same path. */
export async function measureSideBySide(
  paths: readonly string[],
  serverBase: string,
  nginxBase: string,
  run: (url: string) => Promise<WrkResult>,
  progress: (message: string) => void,
): Promise<SideBySide[]> {
  const rows: SideBySide[] = [];
  for (const pagePath of paths) rows.push(await measurePair(pagePath, serverBase + pagePath, nginxBase + pagePath, NGINX_REFERENCE, run, progress));
  return rows;
}

export function sideBySideVerdict(row: SideBySide, reference: Reference = NGINX_REFERENCE): Verdict {
  return row.errors > 0 ? "FAIL" : atLeast(ratioOf(row), reference.target);
}

const spread = (values: number[]) => `${formatInt(Math.min(...values))}–${formatInt(Math.max(...values))}`;

/** The table of the comparison: medians, each side's spread (lowest–highest round), the ratio and its verdict. */
export function sideBySideTable(rows: SideBySide[], reference: Reference = NGINX_REFERENCE): string {
  const lines = [["page", "server req/s (median)", "spread", `${reference.name} req/s (median)`, "spread", "ratio", `target ≥ ${reference.target}`]];
  for (const row of rows) {
    lines.push([
      row.path,
      formatInt(median(row.server)),
      spread(row.server),
      formatInt(median(row.reference)),
      spread(row.reference),
      ratioOf(row).toFixed(3),
      row.errors > 0 ? `FAIL (${formatInt(row.errors)} errors)` : sideBySideVerdict(row, reference),
    ]);
  }
  return table(lines);
}
