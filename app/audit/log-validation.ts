// /admin/registro's filters, limits and messages (decision 0108): one source for the page, its CSV
// and their tests. Read on the server and in the browser, so no server import here.
import { AUDIT_AREAS } from "~/lib/enums";
import { isUuid } from "~/lib/ids";

/** Records a page shows. */
export const AUDIT_PAGE_SIZE = 50;
/** Records the CSV reads from the database at a time (never the whole log at once). */
export const AUDIT_EXPORT_BATCH = 1000;
/** The longest item text searched. */
export const AUDIT_ITEM_MAX_LENGTH = 200;

export type AuditAreaValue = (typeof AUDIT_AREAS.values)[number];

export const AUDIT_LOG_MESSAGES = {
  badDate: (label: string) => `La data «${label}» non è valida: scrivila come gg/mm/aaaa (per esempio 28/11/2026).`,
  reversed: "La data «Al» non può essere precedente alla data «Dal».",
  filterError: "Controlla i filtri del registro.",
  empty: "Nessuna attività registrata.",
  emptyFiltered: "Nessuna attività corrisponde ai filtri.",
} as const;

/** The filters as the page and the CSV apply them: a value left out is no filter. */
export interface AuditFilters {
  actorId: string;
  area: AuditAreaValue | "";
  item: string;
  /** Europe/Rome days, YYYY-MM-DD */
  from: string;
  to: string;
}

export type AuditFilterField = "from" | "to";

export type AuditQuery =
  | { ok: true; filters: AuditFilters; before: number | null; after: number | null }
  | { ok: false; filters: AuditFilters; fieldErrors: Partial<Record<AuditFilterField, string>> };

const DAY_LABELS: Record<AuditFilterField, string> = { from: "Dal", to: "Al" };

/**
 * A day as a date field sends it (YYYY-MM-DD) or as a person types it where the browser has no date
 * picker (gg/mm/aaaa): YYYY-MM-DD, "" for none, null when it is no real day.
 */
export function parseDay(value: string): string | null {
  const text = value.trim();
  if (text === "") return "";
  let match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  let [year, month, day] = match ? [match[1], match[2], match[3]] : [];
  if (!match) {
    match = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(text);
    if (!match) return null;
    [day, month, year] = [match[1]!.padStart(2, "0"), match[2]!.padStart(2, "0"), match[3]];
  }
  const date = new Date(`${year}-${month}-${day}T00:00:00Z`);
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== `${year}-${month}-${day}`) return null;
  if (Number(year) < 2000 || Number(year) > 9999) return null;
  return `${year}-${month}-${day}`;
}

function cursor(value: string | null): number | null {
  if (!value || !/^\d{1,15}$/.test(value)) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/** The query string of the page or of the CSV, read: wrong days are the one error a person can make. */
export function readAuditQuery(params: URLSearchParams): AuditQuery {
  const area = params.get("area") ?? "";
  const actor = (params.get("actor") ?? "").trim().toLowerCase();
  const filters: AuditFilters = {
    actorId: isUuid(actor) ? actor : "",
    area: (AUDIT_AREAS.values as readonly string[]).includes(area) ? (area as AuditAreaValue) : "",
    item: (params.get("item") ?? "").trim().slice(0, AUDIT_ITEM_MAX_LENGTH),
    from: "",
    to: "",
  };
  const fieldErrors: Partial<Record<AuditFilterField, string>> = {};
  for (const field of ["from", "to"] as const) {
    const raw = params.get(field) ?? "";
    const day = parseDay(raw);
    if (day === null) {
      fieldErrors[field] = AUDIT_LOG_MESSAGES.badDate(DAY_LABELS[field]);
      // Kept as typed, so the field shows what was wrong.
      filters[field] = raw.slice(0, 20);
    } else {
      filters[field] = day;
    }
  }
  if (!fieldErrors.from && !fieldErrors.to && filters.from && filters.to && filters.to < filters.from) fieldErrors.to = AUDIT_LOG_MESSAGES.reversed;
  if (Object.keys(fieldErrors).length > 0) return { ok: false, filters, fieldErrors };
  return { ok: true, filters, before: cursor(params.get("before")), after: cursor(params.get("after")) };
}

/** The filters as a query string (the CSV link, the page links), without the cursors. */
export function auditFilterParams(filters: AuditFilters): URLSearchParams {
  const params = new URLSearchParams();
  if (filters.actorId) params.set("actor", filters.actorId);
  if (filters.area) params.set("area", filters.area);
  if (filters.item) params.set("item", filters.item);
  if (filters.from) params.set("from", filters.from);
  if (filters.to) params.set("to", filters.to);
  return params;
}

/** The CSV's file name for a day (YYYY-MM-DD, Rome). */
export function auditCsvFilename(day: string): string {
  return `registro-attivita-${day}.csv`;
}
