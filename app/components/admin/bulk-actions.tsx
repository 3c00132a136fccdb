// The bulk actions of a back-office list (decision 0109): the rows picked with the table's
// checkboxes, or every result of the list's filter; a bar with the count and the actions; a
// confirmation that states the count (and asks a category or a statement of reasons when the
// action needs one); then a progress bar that follows the job on the server (asked every second)
// and the summary of what was done and what was left as it was, and why.
import { useCallback, useEffect, useId, useMemo, useRef, useState, useSyncExternalStore } from "react";
import { useFetcher, useLocation, useRevalidator } from "react-router";
import { BULK_ACTIONS, BULK_LIMITS, bulkQuestion, bulkSummary, countOf, type BulkActionText, type BulkArea, type BulkJobView } from "~/bulk/actions";
import { formatNumber } from "~/lib/format";
import { SUSPENSION_RULES } from "~/lib/enums";
import { SUSPENSION_REASON_MAX_LENGTH } from "~/listings/moderation-validation";
import { Dialog } from "./dialog";

/** Where each list's bulk actions are posted (under the list's own address: its gate). */
export const BULK_PATHS: Record<BulkArea, string> = {
  articles: "/admin/articles/bulk",
  listings: "/admin/pet-listings/bulk",
  contests: "/admin/contests/bulk",
  reports: "/admin/reports/bulk",
  contacts: "/admin/contacts/bulk",
};

export interface BulkSelection {
  selected: ReadonlySet<string>;
  /** every result of the filter, not only the rows picked */
  allOfFilter: boolean;
  onToggle: (key: string, selected: boolean) => void;
  onToggleAll: (keys: string[], selected: boolean) => void;
  selectAllOfFilter: () => void;
  clear: () => void;
}

/**
 * The rows picked on a list; another filter or page (another address, or another `scope` when the
 * list keeps more than its filter in the address) starts with none.
 */
export function useBulkSelection(scope?: string): BulkSelection {
  const { pathname, search } = useLocation();
  const at = scope ?? pathname + search;
  const [state, setState] = useState({ at, selected: new Set<string>(), allOfFilter: false });
  if (state.at !== at) setState({ at, selected: new Set(), allOfFilter: false });
  return {
    selected: state.selected,
    allOfFilter: state.allOfFilter,
    onToggle: (key, on) =>
      setState((s) => {
        const selected = new Set(s.selected);
        if (on) selected.add(key);
        else selected.delete(key);
        return { ...s, selected, allOfFilter: false };
      }),
    onToggleAll: (keys, on) =>
      setState((s) => {
        const selected = new Set(s.selected);
        for (const key of keys) {
          if (on) selected.add(key);
          else selected.delete(key);
        }
        return { ...s, selected, allOfFilter: false };
      }),
    selectAllOfFilter: () => setState((s) => ({ ...s, allOfFilter: true })),
    clear: () => setState((s) => ({ ...s, selected: new Set(), allOfFilter: false })),
  };
}

type StartAnswer = { ok: true; jobId: string; total: number; message: string } | { ok: false; error: string };
type StatusAnswer = { ok: true; job: BulkJobView } | { ok: false; error: string };

export interface BulkBarProps {
  area: BulkArea;
  selection: BulkSelection;
  /** the keys of the rows on this page */
  pageKeys: string[];
  /** how many results the filter has */
  total: number;
  /** the filter's own query (the list's address), for "all results of this filter" */
  filterQuery: string;
  /** the categories "Sposta in categoria" offers */
  categories?: { id: string; name: string }[];
  /** the fields every request carries (a contest's entries: the contest) */
  extraFilter?: Record<string, string>;
  /** the list counts only up to `total` (the listings): "oltre N" */
  capped?: boolean;
  /** a list that is no table (the messages): the page's checkbox is here, at every width */
  pageCheckbox?: boolean;
}

/** The remembered job is read once per render; nothing outside this component changes it. */
const subscribeNothing = () => () => {};

function newKey(): string {
  return typeof crypto !== "undefined" && "randomUUID" in crypto ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
}

export function BulkBar({ area, selection, pageKeys, total, filterQuery, categories = [], extraFilter = {}, capped = false, pageCheckbox = false }: BulkBarProps) {
  const actions = BULK_ACTIONS[area] as Record<string, BulkActionText>;
  const start = useFetcher<StartAnswer>();
  const revalidator = useRevalidator();
  const [asking, setAsking] = useState<{ action: string; key: string } | null>(null);
  const [job, setJob] = useState<BulkJobView | null>(null);
  // The job followed survives leaving the list and coming back (a long job runs on without the
  // page): its id is kept for the tab. `started` is the job started (or closed: null) on this visit.
  const remembered = `zampa-bulk-job:${area}`;
  const rememberedId = useSyncExternalStore(
    subscribeNothing,
    () => sessionStorage.getItem(remembered),
    () => null,
  );
  const [started, setStarted] = useState<string | null | undefined>(undefined);
  const jobId = started === undefined ? rememberedId : started;
  const [pollError, setPollError] = useState<string | null>(null);
  const barId = useId();
  const summaryRef = useRef<HTMLDivElement>(null);
  const count = selection.allOfFilter ? total : selection.selected.size;
  const busy = start.state !== "idle";
  const running = jobId !== null && (job === null || job.state === "queued" || job.state === "running");

  const filter = useMemo(() => {
    const params = new URLSearchParams(filterQuery);
    for (const [name, value] of Object.entries(extraFilter)) params.set(name, value);
    return params.toString();
  }, [filterQuery, extraFilter]);

  // The job's id comes back from the start: follow it.
  const answered = start.data;
  const [seen, setSeen] = useState<StartAnswer | undefined>(undefined);
  if (start.state === "idle" && answered !== seen) {
    setSeen(answered);
    if (answered?.ok) {
      setStarted(answered.jobId);
      setJob(null);
      setPollError(null);
      setAsking(null);
    }
  }

  const poll = useCallback(
    async (id: string): Promise<StatusAnswer | null> => {
      try {
        const response = await fetch(`${BULK_PATHS[area]}?job=${encodeURIComponent(id)}`, { headers: { accept: "application/json" } });
        return (await response.json()) as StatusAnswer;
      } catch {
        // A moment without the network: the next tick asks again.
        return null;
      }
    },
    [area],
  );

  const startedHere = started !== undefined && started !== null;
  useEffect(() => {
    if (!jobId) return;
    if (startedHere) sessionStorage.setItem(remembered, jobId);
    // Seen running from this page: its end reads the list again and takes the focus.
    let followed = startedHere;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      const answer = await poll(jobId);
      if (stopped) return;
      if (answer && !answer.ok) {
        // A job remembered from an earlier visit that is gone (kept 30 days): nothing to show.
        if (!followed) {
          sessionStorage.removeItem(remembered);
          setStarted(null);
        } else setPollError(answer.error);
        return;
      }
      if (answer) setJob(answer.job);
      const state = answer?.job.state ?? "running";
      if (state === "queued" || state === "running") {
        followed = true;
        timer = setTimeout(tick, BULK_LIMITS.pollMs);
      } else if (followed) {
        followed = false;
        selection.clear();
        void revalidator.revalidate();
        summaryRef.current?.focus();
      }
    };
    void tick();
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // selection and revalidator change every render; the job's id is what starts the polling.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [jobId, poll, startedHere, remembered]);

  const everyPagePicked = pageKeys.length > 0 && pageKeys.every((key) => selection.selected.has(key));
  const processed = job ? job.done + job.skipped + job.failed : 0;

  return (
    <section aria-labelledby={barId} className="mt-3" data-bulk-bar="">
      <h2 id={barId} className="sr-only">
        Azioni di gruppo
      </h2>
      {pageCheckbox && pageKeys.length > 0 ? (
        <label className="mb-2 inline-flex items-center gap-2 text-sm text-stone-800">
          <input type="checkbox" className="size-5 accent-brand-700" checked={everyPagePicked} onChange={(event) => selection.onToggleAll(pageKeys, event.target.checked)} />
          Seleziona tutta la pagina
        </label>
      ) : null}
      {count === 0 ? (
        // On a narrow screen the table's header (with its checkbox) is hidden: the page's rows are picked here.
        pageKeys.length > 0 && !running && !pageCheckbox ? (
          <button type="button" className="btn-secondary md:hidden" onClick={() => selection.onToggleAll(pageKeys, true)}>
            Seleziona questa pagina
          </button>
        ) : null
      ) : (
        <div className="flex flex-wrap items-center gap-2 rounded-2xl border border-brand-200 bg-brand-50 px-3 py-2 text-sm">
          <p className="font-semibold text-stone-900" data-bulk-count="">
            {selection.allOfFilter
              ? `Tutti i ${capped ? "oltre " : ""}${countOf(area, total)} di questo filtro selezionati`
              : `${formatNumber(count)} ${count === 1 ? "selezionato" : "selezionati"}`}
          </p>
          {!selection.allOfFilter && everyPagePicked && total > count ? (
            <button type="button" className="rounded font-semibold text-brand-800 underline underline-offset-2" onClick={selection.selectAllOfFilter}>
              {`Seleziona tutti i ${capped ? "oltre " : ""}${formatNumber(total)} risultati di questo filtro`}
            </button>
          ) : null}
          <button type="button" className="rounded text-stone-700 underline underline-offset-2" onClick={selection.clear}>
            Annulla selezione
          </button>
          <div className="flex w-full flex-wrap gap-2 sm:ml-auto sm:w-auto">
            {Object.entries(actions).map(([name, text]) => (
              <button
                key={name}
                type="button"
                disabled={busy || running}
                className={text.destructive ? "btn-secondary border-red-300 text-red-800" : "btn-secondary"}
                onClick={() => setAsking({ action: name, key: newKey() })}
              >
                {text.label}
              </button>
            ))}
          </div>
        </div>
      )}

      {jobId ? (
        <div ref={summaryRef} tabIndex={-1} className="mt-3 rounded-2xl border border-stone-200 bg-white p-4 text-sm focus:outline-none" data-bulk-job="">
          {running ? (
            <>
              <label htmlFor={`${barId}-progress`} className="font-semibold text-stone-900">
                Operazione in corso
              </label>
              <progress id={`${barId}-progress`} className="mt-2 block h-3 w-full" max={job?.total || 1} value={processed} />
              <p aria-live="polite" className="mt-1 text-stone-700">
                {job ? `Elaborati ${formatNumber(processed)} su ${countOf(area, job.total)}` : "In attesa di iniziare…"}
              </p>
            </>
          ) : job ? (
            <div role="status" aria-live="polite">
              <p className={`font-semibold ${job.state === "failed" ? "text-red-800" : "text-green-900"}`} data-bulk-summary="">
                {bulkSummary(job)}
              </p>
              {job.error ? <p className="mt-1 text-red-800">{job.error}</p> : null}
              {job.reasons.length > 0 ? (
                <>
                  <h3 className="mt-2 font-semibold text-stone-900">Perché alcuni sono rimasti invariati</h3>
                  <ul className="mt-1 list-disc pl-5 text-stone-800">
                    {job.reasons.map((r) => (
                      <li key={r.reason}>
                        {r.reason}: {formatNumber(r.count)}
                      </li>
                    ))}
                  </ul>
                  <details className="mt-2">
                    <summary className="cursor-pointer text-stone-800">Elenco{job.skipped + job.failed > job.failures.length ? ` (i primi ${job.failures.length})` : ""}</summary>
                    <ul className="mt-1 space-y-1 text-stone-700">
                      {job.failures.map((f) => (
                        <li key={f.id} className="break-words">
                          <span className="font-medium text-stone-900">{f.label}</span>: {f.reason}
                        </li>
                      ))}
                    </ul>
                  </details>
                </>
              ) : null}
              <button
                type="button"
                className="btn-secondary mt-3"
                onClick={() => {
                  setStarted(null);
                  sessionStorage.removeItem(remembered);
                }}
              >
                Chiudi
              </button>
            </div>
          ) : null}
          {pollError ? <p className="mt-1 text-red-800">{pollError}</p> : null}
        </div>
      ) : null}

      {asking ? (
        <BulkConfirm
          area={area}
          action={asking.action}
          count={count}
          capped={capped && selection.allOfFilter}
          categories={categories}
          busy={busy}
          error={start.state === "idle" && start.data && !start.data.ok && seen === start.data ? start.data.error : null}
          onCancel={() => setAsking(null)}
          onConfirm={(extra) => {
            const fields: Record<string, string> = { action: asking.action, key: asking.key, ...extra };
            if (selection.allOfFilter) Object.assign(fields, { scope: "filter", filter });
            else Object.assign(fields, { scope: "selected", ids: [...selection.selected].join(",") });
            void start.submit(fields, { method: "post", action: BULK_PATHS[area] });
          }}
        />
      ) : null}
    </section>
  );
}

function BulkConfirm({
  area,
  action,
  count,
  capped,
  categories,
  busy,
  error,
  onCancel,
  onConfirm,
}: {
  area: BulkArea;
  action: string;
  count: number;
  /** the count is the list's cap: "oltre N" */
  capped: boolean;
  categories: { id: string; name: string }[];
  busy: boolean;
  error: string | null;
  onCancel: () => void;
  onConfirm: (extra: Record<string, string>) => void;
}) {
  const text = (BULK_ACTIONS[area] as Record<string, BulkActionText>)[action]!;
  const id = useId();
  return (
    <Dialog open title="Conferma" onClose={onCancel}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          const data = new FormData(event.currentTarget);
          const extra: Record<string, string> = {};
          for (const [name, value] of data) if (typeof value === "string") extra[name] = value;
          onConfirm(extra);
        }}
      >
        <p className="text-stone-800" data-bulk-question="">
          {capped ? bulkQuestion(area, action, count).replace(/ (\d)/, " oltre $1") : bulkQuestion(area, action, count)}
          {text.destructive && action === "delete" ? " L'operazione non si può annullare." : ""}
        </p>
        {text.needs === "category" ? (
          <div className="mt-4">
            <label htmlFor={`${id}-category`} className="field-label">
              Categoria di destinazione
            </label>
            <select id={`${id}-category`} name="categoryId" required className="field-input" defaultValue="">
              <option value="" disabled>
                Scegli una categoria
              </option>
              {categories.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.name}
                </option>
              ))}
            </select>
          </div>
        ) : null}
        {text.needs === "suspension" ? (
          <>
            <div className="mt-4">
              <label htmlFor={`${id}-rule`} className="field-label">
                Regola violata
              </label>
              <select id={`${id}-rule`} name="rule" required className="field-input" defaultValue="">
                <option value="" disabled>
                  Scegli la regola
                </option>
                {SUSPENSION_RULES.values.map((rule) => (
                  <option key={rule} value={rule}>
                    {SUSPENSION_RULES.labels[rule]}
                  </option>
                ))}
              </select>
            </div>
            <div className="mt-3">
              <label htmlFor={`${id}-reason`} className="field-label">
                Motivazione (la stessa per tutti gli annunci; obbligatoria con «Altro»)
              </label>
              <textarea id={`${id}-reason`} name="reason" rows={3} maxLength={SUSPENSION_REASON_MAX_LENGTH} className="field-input" />
            </div>
          </>
        ) : null}
        {error ? (
          <p role="alert" className="mt-3 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm font-medium text-red-800">
            {error}
          </p>
        ) : null}
        <div className="mt-6 flex flex-wrap justify-end gap-3">
          <button type="button" className="btn-secondary" onClick={onCancel}>
            Annulla
          </button>
          <button type="submit" data-autofocus={text.needs ? undefined : true} disabled={busy} className={text.destructive ? "btn-primary bg-red-700 hover:bg-red-800" : "btn-primary"}>
            {busy ? "Avvio…" : text.label}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
