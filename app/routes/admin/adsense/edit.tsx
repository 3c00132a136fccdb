import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/edit";
import { getAdCode, updateAdCode, type AdminAdCode } from "~/ads/admin.server";
import { adCodeFormValuesOf, type AdCodeFormValues } from "~/ads/validation";
import { readAdminForm } from "~/admin/admin-form.server";
import { adminActor } from "~/admin/gate.server";
import { AdCodeForm, type AdCodeAnswer } from "~/components/admin/ad-code-form";
import { formatDateTimeLong } from "~/lib/format";
import { readQuery } from "~/lib/form.server";

// /admin/adsense/edit?id=… — the ad-code form filled with the saved code. On success, back to the
// list with "Codice annuncio aggiornato" (?saved=updated); an unknown id answers 404.
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const found = await getAdCode(admin, readQuery(request).get("id") ?? "");
  if (!found.ok) return data({ adCode: null, error: found.error }, { status: found.status });
  return { adCode: found.adCode, error: null };
}

export async function action(args: Route.ActionArgs) {
  const id = readQuery(args.request).get("id") ?? "";
  const read = await readAdminForm(args);
  if (!read.ok) return read.refusal;
  const result = await updateAdCode(read.actor, id, read.fields);
  if (!result.ok) return data({ ok: false as const, error: result.error, fieldErrors: result.fieldErrors ?? {}, values: adCodeFormValuesOf(read.fields) }, { status: result.status });
  return redirect("/admin/adsense?saved=updated");
}

export const meta: Route.MetaFunction = ({ data: loaded }) => [
  { title: `${loaded?.adCode ? `Modifica: ${loaded.adCode.name}` : "Codice annuncio"} — Zampa Admin` },
  { name: "robots", content: "noindex" },
];

function valuesOf(adCode: AdminAdCode): AdCodeFormValues {
  return {
    name: adCode.name,
    htmlCode: adCode.htmlCode,
    placementType: adCode.placementType,
    pageType: adCode.pageType,
    priority: String(adCode.priority),
    isActive: adCode.isActive,
  };
}

export default function EditAdCode({ loaderData, actionData }: Route.ComponentProps) {
  const { adCode } = loaderData;
  const answer: AdCodeAnswer | undefined = actionData;
  if (!adCode) {
    return (
      <>
        <h1 className="text-2xl font-bold text-stone-900">{loaderData.error}</h1>
        <p className="mt-2">
          <Link to="/admin/adsense" className="text-brand-800 underline">
            Torna ai codici annuncio
          </Link>
        </p>
      </>
    );
  }
  return (
    <div className="mx-auto max-w-3xl">
      <p className="text-sm">
        <Link to="/admin/adsense" className="text-brand-800 underline">
          Codici annuncio
        </Link>
      </p>
      <h1 className="mt-1 text-2xl font-bold text-stone-900">Modifica codice annuncio</h1>
      <p className="mt-1 mb-6 text-sm text-stone-700">
        Creato il {formatDateTimeLong(adCode.createdAt)} · ultima modifica {formatDateTimeLong(adCode.updatedAt)}
      </p>
      <AdCodeForm
        key={adCode.id}
        mode="edit"
        values={answer?.values ?? valuesOf(adCode)}
        fieldErrors={answer?.fieldErrors}
        error={answer?.error}
      />
    </div>
  );
}
