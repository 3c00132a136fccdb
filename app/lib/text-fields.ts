// The schemas of a form's free-text fields, trimmed: a required one (its message when left empty,
// another when too long) and an optional one (stored as null when left empty). Client-safe: the
// forms check with the same schemas.
import { z } from "zod";

export const requiredText = (required: string, max: number, tooLong: string) => z.string({ error: required }).trim().min(1, required).max(max, tooLong);

export const optionalText = (max: number, tooLong: string) =>
  z
    .string()
    .trim()
    .max(max, tooLong)
    .optional()
    .transform((value) => value || null);
