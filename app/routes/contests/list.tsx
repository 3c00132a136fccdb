import { Image as ImageIcon, Trophy, Vote } from "lucide";
import { ContestPeriod, ContestPhaseBadge } from "~/components/contests/contest-phase";
import { Icon } from "~/components/icon";
import { Link } from "react-router";
import type { Route } from "./+types/list";
import { listContests } from "~/contests/contests.server";
import { CONTEST_MESSAGES } from "~/contests/validation";
import { formatNumber } from "~/lib/format";
import { pageMeta } from "~/lib/seo";

export async function loader() {
  return { contests: await listContests() };
}

// The cards say "in corso" or "Vedi Risultati" from the clock: a cached page must not outlive a
// contest's start or end by long, so this page is not put in the page cache (its query is memoized).
export const headers = () => ({ "cache-control": "no-cache" });

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Concorsi fotografici",
    description: "Partecipa ai concorsi fotografici di Zampa con la foto del tuo animale e vota le foto più belle della community.",
  });

export default function Contests({ loaderData }: Route.ComponentProps) {
  const { contests } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-3xl font-bold text-stone-900 sm:text-4xl">Concorsi fotografici</h1>
      <p className="mt-2 max-w-2xl text-stone-700">
        Mostra a tutti il tuo animale: invia una foto, fatti votare dalla community e vinci i premi dei nostri partner.
      </p>
      {contests.length === 0 ? (
        <div className="mt-8 rounded-2xl border border-dashed border-stone-300 p-10 text-center">
          <h2 className="text-xl font-semibold text-stone-900">{CONTEST_MESSAGES.empty}</h2>
          <p className="mt-2 text-stone-700">Torna a trovarci presto: il prossimo concorso è in preparazione.</p>
        </div>
      ) : (
        <ul className="mt-8 grid gap-6 md:grid-cols-2">
          {contests.map((contest) => (
            <li key={contest.id} className="relative flex flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm">
              <p>
                <ContestPhaseBadge contest={contest} className="inline-block" />
              </p>
              <h2 className="mt-3 text-xl font-bold text-stone-900">
                <Link to={`/contests/${contest.id}`} className="hover:text-brand-800">
                  {contest.title}
                </Link>
              </h2>
              <p className="mt-2 line-clamp-3 text-stone-700">{contest.description}</p>
              <ContestPeriod contest={contest} className="mt-3 flex items-center gap-2 text-sm text-stone-700" iconSize={16} />
              <dl className="mt-3 flex flex-wrap gap-x-6 gap-y-1 text-sm text-stone-800">
                <div className="flex items-center gap-1">
                  <Icon node={ImageIcon} aria-hidden size={16} />
                  <dt>Foto in gara:</dt>
                  <dd className="font-semibold">{formatNumber(contest.submissionsCount)}</dd>
                </div>
                <div className="flex items-center gap-1">
                  <Icon node={Vote} aria-hidden size={16} />
                  <dt>Voti:</dt>
                  <dd className="font-semibold">{formatNumber(contest.votesCount)}</dd>
                </div>
              </dl>
              <div className="mt-5">
                {contest.inProgress ? (
                  <Link to={`/contests/${contest.id}`} className="btn-primary" aria-label={`Partecipa e vota: ${contest.title}`}>
                    Partecipa e vota
                  </Link>
                ) : (
                  <Link to={`/contests/${contest.id}`} className="btn-secondary" aria-label={`Vedi Risultati: ${contest.title}`}>
                    <Icon node={Trophy} aria-hidden size={18} /> Vedi Risultati
                  </Link>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
