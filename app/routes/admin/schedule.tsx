import { CalendarClock, CalendarDays, CircleCheck } from "lucide";
import { data, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/schedule";
import { adminActor } from "~/admin/gate.server";
import { scheduleOverview, type PublishingLogStatus, type ScheduleState } from "~/articles/schedule.server";
import { Icon } from "~/components/icon";
import { Pagination } from "~/components/pagination";
import { readQuery } from "~/lib/form.server";
import { formatDateTimeLong, formatNumber } from "~/lib/format";
import { pageParam, redirectPastLastPage } from "~/lib/paging";

// /admin/schedule — the articles waiting for their publication date, the last publishing log rows
// and the three counters. Publishing itself is done by the server's clock (decision 0046).
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const page = pageParam(readQuery(request));
  const result = await scheduleOverview(admin, page);
  if (!result.ok) throw data({ error: result.error }, { status: result.status });
  redirectPastLastPage(url, page, result.pageCount);
  return result;
}

export const meta: Route.MetaFunction = () => [{ title: "Calendario pubblicazioni — Zampa Admin" }, { name: "robots", content: "noindex" }];

// Colours with AA contrast for small bold text.
const STATE_COLOURS: Record<ScheduleState, string> = {
  pending: "bg-amber-100 text-amber-900",
  processing: "bg-sky-100 text-sky-900",
};
const LOG_COLOURS: Record<PublishingLogStatus, string> = {
  success: "bg-green-100 text-green-900",
  failed: "bg-red-100 text-red-900",
  skipped: "bg-stone-200 text-stone-900",
};

function Badge({ className, children }: { className: string; children: string }) {
  return <span className={`inline-block whitespace-nowrap rounded-full px-3 py-1 text-xs font-semibold ${className}`}>{children}</span>;
}

function Counter({ icon, label, value }: { icon: typeof CalendarClock; label: string; value: number }) {
  return (
    <div className="flex items-center gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm">
      <span className="rounded-xl bg-brand-50 p-3 text-brand-800">
        <Icon node={icon} aria-hidden size={24} />
      </span>
      <dl className="flex flex-col-reverse">
        <dt className="text-sm text-stone-700">{label}</dt>
        <dd className="text-2xl font-bold text-stone-900">{formatNumber(value)}</dd>
      </dl>
    </div>
  );
}

const TH = "px-3 py-2 text-left text-xs font-semibold uppercase tracking-wide text-stone-700";
const TD = "px-3 py-3 align-top text-sm text-stone-800";

export default function Schedule({ loaderData }: Route.ComponentProps) {
  const { scheduled, logs, counters, page, pageCount } = loaderData;
  const [search] = useSearchParams();
  return (
    <>
      <h1 className="text-2xl font-bold text-stone-900">Calendario pubblicazioni</h1>
      <p className="mt-1 text-stone-700">Gli articoli programmati vengono pubblicati automaticamente all'ora indicata, entro un minuto.</p>

      <section aria-label="Riepilogo" className="mt-6 grid gap-4 sm:grid-cols-3">
        <Counter icon={CalendarDays} label="Articoli programmati" value={counters.scheduled} />
        <Counter icon={CircleCheck} label="Pubblicati oggi" value={counters.publishedToday} />
        <Counter icon={CalendarClock} label="Prossimi 7 giorni" value={counters.upcomingWeek} />
      </section>

      <section aria-labelledby="scheduled-title" className="mt-8">
        <h2 id="scheduled-title" className="text-lg font-bold text-stone-900">
          Articoli programmati
        </h2>
        {scheduled.length === 0 ? (
          <p className="mt-3 rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-center text-stone-700">Nessun articolo programmato</p>
        ) : (
          <>
            <div role="region" aria-labelledby="scheduled-title" tabIndex={0} className="mt-3 overflow-x-auto rounded-2xl border border-stone-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-700">
              <table className="w-full min-w-[36rem] divide-y divide-stone-200">
                <thead className="bg-stone-50">
                  <tr>
                    <th scope="col" className={TH}>
                      Titolo
                    </th>
                    <th scope="col" className={TH}>
                      Categoria
                    </th>
                    <th scope="col" className={TH}>
                      Pubblicazione prevista
                    </th>
                    <th scope="col" className={TH}>
                      Stato
                    </th>
                  </tr>
                </thead>
                <tbody className="divide-y divide-stone-200">
                  {scheduled.map((article) => (
                    <tr key={article.id}>
                      <td className={TD}>
                        <Link to={`/admin/articles/edit?id=${article.id}`} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
                          {article.title}
                        </Link>
                      </td>
                      <td className={TD}>{article.categoryName ?? "Senza categoria"}</td>
                      <td className={TD}>
                        <time dateTime={new Date(article.scheduledFor).toISOString()}>{formatDateTimeLong(article.scheduledFor)}</time>
                      </td>
                      <td className={TD}>
                        <Badge className={STATE_COLOURS[article.state]}>{article.stateLabel}</Badge>
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
            <Pagination page={page} pageCount={pageCount} search={search} label="Pagine degli articoli programmati" />
          </>
        )}
      </section>

      <section aria-labelledby="log-title" className="mt-10">
        <h2 id="log-title" className="text-lg font-bold text-stone-900">
          Ultime pubblicazioni
        </h2>
        {logs.length === 0 ? (
          <p className="mt-3 rounded-2xl border border-dashed border-stone-300 bg-white p-6 text-center text-stone-700">Nessuna pubblicazione registrata</p>
        ) : (
          <div role="region" aria-labelledby="log-title" tabIndex={0} className="mt-3 overflow-x-auto rounded-2xl border border-stone-200 bg-white focus-visible:outline-2 focus-visible:outline-brand-700">
            <table className="w-full min-w-[44rem] divide-y divide-stone-200">
              <thead className="bg-stone-50">
                <tr>
                  <th scope="col" className={TH}>
                    Data
                  </th>
                  <th scope="col" className={TH}>
                    Articolo
                  </th>
                  <th scope="col" className={TH}>
                    Esito
                  </th>
                  <th scope="col" className={TH}>
                    Programmato per
                  </th>
                  <th scope="col" className={TH}>
                    Messaggio
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-stone-200">
                {logs.map((log) => (
                  <tr key={log.id}>
                    <td className={TD}>
                      <time dateTime={new Date(log.publishedAt).toISOString()}>{formatDateTimeLong(log.publishedAt)}</time>
                    </td>
                    <td className={TD}>
                      {log.articleId ? (
                        <Link to={`/admin/articles/edit?id=${log.articleId}`} className="font-semibold text-brand-800 underline-offset-2 hover:underline">
                          {log.title}
                        </Link>
                      ) : (
                        <span>
                          {log.title ?? "Articolo eliminato"}
                          {log.title ? <span className="block text-xs text-stone-600">(articolo eliminato)</span> : null}
                        </span>
                      )}
                    </td>
                    <td className={TD}>
                      <Badge className={LOG_COLOURS[log.status]}>{log.statusLabel}</Badge>
                    </td>
                    <td className={TD}>{log.scheduledFor ? <time dateTime={new Date(log.scheduledFor).toISOString()}>{formatDateTimeLong(log.scheduledFor)}</time> : "—"}</td>
                    <td className={TD}>{log.message ?? "—"}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>
    </>
  );
}
