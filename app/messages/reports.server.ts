// "Segnala" in a conversation (decision 0090): a report whose subject is the conversation, naming the
// other person, for the moderators' queue (/admin/reports). The reporter's name and address come from
// the account; one pending report per reporter and conversation.
import { and, eq, sql } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { firstError } from "~/accounts/validation";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { config } from "~/config.server";
import { db, transaction } from "~/db/client.server";
import { listingReports } from "~/db/schema";
import { REPORT_REASONS } from "~/lib/enums";
import { fail, type Result } from "~/lib/result";
import { participantConversation } from "./access.server";
import { conversationReportSchema, MESSAGE_TEXTS as M } from "./messages";
import { mailStaff } from "~/mail/admin-mail.server";

/** The reporter's report of the conversation that still waits for the moderators, if any (one at most). */
export async function pendingConversationReport(conversationId: string, reporterId: string): Promise<{ id: string } | undefined> {
  const [pending] = await db()
    .select({ id: listingReports.id })
    .from(listingReports)
    .where(and(eq(listingReports.conversationId, conversationId), eq(listingReports.reporterUserId, reporterId), eq(listingReports.status, "pending")))
    .limit(1);
  return pending;
}

export async function reportConversation(viewer: CurrentUser | null, conversationId: string | undefined, fields: Record<string, unknown>): Promise<Result<{ message: string }>> {
  if (!viewer) return fail(401, M.mustSignIn);
  const conversation = await participantConversation(viewer.id, conversationId);
  if (!conversation) return fail(404, M.conversationNotFound);
  const parsed = conversationReportSchema.safeParse(fields);
  if (!parsed.success) return fail(400, firstError(parsed.error));
  const { reason, description } = parsed.data;

  const stored = await transaction(async (tx): Promise<Result<{ message: string }>> => {
    // A double submit, or a second report while the first waits: one row, checked under a lock.
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`conversation-report:${conversation.id}:${viewer.id}`}))`);
    if (await pendingConversationReport(conversation.id, viewer.id)) return fail(409, M.reportAlreadyPending);
    await tx.insert(listingReports).values({
      subject: "conversation",
      conversationId: conversation.id,
      reportedUserId: conversation.otherId,
      // The report is about the conversation, not the listing: a listing's own reports stay its own.
      listingId: null,
      reporterUserId: viewer.id,
      reporterName: viewer.fullName,
      reporterEmail: viewer.email,
      reason,
      description,
      status: "pending",
    });
    await invalidate(CACHE_TAGS.reports);
    return { ok: true, message: M.reported };
  });
  if (!stored.ok) return stored;

  // No message text in the mail: the moderators read the conversation in the back office.
  await mailStaff(
    "reports.moderate",
    {
      subject: "Nuova segnalazione di una conversazione",
      text:
        `Una conversazione privata è stata segnalata.\n\nMotivo: ${REPORT_REASONS.labels[reason]}\n\n` +
        `Gestisci la segnalazione nel pannello: ${config().publicUrl}/admin/reports`,
    },
    "segnalazione conversazione: invio email agli amministratori non riuscito",
  );
  return stored;
}
