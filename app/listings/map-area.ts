// The map's area as the list's URL carries it (`area=south,west,north,east`, decision 0096): read by
// the server's filters, written by the map's "Cerca in quest'area". Client-safe.

export interface MapArea {
  south: number;
  west: number;
  north: number;
  east: number;
}

/** Four decimals (~11 m): the same map view gives the same URL, and so the same memo key. */
export const MAP_AREA_DECIMALS = 4;

const factor = 10 ** MAP_AREA_DECIMALS;
const fixed = (value: number) => Math.round(value * factor) / factor;

/**
 * An area from its URL form; undefined when absent, null when it is not four decimal degrees with
 * south < north and west < east, latitudes within ±90 and longitudes within ±180 (after rounding).
 */
export function parseMapArea(value: string | null): MapArea | null | undefined {
  const text = value?.trim() ?? "";
  if (text === "") return undefined;
  const parts = text.split(",");
  if (parts.length !== 4 || parts.some((p) => !/^\s*[-+]?(\d+(\.\d*)?|\.\d+)\s*$/.test(p))) return null;
  const [south, west, north, east] = parts.map((p) => fixed(Number(p))) as [number, number, number, number];
  const valid =
    [south, west, north, east].every(Number.isFinite) &&
    south >= -90 &&
    north <= 90 &&
    west >= -180 &&
    east <= 180 &&
    south < north &&
    west < east;
  return valid ? { south, west, north, east } : null;
}

/** The URL form of an area, each bound rounded as parseMapArea reads it. */
export function formatMapArea(area: MapArea): string {
  return [area.south, area.west, area.north, area.east].map((v) => String(fixed(v))).join(",");
}

/** A map's bounds as an area, clamped to the globe (a map zoomed out shows more than one world). */
export function mapAreaOf(bounds: MapArea): MapArea | null {
  const clamp = (v: number, limit: number) => fixed(Math.min(limit, Math.max(-limit, v)));
  const area = { south: clamp(bounds.south, 90), west: clamp(bounds.west, 180), north: clamp(bounds.north, 90), east: clamp(bounds.east, 180) };
  return area.south < area.north && area.west < area.east ? area : null;
}
