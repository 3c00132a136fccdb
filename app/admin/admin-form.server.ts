// The first step of a back-office action that posts a form: only an administrator gets further,
// refused before the body is read, then the form is read like every form of the site. Answers in
// the shape the admin pages' fetchers read ({ ok: false, error }).
import { data } from "react-router";
import { getCurrentUser } from "~/accounts/session.server";
import { readForm } from "~/lib/form.server";
import { type AdminActor, refuseNonAdmin } from "./access.server";

export type AdminFormRead =
  | { ok: true; actor: AdminActor; fields: Record<string, string> }
  | { ok: false; refusal: ReturnType<typeof data<{ ok: false; error: string }>> };

export async function readAdminForm(request: Request): Promise<AdminFormRead> {
  const actor = await getCurrentUser(request);
  const refused = refuseNonAdmin(actor);
  if (refused) return { ok: false, refusal: data({ ok: false, error: refused.error }, { status: refused.status }) };
  const form = await readForm(request);
  if (!form.ok) return { ok: false, refusal: data({ ok: false, error: form.error }, { status: form.status }) };
  return { ok: true, actor: actor as AdminActor, fields: form.fields };
}
