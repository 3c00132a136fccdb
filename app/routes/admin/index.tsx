import { CalendarClock, CircleCheck, ClipboardList, Eye, FileText, Handshake, Newspaper, Users, type IconNode } from "lucide";
import { Link } from "react-router";
import type { Route } from "./+types/index";
import { adminActor } from "~/admin/gate.server";
import { dashboardCounters, type DashboardCounters } from "~/admin/dashboard.server";
import { Icon } from "~/components/icon";
import { contestsToModerate } from "~/contests/moderation.server";
import { formatDateLong, formatNumber } from "~/lib/format";

export async function loader({ context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const [counters, moderation] = await Promise.all([dashboardCounters(admin), contestsToModerate(admin)]);
  return {
    counters: counters.ok ? counters.counters : null,
    contests: moderation.ok ? moderation.contests : [],
  };
}

export const meta = () => [{ title: "Dashboard — Zampa Admin" }, { name: "robots", content: "noindex" }];

const COUNTERS: { key: keyof DashboardCounters; label: string; icon: IconNode }[] = [
  { key: "totalArticles", label: "Articoli totali", icon: FileText },
  { key: "publishedArticles", label: "Articoli pubblicati", icon: Newspaper },
  { key: "registeredUsers", label: "Utenti registrati", icon: Users },
  { key: "activePartners", label: "Partner attivi", icon: Handshake },
  { key: "totalViews", label: "Visualizzazioni totali", icon: Eye },
  { key: "scheduledArticles", label: "Articoli programmati", icon: CalendarClock },
];

const QUICK_LINKS = [
  { to: "/admin/articles", label: "Gestisci articoli", hint: "Scrivi, modifica e pubblica", icon: FileText },
  { to: "/admin/schedule", label: "Calendario pubblicazioni", hint: "Articoli programmati e registro", icon: CalendarClock },
  { to: "/admin/editorial-plan", label: "Piano editoriale", hint: "Pianifica i prossimi articoli", icon: ClipboardList },
];

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { counters, contests } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold text-stone-900">Dashboard</h1>
      <p className="mt-1 text-stone-700">Panoramica del sito e attività da gestire.</p>

      <section aria-labelledby="counters-title" className="mt-6">
        <h2 id="counters-title" className="sr-only">
          Statistiche
        </h2>
        {counters ? (
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {COUNTERS.map(({ key, label, icon }) => (
              <div key={key} className="flex items-center gap-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
                <span className="rounded-xl bg-brand-50 p-3 text-brand-800">
                  <Icon node={icon} aria-hidden size={24} />
                </span>
                <div>
                  <dt className="text-sm text-stone-700">{label}</dt>
                  <dd className="text-2xl font-bold text-stone-900">{formatNumber(counters[key])}</dd>
                </div>
              </div>
            ))}
          </dl>
        ) : (
          <p className="text-stone-700">Statistiche non disponibili</p>
        )}
      </section>

      <div className="mt-8 grid gap-6 xl:grid-cols-2">
        <section aria-labelledby="quick-title">
          <h2 id="quick-title" className="text-lg font-bold text-stone-900">
            Azioni rapide
          </h2>
          <ul className="mt-3 grid gap-3">
            {QUICK_LINKS.map(({ to, label, hint, icon }) => (
              <li key={to}>
                <Link to={to} className="flex items-center gap-3 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm hover:border-brand-700">
                  <Icon node={icon} aria-hidden size={22} className="text-brand-800" />
                  <span>
                    <span className="block font-semibold text-stone-900">{label}</span>
                    <span className="block text-sm text-stone-700">{hint}</span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="activity-title">
          <h2 id="activity-title" className="text-lg font-bold text-stone-900">
            Attività del sistema
          </h2>
          <p className="mt-3 flex items-center gap-3 rounded-2xl border border-green-200 bg-green-50 p-4 text-green-900">
            <Icon node={CircleCheck} aria-hidden size={22} />
            Sistema operativo: tutti i servizi funzionano correttamente.
          </p>
        </section>
      </div>

      <section aria-labelledby="moderation-title" className="mt-8">
        <h2 id="moderation-title" className="text-lg font-bold text-stone-900">
          Concorsi: partecipazioni da moderare
        </h2>
        {contests.length === 0 ? (
          <p className="mt-2 text-stone-700">Nessun concorso.</p>
        ) : (
          <ul className="mt-3 divide-y divide-stone-200 rounded-2xl border border-stone-200 bg-white">
            {contests.map((c) => (
              <li key={c.id} className="flex flex-wrap items-center justify-between gap-3 p-4">
                <div>
                  <p className="font-semibold text-stone-900">{c.title}</p>
                  <p className="text-sm text-stone-700">
                    {c.statusLabel} · dal {formatDateLong(c.startDate)}
                  </p>
                </div>
                <Link to={`/admin/contests/${c.id}/submissions`} className="btn-secondary">
                  Modera ({formatNumber(c.pending)} in attesa)
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </>
  );
}
