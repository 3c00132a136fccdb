// The profile page's forms (DESIGN: dashboard profile): Zod schemas and Italian messages shared by
// the browser and the server (no secrets here). The password rule is the one of sign-up
// (decision 0009), reused through newPasswordSchema.
import { z } from "zod";
import { ACCOUNT_MESSAGES as A } from "./messages";
import { emailSchema, fullNameSchema, newPasswordSchema } from "./validation";

export { FULL_NAME_MAX_LENGTH } from "./messages";

/** Where the confirmation link of an e-mail change lands (through better-auth's /verify-email). */
export const EMAIL_CONFIRMED_PATH = "/dashboard/profile?email=confirmed";

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
  emailLinkInvalid: "Il link di conferma non è valido o è scaduto: chiedi di nuovo il cambio di indirizzo email.",
  emailTakenMeanwhile:
    "Nel frattempo un altro account ha iniziato a usare quell'indirizzo email: il tuo indirizzo non è cambiato.",
  invalidIntent: "Azione non valida",
} as const;

const M = PROFILE_MESSAGES;

/** Success text of a requested e-mail change: nothing changes until the link is followed. */
export function emailChangeRequested(newEmail: string, nameSaved: boolean): string {
  const lead = nameSaved ? `${M.profileSaved}. ` : "";
  return `${lead}Ti abbiamo inviato un'email a ${newEmail}: controlla la casella del nuovo indirizzo e apri il link per confermarlo. Fino ad allora resta attivo l'indirizzo attuale.`;
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
