import { Link, data } from "react-router";
import type { Route } from "./+types/meta-tags";
import { adminActor } from "~/admin/gate.server";
import { getSettingsForAdmin } from "~/seo/settings-admin.server";
import { NOT_CONFIGURED } from "~/seo/settings-validation";

// /admin/seo/meta-tags — read-only summary of the site-wide tags; its link switches to the settings
// tab. 'Not configured' is the spec's text, kept word for word (decision 0054).

export async function loader({ context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const result = await getSettingsForAdmin(admin);
  if (!result.ok) throw data({ error: result.error }, { status: result.status });
  const saved = result.saved;
  return {
    siteName: saved?.siteName || null,
    siteDescription: saved?.siteDescription || null,
    defaultOgImage: saved?.defaultOgImage || null,
  };
}

export const meta: Route.MetaFunction = () => [{ title: "Meta tag — SEO — Zampa Admin" }, { name: "robots", content: "noindex" }];

export default function SeoMetaTags({ loaderData }: Route.ComponentProps) {
  const rows = [
    { label: "Nome del sito", value: loaderData.siteName },
    { label: "Descrizione del sito", value: loaderData.siteDescription },
    { label: "Immagine Open Graph", value: loaderData.defaultOgImage, mono: true },
  ];
  return (
    <section aria-labelledby="meta-tags-title">
      <h2 id="meta-tags-title" className="text-xl font-bold text-stone-900">
        Meta tag globali
      </h2>
      <p className="mt-1 text-sm text-stone-700">I valori che ogni pagina usa quando non ne ha di propri. Si modificano nelle impostazioni.</p>
      <dl className="mt-6 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
        {rows.map((row) => (
          <div key={row.label} className="grid gap-1 px-4 py-3 sm:grid-cols-[14rem_1fr] sm:gap-4">
            <dt className="font-semibold text-stone-800">{row.label}</dt>
            <dd className={`min-w-0 break-words ${row.value ? "text-stone-900" : "text-stone-600 italic"} ${row.value && row.mono ? "font-mono text-sm break-all" : ""}`}>
              {row.value ?? NOT_CONFIGURED}
            </dd>
          </div>
        ))}
      </dl>
      <p className="mt-6">
        <Link to="/admin/seo/settings" className="btn-secondary">
          Modifica nelle impostazioni
        </Link>
      </p>
    </section>
  );
}
