import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/new";
import { createAdCode } from "~/ads/admin.server";
import { EMPTY_AD_CODE_FORM, adCodeFormValuesOf } from "~/ads/validation";
import { readAdminForm } from "~/admin/admin-form.server";
import { AdCodeForm, type AdCodeAnswer } from "~/components/admin/ad-code-form";

// /admin/adsense/new — a new ad code, with the spec's defaults. On success, back to the list with
// "Codice annuncio creato" (?saved=created).
export async function action(args: Route.ActionArgs) {
  const read = await readAdminForm(args);
  if (!read.ok) return read.refusal;
  const result = await createAdCode(read.actor, read.fields);
  if (!result.ok) return data({ ok: false as const, error: result.error, fieldErrors: result.fieldErrors ?? {}, values: adCodeFormValuesOf(read.fields) }, { status: result.status });
  return redirect("/admin/adsense?saved=created");
}

export const meta: Route.MetaFunction = () => [{ title: "Nuovo codice annuncio — Zampa Admin" }, { name: "robots", content: "noindex" }];

export default function NewAdCode({ actionData }: Route.ComponentProps) {
  const answer: AdCodeAnswer | undefined = actionData;
  return (
    <div className="mx-auto max-w-3xl">
      <p className="text-sm">
        <Link to="/admin/adsense" className="text-brand-800 underline">
          Codici annuncio
        </Link>
      </p>
      <h1 className="mt-1 mb-6 text-2xl font-bold text-stone-900">Nuovo codice annuncio</h1>
      <AdCodeForm mode="new" values={answer?.values ?? EMPTY_AD_CODE_FORM} fieldErrors={answer?.fieldErrors} error={answer?.error} />
    </div>
  );
}
