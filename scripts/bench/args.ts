// `npm run bench`'s command line: its help text, and reading the arguments into one mode and its
// options (or the error to print with the help). Pure; erasable TypeScript (the pinned Node runs it).
import { parseArgs } from "node:util";
import { durationSeconds } from "./wrk.ts";

export const PARTS = ["cached", "uncached", "listings"] as const;

export const USAGE = `Usage: node scripts/bench.ts [options]   (or: npm run bench -- [options])

  --skip-build        reuse build/ instead of building first
  --skip-lighthouse   do not run Lighthouse
  --duration=10s      wrk duration per page and per listing run (wrk syntax: 30, 30s, 2m)
  --only=cached       only the pages' phase with the page cache on, and beside nginx (or: uncached, listings; several
                      separated by commas, e.g. --only=uncached,listings). Default: all three.
                      The listing catalogue is generated whatever --only says (same database).
  --wordpress-url=URL with the uncached phase: a WordPress 6 page serving the same article
                      (decision 0084 says how to set one up); the uncached article is measured
                      beside it in turns and must answer ≥ 10 × its req/s
  --cluster           instead: many processes (scripts/bench-cluster.ts): 60 s (or --duration) at
                      --connections (64) of public pages, searches and dashboard reads through nginx
                      to 2 processes on PostgreSQL (BENCH_DATABASE_URL's server), then 1 on PGlite;
                      then the faults (kill -9 in a burst, PostgreSQL restarted); --cluster-parts=load,faults
  --scale             instead: the scale mode (scripts/bench-scale.ts): a site of 200,000 listings,
                      20,000 articles, 100,000 users and 100,000 listing reports; restart time, the
                      first requests after /healthz (list pages new to the server, no warm-up),
                      memory of each server process, list, article and sitemap pages at 16
                      connections (cache on and off), the back office's article, user, listing and
                      report lists (signed in as the demo administrator), publishing, sitemap validity
  --scale-listings=N  with --scale: generated active listings (default 200000; from 1000000 on
                      PostgreSQL the list pages are judged at p95 ≤ 150 ms instead of 100 ms)
  --scale-articles=N  with --scale: generated published articles (default 20000)
  --scale-users=N     with --scale: generated users (default 100000)
  --scale-reports=N   with --scale: generated listing reports (default 100000)
  --scale-database-url=postgres://user@host:5432/postgres
                      with --scale: run on that PostgreSQL server instead of the embedded database
                      (PGlite, the default): a fresh database zampa_bench_scale is created on it
                      (dropped first if it exists; the URL's user must be allowed to), the server
                      runs with DATABASE_URL and its default WORKERS (one process per CPU), and the
                      data is generated through a node-postgres client, then VACUUM ANALYZEd
  --scale-keep-data   with --scale: keep the generated database (its DATA_DIR, or the PostgreSQL
                      database's name, is printed) to study it afterwards (EXPLAIN ANALYZE);
                      remove it by hand
  --scale-publish-runs=N  with --scale: listings published with 5 photos (default 5)
  --alerts            instead: the saved searches' alerts at scale (scripts/bench-alerts.ts): on a
                      fresh database zampa_bench_alerts of a PostgreSQL server, 100,000 users with a
                      "Subito" saved search each and 20,000 public listings; the production server
                      (default WORKERS) and a burst of 1,000 listings published: time to the queue
                      empty, to no search pending and to the last .eml in the outbox (≤ 60 s), each
                      process's memory, and every mail read back (no listing twice per person)
  --alerts-database-url=postgres://user@host:5432/postgres
                      with --alerts: the PostgreSQL server (default postgres://postgres@127.0.0.1:5432/postgres;
                      the URL's user must be allowed to create and drop databases)
  --alerts-searches=N with --alerts: users, each with one saved search (default 100000)
  --alerts-listings=N with --alerts: listings published in the burst (default 1000)
  --alerts-catalogue=N  with --alerts: listings already public before the burst (default 20000)
  --alerts-keep-data  with --alerts: keep the database zampa_bench_alerts (EXPLAIN ANALYZE afterwards;
                      drop it by hand)
  --help              this text`;

/** The default mode: the pages' phases, the listings, Lighthouse. */
export interface PagesOptions {
  skipBuild: boolean;
  skipLighthouse: boolean;
  duration: string;
  /** the parts asked for (--only), checked against PARTS */
  only: string[];
  wordpressUrl: string | undefined;
}

/** --cluster (scripts/bench-cluster.ts). */
export interface ClusterOptions {
  skipBuild: boolean;
  duration: string;
  connections: number;
  parts: string[];
}

/** --scale (scripts/bench-scale.ts). */
export interface ScaleOptions {
  skipBuild: boolean;
  duration: string;
  listings: string | undefined;
  articles: string | undefined;
  users: string | undefined;
  reports?: string | undefined;
  publishRuns: string | undefined;
  /** keep the generated DATA_DIR, or PostgreSQL database (to study its queries afterwards) */
  keepData?: boolean;
  /** a PostgreSQL server (postgres://…): the scale mode runs there instead of on PGlite */
  databaseUrl?: string | undefined;
}

/** --alerts (scripts/bench-alerts.ts). */
export interface AlertsOptions {
  skipBuild: boolean;
  databaseUrl: string | undefined;
  searches: string | undefined;
  listings: string | undefined;
  catalogue: string | undefined;
  keepData: boolean;
}

/** What the command line asks for; "error" is printed with USAGE and exits with 2. */
export type BenchCommand =
  | { mode: "help" }
  | { mode: "error"; message: string }
  | { mode: "pages"; options: PagesOptions }
  | { mode: "cluster"; options: ClusterOptions }
  | { mode: "scale"; options: ScaleOptions }
  | { mode: "alerts"; options: AlertsOptions };

/** Reads `argv` (without node and the script): --help first, then --duration, then one mode (--cluster, --alerts, --scale, else the pages). */
export function parseBenchArgs(argv: string[]): BenchCommand {
  let args;
  try {
    args = parseArgs({
      args: argv,
      options: {
        "skip-build": { type: "boolean", default: false },
        "skip-lighthouse": { type: "boolean", default: false },
        duration: { type: "string", default: "10s" },
        only: { type: "string" },
        scale: { type: "boolean", default: false },
        cluster: { type: "boolean", default: false },
        connections: { type: "string", default: "64" },
        "cluster-parts": { type: "string", default: "load,faults" },
        "scale-listings": { type: "string" },
        "scale-articles": { type: "string" },
        "scale-users": { type: "string" },
        "scale-reports": { type: "string" },
        "scale-publish-runs": { type: "string" },
        "scale-keep-data": { type: "boolean", default: false },
        "scale-database-url": { type: "string" },
        alerts: { type: "boolean", default: false },
        "alerts-database-url": { type: "string" },
        "alerts-searches": { type: "string" },
        "alerts-listings": { type: "string" },
        "alerts-catalogue": { type: "string" },
        "alerts-keep-data": { type: "boolean", default: false },
        "wordpress-url": { type: "string" },
        help: { type: "boolean", default: false },
      },
      strict: true,
      allowPositionals: false,
    }).values;
  } catch (error) {
    return { mode: "error", message: error instanceof Error ? error.message : String(error) };
  }
  if (args.help) return { mode: "help" };
  const duration = args.duration;
  if (durationSeconds(duration) === undefined) {
    return { mode: "error", message: `--duration: expected wrk's syntax (10, 10s, 2m), got "${duration}"` };
  }
  if (args.cluster) {
    return {
      mode: "cluster",
      options: {
        skipBuild: args["skip-build"],
        duration: args.duration === "10s" ? "60s" : duration,
        connections: Number(args.connections),
        parts: args["cluster-parts"].split(",").map((p) => p.trim()),
      },
    };
  }
  if (args.alerts) {
    return {
      mode: "alerts",
      options: {
        skipBuild: args["skip-build"],
        databaseUrl: args["alerts-database-url"],
        searches: args["alerts-searches"],
        listings: args["alerts-listings"],
        catalogue: args["alerts-catalogue"],
        keepData: args["alerts-keep-data"],
      },
    };
  }
  if (args.scale) {
    return {
      mode: "scale",
      options: {
        skipBuild: args["skip-build"],
        duration,
        listings: args["scale-listings"],
        articles: args["scale-articles"],
        users: args["scale-users"],
        reports: args["scale-reports"],
        publishRuns: args["scale-publish-runs"],
        keepData: args["scale-keep-data"],
        databaseUrl: args["scale-database-url"],
      },
    };
  }
  const only = args.only === undefined ? [...PARTS] : args.only.split(",").map((part) => part.trim());
  const unknown = only.filter((part) => !(PARTS as readonly string[]).includes(part));
  if (unknown.length || only.length === 0) {
    return { mode: "error", message: `--only: expected ${PARTS.join(", ")} (several separated by commas), got "${args.only}"` };
  }
  return { mode: "pages", options: { skipBuild: args["skip-build"], skipLighthouse: args["skip-lighthouse"], duration, only, wordpressUrl: args["wordpress-url"] } };
}

/** A count option (--scale-listings=200000, 200_000 or 200,000 too): `fallback` when absent; throws when not a whole number ≥ `min`. */
export function parseCount(name: string, text: string | undefined, fallback: number, min: number): number {
  if (text === undefined) return fallback;
  const n = Number(text.replace(/[_,]/g, ""));
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name}: expected a whole number ≥ ${min}, got "${text}"`);
  return n;
}
