// The AI features' texts and limits (spec §5, §8, §9), shared by the server and the screens: the
// one place each of them is written.

export const AI_MESSAGES = {
  notConfigured: "Il servizio di intelligenza artificiale non è configurato.",
  notConfiguredHelp:
    "Per usarlo imposta AI_BASE_URL (un endpoint compatibile con OpenAI), AI_API_KEY e AI_MODEL nell'ambiente del server e riavvialo.",
  notAuthenticated:
    "Non sei autenticato. Effettua il login per utilizzare questa funzione.",
  topicAndCategoryRequired:
    "Inserisci almeno un argomento e seleziona una categoria",
  tooManyKeywords: "Puoi indicare al massimo 5 parole chiave",
  generateArticleError: "Errore nella generazione dell'articolo",
  regenerateFieldError: "Errore nella rigenerazione del campo",
  editorialPlanError: "Errore nella generazione del piano editoriale",
  saveError: (detail: string) => `Errore nel salvataggio: ${detail}`,
  /** the queue's refusal (server) */
  dailyLimitReached: (current: number, limit: number) =>
    `Limite giornaliero raggiunto (${current}/${limit}). Riprova domani.`,
  /** what the panel shows when refused for the day */
  dailyLimitPanel:
    "Hai raggiunto il limite giornaliero di richieste API. Riprova domani o crea articoli manualmente.",
  invalidAnswer:
    "Il servizio di intelligenza artificiale ha dato una risposta non valida",
  providerUnreachable: "Il servizio di intelligenza artificiale non risponde",
  invalidTone: "Scegli un tono tra quelli proposti",
  invalidLength: "Scegli una lunghezza tra quelle proposte",
  invalidField: "Si possono rigenerare solo titolo, estratto o contenuto",
  categoriesRequired: "Seleziona almeno una categoria",
  articlesPerWeekRange: "Gli articoli a settimana devono essere tra 1 e 10",
  weeksRange: "Le settimane devono essere tra 1 e 12",
  startDateInPast: "La data di inizio non può essere nel passato",
  startDateInvalid: "Inserisci una data di inizio valida",
  planRequired: "Genera prima un piano editoriale",
  /** a plan sent back that is not a list of items (never from the page itself) */
  planInvalid: "Il piano editoriale non è valido: generalo di nuovo",
  planCapWarning: (total: number) =>
    `Hai chiesto ${total} articoli: verranno generati solo i primi ${AI_LIMITS.planMaxItems} (limite del piano gratuito del servizio AI). Continuare?`,
  planSaved: (n: number) => `${n} articoli creati con successo!`,
  queued: (position: number, seconds: number) =>
    position <= 1
      ? `Prossima in coda: partenza tra circa ${seconds} s`
      : `Posizione in coda: ${position}, attesa stimata ${seconds} s`,
  generating: "Generazione in corso…",
} as const;

/** The usage banner (spec §8), by the share of the daily limit used. */
export const AI_USAGE_TEXTS = {
  remaining: (n: number) => `${n} richieste rimanenti oggi`,
  fewLeft: (n: number) => `Solo ${n} richieste rimanenti oggi!`,
  limitReached: "Limite giornaliero raggiunto! Riprova domani.",
  resetTip: "Il limite si azzera a mezzanotte (ora italiana).",
  warning: "Stai usando gran parte delle richieste disponibili oggi.",
  advice:
    "Consiglio: raccogli più modifiche in una sola richiesta e rigenera solo il campo che non ti convince, per non esaurire le richieste di oggi.",
} as const;

/** The featured image of the drafts an editorial plan creates (spec §9): public/, served by name at the root. */
export const AI_PLAN_PLACEHOLDER_IMAGE = "/article-placeholder.svg";

export const AI_LIMITS = {
  keywordsMax: 5,
  articlesPerWeek: { min: 1, max: 10, default: 3 },
  weeks: { min: 1, max: 12, default: 4 },
  /** only the first 10 items of a larger plan are generated (spec §9) */
  planMaxItems: 10,
  /** the hour (Europe/Rome) plan items are dated at */
  planHour: 10,
  previewCharacters: 500,
  statsPeriods: [7, 30, 90] as const,
  statsDefaultPeriod: 30,
  /** the usage banner's colour levels and the advice box (percent of the daily limit) */
  usageLevels: { notice: 50, warning: 75, critical: 90, advice: 80 },
  /** how often the screens ask for the usage again (spec: a 5-second poll) */
  usagePollMs: 5_000,
} as const;

/** Words asked of the model for each length (spec §5). */
export const AI_LENGTH_WORDS = {
  short: { min: 800, max: 1000 },
  medium: { min: 1500, max: 2000 },
  long: { min: 2500, max: 3000 },
} as const;
