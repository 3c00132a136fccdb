// The public position in SQL (decision 0089): the one place the rounding is written, for the map's
// markers, the nearest order's distance and the map's area (decision 0096).
import { and, sql, type SQL, type SQLWrapper } from "drizzle-orm";
import type { MapArea } from "./map-area";
import { PUBLIC_POSITION_DECIMALS } from "./public-position";

/** A coordinate column as the public sees it: rounded as publicPosition rounds (numeric, half away from zero). */
export function publicCoordinate(column: SQLWrapper): SQL<string> {
  return sql<string>`round(${column}::numeric, ${sql.raw(String(PUBLIC_POSITION_DECIMALS))})`;
}

/** The rounding moves a coordinate by half a unit of its last decimal at most: a raw box is widened by more. */
export const PUBLIC_ROUNDING_MARGIN = 10 ** -PUBLIC_POSITION_DECIMALS;

/** A box's edges as SQL: numbers written as constants (the planner folds them), or columns. */
export type SqlBox = Record<keyof MapArea, SQLWrapper>;

/**
 * The position whose columns are `lat` and `lng` is public inside `area`: its rounded position, not
 * the exact one, so that moving the box's edges never tells more than the map's pin (a box bisected
 * around a listing stops at the rounded point). The raw columns' range, the box widened by the
 * rounding, says nothing more (the rounded test implies it) but lets the plan use an index on the
 * columns (`pet_listings_position_idx`). The box may be a saved search's columns (its alerts'
 * matcher, decision 0097): the same rule, read from a row.
 */
export function publicPositionInBox(lat: SQLWrapper, lng: SQLWrapper, area: MapArea | SqlBox): SQL {
  const edge = (value: number | SQLWrapper) => (typeof value === "number" ? sql.raw(String(value)) : value);
  const [south, west, north, east] = [area.south, area.west, area.north, area.east].map(edge) as [SQLWrapper, SQLWrapper, SQLWrapper, SQLWrapper];
  const m = sql.raw(String(PUBLIC_ROUNDING_MARGIN));
  return and(
    sql`${lat} between ${south} - ${m} and ${north} + ${m}`,
    sql`${lng} between ${west} - ${m} and ${east} + ${m}`,
    sql`${publicCoordinate(lat)} between ${south} and ${north}`,
    sql`${publicCoordinate(lng)} between ${west} and ${east}`,
  )!;
}
