// Favourites (issue 30, decision 0092): a person keeps listings with the heart. Every statement is
// scoped to the signed-in person's own rows — there is no way to name someone else's favourite —
// and adding twice adds one row (the primary key, on conflict do nothing).
import { and, count, desc, eq, inArray, ne, sql } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { db, queryRows } from "~/db/client.server";
import { listingFavourites, petListings } from "~/db/schema";
import type { ListingType } from "~/listings/cards.server";
import { isUuid } from "~/lib/ids";
import { fail, type Result } from "~/lib/result";
import { isPublicListingRow } from "~/listings/visibility.server";
import { isPublicListing } from "~/listings/visibility";
import { FAVOURITE_INTENTS, FAVOURITE_LIMITS, FAVOURITE_TEXTS as T, type FavouriteIntent } from "./texts";

export type FavouriteResult = Result<{ favourite: boolean }>;

function isIntent(value: unknown): value is FavouriteIntent {
  return (FAVOURITE_INTENTS as readonly unknown[]).includes(value);
}

async function listingExists(listingId: string): Promise<boolean> {
  const [row] = await db().select({ id: petListings.id }).from(petListings).where(eq(petListings.id, listingId)).limit(1);
  return row !== undefined;
}

/**
 * The heart pressed: `add` keeps a public listing (one's own too: harmless, and the owner's count
 * leaves it out), `remove` lets it go whatever the listing's state (a suspended one stays removable).
 * Both are idempotent: a double submit changes nothing more.
 */
export async function setFavourite(viewer: CurrentUser | null, listingId: string | undefined, intent: unknown): Promise<FavouriteResult> {
  if (!viewer) return fail(401, T.mustSignIn);
  if (!isUuid(listingId)) return fail(400, T.badId);
  if (!isIntent(intent)) return fail(400, T.badIntent);
  if (intent === "add") {
    // One statement: the listing is public at the moment of the insert, or nothing is written.
    const inserted = await queryRows<{ listing_id: string }>(sql`
      insert into ${listingFavourites} (user_id, listing_id)
      select ${viewer.id}::uuid, ${petListings.id} from ${petListings}
      where ${petListings.id} = ${listingId} and ${isPublicListingRow()}
      on conflict do nothing
      returning listing_id`);
    if (inserted.length > 0) return { ok: true, favourite: true };
    // Nothing written: already kept (a double submit), or the listing is not public (or gone).
    const [kept] = await db()
      .select({ listingId: listingFavourites.listingId })
      .from(listingFavourites)
      .innerJoin(petListings, eq(petListings.id, listingFavourites.listingId))
      .where(and(eq(listingFavourites.userId, viewer.id), eq(listingFavourites.listingId, listingId), isPublicListingRow()))
      .limit(1);
    return kept ? { ok: true, favourite: true } : fail(404, T.notFound);
  }
  const removed = await db()
    .delete(listingFavourites)
    .where(and(eq(listingFavourites.userId, viewer.id), eq(listingFavourites.listingId, listingId)))
    .returning({ listingId: listingFavourites.listingId });
  if (removed.length === 0 && !(await listingExists(listingId))) return fail(404, T.notFound);
  return { ok: true, favourite: false };
}

/** Which of these listings the person keeps: one query for a whole page of cards. */
export async function favouritedAmong(userId: string, listingIds: readonly string[]): Promise<string[]> {
  const ids = listingIds.filter(isUuid);
  if (ids.length === 0) return [];
  const rows = await db()
    .select({ listingId: listingFavourites.listingId })
    .from(listingFavourites)
    .where(and(eq(listingFavourites.userId, userId), inArray(listingFavourites.listingId, ids)));
  return rows.map((r) => r.listingId);
}

export interface FavouriteItem {
  listingId: string;
  title: string;
  listingType: ListingType;
  price: number;
  city: string;
  region: string;
  /** The first photo, while the listing is public. */
  image: string | null;
  /** False once the listing is no longer public: "Non più disponibile", and it can be removed. */
  available: boolean;
  addedAt: Date;
}

/** One page of the person's favourites, the newest first. */
export async function favouritesPage(userId: string, page: number): Promise<{ items: FavouriteItem[]; page: number; pageCount: number; total: number }> {
  const size = FAVOURITE_LIMITS.pageSize;
  const mine = eq(listingFavourites.userId, userId);
  const [rows, [counted]] = await Promise.all([
    db()
      .select({
        listingId: listingFavourites.listingId,
        addedAt: listingFavourites.createdAt,
        title: petListings.title,
        listingType: petListings.listingType,
        price: petListings.price,
        city: petListings.locationCity,
        region: petListings.locationRegion,
        images: petListings.images,
        status: petListings.status,
      })
      .from(listingFavourites)
      .innerJoin(petListings, eq(petListings.id, listingFavourites.listingId))
      .where(mine)
      .orderBy(desc(listingFavourites.createdAt), desc(listingFavourites.listingId))
      .limit(size)
      .offset((page - 1) * size),
    db().select({ total: count() }).from(listingFavourites).where(mine),
  ]);
  const total = counted?.total ?? 0;
  const items = rows.map((row) => {
    const available = isPublicListing(row);
    return {
      listingId: row.listingId,
      title: row.title,
      listingType: row.listingType,
      price: row.price,
      city: row.city,
      region: row.region,
      image: available ? (row.images[0] ?? null) : null,
      available,
      addedAt: row.addedAt,
    };
  });
  return { items, page, pageCount: Math.max(1, Math.ceil(total / size)), total };
}

/**
 * How many people keep each of these listings (the owner's dashboard): one grouped query. The
 * owner's own heart on their listing is not counted.
 */
export async function favouriteCountsOf(listingIds: readonly string[]): Promise<Map<string, number>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db()
    .select({ listingId: listingFavourites.listingId, people: count() })
    .from(listingFavourites)
    .innerJoin(petListings, eq(petListings.id, listingFavourites.listingId))
    .where(and(inArray(listingFavourites.listingId, [...listingIds]), ne(listingFavourites.userId, petListings.userId)))
    .groupBy(listingFavourites.listingId);
  return new Map(rows.map((r) => [r.listingId, Number(r.people)]));
}
