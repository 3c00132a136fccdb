import { CircleAlert, CircleCheck, Circle, ExternalLink, Lightbulb, Plus } from "lucide";
import { data, Link } from "react-router";
import type { Route } from "./+types/overview";
import { adminActor } from "~/admin/gate.server";
import { Icon } from "~/components/icon";
import { seoOverview } from "~/seo/admin.server";
import { ANALYTICS_URL, SEARCH_CONSOLE_URL, SEO_TIPS, type OverviewCard } from "~/seo/overview";

// /admin/seo — the overview tab: the four cards, the checklist, quick actions and tips.
export async function loader({ context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const result = await seoOverview(admin);
  if (!result.ok) throw data({ error: result.error }, { status: result.status });
  return { cards: result.cards, checklist: result.checklist };
}

export const meta: Route.MetaFunction = () => [{ title: "SEO: panoramica — Zampa Admin" }, { name: "robots", content: "noindex" }];

// The state is said in words and drawn with an icon, never by the colour alone.
function Card({ card }: { card: OverviewCard }) {
  const good = card.state === "good";
  return (
    <li
      data-state={card.state}
      className={`rounded-2xl border bg-white p-5 shadow-sm ${good ? "border-green-300" : "border-amber-400"}`}
    >
      <h3 className="text-sm font-semibold text-stone-700">{card.title}</h3>
      <p className="mt-2 text-3xl font-bold text-stone-900">{card.value}</p>
      <p className="mt-1 text-sm text-stone-700">{card.detail}</p>
      <p className={`mt-3 inline-flex items-center gap-1 rounded-full px-2 py-0.5 text-xs font-semibold ${good ? "bg-green-100 text-green-900" : "bg-amber-100 text-amber-900"}`}>
        <Icon node={good ? CircleCheck : CircleAlert} aria-hidden size={14} />
        {good ? "Buono" : "Da migliorare"}
      </p>
    </li>
  );
}

export default function SeoOverview({ loaderData }: Route.ComponentProps) {
  const { cards, checklist } = loaderData;
  return (
    <div className="space-y-8">
      <section aria-labelledby="seo-figures">
        <h2 id="seo-figures" className="text-xl font-bold text-stone-900">
          Panoramica
        </h2>
        <ul className="mt-4 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-4" aria-label="Indicatori SEO">
          {cards.map((card) => (
            <Card key={card.id} card={card} />
          ))}
        </ul>
      </section>

      <div className="grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="seo-checklist" className="rounded-2xl border border-stone-200 bg-white p-5">
          <h2 id="seo-checklist" className="text-lg font-bold text-stone-900">
            Checklist SEO
          </h2>
          <ul className="mt-3 space-y-2">
            {checklist.map((item) => (
              <li key={item.label} className="flex items-start gap-2 text-stone-800">
                <Icon node={item.done ? CircleCheck : Circle} aria-hidden size={20} className={`mt-0.5 shrink-0 ${item.done ? "text-green-700" : "text-stone-500"}`} />
                <span>
                  {item.label}
                  <span className="sr-only">{item.done ? ": fatto" : ": da fare"}</span>
                </span>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="seo-actions" className="rounded-2xl border border-stone-200 bg-white p-5">
          <h2 id="seo-actions" className="text-lg font-bold text-stone-900">
            Azioni rapide
          </h2>
          <ul className="mt-3 flex flex-col gap-2">
            <li>
              <Link to="/admin/articles/new" className="btn-primary">
                <Icon node={Plus} aria-hidden size={18} /> Nuovo articolo
              </Link>
            </li>
            <li>
              <a href={SEARCH_CONSOLE_URL} target="_blank" rel="noopener noreferrer" className="btn-secondary">
                <Icon node={ExternalLink} aria-hidden size={18} /> Google Search Console <span className="sr-only">(si apre in una nuova scheda)</span>
              </a>
            </li>
            <li>
              <a href={ANALYTICS_URL} target="_blank" rel="noopener noreferrer" className="btn-secondary">
                <Icon node={ExternalLink} aria-hidden size={18} /> Google Analytics <span className="sr-only">(si apre in una nuova scheda)</span>
              </a>
            </li>
          </ul>
        </section>
      </div>

      <section aria-labelledby="seo-tips" className="rounded-2xl border border-sky-200 bg-sky-50 p-5">
        <h2 id="seo-tips" className="flex items-center gap-2 text-lg font-bold text-sky-950">
          <Icon node={Lightbulb} aria-hidden size={20} /> Consigli SEO
        </h2>
        <ul className="mt-3 list-disc space-y-1 pl-5 text-sky-950">
          {SEO_TIPS.map((tip) => (
            <li key={tip}>{tip}</li>
          ))}
        </ul>
      </section>
    </div>
  );
}
