// Italian wall-clock time (Europe/Rome), the one place it is converted: a scheduled date typed in a
// form, an editorial plan's 10:00, "today" for a start date. Client-safe (Intl only), and right on
// both sides of a daylight-saving change.

export const ROME_TIME_ZONE = "Europe/Rome";

export interface WallClock {
  y: number;
  /** 1-12 */
  mo: number;
  d: number;
  h: number;
  mi: number;
  s: number;
}

const PARTS = new Intl.DateTimeFormat("en-GB", {
  timeZone: ROME_TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  second: "2-digit",
  hourCycle: "h23",
});

/** What a clock in Rome shows at an instant. */
export function romeWallClock(date: Date): WallClock {
  const p = Object.fromEntries(PARTS.formatToParts(date).map((part) => [part.type, part.value]));
  return { y: +p.year!, mo: +p.month!, d: +p.day!, h: +p.hour!, mi: +p.minute!, s: +p.second! };
}

/** Rome's offset from UTC at an instant, in milliseconds (+1 h in winter, +2 h in summer). */
function romeOffsetMs(instant: number): number {
  const w = romeWallClock(new Date(instant));
  return Date.UTC(w.y, w.mo - 1, w.d, w.h, w.mi, w.s) - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant a wall-clock time in Rome names. A time skipped by the spring change (02:30 on that
 * Sunday) is read one hour later.
 */
export function romeInstant({ y, mo, d, h, mi, s }: WallClock): Date {
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  // Twice: the offset at the first guess may differ from the one at the result (near a change).
  let instant = wall - romeOffsetMs(wall);
  instant = wall - romeOffsetMs(instant);
  return new Date(instant);
}

const pad = (n: number) => String(n).padStart(2, "0");

/** The calendar date in Rome at an instant, YYYY-MM-DD (today by default). */
export function romeDate(now: Date = new Date()): string {
  const w = romeWallClock(now);
  return `${w.y}-${pad(w.mo)}-${pad(w.d)}`;
}

/** The `datetime-local` form value of an instant in Rome ("2026-12-01T09:30"). */
export function romeDateTimeInput(date: Date): string {
  const w = romeWallClock(date);
  return `${w.y}-${pad(w.mo)}-${pad(w.d)}T${pad(w.h)}:${pad(w.mi)}`;
}
