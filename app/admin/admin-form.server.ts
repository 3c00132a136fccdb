// The first step of a back-office action that posts a form: the actor the back office's gate let
// through (app/admin/gate.server.ts), then the form, read like every form of the site. Answers in
// the shape the admin pages' fetchers read ({ ok: false, error }).
import type { data, RouterContextProvider } from "react-router";
import { refusal } from "~/lib/action-answer.server";
import { readForm } from "~/lib/form.server";
import type { AdminActor } from "./access.server";
import { adminActor } from "./gate.server";

export type AdminFormRead =
  | { ok: true; actor: AdminActor; fields: Record<string, string> }
  | { ok: false; refusal: ReturnType<typeof data<{ ok: false; error: string }>> };

/**
 * A back-office action that posts a form: `handle` gets the actor and the form's fields; a form that
 * cannot be read is refused before it runs.
 */
export async function adminFormAction<R>(
  args: { request: Request; context: Readonly<RouterContextProvider> },
  handle: (actor: AdminActor, fields: Record<string, string>) => Promise<R>,
) {
  const read = await readAdminForm(args);
  return read.ok ? handle(read.actor, read.fields) : read.refusal;
}

export async function readAdminForm({ request, context }: { request: Request; context: Readonly<RouterContextProvider> }): Promise<AdminFormRead> {
  const actor = adminActor(context);
  const form = await readForm(request);
  if (!form.ok) return { ok: false, refusal: refusal(form) };
  return { ok: true, actor, fields: form.fields };
}
