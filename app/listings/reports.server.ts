// Reports of listings by visitors and users: validated, flood-guarded, stored as pending, mailed to
// the administrators.
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { and, eq, gt, sql } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { firstError } from "~/accounts/validation";
import { config } from "~/config.server";
import { transaction } from "~/db/client.server";
import { listingReports } from "~/db/schema";
import { REPORT_REASONS } from "~/lib/enums";
import { hit } from "~/lib/rate-limit.server";
import { mailStaff } from "~/mail/admin-mail.server";
import { oneLine, quotedBlock } from "~/mail/mail-text";
import { getListing } from "./listings.server";
import { LISTING_MESSAGES, REPORT_MESSAGES as M, reportSchema } from "./validation";
import { fail, type Result } from "~/lib/result";

/** Nobody reports a dozen listings an hour in good faith; a flood stops here. */
export const REPORT_LIMIT = { max: 10, windowSeconds: 60 * 60 };

export type ReportResult = Result;

/** The listing a report form is about, if the reporter may see it (same rule as the detail page). */
export async function reportableListing(id: string | undefined, viewer: CurrentUser | null) {
  if (!id) return null;
  const listing = await getListing(id, viewer);
  return listing ? { id: listing.id, title: listing.title } : null;
}

export async function submitReport(
  listingId: string | undefined,
  viewer: CurrentUser | null,
  input: Record<string, unknown>,
  clientIp: string,
): Promise<ReportResult> {
  const listing = await reportableListing(listingId, viewer);
  if (!listing) return fail(404, LISTING_MESSAGES.notFound);
  const parsed = reportSchema.safeParse(input);
  if (!parsed.success) return fail(400, firstError(parsed.error));
  if (!(await hit(`report:ip:${clientIp}`, REPORT_LIMIT)).allowed) return fail(429, M.tooMany);
  const { name, email, reason, description } = parsed.data;

  // A double submit (same reporter, listing and text within ten minutes) is stored once, even when
  // both requests arrive together: the check and the insert run under a lock per reporter.
  const stored = await transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`report:${listing.id}:${email}`}))`);
    const [duplicate] = await tx
      .select({ id: listingReports.id })
      .from(listingReports)
      .where(
        and(
          eq(listingReports.listingId, listing.id),
          eq(listingReports.reporterEmail, email),
          eq(listingReports.description, description),
          gt(listingReports.createdAt, sql`now() - interval '10 minutes'`),
        ),
      )
      .limit(1);
    if (duplicate) return false;
    await tx.insert(listingReports).values({
      listingId: listing.id,
      reporterUserId: viewer?.id ?? null,
      reporterName: name,
      reporterEmail: email,
      reason,
      description,
      status: "pending",
    });
    await invalidate(CACHE_TAGS.reports);
    return true;
  });
  if (!stored) return { ok: true };

  // The listing's title and the reporter's name go in on one line each, the description as a quoted
  // block: no user text can add a line of its own to the mail.
  const base = config().publicUrl;
  const title = oneLine(listing.title);
  await mailStaff(
    "reports.moderate",
    {
      replyTo: email,
      subject: `Nuova segnalazione: ${title}`,
      text:
        `Annuncio: ${title}\n${base}/pet-listing/${listing.id}\n\n` +
        `Motivo: ${REPORT_REASONS.labels[reason]}\nDa: ${oneLine(name)} <${email}>${viewer ? " (utente registrato)" : ""}\n\n` +
        `Descrizione:\n${quotedBlock(description)}\n\n` +
        `Gestisci la segnalazione nel pannello: ${base}/admin/reports`,
    },
    "segnalazione: invio email agli amministratori non riuscito",
  );
  return { ok: true };
}
