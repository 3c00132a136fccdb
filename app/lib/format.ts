// Dates and numbers as Italians read them (DESIGN conventions): it-IT, Europe/Rome.
const LONG_DATE = new Intl.DateTimeFormat("it-IT", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Rome" });
const LONG_DATE_TIME = new Intl.DateTimeFormat("it-IT", { dateStyle: "long", timeStyle: "short", timeZone: "Europe/Rome" });
const NUMBER = new Intl.NumberFormat("it-IT");
const EURO = new Intl.NumberFormat("it-IT", { style: "currency", currency: "EUR" });

type DateLike = Date | string | number;

export function formatDateLong(value: DateLike): string {
  return LONG_DATE.format(new Date(value));
}

/** "12 marzo 2026 alle ore 14:05" (Europe/Rome). */
export function formatDateTimeLong(value: DateLike): string {
  return LONG_DATE_TIME.format(new Date(value));
}

export function formatNumber(value: number): string {
  return NUMBER.format(value);
}

/** Prices: "1.250,00 €". */
export function formatEuro(value: number): string {
  return EURO.format(value);
}

/** ISO 8601 for machine-readable dates (datetime attributes, JSON-LD, sitemaps). */
export function isoDate(value: DateLike): string {
  return new Date(value).toISOString();
}
