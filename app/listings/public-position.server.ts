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

/**
 * The position whose columns are `lat` and `lng` is public inside `area`: its rounded position, not
 * the exact one, so that moving the box's edges never tells more than the map's pin (a box bisected
 * around a listing stops at the rounded point). The raw columns' range, the box widened by the
 * rounding, says nothing more (the rounded test implies it) but lets the plan use an index on the
 * columns (`pet_listings_position_idx`).
 */
export function publicPositionInBox(lat: SQLWrapper, lng: SQLWrapper, area: MapArea): SQL {
  const m = PUBLIC_ROUNDING_MARGIN;
  const bound = (value: number) => sql.raw(String(value));
  return and(
    sql`${lat} between ${area.south - m} and ${area.north + m}`,
    sql`${lng} between ${area.west - m} and ${area.east + m}`,
    sql`${publicCoordinate(lat)} between ${bound(area.south)} and ${bound(area.north)}`,
    sql`${publicCoordinate(lng)} between ${bound(area.west)} and ${bound(area.east)}`,
  )!;
}
