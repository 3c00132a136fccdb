// Zod schemas of the account forms: the server validates with them, and the forms show the same
// messages. Shared by the browser and the server (no secrets here).
import { z } from "zod";
import { isCommonPassword } from "./common-passwords";
import { ACCOUNT_MESSAGES as M, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from "./messages";

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

export const signUpSchema = z
  .object({
    fullName: z.string({ error: M.fullNameRequired }).trim().min(1, M.fullNameRequired).max(100, M.fullNameRequired),
    email: emailSchema,
    password: newPasswordSchema,
    acceptPrivacy: checkbox,
    acceptTerms: checkbox,
  })
  .refine((v) => v.acceptPrivacy && v.acceptTerms, { message: M.mustAcceptTerms, path: ["acceptTerms"] });

export const signInSchema = z.object({
  email: emailSchema,
  password: z.string({ error: M.passwordRequired }).min(1, M.passwordRequired),
});

/** The first message of a failed parse: forms show one clear message at a time. */
export function firstError(error: z.ZodError): string {
  return error.issues[0]?.message ?? M.genericError;
}
