// Newest first, in the order of the schema's `index(…).on(t.column.desc())` indexes, which Drizzle
// creates as DESC NULLS LAST. A plain `order by column desc` means NULLS FIRST: the planner cannot
// read such an index in that order and sorts the whole table instead, even for a NOT NULL column.
import { sql, type SQL } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";

export function newestFirst(column: AnyPgColumn): SQL {
  return sql`${column} desc nulls last`;
}
