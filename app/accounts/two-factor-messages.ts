// Italian texts and limits of two-factor sign-in and reauthentication (decision 0059), defined
// once for the server and the forms.

/** The second step of the sign-in. */
export const SIGN_IN_CODE_PATH = "/login/codice";

/** How long a sign-in waits for its code (seconds): the life of the pending sign-in's cookie. */
export const TWO_FACTOR_COOKIE_MAX_AGE = 10 * 60;

/** Reauthentication stays fresh this long (seconds). */
export const REAUTH_WINDOW_SECONDS = 10 * 60;

/** Code checks (TOTP, backup, SMS, reauthentication) per account in 15 minutes; a success clears them. */
export const CODE_CHECK_LIMIT = { max: 5, windowSeconds: 15 * 60 } as const;

/** SMS codes sent to one account in an hour. */
export const SMS_SEND_LIMIT = { max: 5, windowSeconds: 60 * 60 } as const;

export const TWO_FACTOR_MESSAGES = {
  codeRequired: "Inserisci il codice",
  codeInvalidFormat: "Il codice è di 6 cifre",
  codeWrong: "Codice non valido. Controlla l'ora del telefono e riprova.",
  codeReused: "Questo codice è già stato usato. Attendi il codice successivo.",
  backupCodeWrong: "Codice di backup non valido o già usato.",
  smsCodeWrong: "Codice SMS non valido o scaduto.",
  tooManyCodes: "Troppi tentativi con i codici. Riprova tra 15 minuti.",
  tooManySms: "Hai chiesto troppi SMS. Riprova tra un'ora.",
  signInExpired: "La verifica è scaduta o non è valida: accedi di nuovo con email e password.",
  passwordWrong: "Password non corretta.",
  identityRequired: "Inserisci la password o un codice dell'app di autenticazione.",
  reauthRequired: "Per sicurezza, conferma la tua identità (sezione \"Conferma la tua identità\") prima di questa modifica.",
  reauthDone: "Identità confermata: per 10 minuti puoi fare modifiche importanti.",
  totpStarted: "Scansiona il codice QR e inserisci il codice che l'app mostra.",
  totpAlreadyOn: "L'autenticazione a due fattori è già attiva.",
  totpNotStarted: "Configurazione non avviata o scaduta: ricomincia.",
  totpEnabled: "Autenticazione a due fattori attivata. Conserva i codici di backup: non li vedrai più.",
  twoFactorDisabled: "Autenticazione a due fattori disattivata.",
  backupCodesRegenerated: "Nuovi codici di backup creati: quelli precedenti non valgono più.",
  phoneInvalid: "Inserisci un numero di cellulare valido, con il prefisso internazionale (es. +39 333 1234567).",
  phoneCodeSent: "Ti abbiamo inviato un SMS con un codice: inseriscilo per confermare il numero.",
  phoneEnabled: "Numero di telefono confermato: potrai ricevere i codici di accesso via SMS.",
  phoneNotStarted: "Inserisci prima il numero di telefono.",
  smsSent: "Ti abbiamo inviato un SMS con il codice.",
  noSms: "Nessun numero di telefono confermato per questo account.",
  adminRequired: "Per usare l'area amministrazione devi attivare l'autenticazione a due fattori.",
  genericError: "Si è verificato un errore. Riprova.",
  invalidIntent: "Richiesta non valida.",
} as const;
