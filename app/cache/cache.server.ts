// Speed comes from not redoing work (DESIGN): hot query results and anonymous pages are kept in
// memory and dropped by the writes that change them. Each entry names the data it was built from
// (tags); a write invalidates its tags here and, through PostgreSQL NOTIFY, in every other process.
import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import pg from "pg";
import { config } from "~/config.server";
import { commitPoint, db, getDatabase, onCommit } from "~/db/client.server";
import { logger } from "~/lib/logger.server";
import { memoCounts } from "~/lib/runtime-stats.server";
import { approximateBytes, ByteLru, MB } from "./byte-lru";

export const CACHE_TAGS = {
  articles: "articles",
  categories: "categories",
  partners: "partners",
  ads: "ads",
  seo: "seo",
  redirects: "redirects",
  listings: "listings",
  contests: "contests",
  breeds: "breeds",
  /** the number of accounts and of administrators (admin counters) */
  accounts: "accounts",
  /** the listing reports' counters (admin) */
  reports: "reports",
  /** the AI quota's use: invalidated by every logged AI request, so the screens refresh (decision 0055) */
  aiUsage: "ai-usage",
} as const;
export type CacheTag = (typeof CACHE_TAGS)[keyof typeof CACHE_TAGS];

const CHANNEL = "zampa_cache";
/** Where each process confirms it applied another's invalidation: `<invalidation id>|<process id>`. */
const ACK_CHANNEL = "zampa_cache_ack";

/**
 * Memory for memoized results, by bytes (MEMO_CACHE_MB, default 32). Results of free-text searches
 * have their own eighth of it: visitors choose those keys, so a flood of new searches only evicts
 * other searches, never the pages everyone reads.
 */
const MEMO_BYTES = config().memoCacheMb * MB;
/** What a result still loading counts for, until its size is known. */
const PENDING_BYTES = 1024;

let enabled = process.env.NODE_ENV !== "test";
/** Bumped by every invalidation: work begun before a write must not be stored after it. */
let generation = 0;

interface MemoEntry {
  tags: readonly CacheTag[];
  value: Promise<unknown>;
}
const pools = {
  shared: new ByteLru<MemoEntry>(MEMO_BYTES - MEMO_BYTES / 8),
  searches: new ByteLru<MemoEntry>(MEMO_BYTES / 8),
};
const invalidationListeners = new Set<(tags: readonly CacheTag[]) => void>();

export interface MemoOptions {
  /** the key holds text a visitor typed (a search): kept in the searches' smaller share */
  search?: boolean;
}

/** Tests switch caching off by default (their transactions roll back) and on where they test it. */
export function setCacheEnabled(value: boolean): void {
  enabled = value;
  pools.shared.clear();
  pools.searches.clear();
  for (const listener of invalidationListeners) listener(Object.values(CACHE_TAGS));
}

export function isCacheEnabled(): boolean {
  return enabled && !deaf;
}

export function currentGeneration(): number {
  return generation;
}

/** Bytes held by the memoized results (tests, diagnostics). */
export function memoBytes(): { shared: number; searches: number } {
  return { shared: pools.shared.bytes, searches: pools.searches.bytes };
}

/**
 * The result of load(), computed once until one of its tags is invalidated or it is evicted. A
 * result that is null or undefined (an unknown slug or id) is not kept: visitors cannot fill the
 * memory with names of things that do not exist. load may return a query builder: it is a thenable
 * that runs its query each time it is awaited, so it is adopted into one real Promise here.
 */
export function memoize<T>(key: string, tags: readonly CacheTag[], load: () => PromiseLike<T>, options: MemoOptions = {}): Promise<T> {
  if (!enabled || deaf) return Promise.resolve(load());
  const pool = options.search ? pools.searches : pools.shared;
  const hit = pool.get(key);
  if (hit) {
    memoCounts.hit++;
    return hit.value as Promise<T>;
  }
  memoCounts.miss++;
  const entry: MemoEntry = { tags, value: Promise.resolve(load()) };
  pool.set(key, entry, PENDING_BYTES);
  entry.value.then(
    (value) => {
      if (value === null || value === undefined) {
        if (pool.peek(key) === entry) pool.delete(key);
      } else pool.resize(key, entry, key.length + approximateBytes(value));
    },
    () => {
      if (pool.peek(key) === entry) pool.delete(key);
    },
  );
  return entry.value as Promise<T>;
}

/** For the page cache (and anything else keeping derived data): told which tags were invalidated. */
export function onInvalidate(listener: (tags: readonly CacheTag[]) => void): () => void {
  invalidationListeners.add(listener);
  return () => invalidationListeners.delete(listener);
}

function dropLocally(tags: readonly CacheTag[]): void {
  generation += 1;
  const stale = (entry: MemoEntry) => entry.tags.some((t) => tags.includes(t));
  pools.shared.deleteWhere(stale);
  pools.searches.deleteWhere(stale);
  for (const listener of invalidationListeners) listener(tags);
}

/**
 * Call after a write: drops what depends on `tags` now, again once the enclosing transaction has
 * committed (so a page rendered in between with the old data is not kept), and in every other
 * process (NOTIFY is delivered at commit). With other processes listening, it returns (or the
 * transaction does) only when each has dropped them, so no process serves older data than a write
 * that has answered (decision 0070).
 */
export async function invalidate(...tags: CacheTag[]): Promise<void> {
  dropLocally(tags);
  onCommit(() => dropLocally(tags));
  if (getDatabase().engine !== "postgres") return;
  const id = `${PROCESS_ID}:${++sent}`;
  await db().execute(sql`select pg_notify(${CHANNEL}, ${`${id}|${tags.join(",")}`})`);
  if (!listener) return;
  const acks = new Set<string>();
  pendingAcks.set(id, acks);
  const wait = () => waitForAcks(id, acks).finally(() => pendingAcks.delete(id));
  const when = commitPoint();
  if (when === "now") await wait();
  else if (when === "transaction") onCommit(wait);
  // A handle whose commit this code does not see (a test's rolled-back transaction): nothing to wait for.
  else pendingAcks.delete(id);
}

/** This process in the invalidations' messages, and in the listening connection's application_name. */
const PROCESS_ID = randomBytes(6).toString("hex");
const LISTENER_PREFIX = "zampa-cache:";
/** How long a write waits for a process that does not answer (stuck, or on its way out): then it answers anyway. */
const ACK_TIMEOUT_MS = 2_000;
let sent = 0;
let listener: pg.Client | undefined;
/** The listening connection is down: other processes' writes would go unnoticed, so nothing is kept meanwhile. */
let deaf = false;
const pendingAcks = new Map<string, Set<string>>();
const ackWaiters = new Map<string, () => void>();

/**
 * Resolves when every other process listening now has confirmed it dropped invalidation `id`. The
 * processes are the listening connections PostgreSQL knows (a process killed takes its connection
 * with it); one that starts later starts with empty caches.
 */
async function waitForAcks(id: string, acks: Set<string>): Promise<void> {
  if (!listener) return;
  const rows = await getDatabase()
    .db.execute(sql`select application_name as name from pg_stat_activity where application_name like ${`${LISTENER_PREFIX}%`} and datname = current_database()`)
    .then((result) => (result as unknown as { rows: { name: string }[] }).rows)
    .catch(() => [] as { name: string }[]);
  const expected = rows.map((r) => r.name.slice(LISTENER_PREFIX.length)).filter((p) => p !== PROCESS_ID);
  const done = () => expected.every((p) => acks.has(p));
  if (done()) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      ackWaiters.delete(id);
      logger.warn({ missing: expected.filter((p) => !acks.has(p)) }, "invalidazione cache: processi che non hanno risposto in tempo");
      resolve();
    }, ACK_TIMEOUT_MS);
    ackWaiters.set(id, () => {
      if (!done()) return;
      clearTimeout(timer);
      ackWaiters.delete(id);
      resolve();
    });
  });
}

/**
 * With a PostgreSQL server, listen for the invalidations of the other processes and confirm each
 * once applied. While the listening connection is down nothing would tell this process about
 * writes, so it drops all it holds and reconnects.
 */
export async function listenForInvalidations(databaseUrl: string): Promise<() => Promise<void>> {
  const valid = new Set<string>(Object.values(CACHE_TAGS));
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl, application_name: LISTENER_PREFIX + PROCESS_ID });
    let acks: Promise<unknown> = Promise.resolve();
    next.on("notification", (message) => {
      if (!message.payload) return;
      const bar = message.payload.indexOf("|");
      if (message.channel === ACK_CHANNEL) {
        const id = message.payload.slice(0, bar);
        pendingAcks.get(id)?.add(message.payload.slice(bar + 1));
        ackWaiters.get(id)?.();
        return;
      }
      if (message.channel !== CHANNEL) return;
      const id = bar === -1 ? "" : message.payload.slice(0, bar);
      if (id.startsWith(`${PROCESS_ID}:`)) return;
      dropLocally(
        message.payload
          .slice(bar + 1)
          .split(",")
          .filter((t): t is CacheTag => valid.has(t)),
      );
      // One query at a time on this connection (pg queues them, but will stop doing so).
      if (id) acks = acks.then(() => next.query("select pg_notify($1, $2)", [ACK_CHANNEL, `${id}|${PROCESS_ID}`])).catch(() => {});
    });
    let gone = false;
    const lost = (error?: unknown) => {
      if (stopped || gone) return;
      gone = true;
      if (listener === next) listener = undefined;
      if (!deaf) logger.error({ err: error }, "ascolto invalidazioni cache interrotto: svuoto la cache e riconnetto");
      deaf = true;
      dropLocally(Object.values(CACHE_TAGS));
      void next.end().catch(() => {});
      retry = setTimeout(() => void connect(), 1_000);
    };
    next.on("error", lost);
    next.on("end", () => lost());
    try {
      await next.connect();
      await next.query(`listen ${CHANNEL}`);
      await next.query(`listen ${ACK_CHANNEL}`);
    } catch (error) {
      if (first) throw error;
      lost(error);
      return;
    }
    listener = next;
    if (deaf) logger.info("ascolto invalidazioni cache ripristinato");
    deaf = false;
  };

  let first = true;
  await connect();
  first = false;
  return async () => {
    stopped = true;
    clearTimeout(retry);
    const client = listener;
    listener = undefined;
    await client?.end();
  };
}
