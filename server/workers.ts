// How many server processes `npm start` runs (decision 0069). Erasable TypeScript only.

export interface WorkerPlan {
  workers: number;
  /** Said once at start-up when the configuration asked for something that cannot be. */
  warning?: string;
}

/**
 * WORKERS processes (default: one per CPU) when the database is a PostgreSQL server; exactly one on
 * the embedded database, which belongs to a single process (decision 0062).
 */
export function workerPlan(env: Record<string, string | undefined>, cpus: number): WorkerPlan {
  const raw = env.WORKERS?.trim();
  if (raw && !/^[1-9]\d*$/.test(raw)) throw new Error(`WORKERS deve essere un numero intero di processi, almeno 1 (è "${raw}")`);
  const asked = raw ? Number(raw) : undefined;
  if (!env.DATABASE_URL) {
    const warning =
      asked && asked > 1 ? `WORKERS=${asked} ignorato: il database incorporato appartiene a un solo processo (per più processi imposta DATABASE_URL)` : undefined;
    return { workers: 1, warning };
  }
  return { workers: asked ?? Math.max(1, cpus) };
}
