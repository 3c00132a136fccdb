// Saved searches' texts and limits (issue 30, decision 0097). Client-safe: the list page's form,
// the dashboard page and the unsubscribe page import them as the server does.
import { type SEARCH_ALERTS } from "~/lib/enums";

export type SearchAlert = (typeof SEARCH_ALERTS.values)[number];

export const SAVED_SEARCH_LIMITS = {
  /** Searches one person keeps: enough for every pet and place someone follows, bounded for the matcher. */
  perUser: 20,
  nameLength: 80,
  /** Listings written out in one alert mail; the rest are a link to the search. */
  listingsPerMail: 10,
  /** The daily digest's hour, Italian time. */
  digestHour: 8,
} as const;

/** What a new search alerts with when the form does not say. */
export const DEFAULT_SEARCH_ALERT: SearchAlert = "daily";

/** The alert choice as the dashboard explains it. */
export const SEARCH_ALERT_HINTS: Record<SearchAlert, string> = {
  none: "Nessuna email: apri la ricerca quando vuoi.",
  instant: "Un'email pochi minuti dopo la pubblicazione di un annuncio adatto.",
  daily: "Un riepilogo al giorno, alle 8:00, se ci sono annunci nuovi.",
};

export const SAVED_SEARCH_TEXTS = {
  pageTitle: "Ricerche salvate",
  dashboardCard: "Le ricerche che segui, con gli avvisi via email.",
  saveButton: "Salva ricerca",
  saveTitle: "Salva questa ricerca",
  signInToSave: "Accedi per salvare la ricerca",
  nameLabel: "Nome della ricerca",
  alertLabel: "Avvisi via email",
  saved: "Ricerca salvata.",
  manage: "Gestisci le ricerche salvate",
  renamed: "Nome aggiornato.",
  alertChanged: "Avvisi aggiornati.",
  deleted: "Ricerca eliminata.",
  open: "Apri",
  rename: "Rinomina",
  delete: "Elimina",
  empty: "Non hai ancora ricerche salvate. Cerca tra gli annunci e premi «Salva ricerca»: ti scriveremo quando arriva l'animale giusto.",
  allListings: "Tutti gli annunci",
  mustSignIn: "Accedi per salvare e gestire le ricerche.",
  notFound: "Ricerca non trovata.",
  nameRequired: "Scrivi un nome per la ricerca.",
  nameTooLong: `Il nome può avere al massimo ${SAVED_SEARCH_LIMITS.nameLength} caratteri.`,
  badAlert: "Scegli come ricevere gli avvisi.",
  badIntent: "Richiesta non valida.",
  tooMany: `Puoi salvare al massimo ${SAVED_SEARCH_LIMITS.perUser} ricerche: eliminane una per salvarne un'altra.`,
  duplicate: "Hai già salvato questa ricerca: la trovi tra le ricerche salvate.",
  // The one-click unsubscribe page (/avvisi/disattiva), reached from a mail without signing in.
  unsubscribeTitle: "Disattiva gli avvisi",
  unsubscribeAsk: (name: string) => `Non vuoi più ricevere email per la ricerca «${name}»?`,
  unsubscribeButton: "Disattiva gli avvisi",
  unsubscribed: (name: string) => `Avvisi disattivati: non riceverai più email per la ricerca «${name}». Puoi riattivarli dalle tue ricerche salvate.`,
  alreadyUnsubscribed: (name: string) => `Gli avvisi della ricerca «${name}» erano già disattivati.`,
  badToken: "Questo link non è valido o la ricerca è stata eliminata.",
} as const;

/** The alert mails' texts. */
export const ALERT_MAIL_TEXTS = {
  instantSubject: (name: string, count: number) => (count === 1 ? `Nuovo annuncio per «${name}»` : `${count} nuovi annunci per «${name}»`),
  dailySubject: (name: string, count: number) => `Il riepilogo di oggi per «${name}»: ${count === 1 ? "1 nuovo annuncio" : `${count} nuovi annunci`}`,
  intro: (name: string) => `ci sono annunci nuovi per la tua ricerca «${name}»:`,
  more: (n: number) => (n === 1 ? "e un altro annuncio" : `e altri ${n} annunci`),
  openSearch: "Vedi tutti i risultati della ricerca:",
  manage: "Cambia gli avvisi o elimina la ricerca:",
  unsubscribe: "Non vuoi più ricevere queste email? Disattiva gli avvisi con un clic:",
  signature: "La redazione di Zampa",
} as const;
