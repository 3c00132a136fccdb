// Contests in the back office (/admin/contests): list with the counts of entries and votes, create,
// edit, delete. Admins only. Every write drops the cached contest pages, so /contests shows the
// change at once. Deleting a contest deletes its entries, their votes and their photo files
// (decision 0051); the moderation of the entries is in moderation.server.ts.
import { count, desc, eq, sql, type SQL } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { refuseWithout } from "~/admin/access.server";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { recordAudit } from "~/audit/record.server";
import { db, transaction } from "~/db/client.server";
import { newestFirst } from "~/db/order";
import { contestSubmissions, contests, contestVotes } from "~/db/schema";
import { deleteStoredImages } from "~/images/store-images.server";
import { CONTEST_STATUSES } from "~/lib/enums";
import { fieldErrorsOf, type FieldErrors } from "~/lib/field-errors";
import { isUuid } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { fail, type Failure, type Result } from "~/lib/result";
import { pageNumber } from "~/lib/paging";
import { contestColumns, type ContestStatus } from "./contests.server";
import { CONTEST_FORM_MESSAGES as F, CONTEST_MESSAGES as M, contestFormSchema, type ContestFormField } from "./validation";

export const ADMIN_CONTESTS_PAGE_SIZE = 20;

export interface AdminContest {
  id: string;
  title: string;
  description: string;
  prizeDescription: string | null;
  rules: string | null;
  startDate: Date;
  endDate: Date;
  status: ContestStatus;
  statusLabel: string;
  maxSubmissionsPerUser: number;
  createdAt: Date;
  /** every entry, whatever its status */
  entries: number;
  /** entries awaiting a decision */
  pending: number;
  /** vote rows on its entries */
  votes: number;
}

export interface AdminContestPage {
  items: AdminContest[];
  total: number;
  page: number;
  pageCount: number;
}

export type ContestFailure = Failure & { fieldErrors?: FieldErrors<ContestFormField> };
export type ContestSaved = Result<{ contest: AdminContest; message: string }> | ContestFailure;

const columns = { ...contestColumns, createdAt: contests.createdAt };

// Counted per contest inside the one list query (no query per row): the entries through their
// (contest_id, …) index, the votes through their (submission_id, …) index.
// Qualified by hand: Drizzle leaves a one-table query's columns bare, which the subqueries' own
// tables would make ambiguous.
const contestId = sql`${contests}.id`;
const counts = {
  entries: sql<number>`(select count(*) from ${contestSubmissions} s where s.contest_id = ${contestId})::int`.as("entries"),
  pending: sql<number>`(select count(*) from ${contestSubmissions} s where s.contest_id = ${contestId} and s.status = 'pending')::int`.as("pending"),
  votes: sql<number>`(select count(*) from ${contestVotes} v join ${contestSubmissions} s on s.id = v.submission_id where s.contest_id = ${contestId})::int`.as(
    "votes",
  ),
};

type Row = Omit<AdminContest, "statusLabel">;
const withLabel = (row: Row): AdminContest => ({ ...row, statusLabel: CONTEST_STATUSES.labels[row.status] });

/**
 * A page of every contest (any status), newest created first, each with its counts; with `pending`,
 * only the contests with entries awaiting a decision (the to-do card's link, decision 0111), found
 * through the partial index of the waiting entries.
 */
export async function listContestsForAdmin(actor: CurrentUser | null, query: { page?: number; pending?: boolean } = {}): Promise<Result<AdminContestPage>> {
  const refused = refuseWithout(actor, "contests.manage");
  if (refused) return refused;
  const page = pageNumber(query.page);
  const where: SQL | undefined = query.pending
    ? sql`exists (select 1 from ${contestSubmissions} s where s.contest_id = ${contestId} and s.status = 'pending')`
    : undefined;
  const [rows, [totals]] = await Promise.all([
    db()
      .select({ ...columns, ...counts })
      .from(contests)
      .where(where)
      .orderBy(newestFirst(contests.createdAt), desc(contests.id))
      .limit(ADMIN_CONTESTS_PAGE_SIZE)
      .offset((page - 1) * ADMIN_CONTESTS_PAGE_SIZE),
    db().select({ n: count() }).from(contests).where(where),
  ]);
  const total = totals?.n ?? 0;
  return { ok: true, items: rows.map(withLabel), total, page, pageCount: Math.max(1, Math.ceil(total / ADMIN_CONTESTS_PAGE_SIZE)) };
}

async function findContest(id: string): Promise<AdminContest | null> {
  const [row] = await db()
    .select({ ...columns, ...counts })
    .from(contests)
    .where(eq(contests.id, id))
    .limit(1);
  return row ? withLabel(row) : null;
}

export async function createContest(actor: CurrentUser | null, fields: Record<string, string>): Promise<ContestSaved> {
  const refused = refuseWithout(actor, "contests.manage");
  if (refused) return refused;
  const parsed = contestFormSchema.safeParse(fields);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
  try {
    const row = await transaction(async () => {
      const [created] = await db().insert(contests).values(parsed.data).returning({ id: contests.id });
      await recordAudit({ actor: actor!, area: "contests", action: "create", item: { id: created!.id, label: parsed.data.title }, after: parsed.data });
      return created;
    });
    await invalidate(CACHE_TAGS.contests);
    return { ok: true, contest: (await findContest(row!.id))!, message: F.created };
  } catch (error) {
    logger.error({ err: error }, "concorso: creazione non riuscita");
    return fail(500, F.saveError);
  }
}

export async function updateContest(actor: CurrentUser | null, id: string, fields: Record<string, string>): Promise<ContestSaved> {
  const refused = refuseWithout(actor, "contests.manage");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  const parsed = contestFormSchema.safeParse(fields);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
  try {
    const updated = await transaction(async () => {
      const [was] = await db().select().from(contests).where(eq(contests.id, id)).for("update");
      if (!was) return false;
      await db()
        .update(contests)
        .set({ ...parsed.data, updatedAt: sql`now()` })
        .where(eq(contests.id, id));
      // The same fields as the form's, read before the save.
      const before = Object.fromEntries(Object.keys(parsed.data).map((key) => [key, was[key as keyof typeof was]]));
      await recordAudit({ actor: actor!, area: "contests", action: "update", item: { id, label: parsed.data.title }, before, after: parsed.data });
      return true;
    });
    if (!updated) return fail(404, M.notFound);
    await invalidate(CACHE_TAGS.contests);
    return { ok: true, contest: (await findContest(id))!, message: F.updated };
  } catch (error) {
    logger.error({ err: error, id }, "concorso: modifica non riuscita");
    return fail(500, F.saveError);
  }
}

/**
 * Deletes a contest with its entries and their votes (the foreign keys cascade), then the entries'
 * photo files. The photos are read with the contest's row locked, so an entry sent at that moment
 * (its insert reads the contest FOR SHARE) either is counted here or finds no contest. A file that
 * cannot be deleted once the rows are gone is only logged: nothing on the site links to it.
 */
export async function deleteContest(actor: CurrentUser | null, id: string): Promise<Result<{ message: string; entries: number }>> {
  const refused = refuseWithout(actor, "contests.manage");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  let photos: string[];
  try {
    const outcome = await transaction(async (tx) => {
      const [locked] = await tx.select({ id: contests.id, title: contests.title, status: contests.status }).from(contests).where(eq(contests.id, id)).for("update");
      if (!locked) return null;
      const entries = await tx.select({ imageUrl: contestSubmissions.imageUrl }).from(contestSubmissions).where(eq(contestSubmissions.contestId, id));
      await tx.delete(contests).where(eq(contests.id, id));
      await recordAudit({ actor: actor!, area: "contests", action: "delete", item: { id, label: locked.title }, before: { title: locked.title, status: locked.status, entries: entries.length } });
      return entries.map((e) => e.imageUrl);
    });
    if (!outcome) return fail(404, M.notFound);
    photos = outcome;
  } catch (error) {
    logger.error({ err: error, id }, "concorso: eliminazione non riuscita");
    return fail(500, F.deleteError);
  }
  await invalidate(CACHE_TAGS.contests);
  await deleteStoredImages(photos).catch((error: unknown) => logger.error({ err: error, id }, "concorso: foto non eliminate"));
  return { ok: true, message: F.deleted, entries: photos.length };
}

function invalid(fieldErrors: FieldErrors<ContestFormField>): ContestFailure {
  const first = Object.values(fieldErrors)[0] ?? F.saveError;
  return { ...fail(400, first), fieldErrors };
}
