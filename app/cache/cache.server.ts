// Speed comes from not redoing work (DESIGN): hot query results and anonymous pages are kept in
// memory and dropped by the writes that change them. Each entry names the data it was built from
// (tags); a write invalidates its tags here and, through PostgreSQL NOTIFY, in every other process.
import { sql } from "drizzle-orm";
import pg from "pg";
import { config } from "~/config.server";
import { db, getDatabase, onCommit } from "~/db/client.server";
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
  return enabled;
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
  if (!enabled) return Promise.resolve(load());
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
 * process (NOTIFY is delivered at commit).
 */
export async function invalidate(...tags: CacheTag[]): Promise<void> {
  dropLocally(tags);
  onCommit(() => dropLocally(tags));
  if (getDatabase().engine === "postgres") {
    await db().execute(sql`select pg_notify(${CHANNEL}, ${tags.join(",")})`);
  }
}

/**
 * With a PostgreSQL server, listen for the invalidations of the other processes. While the
 * listening connection is down nothing would tell this process about writes, so it drops all it
 * holds and reconnects.
 */
export async function listenForInvalidations(databaseUrl: string): Promise<() => Promise<void>> {
  const valid = new Set<string>(Object.values(CACHE_TAGS));
  let client: pg.Client | undefined;
  let stopped = false;
  let retry: NodeJS.Timeout | undefined;

  const connect = async (): Promise<void> => {
    const next = new pg.Client({ connectionString: databaseUrl });
    next.on("notification", (message) => {
      if (message.channel !== CHANNEL || !message.payload) return;
      dropLocally(message.payload.split(",").filter((t): t is CacheTag => valid.has(t)));
    });
    const lost = (error?: unknown) => {
      if (stopped || client !== next) return;
      logger.error({ err: error }, "ascolto invalidazioni cache interrotto: svuoto la cache e riconnetto");
      client = undefined;
      dropLocally(Object.values(CACHE_TAGS));
      retry = setTimeout(() => void connect().catch(lost), 1_000);
    };
    next.on("error", lost);
    next.on("end", () => lost());
    client = next;
    await next.connect();
    await next.query(`listen ${CHANNEL}`);
  };

  await connect();
  return async () => {
    stopped = true;
    clearTimeout(retry);
    await client?.end();
  };
}
