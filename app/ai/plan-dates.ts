// When the items of an editorial plan are due (spec §9): spread evenly across each week, at 10:00
// Europe/Rome, from the start date. Wall-clock arithmetic on calendar dates, then one conversion to
// an instant per item, so a week that crosses a DST change still lands at 10:00.
import { AI_LIMITS } from "./messages";

const TIME_ZONE = "Europe/Rome";
const PARTS = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** Today's date in Rome, YYYY-MM-DD. */
export function romeToday(now = new Date()): string {
  const p = Object.fromEntries(PARTS.formatToParts(now).map((x) => [x.type, x.value]));
  return `${p.year}-${p.month}-${p.day}`;
}

/** Rome's offset from UTC at an instant, in minutes. */
function romeOffsetMinutes(instant: number): number {
  const p = Object.fromEntries(PARTS.formatToParts(new Date(instant)).map((x) => [x.type, Number(x.value)]));
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return Math.round((asUtc - instant) / 60_000);
}

/** The instant of a wall-clock time in Rome on a day ("YYYY-MM-DD"). */
export function romeInstant(day: string, hour: number, minute = 0): Date {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  const wall = Date.UTC(y, m - 1, d, hour, minute);
  // The offset at the guess, then again at the corrected instant (both sides of a DST change).
  let instant = wall - romeOffsetMinutes(wall) * 60_000;
  instant = wall - romeOffsetMinutes(instant) * 60_000;
  return new Date(instant);
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
