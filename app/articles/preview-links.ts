// Shareable previews of a draft article (issue 32, decision 0111): the limits and the Italian texts,
// shared by the editor's panel, the public page and the server. Client-safe.
import { z } from "zod";

/** How long a link may work: chosen in days, 7 unless told otherwise. */
export const PREVIEW_LINK_DAYS = { min: 1, max: 30, default: 7 } as const;

/** The public page's path for a token. */
export const previewPath = (token: string) => `/anteprima/${token}`;

export const PREVIEW_LINK_MESSAGES = {
  panelTitle: "Anteprima condivisibile",
  panelIntro: "Un link che mostra la bozza a chi lo riceve, senza accedere, per i giorni scelti. Puoi revocarlo in qualsiasi momento.",
  daysLabel: "Validità (giorni)",
  daysHint: `Da ${PREVIEW_LINK_DAYS.min} a ${PREVIEW_LINK_DAYS.max} giorni.`,
  daysInvalid: `Scegli una validità da ${PREVIEW_LINK_DAYS.min} a ${PREVIEW_LINK_DAYS.max} giorni`,
  create: "Crea link di anteprima",
  created: "Link di anteprima creato: copialo ora, non verrà più mostrato per intero.",
  copy: "Copia link",
  copied: "Link copiato",
  copyFailed: "Copia non riuscita: seleziona il link e copialo a mano.",
  activeTitle: "Link attivi",
  none: "Nessun link di anteprima attivo.",
  revoke: "Revoca",
  revokeQuestion: (expires: string) => `Vuoi revocare il link che scade il ${expires}? Chi lo ha ricevuto non potrà più aprire l'anteprima.`,
  revoked: "Link di anteprima revocato",
  published: "L'articolo è pubblicato: il suo indirizzo è già pubblico, non serve un link di anteprima.",
  archived: "Un articolo archiviato non si può condividere in anteprima.",
  onlyDrafts: "I link di anteprima valgono per le bozze, anche programmate.",
  articleNotFound: "Articolo non trovato",
  linkNotFound: "Link di anteprima non trovato o già revocato",
  error: "Operazione non riuscita: riprova.",
  // The public page.
  banner: "Anteprima: questo articolo non è ancora pubblicato",
  expiresOn: (when: string) => `Il link scade il ${when}.`,
  invalidTitle: "Link di anteprima non valido o scaduto",
  invalidText: "Il link potrebbe essere stato revocato o aver superato la sua data di scadenza. Chiedi un nuovo link a chi te lo ha inviato.",
} as const;

/** The days asked for, as the form sends them. */
export const previewDaysSchema = z.coerce
  .number({ error: PREVIEW_LINK_MESSAGES.daysInvalid })
  .int(PREVIEW_LINK_MESSAGES.daysInvalid)
  .min(PREVIEW_LINK_DAYS.min, PREVIEW_LINK_MESSAGES.daysInvalid)
  .max(PREVIEW_LINK_DAYS.max, PREVIEW_LINK_MESSAGES.daysInvalid);
