// The texts of a listing's contact section and of "Mostra numero" / "Mostra email" (decision 0089),
// defined once for the page, the reveal endpoint and the form. Client-safe: no server code here.

export const CONTACT_KINDS = ["phone", "email"] as const;
export type ContactKind = (typeof CONTACT_KINDS)[number];

/** What a reveal answers (the endpoint's JSON, the page's action data): the contact, or the refusal with what the buttons need to say it. */
export type RevealAnswer =
  | { ok: true; kind: ContactKind; value: string }
  | { ok: false; kind: ContactKind | null; error: string; signIn: boolean };

export const CONTACT_TEXTS = {
  // The listing page.
  showPhone: "Mostra numero",
  showEmail: "Mostra email",
  revealing: "Attendi…",
  call: "Chiama ora",
  sendEmail: "Invia email",
  /** The subject of "Invia email" (spec section 4). */
  emailSubject: (title: string) => `Annuncio Zampa: ${title}`,
  phoneLabel: "Telefono",
  emailLabel: "Email",
  privacyNote: "Numero ed email sono mostrati solo a chi ha un account con l'indirizzo email confermato, su richiesta.",
  signInPrompt: "Accedi per vedere il numero e l'email dell'inserzionista.",
  signIn: "Accedi o registrati",
  messagesOnlyNote: "L'inserzionista preferisce essere contattato solo con i messaggi di Zampa: numero ed email non sono mostrati.",
  ownerNote: "Sei l'inserzionista: vedi i tuoi contatti. Gli altri li vedono solo dopo aver premuto «Mostra numero» o «Mostra email».",
  ownerMessagesOnlyNote: "Hai scelto «Solo messaggi»: numero ed email non sono mostrati a nessuno.",
  addressOwnerNote: "L'indirizzo è visibile solo a te: il pubblico vede il comune.",
  // The publish form.
  formHint: "Numero ed email non compaiono nella pagina dell'annuncio: li vede solo chi li chiede, con un account confermato.",
  messagesOnlyLabel: "Solo messaggi",
  messagesOnlyHint: "Non mostrare numero ed email: chi è interessato ti scrive con i messaggi di Zampa. Telefono ed email diventano facoltativi.",
  // The dashboard's figures.
  phoneRevealed: (n: number) => `Numero mostrato ${n} ${n === 1 ? "volta" : "volte"}`,
  emailRevealed: (n: number) => `Email mostrata ${n} ${n === 1 ? "volta" : "volte"}`,
} as const;

/** The reveal's refusals (HTTP status in brackets where it is not obvious). */
export const REVEAL_MESSAGES = {
  /** 401 */
  mustSignIn: "Accedi per vedere i contatti dell'inserzionista.",
  /** 403: the account's address is not confirmed (decision 0058) */
  mustVerify: "Per vedere i contatti devi prima confermare il tuo indirizzo email: apri il link che ti abbiamo inviato alla registrazione.",
  /** 403: a crawler */
  notForRobots: "I contatti non sono disponibili per i programmi automatici.",
  /** 400 */
  badKind: "Richiesta non valida: scegli il numero o l'email.",
  /** 409: "Solo messaggi" */
  messagesOnly: "L'inserzionista preferisce essere contattato solo con i messaggi di Zampa.",
  /** 429 */
  tooMany: (wait: string) => `Hai chiesto troppi contatti in poco tempo. Riprova tra ${wait}.`,
  error: "Non è stato possibile mostrare il contatto. Riprova.",
} as const;
