// Moderation of pet listings (/admin/pet-listings): admins only, every function starts with
// refuseWithout. A listing is public only while active (visibility.ts), so suspending one hides it
// from the list, the map, the search, the sitemap and its detail page (except for its owner and the
// admins) as soon as the write commits: the list reads the database (decision 0082), and the caches
// are dropped with the `listings` tag here and in every other process.
// Each change is one conditional UPDATE, so two admins (or two clicks) change a listing once and
// its owner gets one e-mail (decision 0050). A suspension carries its statement of reasons (the
// rule broken and the admin's words), which the owner reads in the mail, on the dashboard and on
// the listing's page, and may contest once (appeals.server.ts); the senders of the listing's open
// reports are told it was suspended (decision 0087).
import { and, count, desc, eq, inArray, sql, type SQL } from "drizzle-orm";
import { FULL_NAME_MAX_LENGTH } from "~/accounts/messages";
import type { CurrentUser } from "~/accounts/session.server";
import { refuseWithout } from "~/admin/access.server";
import { recordAudit } from "~/audit/record.server";
import { CACHE_TAGS, invalidate, memoize } from "~/cache/cache.server";
import { config } from "~/config.server";
import { db, transaction } from "~/db/client.server";
import { listingAppeals, listingReports, petListings, profiles } from "~/db/schema";
import { APPEAL_STATUSES, LISTING_STATUSES, LISTING_TYPES, PET_TYPES, SUSPENSION_RULES } from "~/lib/enums";
import { formatDateLong } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import { containsPattern } from "~/lib/like-pattern";
import { isMicrochipCode, normalizeMicrochip } from "./legal-rules";
import { logger } from "~/lib/logger.server";
import { fail, type Failure, type Result } from "~/lib/result";
import { pageNumber } from "~/lib/paging";
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
  suspensionSchema,
  type AppealStatus,
  type SuspensionInput,
  type SuspensionRule,
} from "./moderation-validation";
import { REPORT_LIMITS } from "./validation";
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
  /** the statement of reasons while suspended, else null */
  suspension: Suspension | null;
  /** the owner's appeal against the current suspension, else null */
  appeal: ModerationAppeal | null;
}

/** A suspension's statement of reasons, as the owner and the admins read it (decision 0087). */
export interface Suspension {
  rule: SuspensionRule | null;
  ruleLabel: string;
  reason: string | null;
  suspendedAt: Date | null;
}

export interface ModerationAppeal {
  id: string;
  text: string;
  createdAt: Date;
  status: AppealStatus;
  statusLabel: string;
  adminNote: string | null;
  decidedAt: Date | null;
}

/** Shown for a suspension with no rule recorded (suspended by other code than suspendListing). */
const NO_RULE = "Non indicata";

export function suspensionOf(row: { status: ListingStatus; suspensionRule: SuspensionRule | null; suspensionReason: string | null; suspendedAt: Date | null }): Suspension | null {
  if (row.status !== "suspended") return null;
  return {
    rule: row.suspensionRule,
    ruleLabel: row.suspensionRule ? SUSPENSION_RULES.labels[row.suspensionRule] : NO_RULE,
    reason: row.suspensionReason,
    suspendedAt: row.suspendedAt,
  };
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
  /** only listings with an appeal waiting ("Contestazioni") */
  appeals: boolean;
  /** appeals waiting for a decision, site-wide (the filter's badge) */
  pendingAppeals: number;
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
 * The list's filter as the list reads it, and its condition: the one source of "these listings"
 * for the page and for a bulk action over all its results (decision 0109). "Contestazioni" is an
 * appeal of the current suspension waiting (unique per listing and suspension).
 */
export function listingFilter({ q = "", status, appeals }: { q?: string | null; status?: string | null; appeals?: string | null }) {
  const search = (q ?? "").trim().slice(0, MODERATION_SEARCH_MAX_LENGTH);
  const statusFilter = (LISTING_STATUSES.values as readonly string[]).includes(status ?? "") ? (status as ListingStatus) : null;
  const appealsOnly = appeals === "pending";
  const where = and(
    statusFilter ? eq(petListings.status, statusFilter) : undefined,
    search ? searchCondition(search) : undefined,
    appealsOnly
      ? sql`exists (select 1 from ${listingAppeals} where ${listingAppeals.listingId} = ${petListings.id} and ${listingAppeals.suspendedAt} = ${petListings.suspendedAt} and ${listingAppeals.status} = 'pending')`
      : undefined,
  );
  return { search, statusFilter, appealsOnly, where };
}

/**
 * A page of listings in every status (or one), newest first, 20 a page, searched in SQL. The count
 * stops at LISTING_COUNT_CAP: past it the list offers the first 50 pages and says "oltre 1.000".
 * With `appeals: "pending"`, only the listings whose owner contests the suspension and waits for a
 * decision ("Contestazioni"); each row carries its statement of reasons and its appeal.
 */
export async function listListingsForModeration(
  actor: CurrentUser | null,
  { q = "", status, appeals, page = 1 }: { q?: string; status?: string | null; appeals?: string | null; page?: number } = {},
): Promise<Result<ModerationListingPage>> {
  const refused = refuseWithout(actor, "listings.moderate");
  if (refused) return refused;
  const { search, statusFilter, appealsOnly, where } = listingFilter({ q, status, appeals });
  const current = pageNumber(page);
  // The appeal of the current suspension: one at most (unique on listing and suspension).
  const appealJoin = and(eq(listingAppeals.listingId, petListings.id), eq(listingAppeals.suspendedAt, petListings.suspendedAt));

  // The capped count is the costly part (a status or a common word re-checks every candidate row):
  // kept until a listing changes. Pending appeals are few (a partial index): counted each time, as
  // an appeal is not a listing change.
  const counting = appealsOnly
    ? db()
        .select({ n: count() })
        .from(petListings)
        .innerJoin(listingAppeals, appealJoin)
        .where(where)
        .then(([row]) => row?.n ?? 0)
    : memoize(
        `admin:listings:count:${statusFilter ?? ""}:${search}`,
        [CACHE_TAGS.listings],
        async () => {
          const matchingRows = db().select({ one: sql`1` }).from(petListings).where(where).limit(LISTING_COUNT_CAP + 1).as("matching");
          const [row] = await db().select({ n: count() }).from(matchingRows);
          return row?.n ?? 0;
        },
        { search: search !== "" },
      );
  const [n, rows, [pending]] = await Promise.all([
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
        suspensionRule: petListings.suspensionRule,
        suspensionReason: petListings.suspensionReason,
        suspendedAt: petListings.suspendedAt,
        appealId: listingAppeals.id,
        appealText: listingAppeals.text,
        appealCreatedAt: listingAppeals.createdAt,
        appealStatus: listingAppeals.status,
        appealNote: listingAppeals.adminNote,
        appealDecidedAt: listingAppeals.decidedAt,
      })
      .from(petListings)
      .leftJoin(listingAppeals, appealJoin)
      .where(where)
      // Plain DESC (NULLS FIRST), as the listings' indexes are declared (schema.ts).
      .orderBy(desc(petListings.createdAt), desc(petListings.id))
      .limit(MODERATION_PAGE_SIZE)
      .offset((current - 1) * MODERATION_PAGE_SIZE),
    db().select({ n: count() }).from(listingAppeals).where(eq(listingAppeals.status, "pending")),
  ]);
  const capped = n > LISTING_COUNT_CAP;
  const matching = Math.min(n, LISTING_COUNT_CAP);
  return {
    ok: true,
    listings: rows.map(({ suspensionRule, suspensionReason, suspendedAt, appealId, appealText, appealCreatedAt, appealStatus, appealNote, appealDecidedAt, ...row }) => ({
      ...row,
      petTypeLabel: PET_TYPES.labels[row.petType],
      listingTypeLabel: LISTING_TYPES.labels[row.listingType],
      statusLabel: LISTING_STATUSES.labels[row.status],
      suspension: suspensionOf({ status: row.status, suspensionRule, suspensionReason, suspendedAt }),
      appeal:
        appealId && appealText !== null && appealCreatedAt && appealStatus
          ? {
              id: appealId,
              text: appealText,
              createdAt: appealCreatedAt,
              status: appealStatus,
              statusLabel: APPEAL_STATUSES.labels[appealStatus],
              adminNote: appealNote,
              decidedAt: appealDecidedAt,
            }
          : null,
    })),
    matching,
    capped,
    page: current,
    pageCount: Math.max(1, Math.ceil(matching / MODERATION_PAGE_SIZE)),
    q: search,
    status: statusFilter,
    appeals: appealsOnly,
    pendingAppeals: pending?.n ?? 0,
  };
}

// --- Suspend and reactivate ----------------------------------------------------------------------

export type ModerationChange = Result<{ status: ListingStatus; message: string }>;

export interface Changed {
  id: string;
  title: string;
  userId: string;
  /** the status as stored: "withheld" where the owner's suspended account kept it off the site */
  status?: ListingStatus;
}

type ListingChanges = Partial<Pick<typeof petListings.$inferInsert, "suspensionRule" | "suspensionReason">> & { suspendedAt?: SQL | null };

/**
 * Moves a listing from `from` to `to` in one conditional UPDATE, with the other columns `set`
 * gives. When nothing matched, the listing is missing (404) or in another status (409, with what
 * it is now).
 */
async function transition(
  id: string,
  from: ListingStatus,
  to: ListingStatus,
  conflict: (now: ListingStatus) => string,
  set: ListingChanges = {},
): Promise<Result<{ changed: Changed }>> {
  if (!isUuid(id)) return fail(404, M.notFound);
  const [changed] = await db()
    .update(petListings)
    .set({ ...set, status: to, updatedAt: sql`now()` })
    .where(and(eq(petListings.id, id), eq(petListings.status, from)))
    .returning({ id: petListings.id, title: petListings.title, userId: petListings.userId, status: petListings.status });
  if (!changed) {
    const [row] = await db().select({ status: petListings.status }).from(petListings).where(eq(petListings.id, id)).limit(1);
    return row ? fail(409, conflict(row.status)) : fail(404, M.notFound);
  }
  await invalidate(CACHE_TAGS.listings);
  return { ok: true, changed };
}

/** Runs a change in one transaction; a database error is logged and answered 500. */
async function guarded<T extends object>(id: string, to: ListingStatus, change: () => Promise<Result<T>>): Promise<Result<T>> {
  try {
    return await transaction(change);
  } catch (error) {
    logger.error({ err: error, id, to }, "moderazione: aggiornamento dell'annuncio non riuscito");
    return fail(500, M.updateError);
  }
}

/**
 * The instant a suspension is recorded, which also names it for its appeal (unique per listing and
 * instant): the clock's, not the transaction's start, so two suspensions in one transaction differ;
 * whole milliseconds, so the value read into a JavaScript Date compares equal to the stored one.
 */
export const SUSPENSION_INSTANT = sql`date_trunc('milliseconds', clock_timestamp())`;

/** A listing made active again carries no statement of reasons (a reactivation, an appeal granted). */
export const NO_SUSPENSION = { suspensionRule: null, suspensionReason: null, suspendedAt: null } as const;

/** A reporter whose open report the suspension answers (decision 0087). */
export interface Reporter {
  name: string;
  email: string;
  reportedAt: Date;
}

/**
 * Suspends an active listing: it leaves every public page at once. The statement of reasons (the
 * rule broken, required, and the admin's words) is recorded with it and e-mailed to the owner,
 * with how to contest it. The listing's open reports (pending or reviewed) are what led to it:
 * they become resolved in the same transaction and each reporter is told, once per address. A
 * suspended or closed listing is refused (409).
 */
export async function suspendListing(actor: CurrentUser | null, id: string, input: SuspensionInput = {}): Promise<ModerationChange> {
  const refused = refuseWithout(actor, "listings.moderate");
  if (refused) return refused;
  const parsed = suspensionSchema.safeParse({ rule: input.rule || undefined, reason: input.reason ?? undefined });
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? M.updateError);
  const { rule, reason } = parsed.data;
  const result = await guarded(id, "suspended", async () => {
    const moved = await transition(id, "active", "suspended", suspendConflict, { suspensionRule: rule, suspensionReason: reason, suspendedAt: SUSPENSION_INSTANT });
    if (!moved.ok) return moved;
    const reporters = await resolveOpenReports(id);
    await recordAudit({
      actor: actor!,
      area: "listings",
      action: "suspend",
      item: { id, label: moved.changed.title },
      before: { status: "active", suspensionRule: null, suspensionReason: null },
      after: { status: "suspended", suspensionRule: rule, suspensionReason: reason },
    });
    return { ...moved, reporters };
  });
  if (!result.ok) return result;
  await notifyOwner(result.changed, { suspended: true, rule, reason });
  for (const reporter of result.reporters) await notifyReporter(result.changed, reporter, rule);
  return { ok: true, status: "suspended", message: M.suspended };
}

/** Marks the listing's open reports resolved; their reporters, one per address (a person who reported twice gets one mail). */
export async function resolveOpenReports(listingId: string, { dropCache = true }: { dropCache?: boolean } = {}): Promise<Reporter[]> {
  const rows = await db()
    .update(listingReports)
    .set({ status: "resolved", updatedAt: sql`now()` })
    .where(and(eq(listingReports.listingId, listingId), inArray(listingReports.status, ["pending", "reviewed"])))
    .returning({ name: listingReports.reporterName, email: listingReports.reporterEmail, reportedAt: listingReports.createdAt, automatic: listingReports.automaticCheck });
  // A bulk suspension drops the tag once per batch instead (decision 0109).
  if (rows.length && dropCache) await invalidate(CACHE_TAGS.reports);
  const byAddress = new Map<string, Reporter>();
  // An automatic check's report is resolved too, but its reporter is Zampa's no-reply address.
  const people = rows.filter((row) => row.automatic === null);
  for (const { automatic: _automatic, ...row } of people.sort((a, b) => a.reportedAt.getTime() - b.reportedAt.getTime())) {
    const key = row.email.trim().toLowerCase();
    if (key && !byAddress.has(key)) byAddress.set(key, row);
  }
  return [...byAddress.values()];
}

/**
 * Reactivates a suspended listing: public again at once, its statement of reasons cleared; an
 * appeal still waiting is thereby granted (reversed, by this admin, with no note). Its owner is
 * e-mailed. Else 409.
 */
export async function reactivateListing(actor: CurrentUser | null, id: string): Promise<ModerationChange> {
  const refused = refuseWithout(actor, "listings.moderate");
  if (refused) return refused;
  const result = await guarded(id, "active", async () => {
    const [was] = isUuid(id) ? await db().select({ rule: petListings.suspensionRule, reason: petListings.suspensionReason }).from(petListings).where(eq(petListings.id, id)) : [];
    const moved = await transition(id, "suspended", "active", reactivateConflict, NO_SUSPENSION);
    if (!moved.ok) return moved;
    await recordAudit({
      actor: actor!,
      area: "listings",
      action: "reinstate",
      item: { id, label: moved.changed.title },
      before: { status: "suspended", suspensionRule: was?.rule ?? null, suspensionReason: was?.reason ?? null },
      after: { status: moved.changed.status, suspensionRule: null, suspensionReason: null },
    });
    await db()
      .update(listingAppeals)
      .set({ status: "reversed", decidedBy: actor!.id, decidedAt: sql`now()` })
      .where(and(eq(listingAppeals.listingId, id), eq(listingAppeals.status, "pending")));
    return moved;
  });
  if (!result.ok) return result;
  // The owner's account is suspended: the listing's own suspension is lifted, but the database keeps
  // it withheld until the account is reinstated (decision 0110), and the owner is not told it is back.
  if (result.changed.status === "withheld") return { ok: true, status: "withheld", message: M.reactivatedWithheld };
  await notifyOwner(result.changed, { suspended: false, rule: null, reason: null });
  return { ok: true, status: "active", message: M.reactivated };
}

/** The lines of a suspension's statement of reasons, as mailed (the admin's words as a quoted block). */
export function statementLines(rule: SuspensionRule | null, reason: string | null): string {
  return `Regola violata: ${rule ? SUSPENSION_RULES.labels[rule] : NO_RULE}\n` + (reason ? `Motivo della sospensione:\n${quotedBlock(reason)}\n` : "");
}

/** How an owner contests a suspension, as mailed: DSA arts. 17(3)(f), 20 and 21 (decision 0087). */
export function howToContest(base: string): string {
  return (
    `Puoi contestare la decisione una sola volta dalla pagina dei tuoi annunci, con il pulsante «Contesta la decisione»: ` +
    `la redazione esaminerà la contestazione e ti risponderà per e-mail.\n` +
    `I tuoi annunci: ${base}/dashboard/pet-listings\n\n` +
    `La decisione è stata presa da una persona della redazione, senza mezzi automatici. Puoi anche rivolgerti a un ` +
    `organismo di risoluzione extragiudiziale delle controversie certificato o all'autorità giudiziaria.\n`
  );
}

async function ownerOf(userId: string): Promise<{ email: string; greeting: string } | null> {
  const [owner] = await db().select({ email: profiles.email, fullName: profiles.fullName }).from(profiles).where(eq(profiles.id, userId)).limit(1);
  if (!owner) return null;
  const name = oneLine(owner.fullName ?? "", FULL_NAME_MAX_LENGTH);
  return { email: owner.email, greeting: name ? `Ciao ${name},` : "Ciao," };
}

export async function notifyOwner(listing: Changed, { suspended, rule, reason }: { suspended: boolean; rule: SuspensionRule | null; reason: string | null }): Promise<void> {
  try {
    const owner = await ownerOf(listing.userId);
    if (!owner) return;
    const base = config().publicUrl;
    // The title and the owner's name on one line each, the admin's reason as a quoted block: no
    // text typed by a person can add a line of its own to the mail.
    const title = oneLine(listing.title);
    const { greeting } = owner;
    await sendMail(
      suspended
        ? {
            to: owner.email,
            subject: `Il tuo annuncio è stato sospeso: ${title}`,
            text:
              `${greeting}\n\nil tuo annuncio «${title}» è stato sospeso dalla redazione di Zampa: ` +
              `non è più visibile sul sito, ma lo trovi ancora tra i tuoi annunci.\n\n` +
              `${statementLines(rule, reason)}\n` +
              `${howToContest(base)}\nLa redazione di Zampa`,
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

/**
 * Tells a reporter that the listing they reported was suspended, and under which rule: nothing of
 * its owner (name, contacts) nor the admin's own words, which may speak of the owner.
 */
export async function notifyReporter(listing: Changed, reporter: Reporter, rule: SuspensionRule): Promise<void> {
  try {
    const name = oneLine(reporter.name, REPORT_LIMITS.name);
    await sendMail({
      to: reporter.email,
      subject: "L'annuncio che hai segnalato è stato sospeso",
      text:
        `${name ? `Ciao ${name},` : "Ciao,"}\n\ngrazie per la segnalazione sull'annuncio «${oneLine(listing.title)}» ` +
        `che ci hai inviato il ${formatDateLong(reporter.reportedAt)}.\n\n` +
        `La redazione l'ha esaminata e ha sospeso l'annuncio, che non è più visibile sul sito ` +
        `(regola violata: ${SUSPENSION_RULES.labels[rule]}).\n\n` +
        `Grazie per aiutarci a tenere Zampa un posto sicuro per gli animali.\n${config().publicUrl}\n\nLa redazione di Zampa`,
    });
  } catch (error) {
    // The suspension is saved: a mail that fails is only logged.
    logger.error({ err: error, id: listing.id }, "moderazione: e-mail a chi ha segnalato l'annuncio sospeso non inviata");
  }
}

// --- Delete --------------------------------------------------------------------------------------

/**
 * Deletes a listing in any status, with its photos: the owner's own delete (listings.server.ts),
 * which admins may use on any listing. Its reports stay, shown as "Annuncio eliminato".
 */
export async function deleteListing(actor: CurrentUser | null, id: string): Promise<Result<{ message: string }>> {
  const refused = refuseWithout(actor, "listings.moderate");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  try {
    // The record is written first and the delete's refusal rolls it back: the row (and then its
    // photos) goes only with its record.
    return await transaction(async () => {
      const [listing] = await db()
        .select({ title: petListings.title, status: petListings.status, userId: petListings.userId })
        .from(petListings)
        .where(eq(petListings.id, id))
        .for("update");
      if (!listing) return fail(404, M.notFound);
      await recordAudit({ actor: actor!, area: "listings", action: "delete", item: { id, label: listing.title }, before: listing });
      const result = await deleteListingAndPhotos(actor, id);
      if (!result.ok) throw new DeleteRefused(result.status === 404 ? fail(404, M.notFound) : fail(result.status, M.deleteError));
      return { ok: true as const, message: M.deleted };
    });
  } catch (error) {
    if (error instanceof DeleteRefused) return error.failure;
    logger.error({ err: error, id }, "moderazione: eliminazione dell'annuncio non riuscita");
    return fail(500, M.deleteError);
  }
}

class DeleteRefused extends Error {
  constructor(readonly failure: Failure) {
    super(failure.error);
  }
}
