// Keeps one in-memory index of the active listings in step with the database, for the list page and
// its map (docs/decisions/0032-listing-search-index.md). Every write to the listings already
// invalidates the `listings` cache tag (here, and in other processes through NOTIFY); from then on
// the index is not used (the list is read with SQL) until it has been brought up to date: the rows
// whose version (xmin, ctid) changed are read again, the ones no longer active are dropped. So a search
// never sees the index older than what a query would read.
import { and, desc, eq, inArray, lt, or, sql, type SQL } from "drizzle-orm";
import { CACHE_TAGS, isCacheEnabled, onInvalidate } from "~/cache/cache.server";
import { db, getDatabase, withDb } from "~/db/client.server";
import { petListings } from "~/db/schema";
import { logger } from "~/lib/logger.server";
import { cardColumns } from "./cards.server";
import { isPublicListingRow } from "./visibility.server";
import { ListingSearchIndex, type IndexedListing } from "./search-index.server";

/** Rows per query while reading the catalogue: each query holds the event loop for a few ms only. */
const READ_BATCH = 500;
/** After a failed read the list is served with SQL, and the index tried again after this long. */
const RETRY_MS = 10_000;

/**
 * A row's version: the transaction that wrote it (xmin) and where it stands (ctid). Every update
 * writes a new row version, so one of the two changes, even when one transaction updates a row twice.
 */
const rowVersion = sql<string>`${petListings}.xmin::text || '/' || ${petListings}.ctid::text`;

const indexColumns = {
  ...cardColumns,
  lat: petListings.locationLat,
  lng: petListings.locationLng,
  // Exact: extract() is numeric since PostgreSQL 14, and microseconds since 1970 fit a double.
  createdMicros: sql<number>`(extract(epoch from ${petListings.createdAt}) * 1000000)::float8`,
  createdAt: sql<string>`${petListings.createdAt}::text`,
  version: rowVersion,
  words: sql<string[]>`tsvector_to_array(${petListings}.search_vector)`,
};

/** A row as read: the index's entry, its words, and created_at as text (the next batch starts after it, exactly). */
type IndexRow = IndexedListing & { words: string[]; createdAt: string };

function readRows(where: SQL | undefined): Promise<IndexRow[]> {
  return db()
    .select(indexColumns)
    .from(petListings)
    .where(and(isPublicListingRow(), where))
    .orderBy(desc(petListings.createdAt), desc(petListings.id))
    .limit(READ_BATCH) as unknown as Promise<IndexRow[]>;
}

function add(index: ListingSearchIndex, { createdAt: _cursor, words, ...listing }: IndexRow): void {
  index.upsert(listing, words);
}

/** Every active listing, read in list order a batch at a time. */
export async function readListingIndex(): Promise<ListingSearchIndex> {
  const index = new ListingSearchIndex();
  let after: IndexRow | undefined;
  for (;;) {
    const rows: IndexRow[] = await readRows(
      after &&
        or(
          lt(petListings.createdAt, sql`${after.createdAt}::timestamptz`),
          and(eq(petListings.createdAt, sql`${after.createdAt}::timestamptz`), lt(petListings.id, after.id)),
        ),
    );
    for (const row of rows) add(index, row);
    if (rows.length < READ_BATCH) return index;
    after = rows[rows.length - 1];
  }
}

/** Brings `index` up to date: reads again the listings whose row changed, drops those no longer active. */
export async function refreshListingIndex(index: ListingSearchIndex): Promise<void> {
  const current = await db().select({ id: petListings.id, version: rowVersion }).from(petListings).where(isPublicListingRow());
  const held = index.versions();
  const changed: string[] = [];
  for (const { id, version } of current) {
    if (held.get(id) !== version) changed.push(id);
    held.delete(id);
  }
  for (const gone of held.keys()) index.remove(gone);
  for (let i = 0; i < changed.length; i += READ_BATCH) {
    const ids = changed.slice(i, i + READ_BATCH);
    const rows = await readRows(inArray(petListings.id, ids));
    for (const row of rows) add(index, row);
    // Changed since the first query and no longer active.
    const read = new Set(rows.map((r) => r.id));
    for (const id of ids) if (!read.has(id)) index.remove(id);
  }
}

// --- The process's index -------------------------------------------------------------------------

let live: ListingSearchIndex | undefined;
/** Bumped by every invalidation of the listings; the index is used only when it has caught up. */
let generation = 0;
let liveGeneration = -1;
let syncing: Promise<void> | undefined;
let retryAt = 0;

onInvalidate((tags) => {
  if (tags.includes(CACHE_TAGS.listings)) generation += 1;
});

async function sync(): Promise<void> {
  try {
    // Read outside whatever request or transaction happened to ask first.
    await withDb(getDatabase().db, async () => {
      while (liveGeneration !== generation) {
        const target = generation;
        if (live) await refreshListingIndex(live);
        else live = await readListingIndex();
        // A write during the read bumped `generation`: read again.
        liveGeneration = target;
      }
    });
  } catch (error) {
    logger.error({ err: error }, "indice degli annunci non aggiornato: la lista usa le query finché non riesce");
    retryAt = Date.now() + RETRY_MS;
  }
}

/**
 * The index, when it holds exactly what the database does; otherwise undefined (the caller reads
 * with SQL) and the index starts catching up in the background. Off when caching is off (tests).
 */
export function listingIndex(): ListingSearchIndex | undefined {
  if (!isCacheEnabled()) return undefined;
  if (live && liveGeneration === generation) return live;
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
