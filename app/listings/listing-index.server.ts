// Keeps one in-memory index of the public listings in step with the database, for the list page and
// its map (docs/decisions/0032-listing-search-index.md). Every write to the listings invalidates the
// `listings` cache tag (here, and in other processes through NOTIFY); from then on the index is not
// used (the list is read with SQL) until it has caught up. Catching up costs what the writes changed:
// triggers log each written listing with its transaction id (pet_listing_changes), and the index reads
// again only the listings logged since its last snapshot (docs/decisions/0041-listing-changes.md).
// So a search never sees the index older than what a query would read.
import { and, desc, gte, inArray, lt, sql, type SQL } from "drizzle-orm";
import { CACHE_TAGS, isCacheEnabled, onInvalidate } from "~/cache/cache.server";
import { config } from "~/config.server";
import { db, getDatabase, queryRows, withDb } from "~/db/client.server";
import { petListingChanges, petListings } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { cardColumns } from "./cards.server";
import { isPublicListingRow } from "./visibility.server";
import { ListingSearchIndex, type IndexedListing } from "./search-index.server";

/** Rows per query while reading the catalogue: each query holds the event loop for a few ms only. */
const READ_BATCH = 500;
/** After a failed read the list is served with SQL, and the index tried again after this long. */
const RETRY_MS = 10_000;
/** The change log keeps a day; an index whose snapshot is half that old is read again whole. */
const LOG_KEPT = "1 day";
const STALE_AFTER_MS = 12 * 60 * 60 * 1000;
const PRUNE_EVERY_MS = 60 * 60 * 1000;

const indexColumns = {
  ...cardColumns,
  lat: petListings.locationLat,
  lng: petListings.locationLng,
  // Exact: extract() is numeric since PostgreSQL 14, and microseconds since 1970 fit a double.
  createdMicros: sql<number>`(extract(epoch from ${petListings.createdAt}) * 1000000)::float8`,
  createdAt: sql<string>`${petListings.createdAt}::text`,
  words: sql<string[]>`tsvector_to_array(${petListings}.search_vector)`,
};

/** A row as read: the index's entry, its words, and created_at as text (the next batch starts after it, exactly). */
type IndexRow = IndexedListing & { words: string[]; createdAt: string };

/** An index and the point of the database's history it holds everything up to. */
export interface ListingIndexState {
  index: ListingSearchIndex;
  /**
   * The xmin of the snapshot taken before the index was last read or brought up to date: every
   * transaction with a lower id had ended then, so its writes are in the index; any write it may
   * miss was made by a transaction with this id or a higher one.
   */
  horizon: bigint;
  /** when that snapshot was taken (Date.now()) */
  takenAt: number;
}

function readRows(where: SQL | undefined, batch = READ_BATCH): Promise<IndexRow[]> {
  return db()
    .select(indexColumns)
    .from(petListings)
    .where(and(isPublicListingRow(), where))
    .orderBy(desc(petListings.createdAt), desc(petListings.id))
    .limit(batch) as unknown as Promise<IndexRow[]>;
}

function add(index: ListingSearchIndex, { createdAt: _cursor, words, ...listing }: IndexRow): void {
  index.upsert(listing, words);
}

/**
 * Lets the server answer between two batches. The embedded database runs in this thread and its
 * answers arrive as resolved promises: a loop of queries would otherwise hold the event loop (no
 * request, not even /healthz, answered) until the whole catalogue was read.
 */
const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The oldest transaction still running (or the next one to start): taken before reading. */
async function snapshotHorizon(): Promise<bigint> {
  const [row] = await queryRows<{ horizon: string }>(sql`select pg_snapshot_xmin(pg_current_snapshot())::text as horizon`);
  return BigInt(row!.horizon);
}

/** Every public listing, read in list order a batch at a time (`batch` rows per query). */
export async function readListingIndex(batch = READ_BATCH): Promise<ListingIndexState> {
  const takenAt = Date.now();
  const horizon = await snapshotHorizon();
  const index = new ListingSearchIndex();
  let after: IndexRow | undefined;
  for (;;) {
    // A row comparison, which the list's index (status, created_at desc, id desc) answers from the
    // position it stopped at; `a < x or (a = x and b < y)` made every batch scan what came before.
    const rows: IndexRow[] = await readRows(
      after && sql`(${petListings.createdAt}, ${petListings.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)`,
      batch,
    );
    for (const row of rows) add(index, row);
    if (rows.length < batch) return { index, horizon, takenAt };
    after = rows[rows.length - 1];
    await nextTurn();
  }
}

/**
 * Brings the index up to date: reads again the listings logged as changed since its horizon, and
 * drops those that are no longer public (or no longer exist). Returns how many were read again.
 */
export async function refreshListingIndex(state: ListingIndexState): Promise<number> {
  const takenAt = Date.now();
  const horizon = await snapshotHorizon();
  const logged = await db()
    .selectDistinct({ id: petListingChanges.listingId })
    .from(petListingChanges)
    .where(gte(petListingChanges.tx, state.horizon));
  for (let i = 0; i < logged.length; i += READ_BATCH) {
    const ids = logged.slice(i, i + READ_BATCH).map((r) => r.id);
    const rows = await readRows(inArray(petListings.id, ids));
    for (const row of rows) add(state.index, row);
    const read = new Set(rows.map((r) => r.id));
    for (const id of ids) if (!read.has(id)) state.index.remove(id);
    await nextTurn();
  }
  state.horizon = horizon;
  state.takenAt = takenAt;
  return logged.length;
}

/** Drops the log's old rows (any process may: the statement is the same in all of them). */
export async function pruneListingChanges(): Promise<void> {
  await db().delete(petListingChanges).where(lt(petListingChanges.changedAt, sql`clock_timestamp() - ${LOG_KEPT}::interval`));
}

// --- The process's index -------------------------------------------------------------------------

/**
 * LISTING_INDEX, or its default: on with the embedded database, off with DATABASE_URL, where each
 * of several processes would hold a copy of the catalogue and the server's indexes answer the list.
 */
export function listingIndexEnabled(setting: boolean | undefined = config().listingIndex): boolean {
  return setting ?? getDatabase().engine === "pglite";
}

let live: ListingIndexState | undefined;
/** Bumped by every invalidation of the listings; the index is used only when it has caught up. */
let generation = 0;
let liveGeneration = -1;
let syncing: Promise<void> | undefined;
let retryAt = 0;
let prunedAt = 0;

onInvalidate((tags) => {
  if (tags.includes(CACHE_TAGS.listings)) generation += 1;
});

async function sync(): Promise<void> {
  try {
    // Read outside whatever request or transaction happened to ask first.
    await withDb(getDatabase().db, async () => {
      while (liveGeneration !== generation) {
        const target = generation;
        if (live && Date.now() - live.takenAt < STALE_AFTER_MS) await refreshListingIndex(live);
        else live = await readListingIndex();
        // A write during the read bumped `generation`: catch up again.
        liveGeneration = target;
      }
      if (Date.now() - prunedAt > PRUNE_EVERY_MS) {
        prunedAt = Date.now();
        await pruneListingChanges();
      }
    });
  } catch (error) {
    logger.error({ err: error }, "indice degli annunci non aggiornato: la lista usa le query finché non riesce");
    retryAt = Date.now() + RETRY_MS;
  }
}

/**
 * The index, when it holds exactly what the database does; otherwise undefined (the caller reads
 * with SQL) and the index starts catching up in the background. Off when caching is off (tests) and
 * when LISTING_INDEX says so.
 */
export function listingIndex(): ListingSearchIndex | undefined {
  if (!isCacheEnabled() || !listingIndexEnabled()) return undefined;
  if (live && liveGeneration === generation) return live.index;
  if (!syncing && Date.now() >= retryAt) syncing = sync().finally(() => (syncing = undefined));
  return undefined;
}

/** Resolves once the index has caught up with every write so far (tests, start-up warm-up). */
export async function listingIndexReady(): Promise<ListingSearchIndex | undefined> {
  while (isCacheEnabled() && listingIndex() === undefined && syncing) await syncing;
  return listingIndex();
}

/** Waits for a read under way (before the database is closed). */
export async function settleListingIndex(): Promise<void> {
  await syncing;
}
