// The contact form's rules (DESIGN [9]) and Italian messages, shared by the form and the server.
import { z } from "zod";
import { emailSchema } from "~/accounts/validation";

export const CONTACT_LIMITS = { name: 100, subject: 200, messageMin: 10, messageMax: 5_000 } as const;

export const CONTACT_MESSAGES = {
  nameRequired: "Inserisci il tuo nome",
  nameTooLong: `Il nome può contenere al massimo ${CONTACT_LIMITS.name} caratteri`,
  subjectRequired: "Inserisci l'oggetto del messaggio",
  subjectTooLong: `L'oggetto può contenere al massimo ${CONTACT_LIMITS.subject} caratteri`,
  messageRequired: "Scrivi il tuo messaggio",
  messageTooShort: `Il messaggio deve contenere almeno ${CONTACT_LIMITS.messageMin} caratteri`,
  messageTooLong: "Il messaggio può contenere al massimo 5.000 caratteri",
  tooMany: "Hai inviato troppi messaggi in poco tempo. Riprova più tardi.",
  success: "Messaggio inviato con successo!",
  successDetail: "Ti risponderemo il prima possibile all'indirizzo email fornito.",
  genericError: "Si è verificato un errore",
} as const;

const M = CONTACT_MESSAGES;

export const contactSchema = z.object({
  name: z.string({ error: M.nameRequired }).trim().min(1, M.nameRequired).max(CONTACT_LIMITS.name, M.nameTooLong),
  email: emailSchema,
  subject: z.string({ error: M.subjectRequired }).trim().min(1, M.subjectRequired).max(CONTACT_LIMITS.subject, M.subjectTooLong),
  message: z
    .string({ error: M.messageRequired })
    .trim()
    .min(1, M.messageRequired)
    .min(CONTACT_LIMITS.messageMin, M.messageTooShort)
    .max(CONTACT_LIMITS.messageMax, M.messageTooLong),
});

export type ContactInput = z.infer<typeof contactSchema>;

/** The hidden field that people never see and simple bots fill in. */
export const HONEYPOT_FIELD = "zampa_hp";
