// The profile page's forms (DESIGN: dashboard profile): Zod schemas and Italian messages shared by
// the browser and the server (no secrets here). The password rule is the one of sign-up
// (decision 0009), reused through newPasswordSchema.
import { z } from "zod";
import { ACCOUNT_MESSAGES as A } from "./messages";
import { emailSchema, fullNameSchema, newPasswordSchema } from "./validation";

export { FULL_NAME_MAX_LENGTH } from "./messages";

export const PROFILE_MESSAGES = {
  fullNameRequired: A.fullNameRequired,
  fullNameTooLong: A.fullNameTooLong,
  newPasswordRequired: "Inserisci la nuova password",
  confirmPasswordRequired: "Conferma la nuova password",
  passwordsDoNotMatch: A.passwordsDoNotMatch,
  profileSaved: "Profilo aggiornato con successo",
  passwordSaved: "Password aggiornata con successo",
  profileError: "Errore durante l'aggiornamento del profilo",
  passwordError: "Errore durante l'aggiornamento della password",
  emailTaken: A.emailTaken,
  emailChangeTooMany: A.emailChangeTooMany,
  emailConfirmed: "Il tuo nuovo indirizzo email è stato confermato ed è ora attivo.",
  emailTakenMeanwhile:
    "Nel frattempo un altro account ha iniziato a usare quell'indirizzo email: il tuo indirizzo non è cambiato.",
  emailChangeCancelled: "Cambio di indirizzo annullato: l'account continua a usare l'indirizzo attuale.",
  noPendingEmailChange: "Non c'è nessun cambio di indirizzo email in attesa di conferma.",
  invalidIntent: "Azione non valida",
  messageMailLabel: "Avvisami via email dei nuovi messaggi",
  messageMailOn: "Ti avviseremo via email quando ricevi un nuovo messaggio.",
  messageMailOff: "Non riceverai più email per i nuovi messaggi: li troverai nella tua area Messaggi.",
  messageMailError: "Errore durante il salvataggio della preferenza",
} as const;

/** The message-mail setting's form: a checkbox, sent as "on" when ticked and absent otherwise. */
export const messageMailSchema = z.object({ messageMail: z.literal("on").optional() }).transform(({ messageMail }) => ({ messageMail: messageMail === "on" }));

const M = PROFILE_MESSAGES;

/** The pages an e-mail change's two links open (decision 0077); the token travels in the query. */
export const EMAIL_CHANGE_PATHS = { confirm: "/email-change/confirm", cancel: "/email-change/cancel" } as const;
export type EmailLinkKind = keyof typeof EMAIL_CHANGE_PATHS;

/**
 * What the page opened by an e-mail change's link says when the link can no longer be used
 * (decision 0077), by why: for the confirmation link (sent to the new address) and for the
 * cancellation link (sent to the old one).
 */
export const EMAIL_LINK_MESSAGES = {
  confirm: {
    unknown: "Il link di conferma non è valido: controlla di averlo copiato per intero, oppure chiedi di nuovo il cambio di indirizzo dal tuo profilo.",
    expired: "Il link di conferma è scaduto (vale 24 ore): chiedi di nuovo il cambio di indirizzo dal tuo profilo.",
    confirmed: "Questo link è già stato usato: il nuovo indirizzo email è già attivo.",
    cancelled: "Questo cambio di indirizzo è stato annullato e il link non vale più. Se vuoi cambiare indirizzo, chiedilo di nuovo dal tuo profilo.",
    replaced: "Questo link non vale più: dopo averlo ricevuto è stato chiesto un altro cambio di indirizzo. Usa il link dell'email più recente.",
    voided:
      "Questo link non vale più: nel frattempo la password o l'indirizzo email dell'account sono cambiati. Se vuoi cambiare indirizzo, chiedilo di nuovo dal tuo profilo.",
  },
  cancel: {
    unknown: "Il link per annullare il cambio di indirizzo non è valido: controlla di averlo copiato per intero.",
    expired: "Il cambio di indirizzo non è stato confermato in tempo ed è scaduto: non c'è più niente da annullare.",
    confirmed:
      "Il cambio di indirizzo è già stato confermato e non si può più annullare da questo link. Se non l'hai chiesto tu, scrivici dalla pagina Contatti.",
    cancelled: "Questo cambio di indirizzo è già stato annullato: l'account continua a usare l'indirizzo precedente.",
    replaced: "Questo link non vale più: è stato chiesto un cambio di indirizzo più recente, con una nuova email e il suo link per annullarlo.",
    voided: "Questo cambio di indirizzo non vale più (nel frattempo la password o l'indirizzo dell'account sono cambiati): non c'è niente da annullare.",
  },
} as const;

/** Success text of a requested e-mail change: nothing changes until the link is followed. */
export function emailChangeRequested(newEmail: string, nameSaved: boolean): string {
  const lead = nameSaved ? `${M.profileSaved}. ` : "";
  return `${lead}Ti abbiamo inviato un'email a ${newEmail}: controlla la casella del nuovo indirizzo e apri il link per confermarlo. Fino ad allora resta attivo l'indirizzo attuale, al quale abbiamo scritto come annullare il cambio.`;
}

export const profileSchema = z.object({
  fullName: fullNameSchema,
  email: emailSchema,
});

/**
 * New password twice. There is no current-password field (decision 0026): the spec does not use
 * it, and an ignored field would only pretend to protect the account.
 */
export const passwordChangeSchema = z
  .object({
    newPassword: z.string({ error: M.newPasswordRequired }).min(1, M.newPasswordRequired).pipe(newPasswordSchema),
    confirmPassword: z.string({ error: M.confirmPasswordRequired }).min(1, M.confirmPasswordRequired),
  })
  .refine((v) => v.newPassword === v.confirmPassword, { message: M.passwordsDoNotMatch, path: ["confirmPassword"] });

export type ProfileInput = z.infer<typeof profileSchema>;
export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
