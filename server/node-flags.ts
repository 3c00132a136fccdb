// How the server process is started (`npm start`, the benchmark and the browser tests share this).
// Erasable TypeScript only: scripts run it with Node's type stripping.
//
// No V8 tuning: the heap limit is the one setting, and it comes from configuration (MAX_HEAP_MB).
// Unset, V8 sizes the heap from the machine's memory (decision 0040 has the figure), so a growing
// catalogue makes the process larger instead of crashing it (docs/decisions/0040-memory-from-configuration.md).

/** `--max-old-space-size` for MAX_HEAP_MB; 0 is V8's own default (sized from the machine's memory). */
export function heapLimitMb(env: Record<string, string | undefined>): number {
  const raw = env.MAX_HEAP_MB?.trim();
  if (!raw) return 0;
  if (!/^\d+$/.test(raw) || Number(raw) < 64) throw new Error(`MAX_HEAP_MB deve essere un numero intero di megabyte, almeno 64 (è "${raw}")`);
  return Number(raw);
}

export function serverNodeFlags(env: Record<string, string | undefined> = process.env): string[] {
  return [`--max-old-space-size=${heapLimitMb(env)}`];
}

// Photo uploads are decoded by libvips on its own threads; glibc gives each thread a malloc arena
// that keeps what it freed, so the process grows with every upload. Two arenas keep it bounded
// (docs/decisions/0023), at no measurable cost in time.
export const SERVER_ENV = { MALLOC_ARENA_MAX: "2" } as const;

// What the server process runs: server/start.ts (and server/main.ts) compiled by `npm run build` (vite.server.config.ts).
export const SERVER_ENTRY = "build/server.js";
