// Reports Zampa files itself when one of its checks finds something (a photo already used by
// another account's listing, duplicate-photos; an identification code on another account's active
// listing, duplicate-codes). They land in
// /admin/reports beside the people's reports, with "Zampa (controllo automatico)" as the reporter,
// no reporter account, and the other listing the check found (decision 0086).
import { and, eq, isNull, sql } from "drizzle-orm";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { config } from "~/config.server";
import { db, transaction } from "~/db/client.server";
import { listingReports, petListings } from "~/db/schema";
import { REPORT_REASONS, type AUTOMATIC_CHECKS } from "~/lib/enums";
import { logger } from "~/lib/logger.server";
import { staffAddresses } from "~/mail/admin-mail.server";
import { oneLine, quotedBlock } from "~/mail/mail-text";
import { NO_REPLY_ADDRESS, sendMail } from "~/mail/mailer.server";

export type AutomaticCheck = (typeof AUTOMATIC_CHECKS.values)[number];
type ReportReason = (typeof REPORT_REASONS.values)[number];

/** Who an automatic report says filed it: nobody can answer it, so the no-reply address. */
export const AUTOMATIC_REPORTER = { name: "Zampa (controllo automatico)", email: NO_REPLY_ADDRESS } as const;

/** listing_reports' CHECK: a description of at least this many characters. */
export const MIN_REPORT_DESCRIPTION = 50;

export interface AutomaticReport {
  check: AutomaticCheck;
  /** The listing flagged (the newer one, whose owner reused what another account had). */
  listingId: string;
  /** The other listing the check found, if any. */
  relatedListingId?: string | null;
  reason: ReportReason;
  /** For the moderators: what was found, in Italian, at least 50 characters. */
  description: string;
}

/**
 * Files the report unless this check has already flagged this pair of listings (in either order),
 * or, without a related listing, this listing; true when a report was filed. Two requests finding
 * the same pair at once file one report: with a related listing the unique index
 * listing_reports_automatic_pair_idx decides (the second insert does nothing); without one, a
 * transaction-scoped advisory lock per check and listing orders the check-then-insert. The
 * administrators are mailed about a new report, as for a person's report.
 */
export async function fileAutomaticReport(report: AutomaticReport): Promise<boolean> {
  const description = report.description.trim();
  if (description.length < MIN_REPORT_DESCRIPTION) throw new Error(`descrizione della segnalazione automatica troppo corta: ${description}`);
  const relatedListingId = report.relatedListingId ?? null;
  const values = {
    listingId: report.listingId,
    relatedListingId,
    automaticCheck: report.check,
    reporterUserId: null,
    reporterName: AUTOMATIC_REPORTER.name,
    reporterEmail: AUTOMATIC_REPORTER.email,
    reason: report.reason,
    description,
    status: "pending" as const,
  };
  const filed = await transaction(async (tx) => {
    if (relatedListingId === null) {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`automatic-report:${report.check}:${report.listingId}`}))`);
      const [existing] = await tx
        .select({ id: listingReports.id })
        .from(listingReports)
        .where(and(eq(listingReports.automaticCheck, report.check), eq(listingReports.listingId, report.listingId), isNull(listingReports.relatedListingId)))
        .limit(1);
      if (existing) return false;
    }
    const inserted = await tx.insert(listingReports).values(values).onConflictDoNothing().returning({ id: listingReports.id });
    if (inserted.length > 0) await invalidate(CACHE_TAGS.reports);
    return inserted.length > 0;
  });
  if (filed) await mailAdmins(report.listingId, report.reason, description);
  return filed;
}

async function mailAdmins(listingId: string, reason: ReportReason, description: string): Promise<void> {
  try {
    const admins = await staffAddresses("reports.moderate");
    if (admins.length === 0) return;
    const [listing] = await db().select({ title: petListings.title }).from(petListings).where(eq(petListings.id, listingId)).limit(1);
    const base = config().publicUrl;
    const title = oneLine(listing?.title ?? "annuncio eliminato");
    await sendMail({
      to: admins,
      subject: `Segnalazione automatica: ${title}`,
      text:
        `Annuncio: ${title}\n${base}/pet-listing/${listingId}\n\n` +
        `Motivo: ${REPORT_REASONS.labels[reason]}\nDa: ${AUTOMATIC_REPORTER.name}\n\n` +
        `Descrizione:\n${quotedBlock(description)}\n\n` +
        `Gestisci la segnalazione nel pannello: ${base}/admin/reports`,
    });
  } catch (error) {
    // The report is stored: the admins will see it in the back office even if the mail fails.
    logger.error({ err: error, listingId }, "segnalazione automatica: invio email agli amministratori non riuscito");
  }
}
