import { describe, expect, it } from "vitest";
import { formatMapArea, mapAreaOf, parseMapArea } from "./map-area";

describe("the map's area in the URL", () => {
  it("writes what it reads, four decimals at most", () => {
    const area = { south: 45.123456, west: 8.9, north: 45.65, east: 9.40004 };
    expect(formatMapArea(area)).toBe("45.1235,8.9,45.65,9.4");
    expect(parseMapArea(formatMapArea(area))).toEqual({ south: 45.1235, west: 8.9, north: 45.65, east: 9.4 });
    expect(parseMapArea(null)).toBeUndefined();
    expect(parseMapArea("  ")).toBeUndefined();
  });

  it("turns a map's bounds into an area clamped to the globe, or nothing when no box is left", () => {
    expect(mapAreaOf({ south: -120, west: -400.5, north: 95, east: 190 })).toEqual({ south: -90, west: -180, north: 90, east: 180 });
    expect(mapAreaOf({ south: 41.83561, west: 12.33, north: 41.97, east: 12.66 })).toEqual({ south: 41.8356, west: 12.33, north: 41.97, east: 12.66 });
    expect(mapAreaOf({ south: 41.90001, west: 12, north: 41.90002, east: 13 })).toBeNull();
  });
});
