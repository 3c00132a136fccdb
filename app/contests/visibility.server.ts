// The one definition of "a contest entry is shown" (on the contest page, in the contests' counts,
// open to votes): approved by a moderator, and its author's account not suspended (decision 0110).
// Written as a SQL condition over contest_submissions: the suspended accounts are few, read from
// their partial index (profiles_suspended_idx), so the condition costs an anti-join against a
// handful of rows. An entry's status is never changed by a suspension: a reinstated account's
// entries are shown again exactly as they were.
import { sql } from "drizzle-orm";
import { contestSubmissions } from "~/db/schema";

export const VISIBLE_ENTRY_STATUS = "approved";

export const isVisibleEntryRow = () =>
  sql`(${contestSubmissions.status} = ${sql.raw(`'${VISIBLE_ENTRY_STATUS}'`)} and not exists (select 1 from profiles suspended where suspended.id = ${contestSubmissions.userId} and suspended.suspended_at is not null))`;
