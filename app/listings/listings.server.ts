// Pet listings: what the public, an owner and an admin may read and change. Every rule and
// permission of the classifieds lives here; routes only parse the request and render.
import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { firstError } from "~/accounts/validation";
import { CACHE_TAGS, invalidate, memoize } from "~/cache/cache.server";
import { db, queryRows } from "~/db/client.server";
import { allowedBreeds, petListings } from "~/db/schema";
import { ImageRejected } from "~/images/process-image.server";
import { IMAGE_MESSAGES, MAX_LISTING_IMAGES } from "~/images/limits";
import { deleteStoredImages, storeListingImages, type UploadedFile } from "~/images/store-images.server";
import { LISTING_TYPES, PET_TYPES, type LISTING_AVAILABILITY } from "~/lib/enums";
import { logger } from "~/lib/logger.server";
import { hit } from "~/lib/rate-limit.server";
import { isUuid } from "~/lib/ids";
import { cardColumns, markerColumns, type ListingCard, type ListingMarker, type ListingType, type PetType } from "./cards.server";
import { listingIndex } from "./listing-index.server";
import type { IndexCriteria, ListingSearchIndex } from "./search-index.server";
import { isPublicListing } from "./visibility";
import { isPublicListingRow } from "./visibility.server";
import { availabilitySchema, listingSchema, LISTING_MESSAGES as M, LISTINGS_PAGE_SIZE } from "./validation";
import { fail, type Result } from "~/lib/result";

export type { ListingCard, ListingMarker, ListingType, PetType } from "./cards.server";
export type Availability = (typeof LISTING_AVAILABILITY.values)[number];

/** Generous for a person, a wall for a script: publishing is counted per account. */
export const CREATE_LIMIT = { max: 20, windowSeconds: 60 * 60 };
/** Most markers one map shows (the newest matching listings). */
export const MAP_MARKER_LIMIT = 1_000;
const SEARCH_WORDS = 6;
const SEARCH_WORD_LENGTH = 60;


// --- Browsing ------------------------------------------------------------------------------------

export interface ListingFilters {
  q: string;
  petType: PetType | null;
  listingType: ListingType | null;
  page: number;
}

function oneOf<T extends string>(values: readonly T[], value: string | null): T | null {
  return value !== null && (values as readonly string[]).includes(value) ? (value as T) : null;
}

/** The list's query parameters a cached page may hold (?q= is a search: never cached). */
export const LISTING_FILTER_PARAMS = ["petType", "listingType", "page"] as const;

/**
 * The filters of a /pet-listings URL's query, as readQuery (app/lib/form.server.ts) decoded it;
 * unknown values are ignored (a shared link never fails).
 */
export function parseFilters(query: URLSearchParams): ListingFilters {
  const page = Number.parseInt(query.get("page") ?? "1", 10);
  return {
    q: (query.get("q") ?? "").trim().slice(0, 200),
    petType: oneOf(PET_TYPES.values, query.get("petType")),
    listingType: oneOf(LISTING_TYPES.values, query.get("listingType")),
    page: page > 0 ? page : 1,
  };
}

/**
 * What a search's words are matched on: the first words typed, each cut to a bounded length, or
 * null when nothing was typed.
 */
function searchText(q: string): string | null {
  const words = q
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, SEARCH_WORDS)
    .map((w) => w.slice(0, SEARCH_WORD_LENGTH));
  return words.length > 0 ? words.join(" ") : null;
}

/**
 * Each word typed must begin a word of the title, description or city, accents and case aside
 * (drizzle/0006_listing_query_words.sql: zampa_query_words splits and folds them as the listings'
 * own words were). A search with no letter or digit at all matches nothing.
 */
function searchCondition(q: string): SQL | undefined {
  const text = searchText(q);
  return text === null ? undefined : sql`"pet_listings"."search_vector" @@ zampa_word_query(${text})`;
}

function publicConditions(filters: Omit<ListingFilters, "page">): SQL | undefined {
  return and(
    isPublicListingRow(),
    filters.petType ? eq(petListings.petType, filters.petType) : undefined,
    filters.listingType ? eq(petListings.listingType, filters.listingType) : undefined,
    searchCondition(filters.q),
  );
}

/** The same conditions for the in-memory index: the search's words as PostgreSQL splits and folds them. */
async function indexCriteria(filters: Omit<ListingFilters, "page">): Promise<IndexCriteria> {
  const text = searchText(filters.q);
  const prefixes =
    text === null
      ? null
      : await memoize(
          `listings:words:${text}`,
          [],
          async () => {
            const [row] = await queryRows<{ words: string[] }>(sql`select zampa_query_words(${text}) as words`);
            return row?.words ?? [];
          },
          { search: true },
        );
  return { prefixes, petType: filters.petType, listingType: filters.listingType };
}

export interface ListingPage {
  items: ListingCard[];
  total: number;
  page: number;
  pageCount: number;
}

const pageOf = (items: ListingCard[], total: number, page: number): ListingPage => ({
  items,
  total,
  page,
  pageCount: Math.max(1, Math.ceil(total / LISTINGS_PAGE_SIZE)),
});

/** The process's index and the search's criteria, when the index is up to date; else undefined (SQL). */
async function fromCurrentIndex(filters: Omit<ListingFilters, "page">): Promise<{ index: ListingSearchIndex; criteria: IndexCriteria } | undefined> {
  if (!listingIndex()) return undefined;
  const criteria = await indexCriteria(filters);
  // Asked again: a write may have come while the words were read.
  const index = listingIndex();
  return index && { index, criteria };
}

/** Active listings, newest first, filtered on the server (a shared link shows the same results). */
export async function browseListings(filters: ListingFilters): Promise<ListingPage> {
  const indexed = await fromCurrentIndex(filters);
  if (indexed) return browseIndex(indexed.index, indexed.criteria, filters.page);
  const key = `listings:browse:${JSON.stringify(filters)}`;
  return memoize(key, [CACHE_TAGS.listings], async () => {
    // Two queries rather than count(*) over (): the page comes straight from the index order
    // (12 rows read), the count reads only the matching rows, once for all the pages of a search.
    const [rows, total] = await Promise.all([
      db()
        .select(cardColumns)
        .from(petListings)
        .where(publicConditions(filters))
        .orderBy(desc(petListings.createdAt), desc(petListings.id))
        .limit(LISTINGS_PAGE_SIZE)
        .offset((filters.page - 1) * LISTINGS_PAGE_SIZE),
      countListings(filters),
    ]);
    return pageOf(rows, total, filters.page);
  }, { search: filters.q !== "" });
}

function browseIndex(index: ListingSearchIndex, criteria: IndexCriteria, page: number): ListingPage {
  const { items, total } = index.search(criteria, (page - 1) * LISTINGS_PAGE_SIZE, LISTINGS_PAGE_SIZE);
  return pageOf(items, total, page);
}

/** The list page and map as the given index answers them (tests hold it to the SQL's answers). */
export async function fromIndex(index: ListingSearchIndex, filters: ListingFilters) {
  const criteria = await indexCriteria(filters);
  return { page: browseIndex(index, criteria, filters.page), markers: index.markers(criteria, MAP_MARKER_LIMIT) };
}

/** How many active listings match a search (whatever the page). */
function countListings({ q, petType, listingType }: Omit<ListingFilters, "page">): Promise<number> {
  const key = `listings:count:${JSON.stringify({ q, petType, listingType })}`;
  return memoize(key, [CACHE_TAGS.listings], async () => {
    const [counted] = await db().select({ n: count() }).from(petListings).where(publicConditions({ q, petType, listingType }));
    return counted?.n ?? 0;
  }, { search: q !== "" });
}

/** The map view: every matching active listing's position (the newest ones, up to a bound). */
export async function listingMarkers(filters: Omit<ListingFilters, "page">): Promise<ListingMarker[]> {
  const indexed = await fromCurrentIndex(filters);
  if (indexed) return indexed.index.markers(indexed.criteria, MAP_MARKER_LIMIT);
  const load = () =>
    db()
      .select(markerColumns)
      .from(petListings)
      .where(publicConditions(filters))
      .orderBy(desc(petListings.createdAt), desc(petListings.id))
      .limit(MAP_MARKER_LIMIT);
  // Up to a thousand markers is ~150 KB of heap: kept only for the few combinations of the two
  // filters, not for free text, where every new search would keep its own copy (the server's heap
  // is bounded, decision 0029).
  if (filters.q) return load();
  const key = `listings:markers:${JSON.stringify({ petType: filters.petType, listingType: filters.listingType })}`;
  return memoize(key, [CACHE_TAGS.listings], load);
}

// --- One listing ---------------------------------------------------------------------------------

export type ListingRow = typeof petListings.$inferSelect;

/** Active listings for everyone; any other status only for its owner and the admins (DESIGN [5]). */
export function canSee(listing: Pick<ListingRow, "status" | "userId">, viewer: CurrentUser | null): boolean {
  return isPublicListing(listing) || (viewer !== null && (viewer.id === listing.userId || viewer.role === "admin"));
}

function canChange(listing: Pick<ListingRow, "userId">, actor: CurrentUser): boolean {
  return actor.id === listing.userId || actor.role === "admin";
}

async function findListing(id: string): Promise<ListingRow | null> {
  if (!isUuid(id)) return null;
  const [row] = await db().select().from(petListings).where(eq(petListings.id, id)).limit(1);
  return row ?? null;
}

/** The detail page's listing, or null ("Annuncio non trovato") when this viewer may not see it. */
export async function getListing(id: string, viewer: CurrentUser | null): Promise<ListingRow | null> {
  if (!isUuid(id)) return null;
  // Anonymous readers of active listings share one memoized copy.
  const row = await memoize(`listings:one:${id}`, [CACHE_TAGS.listings], () => findListing(id));
  if (row && canSee(row, viewer)) return row;
  return null;
}

/** The owner's listings in every status, newest first (dashboard). */
/** Own listings a page of the dashboard shows. */
export const OWN_LISTINGS_PAGE_SIZE = 20;

/**
 * One page of the account's own listings, newest first (the owner index), and how many pages there
 * are: a breeder with thousands of listings gets the same quick page as anyone.
 */
export async function ownListingsPage(userId: string, page: number): Promise<{ listings: ListingRow[]; page: number; pageCount: number; total: number }> {
  const [listings, [counted]] = await Promise.all([
    db()
      .select()
      .from(petListings)
      .where(eq(petListings.userId, userId))
      .orderBy(desc(petListings.createdAt), desc(petListings.id))
      .limit(OWN_LISTINGS_PAGE_SIZE)
      .offset((page - 1) * OWN_LISTINGS_PAGE_SIZE),
    db().select({ total: count() }).from(petListings).where(eq(petListings.userId, userId)),
  ]);
  const total = counted?.total ?? 0;
  return { listings, page, pageCount: Math.max(1, Math.ceil(total / OWN_LISTINGS_PAGE_SIZE)), total };
}

/** The form's breed list: legal breeds of that pet type, by name (spec section 5). */
export function legalBreeds(petType: PetType): Promise<string[]> {
  return memoize(`breeds:legal:${petType}`, [CACHE_TAGS.breeds], async () => {
    const rows = await db()
      .select({ name: allowedBreeds.breedName })
      .from(allowedBreeds)
      .where(and(eq(allowedBreeds.petType, petType), eq(allowedBreeds.isLegal, true)))
      .orderBy(asc(allowedBreeds.breedName));
    return rows.map((r) => r.name);
  });
}

// --- Publishing ----------------------------------------------------------------------------------

/**
 * Publishes a listing: every rule checked here, whatever the browser did. Nothing is stored when a
 * rule fails, and no image file is left behind when the listing is not saved. `submissionId` is the
 * form's one-time id: a double submit of the same form publishes one listing.
 */
export async function createListing(
  user: CurrentUser | null,
  fields: Record<string, unknown>,
  files: UploadedFile[],
): Promise<Result<{ id: string }>> {
  if (!user) return fail(401, M.mustSignIn);
  const parsed = listingSchema.safeParse(fields);
  if (!parsed.success) return fail(400, firstError(parsed.error));
  const input = parsed.data;

  const breeds = await legalBreeds(input.petType);
  if (breeds.length > 0) {
    if (!input.breed) return fail(400, M.breedRequired);
    if (!breeds.includes(input.breed)) return fail(400, M.breedNotInList);
  }
  const images = files.filter((f) => f.data.length > 0 || f.name !== "");
  if (images.length > MAX_LISTING_IMAGES) return fail(400, IMAGE_MESSAGES.tooMany);

  let submissionId = typeof fields.submissionId === "string" && isUuid(fields.submissionId) ? fields.submissionId.toLowerCase() : null;
  if (submissionId) {
    const existing = await findListing(submissionId);
    if (existing?.userId === user.id) return { ok: true, id: existing.id };
    // Someone else's id (never one of this user's forms): publish under a new one.
    if (existing) submissionId = null;
  }
  if (!(await hit(`listing:create:${user.id}`, CREATE_LIMIT)).allowed) return fail(429, M.tooMany);

  let stored: Awaited<ReturnType<typeof storeListingImages>>;
  try {
    stored = await storeListingImages(user, images);
  } catch (error) {
    if (error instanceof ImageRejected) return fail(error.status, error.message);
    logger.error({ err: error }, "annuncio: salvataggio immagini non riuscito");
    return fail(500, IMAGE_MESSAGES.uploadFailed);
  }

  const id = submissionId ?? randomUUID();
  try {
    const inserted = await db()
      .insert(petListings)
      .values({
        id,
        userId: user.id,
        title: input.title,
        description: input.description,
        petType: input.petType,
        breed: input.breed,
        age: input.age,
        gender: input.gender,
        listingType: input.listingType,
        price: input.price,
        locationAddress: input.address,
        locationCity: input.city,
        locationRegion: input.region,
        locationLat: input.lat,
        locationLng: input.lng,
        contactName: input.contactName,
        contactPhone: input.contactPhone,
        contactEmail: input.contactEmail,
        images: stored.urls,
      })
      .onConflictDoNothing({ target: petListings.id })
      .returning({ id: petListings.id, userId: petListings.userId });
    if (inserted.length === 0) {
      // The same form arrived twice at once and the other request saved it first.
      await stored.remove();
      const existing = await findListing(id);
      return existing?.userId === user.id ? { ok: true, id } : fail(409, M.createError);
    }
  } catch (error) {
    await stored.remove().catch((e: unknown) => logger.error({ err: e }, "annuncio: immagini orfane non rimosse"));
    logger.error({ err: error }, "annuncio: inserimento non riuscito");
    return fail(500, M.createError);
  }
  await invalidate(CACHE_TAGS.listings);
  return { ok: true, id };
}

// --- Owner's changes -----------------------------------------------------------------------------

/** Deletes a listing and its image files: only its owner or an admin. */
export async function deleteListing(actor: CurrentUser | null, id: string): Promise<Result> {
  if (!actor) return fail(401, M.mustSignIn);
  const listing = await findListing(id);
  if (!listing) return fail(404, M.notFound);
  if (!canChange(listing, actor)) return fail(403, M.forbidden);
  const deleted = await db().delete(petListings).where(eq(petListings.id, listing.id)).returning({ id: petListings.id });
  if (deleted.length === 0) return fail(404, M.notFound);
  await invalidate(CACHE_TAGS.listings);
  // The row is gone: a file that fails to go is only logged (it is unreachable from the site).
  await deleteStoredImages(listing.images).catch((error: unknown) => logger.error({ err: error, id }, "annuncio: immagini non eliminate"));
  return { ok: true };
}

/** The owner's availability (Disponibile, In Attesa, Adottato): only its owner or an admin. */
export async function setAvailability(actor: CurrentUser | null, id: string, value: unknown): Promise<Result> {
  if (!actor) return fail(401, M.mustSignIn);
  const parsed = availabilitySchema.safeParse(value);
  if (!parsed.success) return fail(400, M.availabilityInvalid);
  const listing = await findListing(id);
  if (!listing) return fail(404, M.notFound);
  if (!canChange(listing, actor)) return fail(403, M.forbidden);
  await db()
    .update(petListings)
    .set({ availability: parsed.data, updatedAt: sql`now()` })
    .where(eq(petListings.id, listing.id));
  await invalidate(CACHE_TAGS.listings);
  return { ok: true };
}
