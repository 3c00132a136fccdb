// Italian texts of the account flows, defined once for the server and the forms.
export const FULL_NAME_MAX_LENGTH = 100;

export const ACCOUNT_MESSAGES = {
  mustAcceptTerms: "Devi accettare la Privacy Policy e i Termini e Condizioni per registrarti",
  genericError: "Si è verificato un errore",
  fullNameRequired: "Inserisci il tuo nome completo",
  fullNameTooLong: `Il nome completo può contenere al massimo ${FULL_NAME_MAX_LENGTH} caratteri`,
  emailRequired: "Inserisci il tuo indirizzo email",
  emailInvalid: "Inserisci un indirizzo email valido",
  passwordRequired: "Inserisci la password",
  passwordTooShort: "La password deve essere di almeno 6 caratteri",
  passwordTooLong: "La password può contenere al massimo 128 caratteri",
  passwordTooCommon: "Questa password è troppo comune e facile da indovinare: scegline una diversa",
  emailTaken: "Esiste già un account con questo indirizzo email",
  signUpCheckEmail:
    "Controlla la tua email: ti abbiamo inviato un messaggio con le istruzioni per completare la registrazione. Se non lo trovi, guarda anche nella posta indesiderata.",
  invalidCredentials: "Email o password non corretti",
  tooManyAttempts: "Troppi tentativi di accesso. Riprova tra qualche minuto.",
  tooManySignUps: "Troppe registrazioni da questa connessione in poco tempo. Riprova più tardi.",
  emailChangeTooMany: "Hai chiesto troppe volte di cambiare indirizzo email. Riprova più tardi.",
  passwordsDoNotMatch: "Le nuove password non coincidono",
  forbiddenOrigin: "Richiesta non consentita: proviene da un sito diverso da Zampa.",
} as const;

export const PASSWORD_MIN_LENGTH = 6;
export const PASSWORD_MAX_LENGTH = 128;
