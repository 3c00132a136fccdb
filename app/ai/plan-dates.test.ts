// Plan dates: 10:00 in Rome on each item's day, whatever the season (the offset changes at the
// end of March and October), spread evenly across each week.
import { describe, expect, it } from "vitest";
import { addDays, isCalendarDate, planDates, planItemCount, romeInstant, romeToday } from "./plan-dates";

describe("plan dates", () => {
  it("puts 10:00 Rome at 09:00 UTC in winter and 08:00 UTC in summer", () => {
    expect(romeInstant("2026-01-15", 10).toISOString()).toBe("2026-01-15T09:00:00.000Z");
    expect(romeInstant("2026-07-15", 10).toISOString()).toBe("2026-07-15T08:00:00.000Z");
  });

  it("keeps 10:00 on both sides of a DST change inside one week", () => {
    // Summer time starts on Sunday 29 March 2026, ends on Sunday 25 October 2026.
    const spring = planDates("2026-03-27", 7, 7).map((d) => d.toISOString());
    expect(spring[0]).toBe("2026-03-27T09:00:00.000Z");
    expect(spring[2]).toBe("2026-03-29T08:00:00.000Z");
    expect(spring[6]).toBe("2026-04-02T08:00:00.000Z");
    const autumn = planDates("2026-10-24", 2, 2).map((d) => d.toISOString());
    expect(autumn).toEqual(["2026-10-24T08:00:00.000Z", "2026-10-27T09:00:00.000Z"]);
  });

  it("spreads each week's items evenly from the start date, week after week", () => {
    const days = (perWeek: number, count: number) =>
      planDates("2026-12-01", perWeek, count).map((d) => d.toISOString().slice(0, 10));
    expect(days(1, 3)).toEqual(["2026-12-01", "2026-12-08", "2026-12-15"]);
    expect(days(2, 4)).toEqual(["2026-12-01", "2026-12-04", "2026-12-08", "2026-12-11"]);
    expect(days(3, 3)).toEqual(["2026-12-01", "2026-12-03", "2026-12-05"]);
    expect(days(7, 7)).toEqual(["2026-12-01", "2026-12-02", "2026-12-03", "2026-12-04", "2026-12-05", "2026-12-06", "2026-12-07"]);
  });

  it("caps a plan at 10 items", () => {
    expect(planItemCount(3, 4)).toBe(10);
    expect(planItemCount(10, 12)).toBe(10);
    expect(planItemCount(2, 3)).toBe(6);
  });

  it("knows real calendar dates and Rome's today", () => {
    expect(isCalendarDate("2026-02-28")).toBe(true);
    expect(isCalendarDate("2026-02-29")).toBe(false);
    expect(isCalendarDate("28/02/2026")).toBe(false);
    expect(addDays("2026-12-31", 1)).toBe("2027-01-01");
    // 23:30 UTC on 31 December is already 1 January in Rome.
    expect(romeToday(new Date("2026-12-31T23:30:00Z"))).toBe("2027-01-01");
  });
});
