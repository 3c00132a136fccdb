// The e-mails of password recovery and address verification (decision 0058), Italian, with no text
// the account chose: the address may not be the account holder's yet.
import { verifyJWT } from "better-auth/crypto";
import { config } from "~/config.server";
import type { Mail } from "~/mail/mailer.server";

/** Validity of a password-reset link: one hour, and used once. */
export const RESET_LINK_TTL_SECONDS = 60 * 60;

/** Zampa's own page that sets the new password; the token travels in the query. */
export const RESET_PASSWORD_PATH = "/reset-password";

/** Where the verification link lands after better-auth's /verify-email (errors are appended). */
export const EMAIL_VERIFIED_PATH = "/email-verification?verified=1";

/** The absolute address of one of Zampa's pages that takes a single-use token from a mail. */
export function tokenLink(pagePath: string, token: string): string {
  const url = new URL(pagePath, config().publicUrl);
  url.searchParams.set("token", token);
  return url.href;
}

export function resetLink(token: string): string {
  return tokenLink(RESET_PASSWORD_PATH, token);
}

export function passwordResetMail(to: string, token: string): Mail {
  return {
    to,
    subject: "Reimposta la password del tuo account Zampa",
    text: `Ciao,\n\nabbiamo ricevuto una richiesta di reimpostare la password del tuo account Zampa. Per scegliere una nuova password apri questo link (valido per 1 ora e utilizzabile una sola volta):\n${resetLink(token)}\n\nDopo il cambio, tutti gli accessi aperti con la vecchia password verranno chiusi.\nSe non hai chiesto tu di reimpostare la password, ignora questo messaggio: la password attuale resta valida.\n\nIl team di Zampa`,
  };
}

export function verificationMail(to: string, url: string): Mail {
  return {
    to,
    subject: "Conferma il tuo indirizzo email su Zampa",
    text: `Ciao,\n\nper completare la registrazione su Zampa conferma il tuo indirizzo email aprendo questo link (valido per 24 ore):\n${url}\n\nFinché l'indirizzo non è confermato non puoi votare né partecipare ai concorsi.\nSe non ti sei registrato tu, ignora questo messaggio.\n\nIl team di Zampa`,
  };
}

/** Whether a better-auth verification token belongs to an e-mail change (it names the new address). */
export async function isEmailChangeToken(token: string, secret: string): Promise<boolean> {
  const payload = await verifyJWT<{ updateTo?: unknown }>(token, secret);
  return typeof payload?.updateTo === "string";
}
