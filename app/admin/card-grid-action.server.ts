// The action of a back-office page whose items are created, edited and deleted in place
// (categories, partners, breeds, contests, redirects): the form's intent picks the domain
// function; the answer carries the intent, the message, and the field errors of a refused save.
import { data, type RouterContextProvider } from "react-router";
import type { CurrentUser } from "~/accounts/session.server";
import type { FieldErrors } from "~/lib/field-errors";
import type { Result } from "~/lib/result";
import { readAdminForm } from "./admin-form.server";

export type CardIntent = "create" | "update" | "delete";
export type CardActionData<F extends string> =
  | { ok: true; intent: CardIntent; message: string }
  | { ok: false; intent: CardIntent | null; error: string; fieldErrors?: FieldErrors<F> };

type Outcome = Result<{ message: string }> & { fieldErrors?: FieldErrors };

export interface CardHandlers {
  create: (actor: CurrentUser | null, fields: Record<string, string>) => Promise<Outcome>;
  /** absent where items are never edited (redirects): "update" is then an unknown intent */
  update?: (actor: CurrentUser | null, id: string, fields: Record<string, string>) => Promise<Outcome>;
  delete: (actor: CurrentUser | null, id: string) => Promise<Outcome>;
  /** the message of an unknown intent (an admin's form never sends one) */
  unknownIntent: string;
}

const isIntent = (value: unknown): value is CardIntent => value === "create" || value === "update" || value === "delete";

/** The action's own arguments: the actor is the one the back office's gate let through. */
export async function cardGridAction<F extends string>(args: { request: Request; context: Readonly<RouterContextProvider> }, handlers: CardHandlers) {
  const read = await readAdminForm(args);
  if (!read.ok) return read.refusal;
  const { actor } = read;
  const { intent, id = "", ...fields } = read.fields;
  const known = isIntent(intent) && (intent !== "update" || handlers.update) ? intent : null;
  const result: Outcome =
    known === "create"
      ? await handlers.create(actor, fields)
      : known === "update"
        ? await handlers.update!(actor, id, fields)
        : known === "delete"
          ? await handlers.delete(actor, id)
          : { ok: false, status: 400, error: handlers.unknownIntent };
  if (!result.ok) {
    return data<CardActionData<F>>({ ok: false, intent: known, error: result.error, fieldErrors: result.fieldErrors as FieldErrors<F> }, { status: result.status });
  }
  return data<CardActionData<F>>({ ok: true, intent: known!, message: result.message });
}
