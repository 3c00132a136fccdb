import { Plus } from "lucide";
import { useCallback, useEffect, useRef, useState } from "react";
import { data, Link, useFetcher, useLocation } from "react-router";
import type { Route } from "./+types/list";
import { deleteAdCode, listAdCodesForAdmin, toggleAdCodeActive, type AdminAdCode } from "~/ads/admin.server";
import { AD_ACTIVE_FILTER_LABELS, AD_ACTIVE_FILTERS, AD_CODE_MESSAGES as M, SAVED_MESSAGES, type SavedKind } from "~/ads/validation";
import { adminActor } from "~/admin/gate.server";
import { StatusBanner, type BannerStatus } from "~/components/admin/kit/status-banner";
import { ConfirmDialog } from "~/components/admin/dialog";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { EmptyState } from "~/components/admin/kit/empty-state";
import { ListFilters } from "~/components/admin/kit/list-filters";
import { EditDeleteMenu } from "~/components/admin/kit/row-actions";
import { EnumOptions } from "~/components/enum-options";
import { Icon } from "~/components/icon";
import { Pagination } from "~/components/pagination";
import { AD_PAGE_TYPES, AD_PLACEMENTS } from "~/lib/enums";
import { formatDateLong, formatNumber } from "~/lib/format";
import { readQuery } from "~/lib/form.server";
import { pageParam, redirectPastLastPage } from "~/lib/paging";
import { readAdminForm } from "~/admin/admin-form.server";

// /admin/adsense — the ad codes, filtered in SQL (placement, page type, state), by priority then
// newest, 20 a page. The status badge toggles the code; delete asks first. The saved message of the
// full-page form arrives as ?saved=created|updated.
export async function loader({ request, context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const query = readQuery(request);
  const result = await listAdCodesForAdmin(admin, {
    placement: query.get("placement") ?? undefined,
    pageType: query.get("pageType") ?? undefined,
    active: query.get("active") ?? undefined,
    page: pageParam(query),
  });
  if (!result.ok) throw data({ error: result.error }, { status: result.status });
  redirectPastLastPage(new URL(request.url), result.page, result.pageCount);
  const { ok: _ok, ...page } = result;
  const saved = query.get("saved");
  return { ...page, saved: saved && saved in SAVED_MESSAGES ? SAVED_MESSAGES[saved as SavedKind] : null };
}

export async function action(args: Route.ActionArgs) {
  const read = await readAdminForm(args);
  if (!read.ok) return read.refusal;
  const { actor } = read;
  const { intent, id = "" } = read.fields;
  if (intent === "toggle") {
    const result = await toggleAdCodeActive(actor, id);
    if (!result.ok) return data({ ok: false as const, intent, error: result.status === 404 ? result.error : M.statusError }, { status: result.status });
    return { ok: true as const, intent, message: result.message };
  }
  if (intent === "delete") {
    const result = await deleteAdCode(actor, id);
    if (!result.ok) return data({ ok: false as const, intent, error: result.status === 404 ? result.error : M.deleteError }, { status: result.status });
    return { ok: true as const, intent, message: result.message };
  }
  return data({ ok: false as const, intent: null, error: M.statusError }, { status: 400 });
}

export const meta: Route.MetaFunction = () => [{ title: "Codici annuncio — Zampa Admin" }, { name: "robots", content: "noindex" }];


type Answer = { ok: true; message: string } | { ok: false; error: string };

/** The status badge: a button that switches the code on or off (spec section 4). */
function StatusToggle({ row, onAnswer }: { row: AdminAdCode; onAnswer: (answer: Answer) => void }) {
  const fetcher = useFetcher<typeof action>();
  const pending = fetcher.state !== "idle";
  // Shown switched while the click travels; the list's reload then confirms it.
  const active = pending ? !row.isActive : row.isActive;
  const reported = useRef<unknown>(null);
  useEffect(() => {
    if (fetcher.state === "idle" && fetcher.data && reported.current !== fetcher.data) {
      reported.current = fetcher.data;
      onAnswer(fetcher.data);
    }
  }, [fetcher.state, fetcher.data, onAnswer]);
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value="toggle" />
      <input type="hidden" name="id" value={row.id} />
      <button
        type="submit"
        disabled={pending}
        aria-label={`${active ? "Attivo" : "Inattivo"}: ${active ? "disattiva" : "attiva"} «${row.name}»`}
        title={active ? "Clicca per disattivare" : "Clicca per attivare"}
        className={`rounded-full px-3 py-1 text-xs font-semibold ring-offset-2 transition focus-visible:ring-2 focus-visible:ring-brand-700 disabled:opacity-70 ${
          active ? "bg-green-100 text-green-900 hover:bg-green-200" : "bg-stone-200 text-stone-800 hover:bg-stone-300"
        }`}
      >
        {active ? "Attivo" : "Inattivo"}
      </button>
    </fetcher.Form>
  );
}

export default function AdminAdCodes({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, filters, saved } = loaderData;
  const location = useLocation();
  const remover = useFetcher<typeof action>();
  const [pending, setPending] = useState<AdminAdCode | null>(null);
  const [feedback, setFeedback] = useState<BannerStatus>(saved ? { kind: "success", text: saved, key: 0 } : null);
  const removing = remover.state !== "idle";
  const filtered = filters.placement !== "" || filters.pageType !== "" || filters.active !== "all";
  const counter = useRef(0);

  const show = useCallback((answer: Answer) => {
    counter.current += 1;
    setFeedback(answer.ok ? { kind: "success", text: answer.message, key: counter.current } : { kind: "error", text: answer.error, key: counter.current });
  }, []);

  const reportedRemoval = useRef<unknown>(null);
  useEffect(() => {
    if (remover.state === "idle" && remover.data && reportedRemoval.current !== remover.data) {
      reportedRemoval.current = remover.data;
      show(remover.data);
    }
  }, [remover.state, remover.data, show]);

  // The saved message belongs to the address it came with; another address (a filter, a page) clears
  // what the last action said.
  const [feedbackFor, setFeedbackFor] = useState(location.key);
  if (feedbackFor !== location.key) {
    setFeedbackFor(location.key);
    setFeedback(saved ? { kind: "success", text: saved, key: -1 } : null);
  }

  const search = new URLSearchParams(location.search);
  search.delete("saved");
  const columns: Column<AdminAdCode>[] = [
    {
      id: "name",
      header: "Nome",
      labelOnCards: false,
      cell: (row) => (
        <>
          <span className="block font-semibold break-words text-stone-900">{row.name}</span>
          {/* The code as text, never as markup: it runs only in the public slots, after consent. */}
          <code className="mt-1 line-clamp-2 block font-mono text-xs break-all text-stone-600">{row.htmlCode}</code>
        </>
      ),
    },
    { id: "placement", header: "Posizione", cell: (row) => row.placementLabel },
    { id: "pageType", header: "Tipo di pagina", cell: (row) => row.pageTypeLabel },
    { id: "priority", header: "Priorità", cell: (row) => formatNumber(row.priority) },
    {
      id: "status",
      header: "Stato",
      cell: (row) => (
        <span className="inline-block align-middle">
          <StatusToggle row={row} onAnswer={show} />
        </span>
      ),
    },
    { id: "created", header: "Creato il", cell: (row) => formatDateLong(row.createdAt) },
  ];

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold text-stone-900">Codici annuncio</h1>
        <Link to="/admin/adsense/new" className="btn-primary">
          <Icon node={Plus} aria-hidden size={18} /> Nuovo codice
        </Link>
      </div>

      <ListFilters label="Filtra i codici annuncio" filtered={filtered} submitLabel="Filtra">
        <div className="min-w-40 flex-1">
          <label htmlFor="filter-placement" className="field-label">
            Posizione
          </label>
          <select id="filter-placement" name="placement" defaultValue={filters.placement} className="field-input">
            <option value="">Tutte</option>
            <EnumOptions values={AD_PLACEMENTS.values} labels={AD_PLACEMENTS.labels} />
          </select>
        </div>
        <div className="min-w-40 flex-1">
          <label htmlFor="filter-page-type" className="field-label">
            Tipo di pagina
          </label>
          <select id="filter-page-type" name="pageType" defaultValue={filters.pageType} className="field-input">
            <option value="">Tutti</option>
            <EnumOptions values={AD_PAGE_TYPES.values} labels={AD_PAGE_TYPES.labels} />
          </select>
        </div>
        <div className="min-w-40 flex-1">
          <label htmlFor="filter-active" className="field-label">
            Stato
          </label>
          <select id="filter-active" name="active" defaultValue={filters.active} className="field-input">
            {AD_ACTIVE_FILTERS.map((value) => (
              <option key={value} value={value}>
                {AD_ACTIVE_FILTER_LABELS[value]}
              </option>
            ))}
          </select>
        </div>
      </ListFilters>

      <StatusBanner status={feedback} />
      <p className="mt-3 text-sm text-stone-700">
        {total === 1 ? "1 codice" : `${formatNumber(total)} codici`}
        {filtered ? (total === 1 ? " trovato" : " trovati") : ""}
      </p>

      {items.length === 0 ? (
        <EmptyState title={filtered ? "Nessun codice annuncio corrisponde ai filtri." : "Nessun codice annuncio ancora."}>
          {filtered ? (
            <Link to="/admin/adsense" className="btn-secondary">
              Mostra tutti i codici
            </Link>
          ) : (
            <Link to="/admin/adsense/new" className="btn-primary">
              <Icon node={Plus} aria-hidden size={18} /> Aggiungi il primo codice
            </Link>
          )}
        </EmptyState>
      ) : (
        <DataTable
          label="Elenco dei codici annuncio"
          columns={columns}
          rows={items}
          rowKey={(row) => row.id}
          actions={(row) => (
            <EditDeleteMenu name={row.name} editHref={`/admin/adsense/edit?id=${row.id}`} onDelete={() => setPending(row)} deleting={removing} />
          )}
        />
      )}

      <Pagination page={page} pageCount={pageCount} search={search} label="Pagine dei codici annuncio" />

      <ConfirmDialog
        open={pending !== null}
        question={pending ? `Vuoi eliminare il codice annuncio «${pending.name}»? L'operazione non si può annullare.` : ""}
        confirmLabel="Elimina"
        destructive
        busy={removing}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) void remover.submit({ intent: "delete", id: pending.id }, { method: "post" });
          setPending(null);
        }}
      />
    </div>
  );
}
