// What Italian law asks of a pet listing, as pure rules (no server code: the form uses them too).
// The texts behind them are cited in docs/decisions/0088 and on /legal-pets-info; what the form asks
// when, and why, is docs/decisions/0085.
//   - identification code: D.Lgs. 135/2022 art. 11 (the ad carries the microchip code, or the
//     mother's for a litter), ISO 11784/11785 (15 digits; Italian codes begin with 380);
//   - age: Accordo Stato-Regioni 24 January 2013 and regional laws (no dog or cat under 60 days);
//   - seller: partita IVA and codice fiscale with their official check characters (DM 23/12/1976).
import { romeDate } from "~/lib/rome-time";

/** Dogs and cats may not change hands before this many days of life. */
export const MIN_AGE_DAYS = 60;

/** Pet types whose listings carry a birth date instead of a free-text age. */
export const PET_TYPES_WITH_BIRTH_DATE = ["dog", "cat"] as const;

/** The Italian country code of ISO 11784 (shown as a hint; any country's code is accepted). */
export const ITALIAN_MICROCHIP_PREFIX = "380";

/**
 * Breeds of the catalogue that are no breed at all: a sale of a "Meticcio" names no breed, so it is
 * not asked about a pedigree (D.Lgs. 529/1992 is about selling an animal *as of a breed*).
 */
export const MIXED_BREED_NAMES = ["Meticcio"] as const;

// --- Identification code ----------------------------------------------------------------------

/** The code as typed, without the spaces, dots and dashes people copy from a passport. */
export function normalizeMicrochip(text: string): string {
  return text.replace(/[\s.-]/g, "");
}

/** An ISO 11784/11785 code: exactly 15 digits (any country code, so a dog chipped abroad can be listed). */
export function isMicrochipCode(code: string): boolean {
  return /^\d{15}$/.test(code);
}

// --- Partita IVA and codice fiscale ----------------------------------------------------------

/** The check digit of the first ten digits of a partita IVA (Luhn: every second digit doubled). */
function vatCheckDigit(digits: string): number {
  let sum = 0;
  for (let i = 0; i < 10; i++) {
    let d = Number(digits[i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return (10 - (sum % 10)) % 10;
}

/** A partita IVA: 11 digits, the last one the check digit of the others; never all zeros. */
export function isVatNumber(text: string): boolean {
  if (!/^\d{11}$/.test(text) || /^0+$/.test(text)) return false;
  return vatCheckDigit(text) === Number(text[10]);
}

/** The partita IVA as typed, without spaces and an "IT" in front. */
export function normalizeVatNumber(text: string): string {
  return text.replace(/\s/g, "").replace(/^IT/i, "");
}

// The values of the characters of a personal codice fiscale in odd positions (1st, 3rd, …), from
// the decree; in even positions a digit counts as itself and a letter as its place in the alphabet.
const ODD_VALUES = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

function characterIndex(c: string): number {
  return c >= "0" && c <= "9" ? c.charCodeAt(0) - 48 : c.charCodeAt(0) - 65;
}

// Letters L…V stand for digits in the codes of people born the same day in the same place (omocodia).
const DIGIT_OR_OMOCODE = "[0-9LMNPQRSTUV]";
const PERSONAL_CODE = new RegExp(`^[A-Z]{6}${DIGIT_OR_OMOCODE}{2}[A-EHLMPR-T]${DIGIT_OR_OMOCODE}{2}[A-Z]${DIGIT_OR_OMOCODE}{3}[A-Z]$`);

/** A 16-character personal codice fiscale whose last letter is its check character. */
function isPersonalFiscalCode(code: string): boolean {
  if (!PERSONAL_CODE.test(code)) return false;
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = code[i]!;
    // Position i + 1 is odd when i is even.
    sum += i % 2 === 0 ? ODD_VALUES[characterIndex(c)]! : characterIndex(c);
  }
  return String.fromCharCode(65 + (sum % 26)) === code[15];
}

/**
 * An association's codice fiscale: 11 digits with the partita IVA's check digit (the usual case: an
 * entity's number), or a 16-character personal code with its check letter (a volunteer's).
 */
export function isFiscalCode(text: string): boolean {
  return /^\d{11}$/.test(text) ? isVatNumber(text) : isPersonalFiscalCode(text);
}

export function normalizeFiscalCode(text: string): string {
  return text.replace(/\s/g, "").toUpperCase();
}

// --- Birth date and age ----------------------------------------------------------------------

/** A birth date as the form gives it: a day, or only a month (stored as its first day). */
export interface BirthDate {
  /** YYYY-MM-DD; with `monthOnly`, the first day of the month */
  date: string;
  monthOnly: boolean;
}

const pad = (n: number) => String(n).padStart(2, "0");

function isRealDate(y: number, m: number, d: number): boolean {
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d;
}

/** A full date typed as 2026-09-14 (the date field) or 14/09/2026 (typed by hand); null otherwise. */
export function parseBirthDay(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(t);
  const it = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(t);
  const [y, m, d] = iso ? [Number(iso[1]), Number(iso[2]), Number(iso[3])] : it ? [Number(it[3]), Number(it[2]), Number(it[1])] : [0, 0, 0];
  return y && isRealDate(y, m, d) ? `${y}-${pad(m)}-${pad(d)}` : null;
}

/** A month typed as 2026-09 (the month field) or 09/2026 (browsers without one); its first day, or null. */
export function parseBirthMonth(text: string): string | null {
  const t = text.trim();
  const iso = /^(\d{4})-(\d{1,2})$/.exec(t);
  const it = /^(\d{1,2})[/.-](\d{4})$/.exec(t);
  const [y, m] = iso ? [Number(iso[1]), Number(iso[2])] : it ? [Number(it[2]), Number(it[1])] : [0, 0];
  return y && m >= 1 && m <= 12 ? `${y}-${pad(m)}-01` : null;
}

function utcDays(date: string): number {
  const [y, m, d] = date.split("-").map(Number) as [number, number, number];
  return Date.UTC(y, m - 1, d) / 86_400_000;
}

/**
 * The latest day the animal can have been born: the day itself, or the last day of the month when
 * only the month is known. Age is counted from it, so that the 60-day rule is never passed by an
 * animal that could still be younger (decision 0085).
 */
export function youngestBirthDay(birth: BirthDate): string {
  if (!birth.monthOnly) return birth.date;
  const [y, m] = birth.date.split("-").map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  return `${y}-${pad(m)}-${pad(last)}`;
}

/** Whole days of life on `today` (YYYY-MM-DD, Rome's date by default), counted from the youngest reading. */
export function ageInDays(birth: BirthDate, today: string = romeDate()): number {
  return utcDays(today) - utcDays(youngestBirthDay(birth));
}

/** Whole calendar months from the youngest birth day to `today` (a month is complete on the same day of the month). */
export function ageInMonths(birth: BirthDate, today: string = romeDate()): number {
  const [by, bm, bd] = youngestBirthDay(birth).split("-").map(Number) as [number, number, number];
  const [ty, tm, td] = today.split("-").map(Number) as [number, number, number];
  let months = (ty - by) * 12 + (tm - bm);
  // Born on the 31st: on the 30th of a 30-day month the month is complete.
  const lastOfThisMonth = new Date(Date.UTC(ty, tm, 0)).getUTCDate();
  if (td < Math.min(bd, lastOfThisMonth)) months -= 1;
  return Math.max(0, months);
}

/** Old enough to change hands: at least 60 days on `today`. */
export function isOldEnoughToCede(birth: BirthDate, today: string = romeDate()): boolean {
  return ageInDays(birth, today) >= MIN_AGE_DAYS;
}

/** The age as cards and the listing page show it: "45 giorni", "2 mesi", "1 anno", "1 anno e 3 mesi". */
export function ageText(birth: BirthDate, today: string = romeDate()): string {
  const months = ageInMonths(birth, today);
  if (months < 1) {
    const days = Math.max(0, ageInDays(birth, today));
    return days === 1 ? "1 giorno" : `${days} giorni`;
  }
  const years = Math.floor(months / 12);
  const rest = months % 12;
  const monthsText = rest === 1 ? "1 mese" : `${rest} mesi`;
  if (years === 0) return monthsText;
  const yearsText = years === 1 ? "1 anno" : `${years} anni`;
  return rest === 0 ? yearsText : `${yearsText} e ${monthsText}`;
}

/** A stored birth date (the `birth_date` column and its month-only flag) as the rules read it. */
export function birthOf(row: { birthDate: string | null; birthMonthOnly: boolean }): BirthDate | null {
  return row.birthDate ? { date: row.birthDate, monthOnly: row.birthMonthOnly } : null;
}

/** The oldest birth year the form accepts: a typo, not a pet, past it. */
export const OLDEST_BIRTH_YEARS = 40;

/** A birth date that is neither in the future nor implausibly old on `today`. */
export function isPlausibleBirth(birth: BirthDate, today: string = romeDate()): boolean {
  // A month-only date is its first day: this month is plausible (the 60-day rule refuses it).
  return birth.date <= today && Number(birth.date.slice(0, 4)) >= Number(today.slice(0, 4)) - OLDEST_BIRTH_YEARS;
}

// --- What a listing must carry ----------------------------------------------------------------

export function hasBirthDate(petType: string): boolean {
  return (PET_TYPES_WITH_BIRTH_DATE as readonly string[]).includes(petType);
}

/** A breed name that names a breed (not empty, not "Meticcio"). */
export function namesBreed(breed: string | null | undefined): boolean {
  return Boolean(breed) && !(MIXED_BREED_NAMES as readonly string[]).some((name) => name.toLowerCase() === breed!.trim().toLowerCase());
}

/** A sale of a dog or a cat of a named breed: the form asks about the pedigree (ENCI/ANFI). */
export function asksPedigree(listing: { listingType: string; petType: string; breed: string | null | undefined }): boolean {
  return listing.listingType === "sale" && hasBirthDate(listing.petType) && namesBreed(listing.breed);
}
