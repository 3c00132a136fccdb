// The automatic report of an account whose messages trip the scam signals with many people
// (issue 29, decision 0091): once the sender's messages with signals of the last 24 hours reached
// SCAM_REPORT_RECIPIENTS different people (default 5), Zampa files one conversation report about
// the sender, beside the people's reports in /admin/reports. One pending report per sender: a
// transaction-scoped advisory lock per sender orders the check-then-insert of processes handling
// two messages at once; once the moderators have handled it, a new burst files a new one.
import { and, eq, sql } from "drizzle-orm";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { config } from "~/config.server";
import { queryRows, transaction } from "~/db/client.server";
import { listingReports } from "~/db/schema";
import { AUTOMATIC_CHECKS } from "~/lib/enums";
import { logger } from "~/lib/logger.server";
import { AUTOMATIC_REPORTER } from "~/listings/automatic-reports.server";
import { staffAddresses } from "~/mail/admin-mail.server";
import { sendMail } from "~/mail/mailer.server";

/** How far back the recipients are counted. */
export const SCAM_WINDOW_HOURS = 24;

export function scamReportDescription(recipients: number): string {
  return (
    `Nelle ultime ${SCAM_WINDOW_HOURS} ore questo account ha inviato messaggi con segnali di truffa ` +
    `(IBAN, ricariche, link a WhatsApp o Telegram, numeri esteri…) a ${recipients} persone diverse. ` +
    "La conversazione allegata è la più recente."
  );
}

/** The different people the sender wrote messages with signals to in the window. */
async function signalledRecipients(senderId: string): Promise<number> {
  const window = sql.raw(`interval '${SCAM_WINDOW_HOURS} hours'`);
  const [row] = await queryRows<{ recipients: number }>(sql`
    select count(distinct case when c.owner_id = m.sender_id then c.asker_id else c.owner_id end)::int as recipients
    from conversation_messages m join conversations c on c.id = m.conversation_id
    where m.sender_id = ${senderId} and m.created_at > now() - ${window} and cardinality(m.scam_signals) > 0
  `);
  return row?.recipients ?? 0;
}

/**
 * Called after a message is stored: files the report when the sender has just reached the
 * threshold and has no pending one; true when a report was filed. Messages without signals cost
 * one indexed read of the message.
 */
export async function reportScamSenderIfDue(senderId: string, messageId: string): Promise<boolean> {
  // The message just sent: its conversation is the latest one, attached to the report.
  // The listing is named only when it is the sender's own (a fake listing); the other person's
  // listing is the victim's, and must not be suspended along with the report.
  const [message] = await queryRows<{ signalled: boolean; conversation_id: string; listing_id: string | null }>(sql`
    select cardinality(m.scam_signals) > 0 as signalled, m.conversation_id,
           case when c.owner_id = m.sender_id then c.listing_id end as listing_id
    from conversation_messages m join conversations c on c.id = m.conversation_id
    where m.id = ${messageId} and m.sender_id = ${senderId}
  `);
  if (!message?.signalled) return false;
  const recipients = await signalledRecipients(senderId);
  if (recipients < config().scamReportRecipients) return false;
  const filed = await transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`automatic-report:scam_messages:${senderId}`}))`);
    const [pending] = await tx
      .select({ id: listingReports.id })
      .from(listingReports)
      .where(and(eq(listingReports.automaticCheck, "scam_messages"), eq(listingReports.reportedUserId, senderId), eq(listingReports.status, "pending")))
      .limit(1);
    if (pending) return false;
    await tx.insert(listingReports).values({
      subject: "conversation",
      conversationId: message.conversation_id,
      listingId: message.listing_id,
      reportedUserId: senderId,
      automaticCheck: "scam_messages",
      reporterUserId: null,
      reporterName: AUTOMATIC_REPORTER.name,
      reporterEmail: AUTOMATIC_REPORTER.email,
      reason: "fraud",
      description: scamReportDescription(recipients),
      status: "pending",
    });
    await invalidate(CACHE_TAGS.reports);
    return true;
  });
  if (filed) await mailAdmins(recipients);
  return filed;
}

async function mailAdmins(recipients: number): Promise<void> {
  try {
    const admins = await staffAddresses("reports.moderate");
    if (admins.length === 0) return;
    await sendMail({
      to: admins,
      subject: `Segnalazione automatica: ${AUTOMATIC_CHECKS.labels.scam_messages}`,
      text: `${scamReportDescription(recipients)}\n\nDa: ${AUTOMATIC_REPORTER.name}\n\nGestisci la segnalazione nel pannello: ${config().publicUrl}/admin/reports`,
    });
  } catch (error) {
    logger.error({ err: error }, "segnalazione automatica dei messaggi: invio email agli amministratori non riuscito");
  }
}
