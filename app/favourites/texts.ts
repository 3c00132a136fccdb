// The favourites' texts and limits (issue 30, decision 0092). Client-safe.

export const FAVOURITE_TEXTS = {
  add: "Aggiungi ai preferiti",
  remove: "Rimuovi dai preferiti",
  /** The heart of a visitor: it asks to sign in first. */
  signInToAdd: "Accedi per aggiungere ai preferiti",
  added: "Aggiunto ai preferiti",
  removed: "Rimosso dai preferiti",
  unavailable: "Non più disponibile",
  empty: "Non hai ancora annunci preferiti. Premi il cuore su un annuncio per ritrovarlo qui.",
  pageTitle: "Preferiti",
  dashboardCard: "Gli annunci che hai salvato con il cuore.",
  addedOn: "Aggiunto il",
  mustSignIn: "Accedi per salvare gli annunci nei preferiti.",
  badId: "Annuncio non valido.",
  badIntent: "Richiesta non valida.",
  notFound: "Annuncio non trovato o non più disponibile.",
  back: "Torna all'annuncio",
  /** The owner's figure on /dashboard/pet-listings. */
  keptBy: (n: number) => `Nei preferiti di ${n} ${n === 1 ? "persona" : "persone"}`,
} as const;

export const FAVOURITE_LIMITS = {
  /** Favourites on a page of /dashboard/preferiti. */
  pageSize: 20,
} as const;

export const FAVOURITE_INTENTS = ["add", "remove"] as const;
export type FavouriteIntent = (typeof FAVOURITE_INTENTS)[number];
