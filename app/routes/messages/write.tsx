// "Scrivi all'inserzionista" (decision 0090): the listing page's form posts here. A message sent goes
// to its conversation; a refused one comes back with its message and the text as typed. Without
// JavaScript this page shows the form again; with it, the listing page's form shows the answer.
// It has no loader: a form posted without JavaScript renders here with the action's answer.
import { data, redirect } from "react-router";
import type { Route } from "./+types/write";
import { getCurrentUser } from "~/accounts/session.server";
import { PlainLink } from "~/components/plain-link";
import { WriteToOwnerForm } from "~/components/messages/write-to-owner";
import { readForm } from "~/lib/form.server";
import { limitHeaders } from "~/messages/limits.server";
import { writeToOwner } from "~/messages/sending.server";

export const meta = () => [{ title: "Scrivi all'inserzionista — Zampa" }, { name: "robots", content: "noindex" }];

export async function action({ request, params }: Route.ActionArgs) {
  const viewer = await getCurrentUser(request);
  const read = await readForm(request);
  if (!read.ok) return data({ error: read.error, body: "" }, { status: read.status });
  const result = await writeToOwner(viewer, params.id, read.fields);
  if (!result.ok) return data({ error: result.error, body: read.fields.body ?? "" }, { status: result.status, headers: limitHeaders(result) });
  throw redirect(`/dashboard/messaggi/${result.conversationId}`);
}

export default function WriteAgain({ actionData, params }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-2xl px-4 py-12">
      <WriteToOwnerForm listingId={params.id} error={actionData?.error ?? null} body={actionData?.body ?? ""} headingLevel={1} />
      <p className="mt-6">
        <PlainLink to={`/pet-listing/${params.id}`} className="font-medium text-brand-800 underline">
          Torna all&apos;annuncio
        </PlainLink>
      </p>
    </div>
  );
}
