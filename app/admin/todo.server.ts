// The to-do signals' counts (decision 0111): the reports, appeals, contest entries and contact
// messages waiting, for the sidebar and the dashboard. Each count reads a small index of the waiting
// rows only (a status index, or a partial one) and stops at TODO_COUNT_CAP, so its cost is bounded
// whatever the size of the tables and of the backlog; all of them travel in one statement, and only
// those of the areas the person may open are asked. They are read fresh each time, not kept: the
// writes that change them (a visitor's contact message, an automatic check, a bulk action, another
// moderator) would each have to remember to drop a kept figure, and a bounded index read costs less
// than a badge that lies.
import { sql, type SQL } from "drizzle-orm";
import { can } from "~/accounts/permissions";
import type { CurrentUser } from "~/accounts/session.server";
import { queryRows } from "~/db/client.server";
import { contactMessages, contestSubmissions, listingAppeals, listingReports } from "~/db/schema";
import type { Result } from "~/lib/result";
import { refuseWithout } from "./access.server";
import { LISTING_CHECKS } from "~/listings/moderation-validation";
import { TODO_COUNT_CAP, TODO_SPECS, type TodoCounts, type TodoKind } from "./todo";

/** `count(*)` of at most TODO_COUNT_CAP rows of a table's waiting rows. */
function cappedCount(from: SQL, where: SQL): SQL {
  return sql`(select count(*) from (select 1 from ${from} where ${where} limit ${TODO_COUNT_CAP}) waiting)::int`;
}

const COUNTS: Record<TodoKind, SQL> = {
  reports: cappedCount(sql`${listingReports}`, sql`${listingReports.status} = 'pending'`),
  flaggedListings: cappedCount(
    sql`${listingReports}`,
    sql`${listingReports.status} = 'pending' and ${listingReports.automaticCheck} in (${sql.join(
      LISTING_CHECKS.map((check) => sql`${check}`),
      sql`, `,
    )})`,
  ),
  appeals: cappedCount(sql`${listingAppeals}`, sql`${listingAppeals.status} = 'pending'`),
  entries: cappedCount(sql`${contestSubmissions}`, sql`${contestSubmissions.status} = 'pending'`),
  contacts: cappedCount(sql`${contactMessages}`, sql`${contactMessages.status} = 'new'`),
};

/**
 * The contests with entries waiting, two at most (enough to know whether there is exactly one),
 * read along the partial index of the waiting entries.
 */
const ENTRY_CONTESTS = sql`(select array_agg(contest_id::text) from (
  select ${contestSubmissions.contestId} as contest_id from ${contestSubmissions}
  where ${contestSubmissions.status} = 'pending' group by ${contestSubmissions.contestId} limit 2
) waiting_contests)`;

/** The counts of every to-do the actor's role may open; none asked (and no query) for the others. */
export async function todoCounts(actor: CurrentUser | null): Promise<Result<{ todo: TodoCounts }>> {
  const refused = refuseWithout(actor, "backoffice.enter");
  if (refused) return refused;
  const kinds = TODO_SPECS.filter((spec) => can(actor!.role, spec.permission)).map((spec) => spec.kind);
  if (kinds.length === 0) return { ok: true, todo: { counts: {}, entriesContestId: null } };
  const columns = kinds.map((kind) => sql`${COUNTS[kind]} as ${sql.identifier(kind)}`);
  if (kinds.includes("entries")) columns.push(sql`${ENTRY_CONTESTS} as "entryContests"`);
  const [row] = await queryRows<Record<string, unknown>>(sql`select ${sql.join(columns, sql`, `)}`);
  const counts: Partial<Record<TodoKind, number>> = {};
  for (const kind of kinds) counts[kind] = Number(row?.[kind] ?? 0);
  const contests = (row?.entryContests as string[] | null | undefined) ?? [];
  return {
    ok: true,
    todo: {
      counts,
      entriesContestId: contests.length === 1 ? contests[0]! : null,
    },
  };
}
