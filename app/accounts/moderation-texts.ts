// A person's page in the back office (/admin/users/:id, decision 0110): the Italian texts, limits
// and form rules of suspending, reinstating and erasing an account, shared by the page and the
// server (client-safe: no server code here).
import { z } from "zod";
import { DELETION_CONFIRMATION } from "./gdpr-validation";

/** The reason of a suspension or a reinstatement: mailed to the person, so a sentence at least. */
export const MODERATION_REASON_MIN_LENGTH = 10;
export const MODERATION_REASON_MAX_LENGTH = 1000;

/** How many of each kind of item (listings, entries, reports, conversations) the page lists. */
export const PERSON_PAGE_LATEST = 5;

export { DELETION_CONFIRMATION };

/** What /admin/users says after an erasure from a person's page. */
export const ERASED_NOTICE = "L'account è stato eliminato con tutti i suoi dati.";

/** The person's page in the back office. */
export const personPath = (id: string) => `/admin/users/${id}`;

export const USER_MODERATION_MESSAGES = {
  notFound: "Utente non trovato",
  reasonRequired: "Scrivi il motivo: la persona lo riceverà per email",
  reasonTooShort: `Il motivo deve contenere almeno ${MODERATION_REASON_MIN_LENGTH} caratteri`,
  reasonTooLong: `Il motivo può contenere al massimo ${MODERATION_REASON_MAX_LENGTH} caratteri`,
  notYourself: "Non puoi sospendere o eliminare il tuo account da qui",
  notAnAdmin: "Non puoi sospendere un amministratore: togligli prima il ruolo di amministratore",
  suspended: "Account sospeso: la persona non può più accedere e i suoi annunci e le sue partecipazioni non sono più visibili. Le abbiamo scritto il motivo.",
  alreadySuspended: "L'account è già sospeso",
  reinstated: "Account riattivato: la persona può di nuovo accedere e i suoi annunci sono di nuovo visibili. Le abbiamo scritto.",
  notSuspended: "L'account non è sospeso",
  suspendError: "Non è stato possibile sospendere l'account. Riprova.",
  reinstateError: "Non è stato possibile riattivare l'account. Riprova.",
  confirmationRequired: `Per confermare scrivi ${DELETION_CONFIRMATION} nel campo di conferma`,
  lastAdmin: "Non puoi eliminare l'ultimo amministratore: deve restarne almeno uno",
  erased: (name: string) => `L'account di ${name} e tutti i suoi dati sono stati eliminati`,
  eraseError: "Non è stato possibile eliminare l'account. Riprova tra qualche minuto.",
  /** What a suspended account is told when it tries to sign in (any way: password, single sign-on, code). */
  signInRefused: "Il tuo account è sospeso: non puoi accedere. Ti abbiamo scritto per email il motivo; per chiarimenti scrivici dalla pagina Contatti.",
  /** What a suspended account is told if it tries to publish (its sessions are revoked, so only a race gets here). */
  publishRefused: "Il tuo account è sospeso: non puoi pubblicare annunci né partecipare ai concorsi.",
} as const;

const M = USER_MODERATION_MESSAGES;

/** The reason field of both forms: required, trimmed, bounded. */
export const moderationReasonSchema = z
  .string({ error: M.reasonRequired })
  .trim()
  .min(1, M.reasonRequired)
  .min(MODERATION_REASON_MIN_LENGTH, M.reasonTooShort)
  .max(MODERATION_REASON_MAX_LENGTH, M.reasonTooLong);

export const suspensionFormSchema = z.object({ reason: moderationReasonSchema });

/** The erasure's confirmation: the word typed, in any case. */
export const erasureFormSchema = z.object({
  confirmation: z
    .string({ error: M.confirmationRequired })
    .trim()
    .refine((value) => value.toUpperCase() === DELETION_CONFIRMATION, M.confirmationRequired),
});
