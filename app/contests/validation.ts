// The contest entry form's rules and the contests' Italian messages: the server validates with
// these and the pages show the same texts. Client-safe: no server code here.
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access-messages";
import { z } from "zod";
import { parseRomeDateTime, toRomeDateTimeInput } from "~/articles/validation";
import { CONTEST_PET_TYPES, CONTEST_STATUSES, PET_TYPES } from "~/lib/enums";
import { singleLine } from "~/lib/text";
import { optionalText } from "~/lib/text-fields";

export const CONTEST_LIMITS = { title: 120, petName: 60, description: 1_000 } as const;

/** How many entries of an ended contest are its winners (decision 0025). */
export const CONTEST_WINNERS = 3;

/** The entry form's file input: exactly one photo. */
export const CONTEST_PHOTO_FIELD = "photo";

/** The entry form's pet type choices, in the spec's order, with the listings' labels. */
export const CONTEST_PET_TYPE_OPTIONS = CONTEST_PET_TYPES.map((value) => ({ value, label: PET_TYPES.labels[value] }));

export const CONTEST_MESSAGES = {
  // Spec section 8, word for word.
  voteMustSignIn: "Devi effettuare il login per votare!",
  voteError: "Errore durante il voto. Riprova più tardi.",
  submitError: "Errore durante l'invio. Riprova più tardi.",
  submitSuccess: "Partecipazione inviata! Verrà revisionata prima di essere pubblicata.",
  // Ours.
  notFound: "Concorso non trovato",
  notFoundDetail: "Il concorso che cerchi non esiste o non è più disponibile.",
  empty: "Nessun concorso disponibile al momento",
  entryNotFound: "Partecipazione non trovata",
  submitMustSignIn: "Devi effettuare il login per partecipare",
  notOpen: "Questo concorso non è aperto alle partecipazioni",
  notStarted: "Il concorso non è ancora iniziato: non puoi ancora partecipare",
  ended: "Il concorso è terminato: non è più possibile partecipare",
  limitReached: (max: number) =>
    max === 1
      ? "Hai già inviato una foto a questo concorso: è il massimo consentito"
      : `Hai già inviato ${max} foto a questo concorso: è il massimo consentito`,
  titleRequired: "Inserisci il titolo della foto",
  titleTooLong: `Il titolo può contenere al massimo ${CONTEST_LIMITS.title} caratteri`,
  petNameRequired: "Inserisci il nome del tuo animale",
  petNameTooLong: `Il nome dell'animale può contenere al massimo ${CONTEST_LIMITS.petName} caratteri`,
  petTypeRequired: "Scegli il tipo di animale",
  descriptionTooLong: "La descrizione può contenere al massimo 1.000 caratteri",
  photoRequired: "Carica la foto del tuo animale",
  onePhoto: "Puoi caricare una sola foto per partecipazione",
  voteOwn: "Non puoi votare la tua foto",
  voteNotApproved: "Puoi votare solo le foto approvate",
  votingClosed: "Le votazioni per questo concorso sono chiuse",
  // Moderation (back office).
  mustSignIn: ADMIN_ACCESS_MESSAGES.mustSignIn,
  adminOnly: ADMIN_ACCESS_MESSAGES.adminOnly,
  approved: "Partecipazione approvata",
  rejected: "Partecipazione rifiutata",
  moderationError: "Errore durante l'aggiornamento della partecipazione",
  // Dashboard (DESIGN [13]).
  statsUnavailable: "Statistiche non disponibili",
  awaitingApproval: "In attesa di approvazione",
  notApproved: "Non approvata",
} as const;

/** The four dashboard counters (DESIGN [3]), in the order shown. */
export const DASHBOARD_COUNTER_LABELS = {
  listings: "I miei annunci",
  submissions: "Le mie partecipazioni",
  votes: "Voti ricevuti",
  pending: "In attesa di approvazione",
} as const;

const M = CONTEST_MESSAGES;

/** The entry form's text fields (the photo travels separately and is checked on the server). */
export const contestEntrySchema = z.object({
  title: z.string({ error: M.titleRequired }).trim().min(1, M.titleRequired).max(CONTEST_LIMITS.title, M.titleTooLong),
  petName: z.string({ error: M.petNameRequired }).trim().min(1, M.petNameRequired).max(CONTEST_LIMITS.petName, M.petNameTooLong),
  petType: z.enum(CONTEST_PET_TYPES, { error: M.petTypeRequired }),
  description: z
    .string()
    .trim()
    .max(CONTEST_LIMITS.description, M.descriptionTooLong)
    .optional()
    .transform((value) => value || null),
});

export type ContestEntryInput = z.output<typeof contestEntrySchema>;

/**
 * A contest is in progress (accepts entries and votes) when its status is active and `now` lies
 * between its start and its end, both included. Instants are compared; the time zone only matters
 * for display (Europe/Rome).
 */
export function isInProgress(
  contest: { status: string; startDate: Date | string; endDate: Date | string },
  now: Date = new Date(),
): boolean {
  const t = now.getTime();
  return contest.status === "active" && new Date(contest.startDate).getTime() <= t && t <= new Date(contest.endDate).getTime();
}

// --- The contest form of the back office (/admin/contests) ----------------------------------

export const CONTEST_FORM_LIMITS = {
  title: 200,
  description: 5_000,
  prize: 1_000,
  rules: 10_000,
  /** Max photos per user (back-office spec, sections 5 and 9). */
  minPhotos: 1,
  maxPhotos: 10,
  defaultPhotos: 3,
} as const;

const L = CONTEST_FORM_LIMITS;

export const CONTEST_FORM_MESSAGES = {
  titleRequired: "Inserisci il titolo del concorso",
  titleTooLong: `Il titolo può contenere al massimo ${L.title} caratteri`,
  descriptionRequired: "Inserisci la descrizione del concorso",
  descriptionTooLong: "La descrizione può contenere al massimo 5.000 caratteri",
  startRequired: "Inserisci la data di inizio",
  endRequired: "Inserisci la data di fine",
  dateInvalid: "Inserisci una data valida",
  endBeforeStart: "La data di fine deve essere successiva alla data di inizio",
  statusInvalid: "Scegli lo stato del concorso",
  prizeTooLong: "La descrizione del premio può contenere al massimo 1.000 caratteri",
  rulesTooLong: "Il regolamento può contenere al massimo 10.000 caratteri",
  maxPhotosInvalid: `Il numero massimo di foto per utente deve essere un numero intero tra ${L.minPhotos} e ${L.maxPhotos}`,
  created: "Concorso creato",
  updated: "Concorso aggiornato",
  deleted: "Concorso eliminato, con le sue partecipazioni, i voti e le foto",
  saveError: "Errore durante il salvataggio del concorso",
  deleteError: "Errore durante l'eliminazione del concorso",
  /** What the delete confirmation states (decision 0051). */
  deleteQuestion: (title: string, entries: number) =>
    `Vuoi eliminare il concorso «${title}»? ` +
    (entries === 0
      ? "Non ha partecipazioni. "
      : `Verranno eliminate anche ${entries === 1 ? "la sua partecipazione" : `le sue ${entries} partecipazioni`}, con i voti ricevuti e le foto caricate. `) +
    "L'operazione non si può annullare.",
} as const;

const F = CONTEST_FORM_MESSAGES;
const DATE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * A contest runs from the start of its first day to the end of its last one, Rome time: the form
 * has dates only, and "dal 1 al 31 marzo" includes the 31st (decision 0051).
 */
export function contestStartInstant(date: string): Date | null {
  return DATE.test(date) ? parseRomeDateTime(`${date}T00:00`) : null;
}

export function contestEndInstant(date: string): Date | null {
  if (!DATE.test(date)) return null;
  const instant = parseRomeDateTime(`${date}T23:59:59`);
  return instant ? new Date(instant.getTime() + 999) : null;
}

/** The `date` input's value of an instant, as a calendar day in Rome. */
export function toContestDateInput(value: Date | string | null | undefined): string {
  return toRomeDateTimeInput(value).slice(0, 10);
}

const dateField = (required: string) =>
  z
    .string({ error: required })
    .trim()
    .min(1, required)
    .refine((value) => contestStartInstant(value) !== null, F.dateInvalid);

/** The back office's contest form; an empty max photos means the default (3). */
export const contestFormSchema = z
  .object({
    title: z.string({ error: F.titleRequired }).overwrite(singleLine).min(1, F.titleRequired).max(L.title, F.titleTooLong),
    description: z.string({ error: F.descriptionRequired }).trim().min(1, F.descriptionRequired).max(L.description, F.descriptionTooLong),
    startDate: dateField(F.startRequired),
    endDate: dateField(F.endRequired),
    status: z.enum(CONTEST_STATUSES.values, { error: F.statusInvalid }).default("draft"),
    prizeDescription: optionalText(L.prize, F.prizeTooLong),
    rules: optionalText(L.rules, F.rulesTooLong),
    maxSubmissionsPerUser: z
      .string()
      .trim()
      .optional()
      .transform((value) => (!value ? L.defaultPhotos : /^\d{1,3}$/.test(value) ? Number(value) : Number.NaN))
      .pipe(z.number({ error: F.maxPhotosInvalid }).int(F.maxPhotosInvalid).min(L.minPhotos, F.maxPhotosInvalid).max(L.maxPhotos, F.maxPhotosInvalid)),
  })
  .refine((form) => form.endDate > form.startDate, { path: ["endDate"], message: F.endBeforeStart })
  .transform(({ startDate, endDate, ...rest }) => ({ ...rest, startDate: contestStartInstant(startDate)!, endDate: contestEndInstant(endDate)! }));

export type ContestFormInput = z.output<typeof contestFormSchema>;
export type ContestFormField = keyof z.input<typeof contestFormSchema>;
