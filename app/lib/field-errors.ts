// A form's messages field by field, from a Zod error: each field shows its first problem beside it.
// Client-safe.
import type { z } from "zod";

export type FieldErrors<F extends string = string> = Partial<Record<F, string>>;

export function fieldErrorsOf<F extends string>(error: z.ZodError): FieldErrors<F> {
  const errors: FieldErrors<F> = {};
  for (const issue of error.issues) {
    const field = issue.path[0];
    if (typeof field === "string" && !(field in errors)) errors[field as F] = issue.message;
  }
  return errors;
}
