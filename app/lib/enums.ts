// The one source of every enumeration: values (stored in the database, checked by constraints)
// and their Italian labels (shown to people). Import from here; never retype a value or a label.

function labelled<const T extends Record<string, string>>(labels: T) {
  return {
    values: Object.keys(labels) as [keyof T & string, ...(keyof T & string)[]],
    labels,
  };
}

export const ROLES = labelled({ user: "Utente", editor: "Redattore", moderator: "Moderatore", admin: "Amministratore" });

export const PET_TYPES = labelled({
  dog: "Cane",
  cat: "Gatto",
  bird: "Uccello",
  rabbit: "Coniglio",
  rodent: "Roditore",
  fish: "Pesce",
  reptile: "Rettile",
  other: "Altro",
});

/** The subset offered by the contest entry form, in the spec's order. */
export const CONTEST_PET_TYPES = ["dog", "cat", "rabbit", "bird", "fish", "other"] as const;

export const GENDERS = labelled({ male: "Maschio", female: "Femmina" });

export const LISTING_TYPES = labelled({
  adoption: "Adozione",
  sale: "Vendita",
  free: "Regalo",
});

/** The orders of the public list (/pet-listings, decision 0094); the first is the default. */
export const LISTING_SORTS = labelled({
  newest: "Più recenti",
  "price-asc": "Prezzo: dal più basso (solo vendita)",
  "price-desc": "Prezzo: dal più alto (solo vendita)",
  nearest: "Più vicini a un comune",
});

/** Age bands of the public list's filter, from a dog's or cat's birth date (decision 0094). */
export const LISTING_AGE_BANDS = labelled({
  "0-3m": "Fino a 3 mesi",
  "3-12m": "Da 3 a 12 mesi",
  "1-7y": "Da 1 a 7 anni",
  "7y+": "Oltre 7 anni",
});

/** How a saved search tells its owner of new matches (issue 30, decision 0097); the default is the last. */
export const SEARCH_ALERTS = labelled({
  none: "Nessun avviso",
  instant: "Subito",
  daily: "Ogni giorno",
});

/** Who sells or gives the animal away (decision 0085): a private person, a breeder, an association. */
export const SELLER_TYPES = labelled({
  private: "Privato",
  breeder: "Allevamento",
  association: "Associazione / rifugio",
});

/** Moderation state of a listing (DESIGN [4]). */
export const LISTING_STATUSES = labelled({
  active: "Attivo",
  suspended: "Sospeso",
  closed: "Chiuso",
  // An active listing of an account an administrator suspended (decision 0110): off the site until
  // the account is reinstated, then active again.
  withheld: "Ritirato (account sospeso)",
});

/** The owner's availability of a listing (DESIGN [4]). */
export const LISTING_AVAILABILITY = labelled({
  available: "Disponibile",
  pending: "In Attesa",
  adopted: "Adottato",
});

export const ARTICLE_STATUSES = labelled({
  draft: "Bozza",
  published: "Pubblicato",
  archived: "Archiviato",
});

export const CONTACT_STATUSES = labelled({
  new: "Nuovo",
  read: "Letto",
  replied: "Risposto",
  archived: "Archiviato",
});

export const REPORT_REASONS = labelled({
  fraud: "Truffa o frode",
  fake: "Annuncio falso",
  inappropriate: "Contenuto inappropriato",
  illegal: "Vendita illegale",
  animal_abuse: "Maltrattamento di animali",
  spam: "Spam",
  wrong_category: "Categoria sbagliata",
  other: "Altro",
});

/**
 * The checks Zampa runs itself and that file a report when they find something
 * (listings/automatic-reports.server.ts); a report by a person has none.
 */
export const AUTOMATIC_CHECKS = labelled({
  duplicate_photo: "Foto già usata in un annuncio di un altro account",
  duplicate_code: "Codice identificativo già in un annuncio attivo di un altro account",
  scam_messages: "Messaggi con segnali di truffa inviati a molte persone",
});

/** What a report is about: a listing (the report form) or a private conversation ("Segnala" in it; issue 29). */
export const REPORT_SUBJECTS = labelled({
  listing: "Annuncio",
  conversation: "Conversazione",
});

export const REPORT_STATUSES = labelled({
  pending: "In attesa",
  reviewed: "Revisionata",
  resolved: "Risolta",
  dismissed: "Respinta",
});

/**
 * The rule a suspended listing breaks, named in the statement of reasons its owner receives (EU
 * Digital Services Act art. 17: the ground, legal or contractual, of a restriction; decision 0087).
 * Law references beside the labels, so the owner can read what was applied.
 */
export const SUSPENSION_RULES = labelled({
  illegal_sale: "Vendita illegale (D.Lgs. 135/2022)",
  missing_identification: "Codice identificativo mancante (D.Lgs. 135/2022, art. 11)",
  underage: "Cessione prima dei 60 giorni di vita",
  species_not_allowed: "Specie non ammessa (D.Lgs. 135/2022, art. 3)",
  fraud: "Annuncio ingannevole o truffa",
  animal_abuse: "Maltrattamento di animali",
  inappropriate: "Contenuto inappropriato",
  spam: "Spam",
  other: "Altro",
});

/** Where an owner's appeal against a suspension stands (decision 0087). */
export const APPEAL_STATUSES = labelled({
  pending: "In attesa di decisione",
  upheld: "Sospensione confermata",
  reversed: "Annuncio riattivato",
});

export const CONTEST_STATUSES = labelled({
  draft: "Bozza",
  active: "Attivo",
  ended: "Terminato",
});

export const SUBMISSION_STATUSES = labelled({
  pending: "In attesa di approvazione",
  approved: "Approvata",
  rejected: "Non approvata",
});

export const PUBLISHING_LOG_STATUSES = labelled({
  success: "Pubblicato",
  failed: "Fallito",
  skipped: "Saltato",
});

/** A scheduled article on /admin/schedule: its date is still ahead (pending) or has come (processing). */
export const SCHEDULE_STATES = labelled({
  pending: "In Attesa",
  processing: "In Elaborazione",
});

export const KEYWORD_STATUSES = labelled({
  target: "Target (da posizionare)",
  monitoring: "Monitoraggio",
  ranked: "Posizionata",
});

export const REDIRECT_TYPES = [301, 302] as const;

export const AD_PLACEMENTS = labelled({
  header: "Intestazione",
  banner: "Banner",
  sidebar: "Barra laterale",
  content_top: "Prima del contenuto",
  content_bottom: "Dopo il contenuto",
  footer: "Piè di pagina",
});

export const AD_PAGE_TYPES = labelled({
  all: "Tutte le pagine",
  home: "Home",
  article: "Articolo",
  category: "Categoria",
  listings: "Annunci",
  contests: "Concorsi",
});

export const AI_REQUEST_TYPES = labelled({
  "generate-article": "Generazione articolo",
  "regenerate-field": "Rigenerazione campo",
  "generate-editorial-plan": "Piano editoriale",
});

export const AI_USAGE_STATUSES = labelled({
  success: "Riuscita",
  error: "Errore",
  rate_limited: "Limite raggiunto",
});

/** A request's place in the site-wide AI queue (decision 0055). */
export const AI_QUEUE_STATES = labelled({
  waiting: "In coda",
  running: "In corso",
  done: "Completata",
  abandoned: "Interrotta",
});

/** The generator's tone (spec §5; default informative). */
export const AI_TONES = labelled({
  professional: "Professionale",
  casual: "Informale",
  friendly: "Amichevole",
  informative: "Informativo",
});

/** The generator's length (spec §5; default medium), with the words asked of the model. */
export const AI_LENGTHS = labelled({
  short: "Breve (800-1000 parole)",
  medium: "Media (1500-2000 parole)",
  long: "Lunga (2500-3000 parole)",
});

/** The article fields the generator can write again alone (spec: regenerate-field). */
export const AI_REGENERABLE_FIELDS = labelled({
  title: "Titolo",
  excerpt: "Estratto",
  content: "Contenuto",
});

/**
 * Where an e-mail change asked from the profile stands (decision 0077): waiting for its link, done,
 * withdrawn by the account, replaced by a newer request, or voided (password reset or changed, the
 * address changed meanwhile).
 */
export const EMAIL_CHANGE_STATES = ["pending", "confirmed", "cancelled", "replaced", "voided"] as const;

export type AdPlacement = (typeof AD_PLACEMENTS.values)[number];
export type AdPageType = (typeof AD_PAGE_TYPES.values)[number];

/** The parts of the back office a write is recorded under in the activity log (decision 0107). */
export const AUDIT_AREAS = labelled({
  articles: "Articoli",
  schedule: "Calendario",
  editorial_plan: "Piano editoriale",
  categories: "Categorie",
  users: "Utenti",
  contacts: "Messaggi",
  contests: "Concorsi",
  listings: "Annunci",
  breeds: "Razze",
  reports: "Segnalazioni",
  conversations: "Conversazioni",
  partners: "Partner",
  ads: "AdSense",
  seo: "SEO",
  settings: "Impostazioni",
});

/** What a recorded write did. */
export const AUDIT_ACTIONS = labelled({
  create: "Creazione",
  update: "Modifica",
  delete: "Eliminazione",
  publish: "Pubblicazione",
  unpublish: "Ritiro dalla pubblicazione",
  archive: "Archiviazione",
  schedule: "Programmazione",
  move: "Spostamento",
  role: "Cambio di ruolo",
  suspend: "Sospensione",
  reinstate: "Riattivazione",
  approve: "Approvazione",
  reject: "Rifiuto",
  review: "Presa in carico",
  resolve: "Risoluzione",
  dismiss: "Archiviazione senza seguito",
  erase: "Cancellazione dei dati",
  preview_link: "Link di anteprima",
  preview_revoke: "Revoca dell'anteprima",
});

/** The lists whose rows a bulk action can change (decision 0109), named like their activity log area. */
export const BULK_AREAS = labelled({
  articles: "Articoli",
  listings: "Annunci",
  contests: "Iscrizioni ai concorsi",
  reports: "Segnalazioni",
  contacts: "Messaggi",
});

/** A bulk job's life: waiting for a worker, being worked through, over (every item decided), or stopped by an error. */
export const BULK_JOB_STATES = labelled({
  queued: "In coda",
  running: "In corso",
  finished: "Completata",
  failed: "Interrotta",
});
