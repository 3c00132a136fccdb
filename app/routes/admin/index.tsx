import {
  CalendarClock,
  CircleCheck,
  ClipboardList,
  Eye,
  FileText,
  Flag,
  Handshake,
  Inbox,
  Mail,
  Newspaper,
  PawPrint,
  Scale,
  SquarePen,
  Trophy,
  Users,
  type IconNode,
} from "lucide";
import { Link, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/index";
import type { loader as layoutLoader } from "./layout";
import { can, type Permission } from "~/accounts/permissions";
import { adminActor } from "~/admin/gate.server";
import { dashboardCounters, type CounterKey } from "~/admin/dashboard.server";
import { TODO_SPECS, todoFigure, todoHref, type TodoKind } from "~/admin/todo";
import { Icon } from "~/components/icon";
import { contestsToModerate } from "~/contests/moderation.server";
import { formatDateLong, formatNumber } from "~/lib/format";

// /admin — what the person's role may use (decision 0111): the to-do cards (counted by the layout,
// whose sidebar badges read the same figures), the spec's counters of their areas, their quick links
// and, for whoever moderates contests, the contests with their entries waiting.
export async function loader({ context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const [counters, moderation] = await Promise.all([dashboardCounters(admin), can(admin.role, "contests.manage") ? contestsToModerate(admin) : null]);
  return {
    counters: counters.ok ? counters.counters : null,
    contests: moderation?.ok ? moderation.contests : null,
    /** the quick links this person may open */
    quickLinks: QUICK_LINKS.filter((link) => can(admin.role, link.permission)).map((link) => link.to),
  };
}

export const meta = () => [{ title: "Dashboard — Zampa Admin" }, { name: "robots", content: "noindex" }];

const COUNTERS: { key: CounterKey; label: string; icon: IconNode }[] = [
  { key: "totalArticles", label: "Articoli totali", icon: FileText },
  { key: "publishedArticles", label: "Articoli pubblicati", icon: Newspaper },
  { key: "registeredUsers", label: "Utenti registrati", icon: Users },
  { key: "activePartners", label: "Partner attivi", icon: Handshake },
  { key: "totalViews", label: "Visualizzazioni totali", icon: Eye },
  { key: "scheduledArticles", label: "Articoli programmati", icon: CalendarClock },
];

const QUICK_LINKS: { to: string; label: string; hint: string; icon: IconNode; permission: Permission }[] = [
  { to: "/admin/articles/new", label: "Nuovo articolo", hint: "Inizia a scrivere", icon: SquarePen, permission: "articles.manage" },
  { to: "/admin/articles", label: "Gestisci articoli", hint: "Scrivi, modifica e pubblica", icon: FileText, permission: "articles.manage" },
  { to: "/admin/schedule", label: "Calendario pubblicazioni", hint: "Articoli programmati e registro", icon: CalendarClock, permission: "schedule.manage" },
  { to: "/admin/editorial-plan", label: "Piano editoriale", hint: "Pianifica i prossimi articoli", icon: ClipboardList, permission: "editorialPlan.manage" },
  { to: "/admin/pet-listings", label: "Modera gli annunci", hint: "Cerca, sospendi e riattiva", icon: PawPrint, permission: "listings.moderate" },
  { to: "/admin/contests", label: "Concorsi", hint: "Crea concorsi e modera le foto", icon: Trophy, permission: "contests.manage" },
];

const TODO_ICONS: Record<TodoKind, IconNode> = { reports: Flag, flaggedListings: PawPrint, appeals: Scale, entries: Trophy, contacts: Mail };

/** The to-do cards of the areas this person may open, each leading to the list filtered to its items. */
function TodoCards() {
  const todo = useRouteLoaderData<typeof layoutLoader>("routes/admin/layout")?.todo;
  const specs = TODO_SPECS.filter((spec) => todo?.counts[spec.kind] !== undefined);
  if (!todo || specs.length === 0) return null;
  return (
    <section aria-labelledby="todo-title" className="mt-6">
      <h2 id="todo-title" className="text-lg font-bold text-stone-900">
        Da gestire
      </h2>
      <ul className="mt-3 grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
        {specs.map((spec) => {
          const count = todo.counts[spec.kind] ?? 0;
          return (
            <li key={spec.kind}>
              <Link
                to={todoHref(spec, todo)}
                data-todo-card={spec.kind}
                className={`flex h-full items-center gap-4 rounded-2xl border bg-white p-5 shadow-sm hover:border-brand-700 ${count > 0 ? "border-amber-500" : "border-stone-200"}`}
              >
                <span className={`rounded-xl p-3 ${count > 0 ? "bg-amber-100 text-amber-900" : "bg-stone-100 text-stone-700"}`}>
                  <Icon node={count > 0 ? TODO_ICONS[spec.kind] : Inbox} aria-hidden size={24} />
                </span>
                <span>
                  <span className="block text-sm font-semibold text-stone-900">{spec.title}</span>
                  <span className="block text-2xl font-bold text-stone-900">{count > 0 ? todoFigure(count) : spec.none}</span>
                  <span className="block text-sm text-stone-700">{spec.hint}</span>
                </span>
              </Link>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { counters, contests } = loaderData;
  const counterList = COUNTERS.filter(({ key }) => counters?.[key] !== undefined);
  const quickLinks = QUICK_LINKS.filter((link) => loaderData.quickLinks.includes(link.to));
  return (
    <>
      <h1 className="text-2xl font-bold text-stone-900">Dashboard</h1>
      <p className="mt-1 text-stone-700">Panoramica del sito e attività da gestire.</p>

      <TodoCards />

      {counterList.length > 0 ? (
        <section aria-labelledby="counters-title" className="mt-6">
          <h2 id="counters-title" className="sr-only">
            Statistiche
          </h2>
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {counterList.map(({ key, label, icon }) => (
              // A list's group holds only its term and values: the icon is a value no one reads, beside both.
              <div key={key} className="grid grid-cols-[auto_1fr] items-center gap-x-4 rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
                <dt className="col-start-2 text-sm text-stone-700">{label}</dt>
                <dd className="col-start-2 text-2xl font-bold text-stone-900">{formatNumber(counters?.[key] ?? 0)}</dd>
                <dd aria-hidden className="col-start-1 row-span-2 row-start-1 rounded-xl bg-brand-50 p-3 text-brand-800">
                  <Icon node={icon} size={24} />
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}

      <div className="mt-8 grid gap-6 xl:grid-cols-2">
        <section aria-labelledby="quick-title">
          <h2 id="quick-title" className="text-lg font-bold text-stone-900">
            Azioni rapide
          </h2>
          <ul className="mt-3 grid gap-3">
            {quickLinks.map(({ to, label, hint, icon }) => (
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

      {contests ? (
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
                  <Link to={`/admin/contests/${c.id}/submissions${c.pending > 0 ? "?status=pending" : ""}`} className="btn-secondary">
                    Modera ({formatNumber(c.pending)} in attesa)
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
    </>
  );
}
