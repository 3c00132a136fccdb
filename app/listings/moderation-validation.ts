// /admin/pet-listings and /admin/reports: the Italian texts and input rules of the listings'
// moderation and of the reports' handling, shared by the pages and the server (client-safe: no
// server code here).
import { z } from "zod";
import { APPEAL_STATUSES, LISTING_STATUSES, REPORT_STATUSES, SUSPENSION_RULES } from "~/lib/enums";
import type { ListingStatus } from "./visibility";

export type ReportStatus = (typeof REPORT_STATUSES.values)[number];
export type SuspensionRule = (typeof SUSPENSION_RULES.values)[number];
export type AppealStatus = (typeof APPEAL_STATUSES.values)[number];

/** Rows per page of both lists. */
export const MODERATION_PAGE_SIZE = 20;
/** A search longer than this is cut: no title, city or e-mail is longer (DESIGN [9]). */
export const MODERATION_SEARCH_MAX_LENGTH = 200;
/**
 * The listings' matching count stops here (shown as "oltre 1.000"): counting a broad search over
 * the whole catalogue would read every row for a number nobody needs exactly (decisions 0049, 0050).
 */
export const LISTING_COUNT_CAP = 1_000;
export const SUSPENSION_REASON_MAX_LENGTH = 1_000;
export const ADMIN_NOTES_MAX_LENGTH = 5_000;

const label = (status: ListingStatus) => LISTING_STATUSES.labels[status].toLowerCase();

export const LISTING_MODERATION_MESSAGES = {
  // Spec section 8, word for word.
  updateError: "Errore durante l'aggiornamento dell'annuncio",
  deleteError: "Errore durante l'eliminazione dell'annuncio",
  // Ours.
  notFound: "Annuncio non trovato",
  invalidAction: "Operazione non valida",
  suspended: "Annuncio sospeso: non è più visibile sul sito",
  reactivated: "Annuncio riattivato: è di nuovo visibile sul sito",
  reactivatedWithheld: "Sospensione tolta, ma l'annuncio resta ritirato: l'account del proprietario è sospeso. Tornerà visibile quando l'account sarà riattivato",
  deleted: "Annuncio eliminato",
  reasonTooLong: "Il motivo può contenere al massimo 1.000 caratteri",
  ruleRequired: "Scegli la regola violata dall'annuncio",
  reasonRequired: "Con la regola «Altro» scrivi il motivo della sospensione",
  empty: "Nessun annuncio trovato",
} as const;

/** A suspend or reactivate that the listing's current status does not allow (a stale page, a second admin). */
export function suspendConflict(current: ListingStatus): string {
  return `${LISTING_MODERATION_MESSAGES.updateError}: solo un annuncio attivo può essere sospeso (ora è ${label(current)}).`;
}
export function reactivateConflict(current: ListingStatus): string {
  return `${LISTING_MODERATION_MESSAGES.updateError}: solo un annuncio sospeso può essere riattivato (ora è ${label(current)}).`;
}

export const REPORT_MODERATION_MESSAGES = {
  // Spec section 8 and the screen, word for word.
  updated: "Stato aggiornato con successo",
  deleted: "Segnalazione eliminata con successo",
  updateError: "Errore durante l'aggiornamento",
  deleteError: "Errore durante l'eliminazione",
  empty: "Nessuna segnalazione trovata",
  listingGone: "Annuncio eliminato",
  // Ours.
  notFound: "Segnalazione non trovata",
  notFoundDetail: "La segnalazione non esiste o è stata eliminata.",
  invalidAction: "Operazione non valida",
  statusInvalid: "Scegli uno stato valido: revisionata, risolta o respinta",
  notesTooLong: "Le note possono contenere al massimo 5.000 caratteri",
  deleteQuestion: "Vuoi eliminare definitivamente questa segnalazione?",
} as const;

/** The query of /admin/pet-listings: search, status filter and page. */
export const listingModerationQuerySchema = z.object({
  q: z
    .string()
    .catch("")
    .transform((q) => q.trim().slice(0, MODERATION_SEARCH_MAX_LENGTH)),
  status: z.enum(LISTING_STATUSES.values).optional().catch(undefined),
  /** "Contestazioni": only the listings whose owner's appeal waits for a decision */
  appeals: z.literal("pending").optional().catch(undefined),
  page: z.coerce.number().int().min(1).catch(1),
});
export type ListingModerationQuery = z.infer<typeof listingModerationQuerySchema>;

export const suspensionReasonSchema = z
  .string()
  .optional()
  .transform((value) => (value ?? "").trim())
  .pipe(z.string().max(SUSPENSION_REASON_MAX_LENGTH, LISTING_MODERATION_MESSAGES.reasonTooLong))
  .transform((value) => value || null);

/**
 * A suspension's statement of reasons (decision 0087): the rule broken, required, and the admin's
 * words, optional except with "Altro", where the rule alone would tell the owner nothing.
 */
export const suspensionSchema = z
  .object({
    rule: z.enum(SUSPENSION_RULES.values, { error: LISTING_MODERATION_MESSAGES.ruleRequired }),
    reason: suspensionReasonSchema,
  })
  .refine(({ rule, reason }) => rule !== "other" || reason !== null, { message: LISTING_MODERATION_MESSAGES.reasonRequired, path: ["reason"] });
export type SuspensionInput = { rule?: string | null; reason?: string | null };

// --- Appeals (decision 0087) ----------------------------------------------------------------------

export const APPEAL_TEXT_MAX_LENGTH = 2_000;
export const APPEAL_NOTE_MAX_LENGTH = 2_000;

export const APPEAL_MESSAGES = {
  textRequired: "Scrivi perché contesti la decisione",
  textTooLong: "Il testo può contenere al massimo 2.000 caratteri",
  noteTooLong: "La nota può contenere al massimo 2.000 caratteri",
  notFound: "Annuncio non trovato",
  forbidden: "Puoi contestare solo la sospensione dei tuoi annunci",
  notSuspended: "Puoi contestare la decisione solo mentre l'annuncio è sospeso",
  alreadyAppealed: "Hai già contestato questa sospensione: la redazione ti risponderà per e-mail",
  sent: "Contestazione inviata: la redazione la esaminerà e ti risponderà per e-mail",
  saveError: "Errore durante l'invio della contestazione",
  appealNotFound: "Contestazione non trovata",
  decisionInvalid: "Scegli una decisione: riattivare l'annuncio o confermare la sospensione",
  reversed: "Contestazione accolta: l'annuncio è di nuovo visibile",
  upheld: "Contestazione respinta: la sospensione è confermata",
  decideError: "Errore durante la decisione sulla contestazione",
} as const;

/** An appeal already decided (a second admin, a stale page), with what was decided. */
export function alreadyDecided(status: AppealStatus): string {
  return `Questa contestazione è già stata decisa: ${APPEAL_STATUSES.labels[status].toLowerCase()}.`;
}

/** The owner's text: required, at most 2,000 characters once trimmed. */
export const appealTextSchema = z
  .string({ error: APPEAL_MESSAGES.textRequired })
  .transform((value) => value.trim())
  .pipe(z.string().min(1, APPEAL_MESSAGES.textRequired).max(APPEAL_TEXT_MAX_LENGTH, APPEAL_MESSAGES.textTooLong));

/** What an admin decides: reverse (the listing is active again) or uphold, with an optional note to the owner. */
export const APPEAL_DECISIONS = ["reverse", "uphold"] as const;
export type AppealDecision = (typeof APPEAL_DECISIONS)[number];
export const appealDecisionSchema = z.object({
  decision: z.enum(APPEAL_DECISIONS, { error: APPEAL_MESSAGES.decisionInvalid }),
  note: z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().max(APPEAL_NOTE_MAX_LENGTH, APPEAL_MESSAGES.noteTooLong))
    .transform((value) => value || null),
});
export type AppealDecisionInput = { decision?: string | null; note?: string | null };

/** The filter buttons of /admin/reports: every status, or "all" (no parameter). */
/**
 * The reports the automatic checks of listings file (decision 0086): a photo or an identification
 * code already on another account's listing. The back office calls these listings "segnalati dai
 * controlli" (decision 0111); the scam-message check reports conversations, not listings.
 */
export const LISTING_CHECKS = ["duplicate_photo", "duplicate_code"] as const;

/** The notice over the reports list filtered to the listing checks' reports. */
export const AUTOMATIC_ORIGIN_NOTICE = "Solo gli annunci segnalati dai controlli automatici (foto o codice già usati da un altro account).";

export const reportListQuerySchema = z.object({
  status: z.enum(REPORT_STATUSES.values).optional().catch(undefined),
  /** only the reports of the automatic checks of listings (LISTING_CHECKS) */
  origin: z.literal("automatic").optional().catch(undefined),
  page: z.coerce.number().int().min(1).catch(1),
  id: z.string().optional().catch(undefined),
});
export type ReportListQuery = z.infer<typeof reportListQuerySchema>;

/** What an admin may set (spec section 4): reviewed, resolved or dismissed, from any state. */
export const ADMIN_REPORT_STATUSES = ["reviewed", "resolved", "dismissed"] as const satisfies readonly ReportStatus[];
export type AdminReportStatus = (typeof ADMIN_REPORT_STATUSES)[number];

export const reportUpdateSchema = z.object({
  status: z.enum(ADMIN_REPORT_STATUSES, { error: REPORT_MODERATION_MESSAGES.statusInvalid }),
  adminNotes: z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().max(ADMIN_NOTES_MAX_LENGTH, REPORT_MODERATION_MESSAGES.notesTooLong))
    .transform((value) => value || null),
});
export type ReportUpdate = z.input<typeof reportUpdateSchema>;
