// Listing reports in the back office (/admin/reports): admins only, every function starts with
// refuseWithout. A report outlives its listing (listing_id is set null when the listing is
// deleted): it is then shown as "Annuncio eliminato". The reporter is e-mailed when a report
// becomes resolved or dismissed, once per such change (decision 0050). Suspending the listing
// resolves its open reports itself and tells their senders (moderation.server.ts, decision 0087).
import { CACHE_TAGS, invalidate, memoize } from "~/cache/cache.server";
import { and, count, eq, inArray, sql, type SQL } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { refuseWithout } from "~/admin/access.server";
import { config } from "~/config.server";
import { newestFirst } from "~/db/order";
import { recordAudit, type AuditAction } from "~/audit/record.server";
import { db, transaction } from "~/db/client.server";
import { listingReports, petListings, profiles } from "~/db/schema";
import { AUTOMATIC_CHECKS, LISTING_STATUSES, REPORT_REASONS, REPORT_STATUSES, REPORT_SUBJECTS } from "~/lib/enums";
import { formatDateLong } from "~/lib/format";
import { isUuid } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { fail, type Result } from "~/lib/result";
import { pageNumber } from "~/lib/paging";
import { oneLine } from "~/mail/mail-text";
import { sendMail } from "~/mail/mailer.server";
import {
  LISTING_CHECKS,
  MODERATION_PAGE_SIZE,
  REPORT_MODERATION_MESSAGES as M,
  reportUpdateSchema,
  type AdminReportStatus,
  type ReportStatus,
  type ReportUpdate,
} from "./moderation-validation";
import { AUTOMATIC_REPORTER, type AutomaticCheck } from "./automatic-reports.server";
import { matchingPhotoPairs } from "./photo-duplicates.server";
import { REPORT_LIMITS } from "./validation";
import type { ListingStatus } from "./visibility";

export type ReportReason = (typeof REPORT_REASONS.values)[number];
export type ReportSubject = (typeof REPORT_SUBJECTS.values)[number];
export type ReportCounters = Record<"total" | ReportStatus, number>;

export interface ReportListing {
  id: string;
  title: string;
  status: ListingStatus;
  statusLabel: string;
}

export interface ReportSummary {
  id: string;
  createdAt: Date;
  reason: ReportReason;
  reasonLabel: string;
  reporterName: string;
  reporterEmail: string;
  status: ReportStatus;
  statusLabel: string;
  /** A listing, or a private conversation (issue 29): then the moderators may open that conversation. */
  subject: ReportSubject;
  subjectLabel: string;
  /** The reported conversation, while it exists (a conversation report only). */
  conversationId: string | null;
  /** null when the listing has been deleted ("Annuncio eliminato") */
  listing: ReportListing | null;
}

export interface ReportDetail extends ReportSummary {
  description: string;
  adminNotes: string | null;
  updatedAt: Date;
}

export interface ReportPage {
  reports: ReportSummary[];
  counters: ReportCounters;
  /** the filter as applied (null: all) */
  status: ReportStatus | null;
  /** "automatic": only the reports of the automatic checks of listings (the to-do "annunci segnalati") */
  origin: "automatic" | null;
  /** how many reports the filters match (what a bulk action over them takes) */
  matching: number;
  page: number;
  pageCount: number;
}

const summaryColumns = {
  id: listingReports.id,
  createdAt: listingReports.createdAt,
  reason: listingReports.reason,
  reporterName: listingReports.reporterName,
  reporterEmail: listingReports.reporterEmail,
  status: listingReports.status,
  subject: listingReports.subject,
  conversationId: listingReports.conversationId,
  listingId: petListings.id,
  listingTitle: petListings.title,
  listingStatus: petListings.status,
};

type SummaryRow = {
  [K in keyof typeof summaryColumns]: (typeof summaryColumns)[K]["_"]["data"] | (K extends "listingId" | "listingTitle" | "listingStatus" | "conversationId" ? null : never);
};

function summary({ listingId, listingTitle, listingStatus, ...row }: SummaryRow): ReportSummary {
  return {
    ...row,
    reasonLabel: REPORT_REASONS.labels[row.reason],
    statusLabel: REPORT_STATUSES.labels[row.status],
    subjectLabel: REPORT_SUBJECTS.labels[row.subject],
    listing:
      listingId && listingTitle !== null && listingStatus
        ? { id: listingId, title: listingTitle, status: listingStatus, statusLabel: LISTING_STATUSES.labels[listingStatus] }
        : null,
  };
}

/**
 * The five counters in one pass over the reports, kept until a report is filed, changed or deleted
 * (tag "reports"): the pass reads every report.
 */
function countReports(): Promise<ReportCounters> {
  return memoize("reports:counters", [CACHE_TAGS.reports], readReportCounters);
}

async function readReportCounters(): Promise<ReportCounters> {
  const byStatus = (status: ReportStatus) => sql<number>`(count(*) filter (where ${listingReports.status} = ${status}))::int`;
  const [row] = await db()
    .select({
      total: sql<number>`count(*)::int`,
      pending: byStatus("pending"),
      reviewed: byStatus("reviewed"),
      resolved: byStatus("resolved"),
      dismissed: byStatus("dismissed"),
    })
    .from(listingReports);
  return row ?? { total: 0, pending: 0, reviewed: 0, resolved: 0, dismissed: 0 };
}

/**
 * A page of reports, newest first, 20 a page, all or of one status, with the listing's title and
 * status (null when it was deleted), and the counters. The counters give the page count too.
 */
/**
 * The list's filters (status; origin "automatic": the reports the automatic checks filed, decision
 * 0111) and their condition, for the page and a bulk action over its results (decision 0109).
 */
export function reportFilter(
  status: string | null | undefined,
  origin?: string | null,
): { status: ReportStatus | null; automatic: boolean; where: SQL | undefined } {
  const filter = (REPORT_STATUSES.values as readonly string[]).includes(status ?? "") ? (status as ReportStatus) : null;
  const automatic = origin === "automatic";
  const where = and(filter ? eq(listingReports.status, filter) : undefined, automatic ? inArray(listingReports.automaticCheck, [...LISTING_CHECKS]) : undefined);
  return { status: filter, automatic, where };
}

export async function listReports(
  actor: CurrentUser | null,
  { status, origin, page = 1 }: { status?: string | null; origin?: string | null; page?: number } = {},
): Promise<Result<ReportPage>> {
  const refused = refuseWithout(actor, "reports.moderate");
  if (refused) return refused;
  const { status: filter, automatic, where } = reportFilter(status, origin);
  const current = pageNumber(page);
  const [counters, rows, automaticMatching] = await Promise.all([
    countReports(),
    db()
      .select(summaryColumns)
      .from(listingReports)
      .leftJoin(petListings, eq(petListings.id, listingReports.listingId))
      .where(where)
      // DESC NULLS LAST, as the reports' indexes are declared (schema.ts).
      .orderBy(newestFirst(listingReports.createdAt), newestFirst(listingReports.id))
      .limit(MODERATION_PAGE_SIZE)
      .offset((current - 1) * MODERATION_PAGE_SIZE),
    // The automatic checks' reports are few next to the people's: counted when asked for.
    automatic
      ? db()
          .select({ n: count() })
          .from(listingReports)
          .where(where)
          .then(([row]) => row?.n ?? 0)
      : null,
  ]);
  const matching = automaticMatching ?? (filter ? counters[filter] : counters.total);
  return {
    ok: true,
    reports: rows.map(summary),
    counters,
    status: filter,
    origin: automatic ? "automatic" : null,
    matching,
    page: current,
    pageCount: Math.max(1, Math.ceil(matching / MODERATION_PAGE_SIZE)),
  };
}

/** What the activity log names a report by: its reason and what it is about (decision 0108). */
const reportLabelColumns = { reason: listingReports.reason, subject: listingReports.subject, listingTitle: petListings.title };

function reportLabel(row: { reason: ReportReason; subject: string | null; listingTitle: string | null }): string {
  const about = row.listingTitle ?? (row.subject === "conversation" ? "una conversazione" : "un annuncio eliminato");
  return `Segnalazione (${REPORT_REASONS.labels[row.reason]}) su ${about}`;
}

/** The action a new status is recorded as. */
const REPORT_ACTIONS = { pending: "update", reviewed: "review", resolved: "resolve", dismissed: "dismiss" } as const satisfies Record<ReportStatus, AuditAction>;

export async function findReport(id: string): Promise<ReportDetail | null> {
  const [row] = await db()
    .select({ ...summaryColumns, description: listingReports.description, adminNotes: listingReports.adminNotes, updatedAt: listingReports.updatedAt })
    .from(listingReports)
    .leftJoin(petListings, eq(petListings.id, listingReports.listingId))
    .where(eq(listingReports.id, id))
    .limit(1);
  if (!row) return null;
  const { description, adminNotes, updatedAt, ...rest } = row;
  return { ...summary(rest), description, adminNotes, updatedAt };
}

/** One report for the detail modal. */
export async function getReport(actor: CurrentUser | null, id: string): Promise<Result<{ report: ReportDetail }>> {
  const refused = refuseWithout(actor, "reports.moderate");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  const report = await findReport(id);
  return report ? { ok: true, report } : fail(404, M.notFound);
}

/**
 * Sets a report's status (reviewed, resolved or dismissed, from any state) and the admin's notes.
 * The row is locked while it changes, so that of two saves at once only the first one that moves
 * it to resolved or dismissed e-mails the reporter; saving it again in that status does not.
 */
export async function updateReport(actor: CurrentUser | null, id: string, input: ReportUpdate): Promise<Result<{ report: ReportDetail; message: string }>> {
  const refused = refuseWithout(actor, "reports.moderate");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  const parsed = reportUpdateSchema.safeParse(input);
  if (!parsed.success) return fail(400, parsed.error.issues[0]?.message ?? M.updateError);
  const { status, adminNotes } = parsed.data;
  let previous: ReportStatus | null;
  try {
    previous = await transaction(async (tx) => {
      const [row] = await tx
        .select({ status: listingReports.status, adminNotes: listingReports.adminNotes, ...reportLabelColumns })
        .from(listingReports)
        .leftJoin(petListings, eq(petListings.id, listingReports.listingId))
        .where(eq(listingReports.id, id))
        .for("update", { of: listingReports });
      if (!row) return null;
      await tx.update(listingReports).set({ status, adminNotes, updatedAt: sql`now()` }).where(eq(listingReports.id, id));
      await recordAudit({
        actor: actor!,
        area: "reports",
        action: row.status === status ? "update" : REPORT_ACTIONS[status],
        item: { id, label: reportLabel(row) },
        before: { status: row.status, adminNotes: row.adminNotes },
        after: { status, adminNotes },
      });
      await invalidate(CACHE_TAGS.reports);
      return row.status;
    });
  } catch (error) {
    logger.error({ err: error, id, status }, "segnalazioni: aggiornamento non riuscito");
    return fail(500, M.updateError);
  }
  if (previous === null) return fail(404, M.notFound);
  const report = await findReport(id);
  if (!report) return fail(404, M.notFound);
  if (previous !== status && (status === "resolved" || status === "dismissed")) await notifyReporter(report, status);
  return { ok: true, report, message: M.updated };
}

/** Deletes a report for good. */
export async function deleteReport(actor: CurrentUser | null, id: string): Promise<Result<{ message: string }>> {
  const refused = refuseWithout(actor, "reports.moderate");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  try {
    return await transaction(async (tx): Promise<Result<{ message: string }>> => {
      const [row] = await tx
        .select({ status: listingReports.status, reporterName: listingReports.reporterName, reporterEmail: listingReports.reporterEmail, ...reportLabelColumns })
        .from(listingReports)
        .leftJoin(petListings, eq(petListings.id, listingReports.listingId))
        .where(eq(listingReports.id, id))
        .for("update", { of: listingReports });
      if (!row) return fail(404, M.notFound);
      await tx.delete(listingReports).where(eq(listingReports.id, id));
      const { listingTitle: _title, ...fields } = row;
      await recordAudit({ actor: actor!, area: "reports", action: "delete", item: { id, label: reportLabel(row) }, before: fields });
      await invalidate(CACHE_TAGS.reports);
      return { ok: true, message: M.deleted };
    });
  } catch (error) {
    logger.error({ err: error, id }, "segnalazioni: eliminazione non riuscita");
    return fail(500, M.deleteError);
  }
}

/**
 * Tells the reporter how their report ended. The admin's notes are for the back office only and are
 * not sent; the listing's title and the reporter's name go in on one line each.
 */
export async function notifyReporter(report: ReportDetail, status: Extract<AdminReportStatus, "resolved" | "dismissed">): Promise<void> {
  // Zampa's own checks file under the no-reply address: nobody to tell.
  if (!report.reporterEmail || report.reporterEmail === AUTOMATIC_REPORTER.email) return;
  try {
    const name = oneLine(report.reporterName, REPORT_LIMITS.name);
    const greeting = name ? `Ciao ${name},` : "Ciao,";
    const conversation = report.subject === "conversation";
    const about = conversation
      ? "su una conversazione privata"
      : report.listing
        ? `sull'annuncio «${oneLine(report.listing.title)}»`
        : "su un annuncio ora eliminato";
    const when = formatDateLong(report.createdAt);
    await sendMail({
      to: report.reporterEmail,
      subject: status === "resolved" ? "La tua segnalazione è stata risolta" : "La tua segnalazione è stata esaminata",
      text:
        `${greeting}\n\ngrazie per la segnalazione ${about} che ci hai inviato il ${when} ` +
        `(motivo: ${REPORT_REASONS.labels[report.reason]}).\n\n` +
        (status === "resolved"
          ? "La redazione l'ha esaminata e ha preso i provvedimenti necessari.\n\n"
          : conversation
            ? "La redazione l'ha esaminata e non ha riscontrato violazioni delle regole del sito.\n\n"
            : "La redazione l'ha esaminata e non ha riscontrato violazioni delle regole del sito: l'annuncio resta com'è.\n\n") +
        `Grazie per aiutarci a tenere Zampa un posto sicuro per gli animali.\n${config().publicUrl}\n\nLa redazione di Zampa`,
    });
  } catch (error) {
    // The change is saved: a mail that fails is only logged.
    logger.error({ err: error, id: report.id }, "segnalazioni: e-mail a chi ha segnalato non inviata");
  }
}

// --- Automatic reports: the two listings side by side (decision 0086) ---------------------------

/** One of the two listings an automatic report is about, as the back office compares them. */
export interface ComparedListing {
  id: string;
  title: string;
  status: ListingStatus;
  statusLabel: string;
  ownerName: string;
  ownerEmail: string;
  images: string[];
  identificationCode: string | null;
}

/** A photo of the reported listing and the matching photo of the other one. */
export interface ComparedPhotoPair {
  /** Positions in each listing's photos, from 1. */
  photoNumber: number;
  photoUrl: string;
  otherPhotoNumber: number;
  otherPhotoUrl: string;
  /** Bits that differ out of 64. */
  distance: number;
  mirrored: boolean;
}

export interface ReportComparison {
  check: AutomaticCheck;
  checkLabel: string;
  /** null once deleted */
  listing: ComparedListing | null;
  related: ComparedListing | null;
  /** For a duplicate photo: the matching photos, closest first ([] once a listing is deleted). */
  photoPairs: ComparedPhotoPair[];
}

async function comparedListing(id: string | null): Promise<ComparedListing | null> {
  if (!id) return null;
  const [row] = await db()
    .select({
      id: petListings.id,
      title: petListings.title,
      status: petListings.status,
      images: petListings.images,
      identificationCode: petListings.identificationCode,
      ownerName: profiles.fullName,
      ownerEmail: profiles.email,
    })
    .from(petListings)
    .innerJoin(profiles, eq(profiles.id, petListings.userId))
    .where(eq(petListings.id, id))
    .limit(1);
  return row ? { ...row, statusLabel: LISTING_STATUSES.labels[row.status] } : null;
}

/**
 * For a report filed by one of Zampa's checks: both listings with their owners and, for a duplicate
 * photo, the photos that match; null for a report by a person (or an unknown id).
 */
export async function getReportComparison(actor: CurrentUser | null, id: string): Promise<Result<{ comparison: ReportComparison | null }>> {
  const refused = refuseWithout(actor, "reports.moderate");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  const [row] = await db()
    .select({ check: listingReports.automaticCheck, listingId: listingReports.listingId, relatedListingId: listingReports.relatedListingId })
    .from(listingReports)
    .where(eq(listingReports.id, id))
    .limit(1);
  if (!row) return fail(404, M.notFound);
  if (!row.check) return { ok: true, comparison: null };
  const [listing, related] = await Promise.all([comparedListing(row.listingId), comparedListing(row.relatedListingId)]);
  const photoPairs: ComparedPhotoPair[] = [];
  if (row.check === "duplicate_photo" && listing && related) {
    for (const pair of await matchingPhotoPairs(listing.id, related.id)) {
      const photoNumber = listing.images.indexOf(pair.photoUrl) + 1;
      const otherPhotoNumber = related.images.indexOf(pair.otherPhotoUrl) + 1;
      // A photo no longer among the listing's images (a hash left behind) is not shown.
      if (photoNumber > 0 && otherPhotoNumber > 0) photoPairs.push({ ...pair, photoNumber, otherPhotoNumber });
    }
  }
  return { ok: true, comparison: { check: row.check, checkLabel: AUTOMATIC_CHECKS.labels[row.check], listing, related, photoPairs } };
}
