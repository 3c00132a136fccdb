// The ad-code form's rules (spec section 5) and the ad codes' Italian messages, shared by the server
// (which decides) and the back office's pages (which show the same texts). Client-safe: no server
// code here.
import { z } from "zod";
import { AD_PAGE_TYPES, AD_PLACEMENTS } from "~/lib/enums";
import { singleLine } from "~/lib/text";

export const AD_CODE_LIMITS = {
  name: 120,
  /** An ad network's snippet is a few hundred characters; a long one with fallbacks a few thousand. */
  htmlCode: 20_000,
  /** Far above any real ordering, well inside PostgreSQL's integer. */
  priority: 1_000_000,
} as const;

/** Rows per page of /admin/adsense. */
export const ADMIN_AD_CODES_PAGE_SIZE = 20;

export const AD_CODE_MESSAGES = {
  // Spec section 5, word for word.
  required: "Nome e codice HTML sono obbligatori",
  // Spec section 8 names these messages without their text: ours.
  created: "Codice annuncio creato",
  updated: "Codice annuncio aggiornato",
  deleted: "Codice annuncio eliminato",
  loadError: "Errore nel caricamento dei codici",
  deleteError: "Errore durante l'eliminazione del codice",
  statusError: "Errore durante l'aggiornamento dello stato",
  saveError: "Errore durante il salvataggio del codice",
  // Ours.
  activated: "Codice annuncio attivato",
  deactivated: "Codice annuncio disattivato",
  notFound: "Codice annuncio non trovato",
  nameTooLong: `Il nome può contenere al massimo ${AD_CODE_LIMITS.name} caratteri`,
  htmlTooLong: `Il codice HTML può contenere al massimo ${AD_CODE_LIMITS.htmlCode.toLocaleString("it-IT")} caratteri`,
  priorityInvalid: "La priorità deve essere un numero intero maggiore o uguale a 0 (0 è la più alta)",
  priorityTooLarge: `La priorità può essere al massimo ${AD_CODE_LIMITS.priority.toLocaleString("it-IT")}`,
  placementInvalid: "Scegli una posizione valida",
  pageTypeInvalid: "Scegli un tipo di pagina valido",
} as const;

const M = AD_CODE_MESSAGES;

/** Spec section 5: a new code goes in the sidebar, on every page, active, with the highest priority. */
export const AD_CODE_DEFAULTS = { placementType: "sidebar", pageType: "all", isActive: true, priority: 0 } as const;

/** A field left out (or sent empty) takes its default; anything else must be one of the values. */
const enumWithDefault = <V extends string>(values: readonly [V, ...V[]], fallback: V, message: string) =>
  z
    .string()
    .optional()
    .transform((value) => (value === undefined || value.trim() === "" ? fallback : value.trim()))
    .pipe(z.enum(values, { error: message }));

/**
 * The form's fields as the server reads them. The HTML is kept as the admin wrote it (it is the one
 * place admin HTML runs, after marketing consent: DESIGN); only a blank one is refused. The form
 * sends a hidden isActive=false before its checkbox, so a field left out means the default (active).
 */
export const adCodeSchema = z.object({
  name: z.string({ error: M.required }).overwrite(singleLine).min(1, M.required).max(AD_CODE_LIMITS.name, M.nameTooLong),
  htmlCode: z
    .string({ error: M.required })
    .refine((value) => value.trim() !== "", M.required)
    .refine((value) => value.length <= AD_CODE_LIMITS.htmlCode, M.htmlTooLong),
  placementType: enumWithDefault(AD_PLACEMENTS.values, AD_CODE_DEFAULTS.placementType, M.placementInvalid),
  pageType: enumWithDefault(AD_PAGE_TYPES.values, AD_CODE_DEFAULTS.pageType, M.pageTypeInvalid),
  /** Left empty: 0, the default and highest priority. */
  priority: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || /^\d+$/.test(value), M.priorityInvalid)
    .refine((value) => !value || Number(value) <= AD_CODE_LIMITS.priority, M.priorityTooLarge)
    .transform((value) => (value ? Number(value) : AD_CODE_DEFAULTS.priority)),
  isActive: z
    .string()
    .optional()
    .transform((value) => (value === undefined ? AD_CODE_DEFAULTS.isActive : value === "on" || value === "true")),
});

export type AdCodeInput = z.output<typeof adCodeSchema>;
export type AdCodeField = keyof AdCodeInput;

export const AD_ACTIVE_FILTERS = ["all", "active", "inactive"] as const;
export type AdActiveFilter = (typeof AD_ACTIVE_FILTERS)[number];
export const AD_ACTIVE_FILTER_LABELS: Record<AdActiveFilter, string> = { all: "Tutti", active: "Solo attivi", inactive: "Solo inattivi" };

/** The list's query: an unknown value of a filter is dropped rather than refused (an old link). */
export const adCodeListQuerySchema = z.object({
  placement: z.enum(AD_PLACEMENTS.values).optional().catch(undefined),
  pageType: z.enum(AD_PAGE_TYPES.values).optional().catch(undefined),
  active: z.enum(AD_ACTIVE_FILTERS).catch("all").default("all"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1).default(1),
});

/** The list's query as it arrives (from the address): checked by adCodeListQuerySchema. */
export interface AdCodeListQuery {
  placement?: string;
  pageType?: string;
  active?: string;
  page?: number;
}

/** What the form shows: the saved code, the defaults, or what was posted when a save was refused. */
export interface AdCodeFormValues {
  name: string;
  htmlCode: string;
  placementType: string;
  pageType: string;
  priority: string;
  isActive: boolean;
}

export const EMPTY_AD_CODE_FORM: AdCodeFormValues = {
  name: "",
  htmlCode: "",
  placementType: AD_CODE_DEFAULTS.placementType,
  pageType: AD_CODE_DEFAULTS.pageType,
  priority: String(AD_CODE_DEFAULTS.priority),
  isActive: AD_CODE_DEFAULTS.isActive,
};

/** What was posted, as the form shows it again. */
export function adCodeFormValuesOf(fields: Record<string, string>): AdCodeFormValues {
  const text = (name: string) => (typeof fields[name] === "string" ? fields[name] : "");
  return {
    name: text("name"),
    htmlCode: text("htmlCode"),
    placementType: text("placementType") || AD_CODE_DEFAULTS.placementType,
    pageType: text("pageType") || AD_CODE_DEFAULTS.pageType,
    priority: text("priority"),
    isActive: fields.isActive === undefined ? AD_CODE_DEFAULTS.isActive : fields.isActive === "on" || fields.isActive === "true",
  };
}

/** The ?saved= of the list's address after a save, and the message it shows. */
export const SAVED_MESSAGES = { created: M.created, updated: M.updated } as const;
export type SavedKind = keyof typeof SAVED_MESSAGES;
