import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/new";
import { createAdCode } from "~/ads/admin.server";
import { EMPTY_AD_CODE_FORM, adCodeFormValuesOf } from "~/ads/validation";
import { adminActor } from "~/admin/gate.server";
import { AdCodeForm } from "~/components/admin/ad-code-form";
import { readForm } from "~/lib/form.server";

// /admin/adsense/new — a new ad code, with the spec's defaults. On success, back to the list with
// "Codice annuncio creato" (?saved=created).
export async function action({ request, context }: Route.ActionArgs) {
  const actor = adminActor(context);
  const form = await readForm(request);
  if (!form.ok) return data({ error: form.error, fieldErrors: {}, values: EMPTY_AD_CODE_FORM }, { status: form.status });
  const result = await createAdCode(actor, form.fields);
  if (!result.ok) return data({ error: result.error, fieldErrors: result.fieldErrors ?? {}, values: adCodeFormValuesOf(form.fields) }, { status: result.status });
  return redirect("/admin/adsense?saved=created");
}

export const meta: Route.MetaFunction = () => [{ title: "Nuovo codice annuncio — Zampa Admin" }, { name: "robots", content: "noindex" }];

export default function NewAdCode({ actionData }: Route.ComponentProps) {
  return (
    <div className="mx-auto max-w-3xl">
      <p className="text-sm">
        <Link to="/admin/adsense" className="text-brand-800 underline">
          Codici annuncio
        </Link>
      </p>
      <h1 className="mt-1 mb-6 text-2xl font-bold text-stone-900">Nuovo codice annuncio</h1>
      <AdCodeForm mode="new" values={actionData?.values ?? EMPTY_AD_CODE_FORM} fieldErrors={actionData?.fieldErrors} error={actionData?.error} />
    </div>
  );
}
