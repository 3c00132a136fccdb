// Node flags of the server process (`npm start`, the benchmark and the browser tests use these).
// The embedded PostgreSQL is WebAssembly: V8's optimising tier would compile much of it a second
// time and hold ~280 MB of code; the baseline compiler alone keeps the server near 230 MB. Hot data
// is memoized, so queries are rarely on a request's path (docs/decisions/0019). The flag only
// concerns WebAssembly, so it costs nothing with DATABASE_URL.
export const SERVER_NODE_FLAGS = ["--liftoff-only", "--max-old-space-size=192", "--max-semi-space-size=8"];

// Photo uploads are decoded by libvips on its own threads; glibc gives each thread a malloc arena
// that keeps what it freed, so the process grows with every upload. Two arenas keep it bounded
// (measured: 600 → 478 MB after two listings of five 8 MB photos), at no measurable cost in time.
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2" } as const;
