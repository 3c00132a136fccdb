// Moderation of contest entries (/admin/contests/{id}/submissions): admins only. The participant
// is told of each decision by e-mail (DESIGN [6][7]).
import { and, desc, eq, ne, sql, type SQL } from "drizzle-orm";
import { FULL_NAME_MAX_LENGTH } from "~/accounts/messages";
import type { CurrentUser } from "~/accounts/session.server";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { config } from "~/config.server";
import { recordAudit } from "~/audit/record.server";
import { db, transaction } from "~/db/client.server";
import { contestSubmissions, contests, profiles } from "~/db/schema";
import { CONTEST_STATUSES, PET_TYPES, SUBMISSION_STATUSES } from "~/lib/enums";
import { logger } from "~/lib/logger.server";
import { oneLine } from "~/mail/mail-text";
import { sendMail } from "~/mail/mailer.server";
import { fail, type Result } from "~/lib/result";
import { entryColumns, type ContestStatus, type EntryFields, type SubmissionStatus } from "./contests.server";
import { refuseWithout } from "~/admin/access.server";
import { isUuid } from "~/lib/ids";
import { pageNumber } from "~/lib/paging";
import { CONTEST_MESSAGES as M, isInProgress } from "./validation";


export interface ContestToModerate {
  id: string;
  title: string;
  statusLabel: string;
  startDate: Date;
  pending: number;
}

/** Every contest, newest start first, with its entries awaiting a decision (the admin's way in). */
export async function contestsToModerate(actor: CurrentUser | null): Promise<Result<{ contests: ContestToModerate[] }>> {
  const refused = refuseWithout(actor, "contests.manage");
  if (refused) return refused;
  const rows = await db()
    .select({
      id: contests.id,
      title: contests.title,
      status: contests.status,
      startDate: contests.startDate,
      pending: sql<number>`count(${contestSubmissions.id})::int`,
    })
    .from(contests)
    .leftJoin(contestSubmissions, and(eq(contestSubmissions.contestId, contests.id), eq(contestSubmissions.status, "pending")))
    .groupBy(contests.id)
    .orderBy(desc(contests.startDate));
  return {
    ok: true,
    contests: rows.map(({ status, ...row }) => ({ ...row, statusLabel: CONTEST_STATUSES.labels[status] })),
  };
}

export interface ModerationEntry extends EntryFields {
  status: SubmissionStatus;
  statusLabel: string;
  author: { id: string; fullName: string; email: string };
}

export interface ModerationContest {
  id: string;
  title: string;
  status: ContestStatus;
  statusLabel: string;
  startDate: Date;
  endDate: Date;
  inProgress: boolean;
}

/** Entries shown per page on the moderation page: a popular contest may have thousands. */
export const SUBMISSIONS_PAGE_SIZE = 20;

export interface ModerationPage {
  contest: ModerationContest;
  submissions: ModerationEntry[];
  /** the contest's entries per status, and in all */
  counts: Record<SubmissionStatus | "all", number>;
  /** the status filter as applied (null: every status) */
  status: SubmissionStatus | null;
  page: number;
  pageCount: number;
}

/**
 * The entries list's filter (a contest, and one status or all) and its condition, for the page and
 * a bulk action over its results (decision 0109). No contest: no entry.
 */
export function submissionFilter(contestId: string | null | undefined, status: string | null | undefined): { status: SubmissionStatus | null; where: SQL } {
  const statusFilter = (SUBMISSION_STATUSES.values as readonly string[]).includes(status ?? "") ? (status as SubmissionStatus) : null;
  if (!isUuid(contestId ?? undefined)) return { status: statusFilter, where: sql`false` };
  return { status: statusFilter, where: and(eq(contestSubmissions.contestId, contestId!.toLowerCase()), statusFilter ? eq(contestSubmissions.status, statusFilter) : undefined)! };
}

/**
 * A page of a contest's entries, newest first, in every status or one, with the submitter's name
 * and e-mail and the counts per status (one grouped count over the contest's index).
 */
export async function listSubmissionsForModeration(
  actor: CurrentUser | null,
  contestId: string,
  { status, page = 1 }: { status?: string | null; page?: number } = {},
): Promise<Result<ModerationPage>> {
  const refused = refuseWithout(actor, "contests.manage");
  if (refused) return refused;
  if (!isUuid(contestId)) return fail(404, M.notFound);
  const [contest] = await db()
    .select({ id: contests.id, title: contests.title, status: contests.status, startDate: contests.startDate, endDate: contests.endDate })
    .from(contests)
    .where(eq(contests.id, contestId))
    .limit(1);
  if (!contest) return fail(404, M.notFound);
  const { status: statusFilter, where } = submissionFilter(contest.id, status);
  const current = pageNumber(page);
  const [grouped, rows] = await Promise.all([
    db()
      .select({ status: contestSubmissions.status, n: sql<number>`count(*)::int` })
      .from(contestSubmissions)
      .where(eq(contestSubmissions.contestId, contest.id))
      .groupBy(contestSubmissions.status),
    db()
      .select({
        ...entryColumns,
        status: contestSubmissions.status,
        authorId: profiles.id,
        authorName: profiles.fullName,
        authorEmail: profiles.email,
      })
      .from(contestSubmissions)
      .innerJoin(profiles, eq(profiles.id, contestSubmissions.userId))
      .where(where)
      .orderBy(desc(contestSubmissions.createdAt), desc(contestSubmissions.id))
      .limit(SUBMISSIONS_PAGE_SIZE)
      .offset((current - 1) * SUBMISSIONS_PAGE_SIZE),
  ]);
  const counts: ModerationPage["counts"] = { all: 0, pending: 0, approved: 0, rejected: 0 };
  for (const row of grouped) {
    counts[row.status] = row.n;
    counts.all += row.n;
  }
  const matching = statusFilter ? counts[statusFilter] : counts.all;
  return {
    ok: true,
    contest: { ...contest, statusLabel: CONTEST_STATUSES.labels[contest.status], inProgress: isInProgress(contest) },
    submissions: rows.map(({ authorId, authorName, authorEmail, ...row }) => ({
      ...row,
      petTypeLabel: PET_TYPES.labels[row.petType],
      statusLabel: SUBMISSION_STATUSES.labels[row.status],
      author: { id: authorId, fullName: authorName, email: authorEmail },
    })),
    counts,
    status: statusFilter,
    page: current,
    pageCount: Math.max(1, Math.ceil(matching / SUBMISSIONS_PAGE_SIZE)),
  };
}

export type ModerationResult = Result<{ changed: boolean; status: SubmissionStatus; message: string }>;

/** Approves an entry: it becomes public and can be voted; the participant gets an e-mail. */
export function approveSubmission(actor: CurrentUser | null, submissionId: string): Promise<ModerationResult> {
  return setSubmissionStatus(actor, submissionId, "approved");
}

/** Rejects an entry: it is hidden from the contest page; the participant gets an e-mail. */
export function rejectSubmission(actor: CurrentUser | null, submissionId: string): Promise<ModerationResult> {
  return setSubmissionStatus(actor, submissionId, "rejected");
}

/**
 * Sets an entry's status. The update only matches an entry not already in that status, so the
 * same decision twice (even two clicks at once) changes it and mails the participant once. Votes
 * are kept when an approved entry is rejected: approving it again shows them again.
 */
export async function setSubmissionStatus(
  actor: CurrentUser | null,
  submissionId: string,
  status: SubmissionStatus,
): Promise<ModerationResult> {
  const refused = refuseWithout(actor, "contests.manage");
  if (refused) return refused;
  if (!isUuid(submissionId)) return fail(404, M.entryNotFound);
  if (!SUBMISSION_STATUSES.values.includes(status)) return fail(400, M.moderationError);
  const message = status === "approved" ? M.approved : status === "rejected" ? M.rejected : SUBMISSION_STATUSES.labels.pending;

  let changed: { contestId: string; userId: string; title: string; petName: string }[];
  try {
    changed = await transaction(async () => {
      const [was] = await db()
        .select({ status: contestSubmissions.status })
        .from(contestSubmissions)
        .where(and(eq(contestSubmissions.id, submissionId), ne(contestSubmissions.status, status)))
        .for("update");
      if (!was) return [];
      const rows = await db()
        .update(contestSubmissions)
        .set({ status, updatedAt: sql`now()` })
        .where(eq(contestSubmissions.id, submissionId))
        .returning({
          contestId: contestSubmissions.contestId,
          userId: contestSubmissions.userId,
          title: contestSubmissions.title,
          petName: contestSubmissions.petName,
        });
      const entry = rows[0]!;
      await recordAudit({
        actor: actor!,
        area: "contests",
        action: status === "approved" ? "approve" : status === "rejected" ? "reject" : "update",
        item: { id: submissionId, label: `Foto «${entry.title}» (${entry.petName})` },
        before: { status: was.status },
        after: { status },
      });
      return rows;
    });
  } catch (error) {
    logger.error({ err: error, submissionId, status }, "concorso: moderazione non riuscita");
    return fail(500, M.moderationError);
  }
  const entry = changed[0];
  if (!entry) {
    const [exists] = await db().select({ id: contestSubmissions.id }).from(contestSubmissions).where(eq(contestSubmissions.id, submissionId)).limit(1);
    return exists ? { ok: true, changed: false, status, message } : fail(404, M.entryNotFound);
  }
  await invalidate(CACHE_TAGS.contests);
  if (status !== "pending") await notifyParticipant(entry, status);
  return { ok: true, changed: true, status, message };
}

export async function notifyParticipant(
  entry: { contestId: string; userId: string; title: string; petName: string },
  status: "approved" | "rejected",
): Promise<void> {
  try {
    const [info] = await db()
      .select({ email: profiles.email, fullName: profiles.fullName, contestTitle: contests.title })
      .from(profiles)
      .innerJoin(contests, eq(contests.id, entry.contestId))
      .where(eq(profiles.id, entry.userId))
      .limit(1);
    if (!info) return;
    const base = config().publicUrl;
    // Names and titles typed by users go in on one line each: none can add a line to the mail.
    const name = oneLine(info.fullName, FULL_NAME_MAX_LENGTH);
    const contestTitle = oneLine(info.contestTitle);
    const greeting = name ? `Ciao ${name},` : "Ciao,";
    const photo = `la tua foto «${oneLine(entry.title)}» (${oneLine(entry.petName)}) per il concorso «${contestTitle}»`;
    await sendMail(
      status === "approved"
        ? {
            to: info.email,
            subject: `La tua foto è stata approvata: ${contestTitle}`,
            text:
              `${greeting}\n\n${photo} è stata approvata: ora è visibile a tutti e può ricevere i voti della community.\n\n` +
              `Guardala nella pagina del concorso: ${base}/contests/${entry.contestId}\n\n` +
              `Grazie per aver partecipato!\nLa redazione di Zampa`,
          }
        : {
            to: info.email,
            subject: `La tua foto non è stata approvata: ${contestTitle}`,
            text:
              `${greeting}\n\n${photo} non è stata approvata dalla redazione e non verrà pubblicata.\n\n` +
              `Trovi tutte le tue partecipazioni nella tua area personale: ${base}/dashboard/contest-submissions\n\n` +
              `La redazione di Zampa`,
          },
    );
  } catch (error) {
    // The decision is saved: a mail that fails is only logged.
    logger.error({ err: error, contestId: entry.contestId, userId: entry.userId }, "concorso: e-mail al partecipante non inviata");
  }
}
