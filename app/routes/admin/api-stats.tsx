import { useEffect, useRef } from "react";
import { data, Form, useNavigation, useRevalidator } from "react-router";
import type { Route } from "./+types/api-stats";
import { adminActor } from "~/admin/gate.server";
import { AI_LIMITS } from "~/ai/messages";
import { getAiUsageStats } from "~/ai/usage.server";
import { AiUsageChart } from "~/components/admin/ai-usage-chart";
import { AI_REQUEST_TYPES } from "~/lib/enums";
import { formatDateLong, formatNumber } from "~/lib/format";
import { readQuery } from "~/lib/form.server";

// /admin/api-stats?days=7|30|90 — the AI service's use over the period: totals, outcomes, tokens,
// a chart per day drawn on the server. The figures reload when a request is logged in any process
// (the events of /admin/api-stats/events) and every 5 seconds while the page is visible.

export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const days = Number(readQuery(request).get("days") ?? AI_LIMITS.statsDefaultPeriod);
  const result = await getAiUsageStats(admin, days);
  if (!result.ok) throw data({ error: result.error }, { status: result.status });
  return { stats: result.stats };
}

export const meta: Route.MetaFunction = () => [{ title: "Statistiche API — Zampa Admin" }, { name: "robots", content: "noindex" }];

/** Reloads the figures on each `invalidated` event and every 5 s while the page is visible. */
function useLiveFigures() {
  const revalidator = useRevalidator();
  // Read through a ref: the stream stays open across reloads rather than reconnecting on each.
  const current = useRef(revalidator);
  useEffect(() => {
    current.current = revalidator;
  });
  useEffect(() => {
    const reload = () => {
      if (document.visibilityState === "visible" && current.current.state === "idle") void current.current.revalidate();
    };
    const events = new EventSource("/admin/api-stats/events");
    events.addEventListener("invalidated", reload);
    const timer = setInterval(reload, AI_LIMITS.usagePollMs);
    document.addEventListener("visibilitychange", reload);
    return () => {
      events.close();
      clearInterval(timer);
      document.removeEventListener("visibilitychange", reload);
    };
  }, []);
  return revalidator.state !== "idle";
}

function Figure({ label, value, tone = "text-stone-900" }: { label: string; value: number; tone?: string }) {
  return (
    <div className="rounded-2xl border border-stone-200 bg-white p-3 sm:p-4">
      <dt className="text-sm text-stone-700">{label}</dt>
      <dd className={`mt-1 text-xl font-bold sm:text-2xl ${tone}`}>{formatNumber(value)}</dd>
    </div>
  );
}

export default function ApiStats({ loaderData }: Route.ComponentProps) {
  const { stats } = loaderData;
  const reloading = useLiveFigures();
  const navigation = useNavigation();
  const { revalidate } = useRevalidator();
  const loading = navigation.state === "loading" && navigation.location?.pathname === "/admin/api-stats";
  const { totals } = stats;

  return (
    <div className="mx-auto max-w-5xl space-y-6">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <h1 className="text-2xl font-bold text-stone-900">Statistiche API</h1>
        <Form method="get" className="flex flex-wrap items-end gap-2">
          <div>
            <label htmlFor="days" className="block text-sm font-medium text-stone-800">
              Periodo
            </label>
            <select
              id="days"
              name="days"
              defaultValue={String(stats.days)}
              key={stats.days}
              onChange={(event) => event.currentTarget.form?.requestSubmit()}
              className="mt-1 rounded-lg border border-stone-300 bg-white p-2 text-stone-900"
            >
              {AI_LIMITS.statsPeriods.map((days) => (
                <option key={days} value={days}>
                  Ultimi {days} giorni
                </option>
              ))}
            </select>
          </div>
          <noscript>
            <button type="submit" className="btn-secondary">
              Mostra
            </button>
          </noscript>
          <button
            type="submit"
            className="btn-secondary"
            onClick={(event) => {
              event.preventDefault();
              void revalidate();
            }}
          >
            {reloading || loading ? "Aggiornamento…" : "Aggiorna"}
          </button>
        </Form>
      </div>

      <dl className="grid grid-cols-2 gap-3 sm:gap-4 lg:grid-cols-4" aria-live="polite">
        <Figure label="Richieste totali" value={totals.requests} />
        <Figure label="Riuscite" value={totals.success} tone="text-green-800" />
        <Figure label="Errori" value={totals.error} tone="text-red-800" />
        <Figure label="Rifiutate per limite" value={totals.rateLimited} tone="text-amber-800" />
        <Figure label="Token di input" value={totals.promptTokens} />
        <Figure label="Token di output" value={totals.completionTokens} />
        <Figure label="Token totali" value={totals.totalTokens} />
      </dl>

      <section aria-labelledby="per-day-title" className="space-y-4 rounded-2xl border border-stone-200 bg-white p-4">
        <h2 id="per-day-title" className="text-lg font-semibold text-stone-900">
          Richieste al giorno
        </h2>
        <AiUsageChart perDay={stats.perDay} />
        <details>
          <summary className="cursor-pointer text-sm font-medium text-brand-800">Tabella dei dati giornalieri</summary>
          <div className="mt-2 overflow-x-auto">
            <UsageTable
              firstColumn="Giorno"
              rows={stats.perDay.map((day) => ({
                ...day,
                key: day.date,
                label: formatDateLong(`${day.date}T12:00:00Z`),
              }))}
              empty="Nessun giorno nel periodo."
            />
          </div>
        </details>
      </section>

      <section aria-labelledby="by-type-title" className="space-y-2">
        <h2 id="by-type-title" className="text-lg font-semibold text-stone-900">
          Per tipo di richiesta
        </h2>
        <div className="overflow-x-auto rounded-2xl border border-stone-200 bg-white">
          <UsageTable
            firstColumn="Tipo"
            rows={stats.byType.map((row) => ({
              ...row,
              key: row.type,
              label: AI_REQUEST_TYPES.labels[row.type],
            }))}
            empty="Nessuna richiesta nel periodo."
          />
        </div>
      </section>
    </div>
  );
}

interface UsageRow {
  key: string;
  label: string;
  requests: number;
  success: number;
  error: number;
  rateLimited: number;
  tokens: number;
}

/** The figures of a period by day or by request type: one row each, the same columns. */
function UsageTable({ firstColumn, rows, empty }: { firstColumn: string; rows: UsageRow[]; empty: string }) {
  const columns = ["Richieste", "Riuscite", "Errori", "Rifiutate", "Token"];
  return (
    <table className="w-full text-left text-sm">
      <thead className="bg-stone-50 text-stone-700">
        <tr>
          {[firstColumn, ...columns].map((name) => (
            <th key={name} scope="col" className="p-2">
              {name}
            </th>
          ))}
        </tr>
      </thead>
      <tbody className="divide-y divide-stone-200">
        {rows.length === 0 ? (
          <tr>
            <td colSpan={columns.length + 1} className="p-2 text-stone-700">
              {empty}
            </td>
          </tr>
        ) : (
          rows.map((row) => (
            <tr key={row.key}>
              <th scope="row" className="p-2 font-medium whitespace-nowrap">
                {row.label}
              </th>
              {[row.requests, row.success, row.error, row.rateLimited, row.tokens].map((value, i) => (
                <td key={columns[i]} className="p-2">
                  {formatNumber(value)}
                </td>
              ))}
            </tr>
          ))
        )}
      </tbody>
    </table>
  );
}
