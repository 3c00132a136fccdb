// A list's order in its address (`?sort=created&dir=asc`), read the same way by the loader and by
// the column headers. Client-safe. Only the keys a list declares are accepted: anything else in the
// address falls back to the list's default order, never to an error.
import { z } from "zod";

export type SortDirection = "asc" | "desc";

export interface ListSort<K extends string> {
  key: K;
  direction: SortDirection;
}

/** The query fields of a list's order, for the list's query schema (`.extend(sortFields(...))`). */
export function sortFields<K extends string>(keys: readonly [K, ...K[]], fallback: ListSort<K>) {
  return {
    sort: z.enum(keys).catch(fallback.key),
    dir: z.enum(["asc", "desc"]).catch(fallback.direction),
  };
}

/** The order a parsed query asks for. */
export function sortOf<K extends string>(query: { sort: K; dir: SortDirection }): ListSort<K> {
  return { key: query.sort, direction: query.dir };
}

/**
 * The address a column header links to: its key, in the other direction when it is the current
 * order (else in the column's first direction), back on the first page, other filters kept.
 */
export function sortHref(search: URLSearchParams, key: string, current: ListSort<string>, firstDirection: SortDirection = "asc"): string {
  const params = new URLSearchParams(search);
  const direction: SortDirection = current.key === key ? (current.direction === "asc" ? "desc" : "asc") : firstDirection;
  params.set("sort", key);
  params.set("dir", direction);
  params.delete("page");
  return `?${params.toString()}`;
}
