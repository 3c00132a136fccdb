// Moderation of pet listings (/admin/pet-listings): admins only, every function starts with
// refuseNonAdmin. A listing is public only while active (visibility.ts), so suspending one hides it
// from the list, the map, the search, the sitemap and its detail page (except for its owner and the
// admins) as soon as the write commits: the list reads the database (decision 0082), and the caches
// are dropped with the `listings` tag here and in every other process.
// Each change is one conditional UPDATE, so two admins (or two clicks) change a listing once and
// its owner gets one e-mail (decision 0050).
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { FULL_NAME_MAX_LENGTH } from "~/accounts/messages";
import type { CurrentUser } from "~/accounts/session.server";
import { refuseNonAdmin } from "~/admin/access.server";
import { CACHE_TAGS, invalidate, memoize } from "~/cache/cache.server";
import { config } from "~/config.server";
import { db } from "~/db/client.server";
import { petListings, profiles } from "~/db/schema";
import { LISTING_STATUSES, LISTING_TYPES, PET_TYPES } from "~/lib/enums";
import { isUuid } from "~/lib/ids";
import { containsPattern } from "~/lib/like-pattern";
import { isMicrochipCode, normalizeMicrochip } from "./legal-rules";
import { logger } from "~/lib/logger.server";
import { fail, type Result } from "~/lib/result";
import { oneLine, quotedBlock } from "~/mail/mail-text";
import { sendMail } from "~/mail/mailer.server";
import type { ListingType, PetType } from "./cards.server";
import { deleteListing as deleteListingAndPhotos } from "./listings.server";
import {
  LISTING_COUNT_CAP,
  LISTING_MODERATION_MESSAGES as M,
  MODERATION_PAGE_SIZE,
  MODERATION_SEARCH_MAX_LENGTH,
  reactivateConflict,
  suspendConflict,
  suspensionReasonSchema,
} from "./moderation-validation";
import type { ListingStatus } from "./visibility";

// --- The list ------------------------------------------------------------------------------------

export interface ModerationListing {
  id: string;
  title: string;
  petType: PetType;
  petTypeLabel: string;
  /** the animal's (or its mother's) code, for the moderators to compare (decision 0085) */
  identificationCode: string | null;
  listingType: ListingType;
  listingTypeLabel: string;
  city: string;
  region: string;
  contactName: string;
  contactEmail: string;
  status: ListingStatus;
  statusLabel: string;
  createdAt: Date;
}

export interface ModerationListingPage {
  listings: ModerationListing[];
  /** matching listings, at most LISTING_COUNT_CAP */
  matching: number;
  /** true when more than LISTING_COUNT_CAP match (shown as "oltre 10.000") */
  capped: boolean;
  page: number;
  pageCount: number;
  /** the filters as applied */
  q: string;
  status: ListingStatus | null;
}

/**
 * The admin search: a whole identification code, or any part of the title, the city or the contact e-mail, accents and case aside,
 * over the stored folded text (admin_search, trigram-indexed); the typed text is folded like the
 * rows (zampa_fold).
 */
function searchCondition(q: string): SQL {
  // A whole identification code (spaces and dashes aside) finds the listings that carry it, through
  // the code's own index: how a moderator checks a code seen elsewhere (decision 0085).
  const code = normalizeMicrochip(q);
  if (isMicrochipCode(code)) return sql`${petListings.identificationCode} = ${code}`;
  return sql`${petListings.adminSearch} like zampa_fold(${containsPattern(q)})`;
}

/**
 * A page of listings in every status (or one), newest first, 20 a page, searched in SQL. The count
 * stops at LISTING_COUNT_CAP: past it the list offers the first 50 pages and says "oltre 1.000".
 */
export async function listListingsForModeration(
  actor: CurrentUser | null,
  { q = "", status, page = 1 }: { q?: string; status?: string | null; page?: number } = {},
): Promise<Result<ModerationListingPage>> {
  const refused = refuseNonAdmin(actor);
  if (refused) return refused;
  const search = q.trim().slice(0, MODERATION_SEARCH_MAX_LENGTH);
  const statusFilter = (LISTING_STATUSES.values as readonly string[]).includes(status ?? "") ? (status as ListingStatus) : null;
  const current = Number.isInteger(page) && page > 0 ? page : 1;
  const where = and(statusFilter ? eq(petListings.status, statusFilter) : undefined, search ? searchCondition(search) : undefined);

  // The capped count is the costly part (a status or a common word re-checks every candidate row):
  // kept until a listing changes.
  const counting = memoize(
    `admin:listings:count:${statusFilter ?? ""}:${search}`,
    [CACHE_TAGS.listings],
    async () => {
      const matchingRows = db().select({ one: sql`1` }).from(petListings).where(where).limit(LISTING_COUNT_CAP + 1).as("matching");
      const [row] = await db().select({ n: count() }).from(matchingRows);
      return row?.n ?? 0;
    },
    { search: search !== "" },
  );
  const [n, rows] = await Promise.all([
    counting,
    db()
      .select({
        id: petListings.id,
        title: petListings.title,
        petType: petListings.petType,
        identificationCode: petListings.identificationCode,
        listingType: petListings.listingType,
        city: petListings.locationCity,
        region: petListings.locationRegion,
        contactName: petListings.contactName,
        contactEmail: petListings.contactEmail,
        status: petListings.status,
        createdAt: petListings.createdAt,
      })
      .from(petListings)
      .where(where)
      // Plain DESC (NULLS FIRST), as the listings' indexes are declared (schema.ts).
      .orderBy(desc(petListings.createdAt), desc(petListings.id))
      .limit(MODERATION_PAGE_SIZE)
      .offset((current - 1) * MODERATION_PAGE_SIZE),
  ]);
  const capped = n > LISTING_COUNT_CAP;
  const matching = Math.min(n, LISTING_COUNT_CAP);
  return {
    ok: true,
    listings: rows.map((row) => ({
      ...row,
      petTypeLabel: PET_TYPES.labels[row.petType],
      listingTypeLabel: LISTING_TYPES.labels[row.listingType],
      statusLabel: LISTING_STATUSES.labels[row.status],
    })),
    matching,
    capped,
    page: current,
    pageCount: Math.max(1, Math.ceil(matching / MODERATION_PAGE_SIZE)),
    q: search,
    status: statusFilter,
  };
}

// --- Suspend and reactivate ----------------------------------------------------------------------

export type ModerationChange = Result<{ status: ListingStatus; message: string }>;

interface Changed {
  id: string;
  title: string;
  userId: string;
}

/**
 * Moves a listing from `from` to `to` in one conditional UPDATE. When nothing matched, the listing
 * is missing (404) or in another status (409, with what it is now).
 */
async function transition(id: string, from: ListingStatus, to: ListingStatus, conflict: (now: ListingStatus) => string): Promise<Result<{ changed: Changed }>> {
  if (!isUuid(id)) return fail(404, M.notFound);
  try {
    const [changed] = await db()
      .update(petListings)
      .set({ status: to, updatedAt: sql`now()` })
      .where(and(eq(petListings.id, id), eq(petListings.status, from)))
      .returning({ id: petListings.id, title: petListings.title, userId: petListings.userId });
    if (!changed) {
      const [row] = await db().select({ status: petListings.status }).from(petListings).where(eq(petListings.id, id)).limit(1);
      return row ? fail(409, conflict(row.status)) : fail(404, M.notFound);
    }
    await invalidate(CACHE_TAGS.listings);
    return { ok: true, changed };
  } catch (error) {
    logger.error({ err: error, id, to }, "moderazione: aggiornamento dell'annuncio non riuscito");
    return fail(500, M.updateError);
  }
}

/**
 * Suspends an active listing: it leaves every public page at once. Its owner is e-mailed, with the
 * admin's reason when one is given. A suspended or closed listing is refused (409).
 */
export async function suspendListing(actor: CurrentUser | null, id: string, reason?: string | null): Promise<ModerationChange> {
  const refused = refuseNonAdmin(actor);
  if (refused) return refused;
  const parsed = suspensionReasonSchema.safeParse(reason ?? undefined);
  if (!parsed.success) return fail(400, M.reasonTooLong);
  const result = await transition(id, "active", "suspended", suspendConflict);
  if (!result.ok) return result;
  await notifyOwner(result.changed, { suspended: true, reason: parsed.data });
  return { ok: true, status: "suspended", message: M.suspended };
}

/** Reactivates a suspended listing: public again at once; its owner is e-mailed. Else 409. */
export async function reactivateListing(actor: CurrentUser | null, id: string): Promise<ModerationChange> {
  const refused = refuseNonAdmin(actor);
  if (refused) return refused;
  const result = await transition(id, "suspended", "active", reactivateConflict);
  if (!result.ok) return result;
  await notifyOwner(result.changed, { suspended: false, reason: null });
  return { ok: true, status: "active", message: M.reactivated };
}

async function notifyOwner(listing: Changed, { suspended, reason }: { suspended: boolean; reason: string | null }): Promise<void> {
  try {
    const [owner] = await db().select({ email: profiles.email, fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, listing.userId)).limit(1);
    if (!owner) return;
    const base = config().publicUrl;
    // The title and the owner's name on one line each, the admin's reason as a quoted block: no
    // text typed by a person can add a line of its own to the mail.
    const title = oneLine(listing.title);
    const name = oneLine(owner.fullName ?? "", FULL_NAME_MAX_LENGTH);
    const greeting = name ? `Ciao ${name},` : "Ciao,";
    await sendMail(
      suspended
        ? {
            to: owner.email,
            subject: `Il tuo annuncio è stato sospeso: ${title}`,
            text:
              `${greeting}\n\nil tuo annuncio «${title}» è stato sospeso dalla redazione di Zampa: ` +
              `non è più visibile sul sito, ma lo trovi ancora tra i tuoi annunci.\n\n` +
              (reason ? `Motivo della sospensione:\n${quotedBlock(reason)}\n\n` : "") +
              `I tuoi annunci: ${base}/dashboard/pet-listings\n` +
              `Se pensi che si tratti di un errore, scrivici: ${base}/contact\n\nLa redazione di Zampa`,
          }
        : {
            to: owner.email,
            subject: `Il tuo annuncio è di nuovo visibile: ${title}`,
            text:
              `${greeting}\n\nil tuo annuncio «${title}» è stato riattivato dalla redazione di Zampa: ` +
              `è di nuovo visibile a tutti.\n\n${base}/pet-listing/${listing.id}\n\nLa redazione di Zampa`,
          },
    );
  } catch (error) {
    // The change is saved: a mail that fails is only logged.
    logger.error({ err: error, id: listing.id }, "moderazione: e-mail al proprietario dell'annuncio non inviata");
  }
}

// --- Delete --------------------------------------------------------------------------------------

/**
 * Deletes a listing in any status, with its photos: the owner's own delete (listings.server.ts),
 * which admins may use on any listing. Its reports stay, shown as "Annuncio eliminato".
 */
export async function deleteListing(actor: CurrentUser | null, id: string): Promise<Result<{ message: string }>> {
  const refused = refuseNonAdmin(actor);
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  try {
    const result = await deleteListingAndPhotos(actor, id);
    if (!result.ok) return result.status === 404 ? fail(404, M.notFound) : fail(result.status, M.deleteError);
    return { ok: true, message: M.deleted };
  } catch (error) {
    logger.error({ err: error, id }, "moderazione: eliminazione dell'annuncio non riuscita");
    return fail(500, M.deleteError);
  }
}
