import { Plus } from "lucide";
import { useState } from "react";
import { data, Link, useFetcher, useLocation } from "react-router";
import type { Route } from "./+types/list";
import { adminActor } from "~/admin/gate.server";
import { deleteArticle, listArticlesForAdmin, type AdminArticleRow } from "~/articles/admin.server";
import { readAdminForm } from "~/admin/admin-form.server";
import { articleSortSchema } from "~/articles/admin-list";
import { BulkBar, useBulkSelection } from "~/components/admin/bulk-actions";
import { ConfirmDialog } from "~/components/admin/dialog";
import { DataTable, type Column } from "~/components/admin/kit/data-table";
import { EmptyState } from "~/components/admin/kit/empty-state";
import { StatusBanner, statusOfAnswer } from "~/components/admin/kit/status-banner";
import { ListFilters } from "~/components/admin/kit/list-filters";
import { EditDeleteMenu } from "~/components/admin/kit/row-actions";
import { EnumOptions } from "~/components/enum-options";
import { Icon } from "~/components/icon";
import { Pagination } from "~/components/pagination";
import { ARTICLE_STATUSES } from "~/lib/enums";
import { formatDateLong, formatDateTimeLong, formatNumber } from "~/lib/format";
import { readQuery } from "~/lib/form.server";
import { sortOf } from "~/lib/list-sort";
import { pageParam, redirectPastLastPage } from "~/lib/paging";

// /admin/articles — every article, searched and filtered in SQL, 20 a page; delete with confirmation;
// bulk actions over the picked rows or every result of the filter (decision 0109, /admin/articles/bulk).
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const query = readQuery(request);
  const result = await listArticlesForAdmin(admin, {
    q: query.get("q"),
    status: query.get("status"),
    categoryId: query.get("category"),
    page: pageParam(query),
    sort: sortOf(articleSortSchema.parse(Object.fromEntries(query))),
  });
  if (!result.ok) throw data({ error: result.error }, { status: result.status });
  redirectPastLastPage(url, result.page, result.pageCount);
  const { ok: _ok, ...page } = result;
  return { ...page, sort: sortOf(articleSortSchema.parse(Object.fromEntries(query))) };
}

export async function action(args: Route.ActionArgs) {
  const read = await readAdminForm(args);
  if (!read.ok) return read.refusal;
  const result = await deleteArticle(read.actor, read.fields.id ?? "");
  if (!result.ok) return data({ ok: false as const, error: result.error }, { status: result.status });
  return { ok: true as const, message: result.message };
}

export const meta: Route.MetaFunction = () => [{ title: "Articoli — Zampa Admin" }, { name: "robots", content: "noindex" }];

function StatusBadge({ row }: { row: AdminArticleRow }) {
  const colour = row.status === "published" ? "bg-green-100 text-green-900" : row.status === "draft" ? "bg-amber-100 text-amber-900" : "bg-stone-200 text-stone-800";
  return (
    <span className="inline-flex flex-wrap items-center gap-1">
      <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${colour}`}>{row.statusLabel}</span>
      {row.isScheduled && row.scheduledPublishDate ? (
        <span className="rounded-full bg-sky-100 px-2 py-0.5 text-xs font-semibold text-sky-900">Programmato: {formatDateTimeLong(row.scheduledPublishDate)}</span>
      ) : null}
    </span>
  );
}

export default function AdminArticles({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, filters, categories, sort } = loaderData;
  const location = useLocation();
  const fetcher = useFetcher<typeof action>();
  const [pending, setPending] = useState<AdminArticleRow | null>(null);
  const busy = fetcher.state !== "idle";
  const filtered = filters.q !== "" || filters.status !== "" || filters.categoryId !== "";
  const selection = useBulkSelection();
  const columns: Column<AdminArticleRow>[] = [
    {
      id: "title",
      header: "Titolo",
      sortKey: "title",
      labelOnCards: false,
      cell: (row) => (
        <>
          <span className="block font-semibold break-words text-stone-900">{row.title}</span>
          <span className="block font-mono text-xs break-all text-stone-600">/article/{row.slug}</span>
        </>
      ),
    },
    { id: "category", header: "Categoria", cell: (row) => row.categoryName ?? "—" },
    { id: "status", header: "Stato", cell: (row) => <StatusBadge row={row} /> },
    { id: "views", header: "Visualizzazioni", cell: (row) => formatNumber(row.views) },
    { id: "published", header: "Pubblicato il", sortKey: "published", firstDirection: "desc", cell: (row) => (row.publishedAt ? formatDateLong(row.publishedAt) : "—") },
  ];

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold text-stone-900">Articoli</h1>
        <Link to="/admin/articles/new" className="btn-primary">
          <Icon node={Plus} aria-hidden size={18} /> Nuovo articolo
        </Link>
      </div>

      <ListFilters label="Cerca e filtra gli articoli" filtered={filtered}>
        <div className="min-w-0 flex-1 basis-56">
          <label htmlFor="q" className="field-label">
            Cerca per titolo
          </label>
          <input id="q" name="q" type="search" defaultValue={filters.q} maxLength={200} className="field-input" />
        </div>
        <div>
          <label htmlFor="status" className="field-label">
            Stato
          </label>
          <select id="status" name="status" defaultValue={filters.status} className="field-input">
            <option value="">Tutti</option>
            <EnumOptions values={ARTICLE_STATUSES.values} labels={ARTICLE_STATUSES.labels} />
          </select>
        </div>
        <div>
          <label htmlFor="category" className="field-label">
            Categoria
          </label>
          <select id="category" name="category" defaultValue={filters.categoryId} className="field-input">
            <option value="">Tutte</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
      </ListFilters>

      <StatusBanner status={statusOfAnswer(fetcher.data, { busy })} />
      <p className="mt-1 text-sm text-stone-700">
        {total === 1 ? "1 articolo" : `${formatNumber(total)} articoli`}
        {filtered ? (total === 1 ? " trovato" : " trovati") : ""}
      </p>

      {/* Also with no row left, so that the summary of a job that emptied the filter stays. */}
      <BulkBar area="articles" selection={selection} pageKeys={items.map((row) => row.id)} total={total} filterQuery={location.search} categories={categories} />

      {items.length === 0 ? (
        <EmptyState title="Nessun articolo trovato.">
          {filtered ? (
            <Link to="/admin/articles" className="btn-secondary">
              Mostra tutti gli articoli
            </Link>
          ) : (
            <Link to="/admin/articles/new" className="btn-primary">
              <Icon node={Plus} aria-hidden size={18} /> Scrivi il primo articolo
            </Link>
          )}
        </EmptyState>
      ) : (
        <DataTable
          label="Elenco degli articoli"
          columns={columns}
          rows={items}
          rowKey={(row) => row.id}
          sort={sort}
          selection={{ selected: selection.selected, onToggle: selection.onToggle, onToggleAll: selection.onToggleAll, rowLabel: (row) => row.title }}
          actions={(row) => (
            <EditDeleteMenu name={row.title} editHref={`/admin/articles/edit?id=${row.id}`} onDelete={() => setPending(row)} deleting={busy} />
          )}
        />
      )}

      <Pagination page={page} pageCount={pageCount} search={new URLSearchParams(location.search)} label="Pagine degli articoli" />

      <ConfirmDialog
        open={pending !== null}
        question={pending ? `Vuoi eliminare l'articolo «${pending.title}»? L'operazione non si può annullare.` : ""}
        confirmLabel="Elimina"
        destructive
        busy={busy}
        onCancel={() => setPending(null)}
        onConfirm={() => {
          if (pending) void fetcher.submit({ id: pending.id }, { method: "post" });
          setPending(null);
        }}
      />
    </div>
  );
}
