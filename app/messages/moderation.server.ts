// What moderators may read of the private conversations (issue 29, decision 0091): a conversation
// that a report is about, opened from that report — and no other. The way in is the report's id,
// never a conversation's: a conversation no report points at has no address in the back office.
// Moderators also see how many messages tripped the scam signals lately.
import { asc, eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { CurrentUser } from "~/accounts/session.server";
import { refuseWithout } from "~/admin/access.server";
import { db, queryRows } from "~/db/client.server";
import { conversationMessages, conversations, listingReports, profiles } from "~/db/schema";
import { REPORT_REASONS, REPORT_STATUSES, REPORT_SUBJECTS } from "~/lib/enums";
import { isUuid } from "~/lib/ids";
import { fail, type Result } from "~/lib/result";
import { CONVERSATION_MODERATION_MESSAGES, type ModeratedParticipant } from "./moderation-messages";

export { CONVERSATION_MODERATION_MESSAGES, type ModeratedParticipant };

const M = CONVERSATION_MODERATION_MESSAGES;

/** The window of the moderators' count of messages with scam signals. */
export const SCAM_COUNT_DAYS = 7;

export interface ModeratedMessage {
  id: string;
  createdAt: Date;
  body: string;
  /** The scam signals' ids the message tripped (app/messages/scam-signals.ts) */
  scamSignals: string[];
  /** null once the sender erased the account (their messages go with it, so in practice never) */
  sender: ModeratedParticipant | null;
}

export interface ReportedConversation {
  report: {
    id: string;
    subjectLabel: string;
    reasonLabel: string;
    statusLabel: string;
    description: string;
    reporterName: string;
    reportedUserId: string | null;
    createdAt: Date;
  };
  conversation: {
    id: string;
    listingId: string | null;
    listingTitle: string;
    listingDeletedAt: Date | null;
    owner: ModeratedParticipant | null;
    asker: ModeratedParticipant | null;
  };
  messages: ModeratedMessage[];
}

/**
 * The conversation of report `reportId`, read-only, for an administrator: 404 unless the report
 * exists, is about a conversation, and that conversation still exists.
 */
export async function getReportedConversation(actor: CurrentUser | null, reportId: string): Promise<Result<ReportedConversation>> {
  const refused = refuseWithout(actor, "reports.moderate");
  if (refused) return refused;
  if (!isUuid(reportId)) return fail(404, M.notFound);
  const [report] = await db()
    .select({
      id: listingReports.id,
      subject: listingReports.subject,
      conversationId: listingReports.conversationId,
      reason: listingReports.reason,
      status: listingReports.status,
      description: listingReports.description,
      reporterName: listingReports.reporterName,
      reportedUserId: listingReports.reportedUserId,
      createdAt: listingReports.createdAt,
    })
    .from(listingReports)
    .where(eq(listingReports.id, reportId))
    .limit(1);
  if (!report || report.subject !== "conversation" || !report.conversationId) return fail(404, M.notFound);
  const owner = alias(profiles, "owner");
  const asker = alias(profiles, "asker");
  const [conversation] = await db()
    .select({
      id: conversations.id,
      listingId: conversations.listingId,
      listingTitle: conversations.listingTitle,
      listingDeletedAt: conversations.listingDeletedAt,
      ownerId: owner.id,
      ownerName: owner.fullName,
      ownerEmail: owner.email,
      askerId: asker.id,
      askerName: asker.fullName,
      askerEmail: asker.email,
    })
    .from(conversations)
    .leftJoin(owner, eq(owner.id, conversations.ownerId))
    .leftJoin(asker, eq(asker.id, conversations.askerId))
    .where(eq(conversations.id, report.conversationId))
    .limit(1);
  if (!conversation) return fail(404, M.notFound);
  const participant = (id: string | null, name: string | null, email: string | null, role: string): ModeratedParticipant | null =>
    id ? { id, name: name ?? "", email: email ?? "", role } : null;
  const ownerP = participant(conversation.ownerId, conversation.ownerName, conversation.ownerEmail, "Inserzionista");
  const askerP = participant(conversation.askerId, conversation.askerName, conversation.askerEmail, "Interessato");
  const rows = await db()
    .select({
      id: conversationMessages.id,
      createdAt: conversationMessages.createdAt,
      body: conversationMessages.body,
      scamSignals: conversationMessages.scamSignals,
      senderId: conversationMessages.senderId,
    })
    .from(conversationMessages)
    .where(eq(conversationMessages.conversationId, conversation.id))
    .orderBy(asc(conversationMessages.createdAt), asc(conversationMessages.id));
  const senderOf = (id: string) => (ownerP?.id === id ? ownerP : askerP?.id === id ? askerP : null);
  return {
    ok: true,
    report: {
      id: report.id,
      subjectLabel: REPORT_SUBJECTS.labels[report.subject],
      reasonLabel: REPORT_REASONS.labels[report.reason],
      statusLabel: REPORT_STATUSES.labels[report.status],
      description: report.description,
      reporterName: report.reporterName,
      reportedUserId: report.reportedUserId,
      createdAt: report.createdAt,
    },
    conversation: {
      id: conversation.id,
      listingId: conversation.listingId,
      listingTitle: conversation.listingTitle,
      listingDeletedAt: conversation.listingDeletedAt,
      owner: ownerP,
      asker: askerP,
    },
    messages: rows.map(({ senderId, ...row }) => ({ ...row, sender: senderOf(senderId) })),
  };
}

/**
 * Messages that tripped a scam signal in the last `days` days (the reports page's header): read
 * from the partial index of migration 0026, which holds only such messages.
 */
export async function countScamMessages(actor: CurrentUser | null, days = SCAM_COUNT_DAYS): Promise<Result<{ count: number; days: number }>> {
  const refused = refuseWithout(actor, "reports.moderate");
  if (refused) return refused;
  const [row] = await queryRows<{ count: number }>(sql`
    select count(*)::int as count from conversation_messages
    where cardinality(scam_signals) > 0 and created_at > now() - make_interval(days => ${days}::int)
  `);
  return { ok: true, count: row?.count ?? 0, days };
}
