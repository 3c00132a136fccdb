// /admin/contacts: the Italian texts and the input rules of the contact messages' screen, shared by
// the page and the server (client-safe: no server code here).
import { z } from "zod";
import { CONTACT_STATUSES } from "~/lib/enums";

export type ContactStatus = (typeof CONTACT_STATUSES.values)[number];

/** Messages per page of /admin/contacts. */
export const CONTACTS_PAGE_SIZE = 20;
/** A search longer than this is cut: no subject is longer (DESIGN [9]). */
export const CONTACT_SEARCH_MAX_LENGTH = 200;

export const CONTACT_ADMIN_MESSAGES = {
  notFound: "Messaggio non trovato",
  notFoundDetail: "Il messaggio non esiste o è stato eliminato.",
  updateError: "Errore durante l'aggiornamento del messaggio",
  deleteError: "Errore durante l'eliminazione del messaggio",
  invalidAction: "Operazione non valida",
  markedRead: "Messaggio segnato come letto",
  markedReplied: "Messaggio segnato come risposto",
  archived: "Messaggio archiviato",
  deleted: "Messaggio eliminato",
  deleteQuestion: "Vuoi eliminare definitivamente questo messaggio?",
} as const;

/** The query of /admin/contacts: search, status filter, page and the message shown in the pane. */
export const contactListQuerySchema = z.object({
  q: z
    .string()
    .catch("")
    .transform((q) => q.trim().slice(0, CONTACT_SEARCH_MAX_LENGTH)),
  status: z.enum(CONTACT_STATUSES.values).optional().catch(undefined),
  page: z.coerce.number().int().min(1).catch(1),
  id: z.string().optional().catch(undefined),
});

export type ContactListQuery = z.infer<typeof contactListQuerySchema>;

export const CONTACT_INTENTS = ["read", "replied", "archive", "delete"] as const;

/** The detail pane's buttons: which message, and what to do with it. */
export const contactActionSchema = z.object({
  id: z.string({ error: CONTACT_ADMIN_MESSAGES.notFound }),
  intent: z.enum(CONTACT_INTENTS, { error: CONTACT_ADMIN_MESSAGES.invalidAction }),
});

/**
 * `mailto:` with the sender's address and "Re: {subject}", both encoded (a `?`, `&` or `#` in either
 * cannot add a header to the mail); the address keeps its `@` readable.
 */
export function replyHref(email: string, subject: string): string {
  return `mailto:${encodeURIComponent(email).replaceAll("%40", "@")}?subject=${encodeURIComponent(`Re: ${subject}`)}`;
}
