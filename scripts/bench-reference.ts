// The bench's reference for cached pages (issue 27): nginx serving a precompressed copy of the same
// pages with gzip_static, the limit for this machine, measured side by side with the server in one
// run, the same wrk settings and the browser's headers. Erasable TypeScript only (Node runs it).
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { setTimeout as sleep } from "node:timers/promises";
import { gzipSync } from "node:zlib";
import { NGINX, freePort, nginxConfig } from "../tests/load-balancer.ts";
import { BROWSER_USER_AGENT, atLeast, formatInt, table, type Verdict, type WrkResult } from "./bench-lib.ts";

/** Cached pages must reach this share of nginx's req/s (issue 27). */
export const NGINX_RATIO_TARGET = 0.5;
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
  nginx: number[];
  /** errors or non-2xx answers seen by wrk, either side */
  errors: number;
}

export const ratioOf = (row: SideBySide): number => median(row.server) / median(row.nginx);

/**
 * Each page, REFERENCE_ROUNDS rounds of wrk against the server then nginx, alternating, so that a
 * change in the machine's load falls on both sides.
 */
export async function measureSideBySide(
  paths: readonly string[],
  serverBase: string,
  nginxBase: string,
  run: (url: string) => Promise<WrkResult>,
  progress: (message: string) => void,
): Promise<SideBySide[]> {
  const rows: SideBySide[] = [];
  for (const pagePath of paths) {
    const row: SideBySide = { path: pagePath, server: [], nginx: [], errors: 0 };
    for (let round = 1; round <= REFERENCE_ROUNDS; round++) {
      for (const [side, base] of [["server", serverBase], ["nginx", nginxBase]] as const) {
        progress(`beside nginx: ${pagePath}, round ${round}/${REFERENCE_ROUNDS}, ${side}`);
        const result = await run(base + pagePath);
        row[side].push(result.requestsPerSec);
        row.errors += result.non2xx3xx + result.socketErrors;
      }
    }
    rows.push(row);
  }
  return rows;
}

export function sideBySideVerdict(row: SideBySide): Verdict {
  return row.errors > 0 ? "FAIL" : atLeast(ratioOf(row), NGINX_RATIO_TARGET);
}

const spread = (values: number[]) => `${formatInt(Math.min(...values))}–${formatInt(Math.max(...values))}`;

/** The table of the comparison: medians, each side's spread (lowest–highest round), the ratio and its verdict. */
export function sideBySideTable(rows: SideBySide[]): string {
  const lines = [["page", "server req/s (median)", "spread", "nginx gzip_static req/s (median)", "spread", "ratio", `target ≥ ${NGINX_RATIO_TARGET}`]];
  for (const row of rows) {
    lines.push([
      row.path,
      formatInt(median(row.server)),
      spread(row.server),
      formatInt(median(row.nginx)),
      spread(row.nginx),
      ratioOf(row).toFixed(3),
      row.errors > 0 ? `FAIL (${formatInt(row.errors)} errors)` : sideBySideVerdict(row),
    ]);
  }
  return table(lines);
}
