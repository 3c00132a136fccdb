// `npm run bench`: build, start the production server on the embedded database (PGlite) with the
// demo content plus a generated catalogue of 10,000 active pet listings (scripts/bench/listings.ts),
// and measure the home, an article and a category page with wrk, once with the page cache on and
// once with it off (PAGE_CACHE=false), the cached phase with the server's default logging (its
// access log to a file); with the page cache on, the article and the home beside nginx serving the
// same pages precompressed (gzip_static, scripts/bench/reference.ts), 3 rounds each in turns, their
// ratio judged against 0.5; then the article page's JavaScript weight and a Lighthouse run
// (mobile defaults) on the three pages. The listings part measures the searched and filtered list
// page at 16 connections (20 filter combinations cycled by scripts/bench-listings.lua, which also
// prints p95, after one unjudged warm-up run of the same load; then a query never asked before on
// every request; then the unfiltered list), with the page cache off and on, and the time to publish
// a listing with 5 photos of 4 MB each. Prints a report with PASS/FAIL next to the targets and exits
// 0 even when targets fail; non-zero only when something could not run.
//
//   node scripts/bench.ts [--skip-build] [--skip-lighthouse] [--duration=10s] [--only=cached,uncached,listings] [--wordpress-url=…]
//   node scripts/bench.ts --scale [--skip-build] [--duration=10s] [--scale-listings=200000] [--scale-database-url=postgres://…] …
//   node scripts/bench.ts --alerts [--skip-build] [--alerts-database-url=postgres://…] [--alerts-searches=100000] [--alerts-listings=1000] …
//
// This file is the command only: it reads the arguments (scripts/bench/args.ts) and runs one mode —
// the default one (scripts/bench-pages.ts), --cluster (scripts/bench-cluster.ts), --scale
// (scripts/bench-scale.ts) or --alerts (scripts/bench-alerts.ts) — on the library in scripts/bench/,
// whose pure parts have their unit tests beside them.
//
// The report goes to stdout, progress and the build log to stderr. Runs on the pinned Node directly (type
// stripping): erasable TypeScript only.
import { parseBenchArgs, USAGE, type BenchCommand } from "./bench/args.ts";
import { out } from "./bench/common.ts";
import { cleanup, installCleanup } from "./bench/live.ts";

/** Runs the mode the command line asks for; the exit code (2: wrong arguments, 1: something could not run). */
async function run(command: BenchCommand): Promise<number> {
  switch (command.mode) {
    case "help":
      out(USAGE);
      return 0;
    case "error":
      console.error(`${command.message}\n\n${USAGE}`);
      return 2;
    case "cluster":
      // Many processes behind nginx, and the faults.
      return (await import("./bench-cluster.ts")).runCluster(command.options);
    case "alerts":
      return (await import("./bench-alerts.ts")).runAlerts(command.options);
    case "scale":
      return (await import("./bench-scale.ts")).runScale(command.options);
    case "pages":
      return (await import("./bench-pages.ts")).runPages(command.options);
  }
}

if (import.meta.main) {
  installCleanup();
  run(parseBenchArgs(process.argv.slice(2)))
    .then(async (code) => {
      await cleanup();
      process.exit(code);
    })
    .catch(async (error: unknown) => {
      console.error(`\nbench failed: ${error instanceof Error ? error.message : String(error)}`);
      await cleanup();
      process.exit(1);
    });
}
