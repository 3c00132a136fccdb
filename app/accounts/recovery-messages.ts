// Italian texts of password recovery, e-mail verification and their limits (decision 0058), for
// the server and the pages.
import { VERIFICATION_BANNER_TEXT } from "./verification-banner-text";

export const RECOVERY_MESSAGES = {
  recoverySent:
    "Se l'indirizzo corrisponde a un account Zampa, riceverai a breve un'email con il link per reimpostare la password. Il link vale 1 ora.",
  tooManyRecoveries: "Troppe richieste di recupero della password. Riprova tra qualche minuto.",
  resetLinkInvalid: "Il link per reimpostare la password non è valido, è già stato usato o è scaduto. Chiedine uno nuovo.",
  resetDone: "Password reimpostata. Per sicurezza abbiamo chiuso tutti gli accessi: accedi con la nuova password.",
  verificationSent:
    "Se l'indirizzo corrisponde a un account Zampa non ancora confermato, riceverai a breve un'email con il link di conferma.",
  verificationSentToYou: "Ti abbiamo inviato una nuova email di conferma. Controlla la posta (anche lo spam).",
  alreadyVerified: "Il tuo indirizzo email è già confermato.",
  // The spec's "You must provide either an email or phone number and a type", in Italian.
  resendMissingTarget: "Devi indicare un indirizzo email o un numero di telefono e il tipo di messaggio da inviare di nuovo.",
  resendUnknownType: "Tipo di messaggio non valido: si può inviare di nuovo solo l'email di conferma dell'indirizzo.",
  resendCooldown: (seconds: number) => `Ti abbiamo appena inviato un'email di conferma. Puoi chiederne un'altra tra ${seconds} secondi.`,
  tooManyResends: "Troppe richieste di invio dell'email di conferma. Riprova più tardi.",
  verified: "Indirizzo email confermato. Grazie!",
  verifyLinkInvalid: "Il link di conferma non è valido o è scaduto. Chiedine uno nuovo qui sotto.",
  mustVerifyToVote: "Per votare devi prima confermare il tuo indirizzo email: così ogni voto viene da una persona reale.",
  mustVerifyToEnter:
    "Per partecipare ai concorsi devi prima confermare il tuo indirizzo email: così ogni partecipazione viene da una persona reale.",
  mustVerifyToTakePart:
    "Per votare e inviare le foto devi prima confermare il tuo indirizzo email: apri il link che ti abbiamo inviato alla registrazione.",
  bannerText: VERIFICATION_BANNER_TEXT,
} as const;
