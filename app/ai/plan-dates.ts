// When the items of an editorial plan are due (spec §9): spread evenly across each week, at 10:00
// Europe/Rome, from the start date. Wall-clock arithmetic on calendar dates, then one conversion to
// an instant per item, so a week that crosses a DST change still lands at 10:00.
import { romeDate, romeInstant as romeWallClockInstant } from "~/lib/rome-time";
import { AI_LIMITS } from "./messages";

/** Today's date in Rome, YYYY-MM-DD. */
export function romeToday(now = new Date()): string {
  return romeDate(now);
}

/** The instant of a wall-clock time in Rome on a day ("YYYY-MM-DD"). */
export function romeInstant(day: string, hour: number, minute = 0): Date {
  const [y, mo, d] = day.split("-").map(Number) as [number, number, number];
  return romeWallClockInstant({ y, mo, d, h: hour, mi: minute, s: 0 });
}

/** A calendar date plus some days ("YYYY-MM-DD"). */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whether the text is a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(text: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(text)) return false;
  return addDays(text, 0) === text;
}

/** How many items a plan gets: all of them up to the cap (spec §9: only the first 10). */
export function planItemCount(articlesPerWeek: number, weeks: number): number {
  return Math.min(articlesPerWeek * weeks, AI_LIMITS.planMaxItems);
}

/**
 * The dates of the first `count` items: item i is in week ⌊i / perWeek⌋, on day ⌊k·7 / perWeek⌋ of
 * that week (k its rank in the week), so a week's items are evenly spaced from its first day.
 */
export function planDates(startDate: string, articlesPerWeek: number, count: number): Date[] {
  const dates: Date[] = [];
  for (let i = 0; i < count; i += 1) {
    const week = Math.floor(i / articlesPerWeek);
    const rank = i % articlesPerWeek;
    const offset = week * 7 + Math.floor((rank * 7) / articlesPerWeek);
    dates.push(romeInstant(addDays(startDate, offset), AI_LIMITS.planHour));
  }
  return dates;
}
