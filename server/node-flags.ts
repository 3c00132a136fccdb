// Node flags of the server process (`npm start`, the benchmark and the browser tests use these).
// The embedded PostgreSQL is WebAssembly: V8's optimising tier would compile much of it a second
// time and hold ~280 MB of code; the baseline compiler alone keeps the server near 230 MB. Hot data
// is memoized, so queries are rarely on a request's path (docs/decisions/0019). The flag only
// concerns WebAssembly, so it costs nothing with DATABASE_URL.
// The JavaScript heap is bounded tighter than V8 would choose (its live set is ~55 MB, the memoized
// queries at most a few tens more), and only the top optimising tier compiles hot functions
// (docs/decisions/0029-server-memory-and-render.md). The young generation is larger than V8's
// default for a small heap: a page's garbage then dies there instead of being promoted while 16 or
// 32 requests are in flight, which made the old space fill and be marked every ~200 ms. Measured
// (decision 0031): list pages 438 → 548 req/s, uncached article peak memory 289 → 271 MB.
// V8 starts marking the old space ~20 MB under its limit, which with this small heap is about the
// live size: under load one full collection followed another (24–33 in 10 s), and their pauses made
// the list page's p95 tail. The two triggers (thresholds in percent of the space left below the
// limit) make V8 start marking much later: 6 full collections in 10 s. Rarer collections used to keep sent pages' memory longer (uncached article peak
// 301–328 MB); it is now freed as each page is written (app/document/sent-once.server.ts).
// Measured in decision 0033.
export const SERVER_NODE_FLAGS = [
  "--liftoff-only",
  "--max-old-space-size=96",
  "--max-semi-space-size=16",
  "--incremental-marking-soft-trigger=80",
  "--incremental-marking-hard-trigger=95",
  "--no-maglev",
];

// Photo uploads are decoded by libvips on its own threads; glibc gives each thread a malloc arena
// that keeps what it freed, so the process grows with every upload. Two arenas keep it bounded
// (measured: 600 → 478 MB after two listings of five 8 MB photos), at no measurable cost in time.
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2" } as const;

// What the server process runs: server/main.ts compiled by `npm run build` (vite.server.config.ts).
export const SERVER_ENTRY = "build/server.js";
