// The contest entry form's rules and the contests' Italian messages: the server validates with
// these and the pages show the same texts. Client-safe: no server code here.
import { z } from "zod";
import { CONTEST_PET_TYPES, PET_TYPES } from "~/lib/enums";

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
  mustSignIn: "Devi effettuare il login per continuare",
  adminOnly: "Solo gli amministratori possono moderare le partecipazioni",
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
