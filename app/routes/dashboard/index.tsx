import { Bookmark, Heart, Image as ImageIcon, ListChecks, MessageCircle, User } from "lucide";
import { Icon } from "~/components/icon";
import { Link } from "react-router";
import type { Route } from "./+types/index";
import { requireUser } from "~/accounts/session.server";
import { dashboardCounters } from "~/contests/contests.server";
import { CONTEST_MESSAGES, DASHBOARD_COUNTER_LABELS } from "~/contests/validation";
import { formatNumber } from "~/lib/format";
import { FAVOURITE_TEXTS } from "~/favourites/texts";
import { SAVED_SEARCH_TEXTS } from "~/saved-searches/texts";

export const meta = () => [{ title: "La mia dashboard — Zampa" }, { name: "robots", content: "noindex" }];

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  return { fullName: user.fullName, counters: await dashboardCounters(user.id) };
}

const CARDS = [
  { to: "/dashboard/pet-listings", title: "I miei annunci", text: "Gestisci i tuoi annunci, la disponibilità e le foto.", icon: ListChecks },
  { to: "/dashboard/messaggi", title: "Messaggi", text: "Le conversazioni con chi ti ha scritto e con gli inserzionisti.", icon: MessageCircle },
  { to: "/dashboard/preferiti", title: FAVOURITE_TEXTS.pageTitle, text: FAVOURITE_TEXTS.dashboardCard, icon: Heart },
  { to: "/dashboard/ricerche", title: SAVED_SEARCH_TEXTS.pageTitle, text: SAVED_SEARCH_TEXTS.dashboardCard, icon: Bookmark },
  { to: "/dashboard/contest-submissions", title: "Le mie partecipazioni", text: "Le foto che hai inviato ai concorsi e i loro voti.", icon: ImageIcon },
  { to: "/dashboard/profile", title: "Il mio profilo", text: "Nome, email, password e informazioni sull'account.", icon: User },
] as const;

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { fullName, counters } = loaderData;
  const keys = Object.keys(DASHBOARD_COUNTER_LABELS) as (keyof typeof DASHBOARD_COUNTER_LABELS)[];
  return (
    <>
      <h1 className="text-3xl font-bold text-stone-900">Benvenuto, {fullName}</h1>
      <p className="mt-2 text-stone-700">Da qui gestisci i tuoi annunci, le tue partecipazioni ai concorsi e il tuo profilo.</p>
      <dl className="mt-8 grid grid-cols-2 gap-4 lg:grid-cols-4">
        {keys.map((key) => (
          <div key={key} className="rounded-2xl border border-stone-200 bg-white p-5 shadow-sm">
            <dt className="text-sm text-stone-700">{DASHBOARD_COUNTER_LABELS[key]}</dt>
            <dd className="mt-1 text-3xl font-bold text-stone-900">
              {counters[key] === null ? <span className="text-base font-medium text-stone-700">{CONTEST_MESSAGES.statsUnavailable}</span> : formatNumber(counters[key])}
            </dd>
          </div>
        ))}
      </dl>
      <ul className="mt-8 grid gap-4 md:grid-cols-2 lg:grid-cols-3">
        {CARDS.map(({ to, title, text, icon }) => (
          <li key={to} className="relative rounded-2xl border border-stone-200 bg-white p-6 shadow-sm hover:shadow-md">
            <Icon node={icon} aria-hidden size={28} className="text-brand-700" />
            <h2 className="mt-3 text-lg font-bold text-stone-900">
              <Link to={to} className="after:absolute after:inset-0 hover:text-brand-800">
                {title}
              </Link>
            </h2>
            <p className="mt-1 text-stone-700">{text}</p>
          </li>
        ))}
      </ul>
    </>
  );
}
