import { Link } from "react-router";
import type { Route } from "./+types/index";
import { requireAdmin } from "~/accounts/session.server";
import { contestsToModerate } from "~/contests/moderation.server";
import { formatDateLong, formatNumber } from "~/lib/format";

export async function loader({ request }: Route.LoaderArgs) {
  const admin = await requireAdmin(request);
  const result = await contestsToModerate(admin);
  return { contests: result.ok ? result.contests : [] };
}

export default function AdminHome({ loaderData }: Route.ComponentProps) {
  const { contests } = loaderData;
  return (
    <>
      <h1 className="text-2xl font-bold text-stone-900">Pannello di amministrazione</h1>
      <p className="mt-2 text-stone-700">Le altre sezioni del back office sono in arrivo.</p>
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
