// The SEO settings form's rules and messages, shared by the server and the settings tab.
// Client-safe: no server code here. Decision 0054.
//
// The ids and the verification code end up in every page: the code in a <meta> attribute, the
// Analytics id in a script address and a gtag call, the Pixel id in an fbq call. React escapes
// attributes, but these fields are restricted to the characters such ids are made of anyway, so
// that no value can carry markup, quotes or a script address of its own.
import { z } from "zod";
import { singleLine } from "~/lib/text";
import { isHttpUrl } from "./redirect-validation";

export const SETTINGS_LIMITS = {
  siteName: 100,
  siteDescription: 500,
  defaultOgImage: 2000,
  googleAnalyticsId: 40,
  googleSearchConsoleCode: 100,
  facebookPixelId: 20,
  robotsTxt: 10000,
} as const;

export const ROBOTS_TXT_ROWS = 10;

/** The meta tags tab's text for an empty setting: the spec's words, kept in English as written. */
export const NOT_CONFIGURED = "Not configured";

export const SETTINGS_MESSAGES = {
  // Spec section 8, word for word.
  saved: "Impostazioni salvate con successo",
  saveError: "Errore nel salvataggio",
  // Ours.
  siteNameRequired: "Il nome del sito è obbligatorio",
  siteNameTooLong: `Il nome del sito può contenere al massimo ${SETTINGS_LIMITS.siteName} caratteri`,
  siteDescriptionTooLong: `La descrizione del sito può contenere al massimo ${SETTINGS_LIMITS.siteDescription} caratteri`,
  ogImageInvalid: "L'immagine Open Graph deve essere un URL: un indirizzo completo (https://…) o un percorso del sito (/uploads/…)",
  ogImageTooLong: `L'indirizzo dell'immagine Open Graph può contenere al massimo ${SETTINGS_LIMITS.defaultOgImage} caratteri`,
  analyticsInvalid: "L'ID di Google Analytics può contenere solo lettere, numeri e trattini, nella forma G-XXXXXXXXXX (o UA-XXXXXX-X)",
  searchConsoleInvalid:
    "Il codice di verifica di Google Search Console può contenere solo lettere, numeri e i segni - _ = + / . (incolla il valore di content del tag meta)",
  pixelInvalid: "L'ID del Facebook Pixel è composto solo da cifre (da 5 a 20)",
  robotsTooLong: `Il robots.txt può contenere al massimo ${SETTINGS_LIMITS.robotsTxt} caratteri`,
  robotsControl: "Il robots.txt può contenere solo testo semplice",
} as const;

const M = SETTINGS_MESSAGES;

const ANALYTICS_ID = /^[A-Z]{1,3}-[A-Z0-9-]{2,36}$/i;
const SEARCH_CONSOLE_CODE = /^[A-Za-z0-9_=+/.-]{1,100}$/;
const PIXEL_ID = /^[0-9]{5,20}$/;
/** What Search Console gives to copy: the whole tag. Its content is taken from it. */
const VERIFICATION_TAG = /^<meta\s+name=["']google-site-verification["']\s+content=["']([^"'<>]*)["']\s*\/?>$/i;

/** An optional one-line field: empty becomes null. */
const optionalLine = (max: number, tooLong: string) =>
  z
    .string()
    .optional()
    .transform((v) => singleLine(v ?? ""))
    .pipe(z.string().max(max, tooLong))
    .transform((v) => (v === "" ? null : v));

/** An optional id: spaces around it dropped, empty becomes null, otherwise it must match. */
const optionalId = (pattern: RegExp, message: string, max: number, prepare: (v: string) => string = (v) => v) =>
  z
    .string()
    .optional()
    .transform((v) => prepare((v ?? "").trim()))
    .refine((v) => v === "" || (v.length <= max && pattern.test(v)), message)
    .transform((v) => (v === "" ? null : v));

/** An Open Graph image: an absolute http(s) address or a path of this site ("/uploads/…"). */
export function isImageUrl(value: string): boolean {
  if (/[\s\p{Cc}"'<>\\]/u.test(value)) return false;
  if (value.startsWith("/")) return !value.startsWith("//");
  return isHttpUrl(value);
}

export const settingsSchema = z.object({
  siteName: z
    .string({ error: M.siteNameRequired })
    .overwrite(singleLine)
    .min(1, M.siteNameRequired)
    .max(SETTINGS_LIMITS.siteName, M.siteNameTooLong),
  siteDescription: optionalLine(SETTINGS_LIMITS.siteDescription, M.siteDescriptionTooLong),
  defaultOgImage: z
    .string()
    .optional()
    .transform((v) => (v ?? "").trim())
    .refine((v) => v.length <= SETTINGS_LIMITS.defaultOgImage, M.ogImageTooLong)
    .refine((v) => v === "" || isImageUrl(v), M.ogImageInvalid)
    .transform((v) => (v === "" ? null : v)),
  googleAnalyticsId: optionalId(ANALYTICS_ID, M.analyticsInvalid, SETTINGS_LIMITS.googleAnalyticsId, (v) => v.toUpperCase()),
  googleSearchConsoleCode: optionalId(SEARCH_CONSOLE_CODE, M.searchConsoleInvalid, SETTINGS_LIMITS.googleSearchConsoleCode, (v) => VERIFICATION_TAG.exec(v)?.[1]?.trim() ?? v),
  facebookPixelId: optionalId(PIXEL_ID, M.pixelInvalid, SETTINGS_LIMITS.facebookPixelId),
  robotsTxt: z
    .string()
    .optional()
    .transform((v) => (v ?? "").replace(/\r\n?/g, "\n").trim())
    .refine((v) => v.length <= SETTINGS_LIMITS.robotsTxt, M.robotsTooLong)
    .refine((v) => !/[\p{Cc}]/u.test(v.replace(/[\n\t]/g, "")), M.robotsControl)
    .transform((v) => (v === "" ? null : v)),
});

export type SettingsInput = z.output<typeof settingsSchema>;
export type SettingsField = keyof SettingsInput;
