import { describe, expect, it } from "vitest";
import { romeDate, romeDateTimeInput, romeInstant, romeWallClock } from "./rome-time";

describe("Rome wall-clock time", () => {
  it("reads 10:00 as 09:00 UTC in winter and 08:00 UTC in summer", () => {
    expect(romeInstant({ y: 2026, mo: 1, d: 15, h: 10, mi: 0, s: 0 }).toISOString()).toBe("2026-01-15T09:00:00.000Z");
    expect(romeInstant({ y: 2026, mo: 7, d: 15, h: 10, mi: 0, s: 0 }).toISOString()).toBe("2026-07-15T08:00:00.000Z");
  });

  it("is right on both days of a clock change", () => {
    // 29 March 2026: 02:00 → 03:00. 25 October 2026: 03:00 → 02:00.
    expect(romeInstant({ y: 2026, mo: 3, d: 29, h: 10, mi: 0, s: 0 }).toISOString()).toBe("2026-03-29T08:00:00.000Z");
    expect(romeInstant({ y: 2026, mo: 3, d: 29, h: 0, mi: 30, s: 0 }).toISOString()).toBe("2026-03-28T23:30:00.000Z");
    expect(romeInstant({ y: 2026, mo: 10, d: 25, h: 10, mi: 0, s: 0 }).toISOString()).toBe("2026-10-25T09:00:00.000Z");
    // A time the spring change skips is read one hour later.
    expect(romeInstant({ y: 2026, mo: 3, d: 29, h: 2, mi: 30, s: 0 }).toISOString()).toBe("2026-03-29T01:30:00.000Z");
  });

  it("gives the date and the form value Rome shows, across midnight", () => {
    const lateUtc = new Date("2026-11-24T23:30:00Z");
    expect(romeDate(lateUtc)).toBe("2026-11-25");
    expect(romeDateTimeInput(lateUtc)).toBe("2026-11-25T00:30");
    expect(romeWallClock(new Date("2026-06-30T21:59:30Z"))).toEqual({ y: 2026, mo: 6, d: 30, h: 23, mi: 59, s: 30 });
  });
});
