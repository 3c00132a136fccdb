// The texts and rules of the account's data export and erasure (decision 0061), shared by the
// server and the page.

/** Typed by the person to confirm the erasure (besides the password). */
export const DELETION_CONFIRMATION = "ELIMINA";

export const ACCOUNT_DELETION_MESSAGES = {
  confirmationRequired: `Per confermare scrivi ${DELETION_CONFIRMATION} nel campo di conferma`,
  passwordRequired: "Inserisci la tua password per confermare che sei tu",
  wrongPassword: "La password non è corretta: l'account non è stato eliminato",
  lastAdmin: "Sei l'unico amministratore: nomina un altro amministratore prima di eliminare il tuo account",
  notFound: "Account non trovato",
  deleted: "Il tuo account e tutti i tuoi dati sono stati eliminati. Ci mancherai!",
  /** what replaces the name of a deleted reporter in the reports kept for moderation */
  erasedReporter: "Utente eliminato",
  error: "Non è stato possibile eliminare l'account. Riprova tra qualche minuto.",
} as const;
