// Private conversations' texts and limits, defined once (issue 29, decision 0090). Client-safe: the
// forms count characters against the same limit the server checks.
import { z } from "zod";
import { REPORT_REASONS } from "~/lib/enums";

export const MESSAGE_LIMITS = {
  /** A message's characters (the database checks the same bound). */
  body: 2_000,
  /** The optional words of a conversation's report. */
  reportText: 500,
  /** The last message's excerpt in the inbox. */
  excerpt: 120,
  /** Conversations on a page of the inbox. */
  inboxPageSize: 20,
  /** The newest messages a conversation's page shows. */
  shownMessages: 500,
  /** The same text sent again by the same person in the same conversation within this time is one message (a double submit). */
  duplicateSeconds: 120,
} as const;

/** How a participant who erased the account is named. */
export const DELETED_USER = "utente eliminato";

export const MESSAGE_TEXTS = {
  mustSignIn: "Accedi per scrivere all'inserzionista.",
  mustVerify: "Per scrivere agli inserzionisti devi prima confermare il tuo indirizzo email: apri il link che ti abbiamo inviato alla registrazione.",
  ownListing: "Questo annuncio è tuo: non puoi scriverti da solo.",
  listingNotFound: "Annuncio non trovato o non più pubblicato.",
  listingUnavailable: "L'annuncio non è più pubblicato: la conversazione resta leggibile, ma non si possono inviare altri messaggi.",
  listingDeleted: "L'annuncio è stato eliminato: la conversazione resta leggibile per 30 giorni, ma non si possono inviare altri messaggi.",
  blockedByOther: "Questa persona non accetta più i tuoi messaggi.",
  blockedByYou: "Hai bloccato questa persona: sbloccala per scriverle di nuovo.",
  otherDeleted: "L'altra persona ha eliminato il suo account: non puoi più scriverle.",
  conversationNotFound: "Conversazione non trovata.",
  bodyRequired: "Scrivi un messaggio prima di inviarlo.",
  bodyTooLong: `Il messaggio può essere lungo al massimo ${MESSAGE_LIMITS.body.toLocaleString("it-IT")} caratteri.`,
  tooManyMessages: (seconds: number) => `Stai inviando troppi messaggi. Riprova tra ${seconds} secondi.`,
  tooManyConversations: (perDay: number) =>
    `Hai già iniziato ${perDay} conversazioni nelle ultime 24 ore: è il massimo. Riprova più tardi o rispondi a quelle aperte.`,
  sendError: "Non è stato possibile inviare il messaggio. Riprova.",
  sent: "Messaggio inviato.",
  markedRead: "Conversazione segnata come letta.",
  blocked: "Utente bloccato: non potrà più scriverti.",
  unblocked: "Utente sbloccato.",
  cannotBlockSelf: "Non puoi bloccare te stesso.",
  reportReasonRequired: "Scegli il motivo della segnalazione.",
  reportTooLong: `La descrizione può essere lunga al massimo ${MESSAGE_LIMITS.reportText} caratteri.`,
  reportAlreadyPending: "Hai già segnalato questa conversazione: i moderatori la stanno esaminando.",
  reported: "Segnalazione inviata: i moderatori leggeranno questa conversazione.",
  badIntent: "Azione non valida.",
  listingGone: "Annuncio eliminato",
  noMessages: "Nessun messaggio",
  inboxEmpty: "Non hai ancora conversazioni. Quando scrivi a un inserzionista, o qualcuno ti scrive per un tuo annuncio, la conversazione compare qui.",
} as const;

/** What the listing page offers the viewer: sign in, write, or open their conversation (null: nothing, e.g. their own listing). */
export type WriteToOwnerState = { kind: "visitor" } | { kind: "write" } | { kind: "open"; conversationId: string } | null;

/** "Mario Rossi" → "Mario": only the first name of the other person is shown. */
export function firstName(fullName: string | null | undefined): string {
  if (fullName === null || fullName === undefined) return DELETED_USER;
  return fullName.trim().split(/\s+/u)[0] || "Utente";
}

/** The start of a message on one line, cut at a word when it is long. */
export function excerpt(body: string, max: number = MESSAGE_LIMITS.excerpt): string {
  const line = body.replace(/\s+/gu, " ").trim();
  if (line.length <= max) return line;
  const cut = line.slice(0, max);
  const space = cut.lastIndexOf(" ");
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** "Messaggi, 3 non letti": the header link's accessible name. */
export function unreadLabel(count: number): string {
  if (count === 0) return "Messaggi, nessuno non letto";
  return `Messaggi, ${count} ${count === 1 ? "non letto" : "non letti"}`;
}

/** A message's text: what the server stores (ends trimmed; the lines inside kept). */
export const messageBodySchema = z
  .string({ error: MESSAGE_TEXTS.bodyRequired })
  .transform((value) => value.replace(/\r\n?/g, "\n").trim())
  .pipe(z.string().min(1, MESSAGE_TEXTS.bodyRequired).max(MESSAGE_LIMITS.body, MESSAGE_TEXTS.bodyTooLong));

export const conversationReportSchema = z.object({
  reason: z.enum(REPORT_REASONS.values, { error: MESSAGE_TEXTS.reportReasonRequired }),
  description: z
    .string()
    .optional()
    .transform((value) => (value ?? "").trim())
    .pipe(z.string().max(MESSAGE_LIMITS.reportText, MESSAGE_TEXTS.reportTooLong)),
});
