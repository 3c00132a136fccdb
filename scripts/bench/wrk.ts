// wrk, the load generator: its arguments, running it, and reading its report (--latency; the p95
// that scripts/bench-listings.lua adds). The parsing is pure; runWrk spawns wrk and registers it with
// the bench's clean-up. Erasable TypeScript only (the pinned Node runs it).
import { spawn } from "node:child_process";
import path from "node:path";
import { root } from "./common.ts";
import { browserHeaders } from "./headers.ts";
import { live } from "./live.ts";
import { formatInt } from "./report.ts";

export const WRK_THREADS = 2;
export const WRK_CONNECTIONS = 32;
/** The listing pages' load (issue 4): connections of the searched and filtered list page's runs. */
export const LISTING_CONNECTIONS = 16;
const LISTINGS_LUA = path.join(root, "scripts/bench-listings.lua");

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

/** wrk's -d syntax: a number of seconds, optionally with an s/m/h suffix. */
export function durationSeconds(text: string): number | undefined {
  const m = /^(\d+)([smh]?)$/.exec(text);
  if (!m?.[1]) return undefined;
  const factor = { "": 1, s: 1, m: 60, h: 3600 }[m[2] ?? ""] ?? 1;
  const seconds = Number(m[1]) * factor;
  return seconds > 0 ? seconds : undefined;
}

/** BROWSER_HEADERS, plus `extra`, as wrk's `-H` flags (the Lua script's wrk.format() sends them too). */
export function wrkHeaderArgs(extra: Record<string, string> = {}): string[] {
  return Object.entries(browserHeaders(extra)).flatMap(([name, value]) => ["-H", `${name}: ${value}`]);
}

export function errorsText(wrk: WrkResult): string {
  const parts: string[] = [];
  if (wrk.non2xx3xx) parts.push(`${formatInt(wrk.non2xx3xx)} non-2xx/3xx`);
  if (wrk.socketErrors) parts.push(`${formatInt(wrk.socketErrors)} socket (${formatInt(wrk.timeouts)} timeouts)`);
  return parts.join(", ") || "0";
}

export interface WrkOptions {
  connections?: number;
  /** Paths to cycle through (scripts/bench-listings.lua), written to this file; the URL's otherwise. */
  pathsFile?: string;
  /** Run scripts/bench-listings.lua (for its p95) even without a paths file. */
  lua?: boolean;
  /** wrk's --timeout (its default, 2s, would count slower answers as errors instead of latencies) */
  timeout?: string;
  /** Sent on every request besides the browser's (a session cookie, say). */
  headers?: Record<string, string>;
  /** Another wrk script reading the paths file (scripts/bench-mix.lua); scripts/bench-listings.lua otherwise. */
  script?: string;
}

export function runWrk(wrk: string, url: string, duration: string, options: WrkOptions = {}): Promise<WrkResult> {
  const args = [`-t${WRK_THREADS}`, `-c${options.connections ?? WRK_CONNECTIONS}`, `-d${duration}`, "--latency", ...wrkHeaderArgs(options.headers)];
  if (options.timeout) args.push("--timeout", options.timeout);
  if (options.lua || options.pathsFile) args.push("-s", options.script ?? LISTINGS_LUA);
  args.push(url);
  if (options.pathsFile) args.push("--", options.pathsFile, String(WRK_THREADS));
  return new Promise((resolve, reject) => {
    const child = spawn(wrk, args, { stdio: ["ignore", "pipe", "pipe"] });
    live.children.add(child);
    let stdout = "";
    let stderr = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => (stderr += chunk));
    child.once("error", (error) => {
      live.children.delete(child);
      reject(error);
    });
    child.once("exit", (code, signal) => {
      live.children.delete(child);
      if (code !== 0) {
        reject(new Error(`wrk ${args.join(" ")} failed (code ${code}, signal ${signal}): ${(stderr || stdout).trim()}`));
        return;
      }
      try {
        resolve(parseWrk(stdout));
      } catch (error) {
        reject(new Error(`${error instanceof Error ? error.message : String(error)}\nwrk printed:\n${stdout}${stderr}`));
      }
    });
  });
}
