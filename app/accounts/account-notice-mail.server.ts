// Mails that tell an account's owner that someone else used their address (decisions 0074, 0075):
// failed sign-ins from many places, a sign-up with an address already registered. Each carries the
// way back in (the recovery page), and no text the other person chose.
import { config } from "~/config.server";
import type { Mail } from "~/mail/mailer.server";

/** The page that sends a reset link: the recovery link of these notices. */
export const RECOVERY_PAGE_PATH = "/forgot-password";

export function recoveryPageLink(): string {
  return new URL(RECOVERY_PAGE_PATH, config().publicUrl).href;
}

export function failedSignInsMail(to: string): Mail {
  return {
    to,
    subject: "Tentativi di accesso al tuo account Zampa",
    text: `Ciao,\n\nnegli ultimi minuti qualcuno ha provato più volte, da connessioni diverse, ad accedere al tuo account Zampa con una password sbagliata.\n\nIl tuo account è al sicuro e puoi continuare ad accedere come sempre: per precauzione, gli accessi dalle connessioni che non hai mai usato vengono rallentati per un po'.\n\nSe la tua password è usata anche su altri siti, o se pensi che qualcuno possa conoscerla, cambiala subito da qui:\n${recoveryPageLink()}\n\nPer una protezione in più puoi attivare la verifica in due passaggi dal tuo profilo.\n\nIl team di Zampa`,
  };
}

export function signUpWithRegisteredAddressMail(to: string): Mail {
  return {
    to,
    subject: "Qualcuno ha provato a registrarsi su Zampa con il tuo indirizzo",
    text: `Ciao,\n\nqualcuno ha appena provato a creare un nuovo account Zampa con questo indirizzo email, che è già registrato: non abbiamo creato nessun account e il tuo non è cambiato.\n\nSe eri tu, non serve registrarti di nuovo: accedi con la tua password (se non hai ancora confermato l'indirizzo, dopo l'accesso potrai farti inviare una nuova email di conferma). Se non ricordi la password, puoi sceglierne una nuova da qui:\n${recoveryPageLink()}\n\nSe non eri tu, puoi ignorare questo messaggio.\n\nIl team di Zampa`,
  };
}
