import type { Route } from "./+types/contact-reveal";
import { getCurrentUser } from "~/accounts/session.server";
import { REVEAL_HEADERS, revealAnswer, revealContact, requesterOf } from "~/listings/contact-reveal.server";
import { readForm } from "~/lib/form.server";

// POST /pet-listing/:id/contatto, kind=phone|email — "Mostra numero" / "Mostra email" asked by the
// page's script (decision 0089): JSON, for this person only (Cache-Control: private, no-store).
// Without JavaScript the same buttons post to the page itself, whose action answers the same way.
export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await getCurrentUser(request);
  const form = await readForm(request);
  const result = form.ok ? await revealContact(viewer, params.id, form.fields.kind, requesterOf(request)) : form;
  const answer = revealAnswer(result, form.ok ? form.fields.kind : undefined);
  return Response.json(answer.body, { status: answer.status, headers: answer.headers });
}

export function loader() {
  return Response.json({ error: "Metodo non consentito" }, { status: 405, headers: { allow: "POST", ...REVEAL_HEADERS } });
}
