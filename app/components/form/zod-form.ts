// The one way a form is wired in the browser (decision 0101): Conform with the form's Zod schema.
// The schema that the domain module checks on the server also checks the form before it is sent,
// and the field errors, their ARIA wiring and the focus on the first wrong field come from Conform.
// Whatever the server answers in the project's shape ({ ok: false, error, fieldErrors }) is handed
// to Conform as its last result, so a refusal from either side shows in the same places.
import { parse, useForm, type DefaultValue, type SubmissionResult } from "@conform-to/react";
import { getZodConstraint, parseWithZod } from "@conform-to/zod/v4";
import { useMemo } from "react";
import type { z } from "zod";
import type { FieldErrors } from "~/lib/field-errors";

/** What an action answers about a form it handled (the domain's result, as the routes send it). */
export type FormAnswer = { ok: true; message?: string } | { ok: false; error: string; fieldErrors?: FieldErrors };

/** The key of a form-level message in Conform's errors (not tied to one field). */
const FORM_LEVEL = "";

/**
 * A refused answer as Conform's last result: each field's message on its field, or the answer's
 * message for the whole form when no field is named. Anything else (success, nothing yet) is no result.
 */
export function replyOf(answer: unknown): SubmissionResult<string[]> | undefined {
  if (!isRefusal(answer)) return undefined;
  const error: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(answer.fieldErrors ?? {})) if (typeof message === "string") error[name] = [message];
  if (Object.keys(error).length === 0) error[FORM_LEVEL] = [answer.error];
  // Conform shows a field's errors once the field counts as validated.
  const validated = Object.fromEntries(Object.keys(error).map((name) => [name, true]));
  return { status: "error", error, state: { validated } };
}

function isRefusal(answer: unknown): answer is { ok: false; error: string; fieldErrors?: FieldErrors } {
  return typeof answer === "object" && answer !== null && (answer as { ok?: unknown }).ok === false && typeof (answer as { error?: unknown }).error === "string";
}

/** A schema of a form: an object of named fields (after any transform). */
export type FormSchema = z.ZodType<Record<string, unknown>, Record<string, unknown>>;

export interface ZodFormOptions<S extends FormSchema> {
  /** The form's id; a field's id is `${id}-${name}` and its message's `${id}-${name}-error`. */
  id: string;
  schema: S;
  /** The action's last answer for this form (fetcher.data or actionData). */
  answer?: unknown;
  /** The fields' first values (an edit form's current values). */
  defaultValue?: DefaultValue<z.input<S>>;
  /**
   * The message of a number field holding text that is not a number: the browser sends it empty,
   * which the schema may read as "not given", so it is refused here before it leaves.
   */
  badInput?: Record<string, string>;
}

/**
 * Conform's form for a Zod schema. Checked on submit, then again as the person corrects a field.
 * Values reach the schema as the strings the browser sends (no coercion), exactly as the server
 * reads them, so both sides answer the same input with the same message.
 */
export function useZodForm<S extends FormSchema>({ id, schema, answer, defaultValue, badInput }: ZodFormOptions<S>) {
  const lastResult = useMemo(() => replyOf(answer), [answer]);
  const constraint = useMemo(() => getZodConstraint(fieldsOf(schema)), [schema]);
  return useForm<z.input<S>, z.output<S>>({
    id,
    lastResult,
    defaultValue,
    constraint,
    shouldValidate: "onSubmit",
    shouldRevalidate: "onInput",
    onValidate: ({ form, formData: sent }) => {
      const formData = asServerReads(sent);
      const submission = parseWithZod(formData, { schema, disableAutoCoercion: true });
      const unreadable = badInput ? unreadableNumbers(form, badInput) : {};
      if (Object.keys(unreadable).length === 0) return submission;
      const error = { ...(submission.status === "error" ? submission.error : {}), ...unreadable };
      return parse<z.output<S>, string[]>(formData, { resolve: () => ({ error }) });
    },
  });
}

/**
 * The form as the server reads it (readForm): the last value of each name. A checkbox sends a hidden
 * "false" before its own "on", and the schema expects one text, not the list of both.
 */
function asServerReads(sent: FormData): FormData {
  const read = new FormData();
  for (const name of new Set(sent.keys())) {
    const values = sent.getAll(name);
    // Files are the upload's business (every one of them counts): left as they are.
    if (values.every((value) => typeof value === "string")) read.append(name, values.at(-1)!);
    else for (const value of values) read.append(name, value);
  }
  return read;
}

/**
 * The object whose fields Conform reads the constraints from: a schema transformed as a whole (a
 * contest's dates become instants) is read from its input, which getZodConstraint cannot do alone.
 */
function fieldsOf(schema: z.ZodType): z.ZodType {
  let inner = schema;
  for (;;) {
    const def = inner._zod.def as { type: string; in?: z.ZodType; out?: z.ZodType };
    if (def.type !== "pipe" || !def.in || def.out?._zod.def.type !== "transform") return inner;
    inner = def.in;
  }
}

function unreadableNumbers(form: HTMLFormElement, messages: Record<string, string>): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  for (const [name, message] of Object.entries(messages)) {
    const field = form.elements.namedItem(name);
    if (field instanceof HTMLInputElement && field.validity.badInput) errors[name] = [message];
  }
  return errors;
}

/** Every message the form shows now, once each, form-level first (for a summary read out on refusal). */
export function messagesOf(allErrors: Record<string, string[]>): string[] {
  const ordered = [...(allErrors[FORM_LEVEL] ?? []), ...Object.entries(allErrors).flatMap(([name, errors]) => (name === FORM_LEVEL ? [] : errors))];
  return [...new Set(ordered)];
}
