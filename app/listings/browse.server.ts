// The public list of listings (/pet-listings) and its map, searched and filtered by the database's
// own indexes (docs/decisions/0082-listing-search-in-the-database.md): the words' GIN index over the
// search_vector of the public rows, the list's order from the (status, created_at, id) indexes, and a
// count that stops at a bound, beyond which the planner's estimate is shown as an estimate. What a
// request costs then grows with the page it shows, not with the catalogue.
import { and, asc, desc, eq, gte, inArray, lte, sql, type SQL } from "drizzle-orm";
import { CACHE_TAGS, memoize } from "~/cache/cache.server";
import { db, queryRows } from "~/db/client.server";
import { petListings } from "~/db/schema";
import type { CacheableQueryParam } from "~/cache/page-cache.server";
import { ageBandDates, type Criteria, type ListingFilters, type NearPlace } from "./browse-filters.server";
import { cardColumns, markerColumns, type ListingCard, type ListingMarker } from "./cards.server";
import { PUBLIC_ROUNDING_MARGIN, publicCoordinate, publicPositionInBox } from "./public-position.server";
import { LISTINGS_PAGE_SIZE } from "./validation";
import { isPublicListingRow } from "./visibility.server";

/** Most markers one map shows (the newest matching listings). */
export const MAP_MARKER_LIMIT = 1_000;
/**
 * Matches counted one by one, at most: past it the list says "circa" and the planner's estimate. A
 * thousand is 84 pages, more than anyone turns; counting further would cost a broad search as much
 * as reading the whole catalogue.
 */
export const EXACT_COUNT_LIMIT = 1_000;
const SEARCH_WORDS = 6;
const SEARCH_WORD_LENGTH = 60;

export { parseFilters, parseListingQuery, type ListingFilters } from "./browse-filters.server";

/**
 * The list's query parameters a cached page may hold (decision 0042; ?q= is a search and ?near= a
 * place typed: never cached). The page cache keeps a page only for their valid values.
 */
export const LISTING_FILTER_PARAMS = [
  "petType",
  "listingType",
  "region",
  "priceMin",
  "priceMax",
  "age",
  "photo",
  "sort",
  "page",
] as const satisfies readonly CacheableQueryParam[];

/** How many words a search has (typed words, as searchText keeps them). */
function wordsOf(q: string): number {
  return searchText(q)?.split(" ").length ?? 0;
}

/**
 * What a search's words are matched on: the first words typed, each cut to a bounded length, or
 * null when nothing was typed.
 */
export function searchText(q: string): string | null {
  const words = q
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, SEARCH_WORDS)
    .map((w) => w.slice(0, SEARCH_WORD_LENGTH));
  return words.length > 0 ? words.join(" ") : null;
}

/**
 * How a condition tests a search's words: `index`, as one query of the words' index with the
 * filters as its lexemes too (drizzle/0019: zampa_listing_query), the way to find a narrow search's
 * rows; `estimate`, the words alone, so that the planner counts the filters once (on their
 * columns), not a second time as if a cat's ad were no likelier to be a cat; `walk`, for a broad
 * search's rows, found newest first by walking the list's index and testing each row: more than
 * EXACT_COUNT_LIMIT rows match (counted, or estimated for the filters and one word), so a page is
 * found after a short walk, and a walk that reaches the end has counted them (browseListings). The
 * test is kept out of the words' index's reach (`is true`): the planner, misled by words that
 * often go together ("pastore tedesco"), would otherwise read every match through it to sort them.
 */
type WordsTest = "index" | "estimate" | "walk";

/**
 * The public rows matching the filters. Each word typed must begin a word of the title, description
 * or city, accents and case aside; a search with no letter or digit matches nothing. The filters
 * are stated on their columns too, for the list's own indexes. The words' query is a constant the
 * planner folds, so it sees the words and estimates how many rows have them.
 */
function publicMatches(criteria: Criteria, words: WordsTest = "index"): SQL {
  const text = searchText(criteria.q);
  const vector = sql`${petListings}.search_vector`;
  const test =
    text === null
      ? undefined
      : words === "index"
        ? sql`${vector} @@ zampa_listing_query(${text}, ${criteria.petType}, ${criteria.listingType})`
        : words === "estimate"
          ? sql`${vector} @@ zampa_word_query(${text})`
          : sql`(${vector} @@ zampa_word_query(${text})) is true`;
  const born = criteria.age ? ageBandDates(criteria.age) : null;
  return and(
    isPublicListingRow(),
    criteria.petType ? eq(petListings.petType, criteria.petType) : undefined,
    // A constant, not a parameter: the price orders' partial indexes hold the sales alone (drizzle/0029),
    // and a plan uses them only where the query itself says "sale". The value is one of the enum's.
    criteria.listingType ? sql`${petListings.listingType} = ${sql.raw(`'${criteria.listingType}'`)}` : undefined,
    criteria.region ? eq(petListings.locationRegion, criteria.region) : undefined,
    criteria.priceMin != null ? gte(petListings.price, criteria.priceMin) : undefined,
    criteria.priceMax != null ? lte(petListings.price, criteria.priceMax) : undefined,
    born?.after ? sql`${petListings.birthDate} > ${born.after}` : undefined,
    born?.until ? sql`${petListings.birthDate} <= ${born.until}` : undefined,
    criteria.withPhotos ? sql`cardinality(${petListings.images}) > 0` : undefined,
    criteria.area ? publicPositionInBox(petListings.locationLat, petListings.locationLng, criteria.area) : undefined,
    test,
  )!;
}

/** What decides the matches, as a memo key (the order and the page aside). */
function criteriaKey(c: Criteria): string {
  const area = c.area ? [c.area.south, c.area.west, c.area.north, c.area.east] : null;
  return JSON.stringify([c.q, c.petType, c.listingType, c.region, c.priceMin, c.priceMax, c.age, c.withPhotos, area]);
}

/**
 * Criteria a visitor can vary without end (words typed, a map's area): their memos go in the
 * searches' own share of the memo's bytes, so that they never push the common lists out.
 */
function freeForm(c: Criteria): boolean {
  return c.q !== "" || c.area !== null;
}

/**
 * The public position's distance in km from a place (the haversine formula in plain SQL: no
 * extension to load on either engine, decision 0094). Measured from the rounded position the public sees
 * (decision 0089), so that the order tells nothing more precise than the map does.
 */
function distanceFrom(place: NearPlace): SQL<number> {
  const lat = sql`${publicCoordinate(petListings.locationLat)}::float8`;
  const lng = sql`${publicCoordinate(petListings.locationLng)}::float8`;
  const [pLat, pLng] = [sql.raw(String(place.lat)), sql.raw(String(place.lng))];
  return sql<number>`(12742 * asin(least(1, sqrt(power(sin(radians(${lat} - ${pLat}) / 2), 2) + cos(radians(${pLat})) * cos(radians(${lat})) * power(sin(radians(${lng} - ${pLng}) / 2), 2)))))`;
}

/** The list's order: the sort asked for, then newest first, then the id (every order is total). */
function orderOf(filters: Pick<ListingFilters, "sort" | "near">): SQL[] {
  switch (filters.sort) {
    case "price-asc":
      return [asc(petListings.price), ...newestFirst];
    case "price-desc":
      return [desc(petListings.price), ...newestFirst];
    case "nearest":
      return filters.near ? [asc(distanceFrom(filters.near)), ...newestFirst] : newestFirst;
    default:
      return newestFirst;
  }
}

export interface ListingPage {
  items: ListingCard[];
  /** exact up to EXACT_COUNT_LIMIT; past it the planner's estimate (`approximate`) */
  total: number;
  approximate: boolean;
  page: number;
  pageCount: number;
}

const newestFirst: SQL[] = [desc(petListings.createdAt), desc(petListings.id)];

/**
 * The first matches the database finds cheapest, in no order, one more than EXACT_COUNT_LIMIT at
 * most: all of them (`complete`) for a narrow search, which the words' index answers reading only
 * those rows; for a broad one, only the proof that it is broad.
 */
interface Matches {
  complete: boolean;
  /** newest first; all the matches when complete, else empty */
  ids: string[];
  /** exact when complete, else the planner's estimate */
  total: number;
}

function findMatches(criteria: Criteria): Promise<Matches> {
  return memoize(
    `listings:matches:${criteriaKey(criteria)}`,
    [CACHE_TAGS.listings],
    async (): Promise<Matches> => {
      const where = publicMatches(criteria);
      const estimate = () => plannedRows(publicMatches(criteria, "estimate"));
      // The planner's estimate is close for the filters (their statistics, drizzle/0019) and for
      // one word (how often each word appears): past the bound, the list is broad without a
      // thousand matches read to prove it. Two words are estimated as if independent ("gatto
      // labrador": thousands estimated, none there), so their matches are always read, and the
      // estimate is asked for only when they are more than the bound (decision 0104).
      const severalWords = wordsOf(criteria.q) > 1;
      const planned = severalWords ? undefined : await estimate();
      if (planned !== undefined && planned > EXACT_COUNT_LIMIT) return { complete: false, ids: [], total: planned };
      // The inner LIMIT keeps the planner from walking the list's order to find them: it reads
      // whichever matches are cheapest (through the words' index for a search), then sorts those.
      const first = db()
        .select({ id: petListings.id, createdAt: petListings.createdAt })
        .from(petListings)
        .where(where)
        .limit(EXACT_COUNT_LIMIT + 1)
        .as("first_matches");
      const rows = await db().select({ id: first.id }).from(first).orderBy(desc(first.createdAt), desc(first.id));
      if (rows.length <= EXACT_COUNT_LIMIT) return { complete: true, ids: rows.map((r) => r.id), total: rows.length };
      return { complete: false, ids: [], total: Math.max(EXACT_COUNT_LIMIT + 1, planned ?? (await estimate())) };
    },
    { search: freeForm(criteria) },
  );
}

/** Rings around a "Più vicini a" place, in km, searched in turn until one holds the page. */
const NEAR_RADII_KM = [10, 30, 100, 300];
const KM_PER_DEGREE = 111.19;

/**
 * A page of a broad list ordered by distance: the page's ids from the nearest ring around the place
 * that holds it (a box on the position's index, then the exact distance: every listing outside a
 * ring of radius r is farther than r, so the nearest rows inside it are the nearest of all), the
 * whole list sorted only when no ring does.
 */
async function nearestPageIds(filters: ListingFilters, near: NearPlace, offset: number): Promise<string[]> {
  for (const radius of [...NEAR_RADII_KM, null]) {
    const rows = await walkPage(filters, offset, radius === null ? undefined : nearRing(near, radius));
    if (rows.length === LISTINGS_PAGE_SIZE || radius === null) return rows.map((r) => r.id);
  }
  return [];
}

/** The listings within `radius` km of a place: a box on the position's index, then the exact distance. */
export function nearRing(near: NearPlace, radius: number): SQL {
  const dLat = radius / KM_PER_DEGREE + PUBLIC_ROUNDING_MARGIN;
  const dLng = radius / (KM_PER_DEGREE * Math.cos(((Math.abs(near.lat) + dLat) * Math.PI) / 180)) + PUBLIC_ROUNDING_MARGIN;
  return and(
    sql`${petListings.locationLat} between ${near.lat - dLat} and ${near.lat + dLat}`,
    sql`${petListings.locationLng} between ${near.lng - dLng} and ${near.lng + dLng}`,
    sql`${distanceFrom(near)} <= ${radius}`,
  )!;
}

/**
 * The ids of a broad list's page, walking the order's index and testing each row (a deep page skips
 * index entries, not whole rows); within `ring` for the nearest order. Exported for the plans' test.
 */
export function walkPage(filters: ListingFilters, offset: number, ring?: SQL) {
  return db()
    .select({ id: petListings.id })
    .from(petListings)
    .where(and(publicMatches(filters, "walk"), ring))
    .orderBy(...orderOf(filters))
    .limit(LISTINGS_PAGE_SIZE)
    .offset(offset);
}

/** The cards of `ids`, in the list's order. */
function cardsOf(ids: string[], order: SQL[]): Promise<ListingCard[]> | ListingCard[] {
  return ids.length ? db().select(cardColumns).from(petListings).where(inArray(petListings.id, ids)).orderBy(...order) : [];
}

/**
 * Active listings, filtered on the server (a shared link shows the same results), in the order asked
 * (newest first by default). Pages are numbered: every order is total (ties broken by the newest,
 * then the id), so the pages of an unchanged list neither repeat nor skip a listing.
 */
export function browseListings(filters: ListingFilters): Promise<ListingPage> {
  return memoize(
    `listings:browse:${criteriaKey(filters)}:${filters.sort}:${filters.near ? `${filters.near.lat},${filters.near.lng}` : ""}:${filters.page}`,
    [CACHE_TAGS.listings],
    async () => {
      const matches = await findMatches(filters);
      const offset = (filters.page - 1) * LISTINGS_PAGE_SIZE;
      const order = orderOf(filters);
      let items: ListingCard[];
      if (matches.complete && filters.sort === "newest") {
        items = await cardsOf(matches.ids.slice(offset, offset + LISTINGS_PAGE_SIZE), order);
      } else if (matches.complete) {
        // A thousand matches at most, read by id and sorted by the database.
        items = matches.ids.length
          ? await db().select(cardColumns).from(petListings).where(inArray(petListings.id, matches.ids)).orderBy(...order).limit(LISTINGS_PAGE_SIZE).offset(offset)
          : [];
      } else if (filters.sort === "nearest" && filters.near) {
        items = await cardsOf(await nearestPageIds(filters, filters.near, offset), order);
      } else {
        // The page's ids first, then their cards, in one statement.
        items = await db().select(cardColumns).from(petListings).where(inArray(petListings.id, walkPage(filters, offset))).orderBy(...order);
      }
      // A walk that found less than a page reached the last match: the count is exact after all.
      const reachedEnd = !matches.complete && items.length < LISTINGS_PAGE_SIZE && (items.length > 0 || filters.page === 1);
      const total = reachedEnd ? offset + items.length : matches.total;
      return {
        items,
        total,
        approximate: !matches.complete && !reachedEnd,
        page: filters.page,
        pageCount: Math.max(1, Math.ceil(total / LISTINGS_PAGE_SIZE)),
      };
    },
    { search: freeForm(filters) },
  );
}

/** The planner's estimate of the rows matching `where` (EXPLAIN: planned, not run). */
async function plannedRows(where: SQL): Promise<number> {
  const [row] = await queryRows<Record<string, unknown>>(sql`explain (format json) select 1 from ${petListings} where ${where}`);
  const value = row ? Object.values(row)[0] : undefined;
  const plan = (typeof value === "string" ? JSON.parse(value) : value) as [{ Plan: { "Plan Rows": number } }] | undefined;
  return Math.round(plan?.[0]?.Plan["Plan Rows"] ?? 0);
}

/** The map view: every matching active listing's position (the newest ones, up to a bound). */
export async function listingMarkers(criteria: Criteria): Promise<ListingMarker[]> {
  const load = async () => {
    const matches = await findMatches(criteria);
    if (matches.complete) {
      const ids = matches.ids.slice(0, MAP_MARKER_LIMIT);
      return ids.length ? db().select(markerColumns).from(petListings).where(inArray(petListings.id, ids)).orderBy(...newestFirst) : [];
    }
    return db().select(markerColumns).from(petListings).where(publicMatches(criteria, "walk")).orderBy(...newestFirst).limit(MAP_MARKER_LIMIT);
  };
  // Up to MAP_MARKER_LIMIT markers take real heap (decision 0029): kept only for the combinations of the filters
  // chosen from lists, not for free text or prices typed, where every new search would keep its own copy (the server's heap
  // is bounded, decision 0029).
  if (freeForm(criteria) || criteria.priceMin != null || criteria.priceMax != null) return load();
  const key = `listings:markers:${criteriaKey(criteria)}`;
  return memoize(key, [CACHE_TAGS.listings], load);
}
