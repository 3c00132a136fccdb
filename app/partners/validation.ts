// The partner form's rules and the partners' Italian messages, shared by the server and the back
// office's modal. Client-safe: no server code here.
import { z } from "zod";
import { singleLine } from "~/lib/text";

export const PARTNER_LIMITS = { name: 120, url: 2_000, description: 1_000, displayOrder: 1_000_000 } as const;

export const PARTNER_MESSAGES = {
  saveError: "Errore durante il salvataggio del partner",
  deleteError: "Errore durante l'eliminazione del partner",
  nameRequired: "Il nome è obbligatorio",
  nameTooLong: `Il nome può contenere al massimo ${PARTNER_LIMITS.name} caratteri`,
  logoRequired: "L'URL del logo è obbligatorio",
  logoInvalid: "L'URL del logo non è valido: deve iniziare con http:// o https:// (es. https://www.esempio.it/logo.png)",
  websiteInvalid: "L'URL del sito web non è valido: deve iniziare con http:// o https:// (es. https://www.esempio.it)",
  urlTooLong: `L'URL può contenere al massimo ${PARTNER_LIMITS.url.toLocaleString("it-IT")} caratteri`,
  descriptionTooLong: `La descrizione può contenere al massimo ${PARTNER_LIMITS.description.toLocaleString("it-IT")} caratteri`,
  orderInvalid: "L'ordine di visualizzazione deve essere un numero intero maggiore o uguale a 0",
  orderTooLarge: `L'ordine di visualizzazione può essere al massimo ${PARTNER_LIMITS.displayOrder.toLocaleString("it-IT")}`,
  notFound: "Partner non trovato",
  created: "Partner creato",
  updated: "Partner aggiornato",
  deleted: "Partner eliminato",
} as const;

const M = PARTNER_MESSAGES;

/** An absolute http(s) address with a host. */
export function isWebUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const url = new URL(text);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/**
 * A logo may also be a file of this site ("/uploads/…"): the demo logos and anything uploaded to
 * local storage are addressed that way. A path starting with "//" would be another host, and a
 * backslash is read as a slash by browsers, so both are refused.
 */
export function isLogoUrl(text: string): boolean {
  if (isWebUrl(text)) return true;
  return /^\/[^/\\]/.test(text) && !/[\s\\]/.test(text);
}

const checkbox = z
  .string()
  .optional()
  .transform((value) => value === "on" || value === "true");

export const partnerSchema = z.object({
  name: z.string({ error: M.nameRequired }).overwrite(singleLine).min(1, M.nameRequired).max(PARTNER_LIMITS.name, M.nameTooLong),
  logoUrl: z
    .string({ error: M.logoRequired })
    .trim()
    .min(1, M.logoRequired)
    .max(PARTNER_LIMITS.url, M.urlTooLong)
    .refine(isLogoUrl, M.logoInvalid),
  websiteUrl: z
    .string()
    .trim()
    .max(PARTNER_LIMITS.url, M.urlTooLong)
    .refine((value) => value === "" || isWebUrl(value), M.websiteInvalid)
    .optional()
    .transform((value) => value || null),
  description: z
    .string()
    .trim()
    .max(PARTNER_LIMITS.description, M.descriptionTooLong)
    .optional()
    .transform((value) => value || null),
  /** Empty: the server puts the partner last (the current count). */
  displayOrder: z
    .string()
    .trim()
    .optional()
    .refine((value) => !value || /^\d+$/.test(value), M.orderInvalid)
    .refine((value) => !value || Number(value) <= PARTNER_LIMITS.displayOrder, M.orderTooLarge)
    .transform((value) => (value ? Number(value) : null)),
  isActive: checkbox,
});

export type PartnerInput = z.output<typeof partnerSchema>;
export type PartnerField = keyof PartnerInput;
