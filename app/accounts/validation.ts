// Zod schemas of the account forms: the server validates with them, and the forms show the same
// messages. Shared by the browser and the server (no secrets here).
import { z } from "zod";
import { singleLine } from "~/lib/text";
import { isCommonPassword } from "./common-passwords";
import { ACCOUNT_MESSAGES as M, FULL_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./messages";

// Characters that show nothing, or that change how the text around them is shown: format
// characters (zero-width space, joiners, word joiner, soft hyphen, BOM, the bidi embeddings,
// overrides and isolates U+202A–U+202E and U+2066–U+2069, …), the Hangul fillers, the combining
// grapheme joiner and the blank Braille pattern.
const INVISIBLE = /[\p{Cf}\u034F\u115F\u1160\u2800\u3164\uFFA0]/gu;

/**
 * A person's name as Zampa stores it: NFC, without invisible or direction-changing characters,
 * on one line, with single spaces and no spaces at either end.
 */
export function normalizeName(value: string): string {
  return singleLine(value.normalize("NFC").replace(INVISIBLE, ""));
}

/**
 * The full name, everywhere an account's name is set: the sign-up and profile forms and
 * better-auth's own endpoints (hooks in auth.server.ts). Required (at least one letter once the
 * invisible characters are gone) and at most FULL_NAME_MAX_LENGTH characters.
 */
export const fullNameSchema = z
  .string({ error: M.fullNameRequired })
  // A bound before any work on the text: nobody's name is ten times the limit.
  .max(FULL_NAME_MAX_LENGTH * 10, M.fullNameTooLong)
  .transform(normalizeName)
  .pipe(
    z
      .string()
      .min(1, M.fullNameRequired)
      .max(FULL_NAME_MAX_LENGTH, M.fullNameTooLong)
      .regex(/\p{L}/u, M.fullNameRequired),
  );

export const emailSchema = z
  .string({ error: M.emailRequired })
  .trim()
  .toLowerCase()
  .min(1, M.emailRequired)
  .max(254, M.emailInvalid)
  .pipe(z.email({ error: M.emailInvalid }));

/** DESIGN [8]: at least 6 characters and not one of the most common passwords. */
export const newPasswordSchema = z
  .string({ error: M.passwordRequired })
  .min(1, M.passwordRequired)
  .min(PASSWORD_MIN_LENGTH, M.passwordTooShort)
  .max(PASSWORD_MAX_LENGTH, M.passwordTooLong)
  .refine((value) => !isCommonPassword(value), M.passwordTooCommon);

/** A ticked checkbox arrives as "on"; anything else (missing, empty, malformed) is not ticked. */
export const checkbox = z.preprocess((value) => value === true || value === "on" || value === "true", z.boolean());

const consented = (v: { acceptPrivacy: boolean; acceptTerms: boolean }) => v.acceptPrivacy && v.acceptTerms;
const consentIssue = { message: M.mustAcceptTerms, path: ["acceptTerms"] };

/** Both consent boxes of sign-up (Privacy Policy, Terms), with the spec's one message. */
export const signUpConsentSchema = z.object({ acceptPrivacy: checkbox, acceptTerms: checkbox }).refine(consented, consentIssue);

export const signUpSchema = z
  .object({
    fullName: fullNameSchema,
    email: emailSchema,
    password: newPasswordSchema,
    acceptPrivacy: checkbox,
    acceptTerms: checkbox,
  })
  .refine(consented, consentIssue);

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired),
});

/** The first message of a failed parse: forms show one clear message at a time. */
export function firstError(error: z.ZodError): string {
  return error.issues[0]?.message ?? M.genericError;
}
