import { Pencil, Plus, Search, Trash2 } from "lucide";
import { useState } from "react";
import { data, Form, Link, useFetcher, useLocation } from "react-router";
import type { Route } from "./+types/list";
import { adminActor } from "~/admin/gate.server";
import { deleteArticle, listArticlesForAdmin, type AdminArticleRow } from "~/articles/admin.server";
import { ConfirmDialog } from "~/components/admin/dialog";
import { EnumOptions } from "~/components/enum-options";
import { Icon } from "~/components/icon";
import { Pagination } from "~/components/pagination";
import { ARTICLE_STATUSES } from "~/lib/enums";
import { formatDateLong, formatDateTimeLong, formatNumber } from "~/lib/format";
import { readForm, readQuery } from "~/lib/form.server";
import { pageParam, redirectPastLastPage } from "~/lib/paging";

// /admin/articles — every article, searched and filtered in SQL, 20 a page; delete with confirmation.
export async function loader({ request, url, context }: Route.LoaderArgs) {
  const admin = adminActor(context);
  const query = readQuery(request);
  const result = await listArticlesForAdmin(admin, {
    q: query.get("q"),
    status: query.get("status"),
    categoryId: query.get("category"),
    page: pageParam(query),
  });
  if (!result.ok) throw data({ error: result.error }, { status: result.status });
  redirectPastLastPage(url, result.page, result.pageCount);
  const { ok: _ok, ...page } = result;
  return page;
}

export async function action({ request, context }: Route.ActionArgs) {
  const actor = adminActor(context);
  const form = await readForm(request);
  if (!form.ok) return data({ ok: false as const, error: form.error }, { status: form.status });
  const result = await deleteArticle(actor, form.fields.id ?? "");
  if (!result.ok) return data({ ok: false as const, error: result.error }, { status: result.status });
  return { ok: true as const, message: result.message };
}

export const meta: Route.MetaFunction = () => [{ title: "Articoli — Zampa Admin" }, { name: "robots", content: "noindex" }];

const cell = "block px-3 py-1 md:table-cell md:py-3 md:align-top";
const cellLabel = "mr-1 font-medium text-stone-600 md:hidden";

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
  const { items, total, page, pageCount, filters, categories } = loaderData;
  const location = useLocation();
  const fetcher = useFetcher<typeof action>();
  const [pending, setPending] = useState<AdminArticleRow | null>(null);
  const busy = fetcher.state !== "idle";
  const filtered = filters.q !== "" || filters.status !== "" || filters.categoryId !== "";

  return (
    <div className="mx-auto max-w-6xl">
      <div className="flex flex-wrap items-center gap-3">
        <h1 className="flex-1 text-2xl font-bold text-stone-900">Articoli</h1>
        <Link to="/admin/articles/new" className="btn-primary">
          <Icon node={Plus} aria-hidden size={18} /> Nuovo articolo
        </Link>
      </div>

      <Form method="get" role="search" aria-label="Cerca e filtra gli articoli" className="mt-6 grid gap-3 rounded-2xl border border-stone-200 bg-white p-4 sm:grid-cols-[1fr_auto_auto_auto] sm:items-end">
        <div>
          <label htmlFor="q" className="block text-sm font-medium text-stone-800">
            Cerca per titolo
          </label>
          <input id="q" name="q" type="search" defaultValue={filters.q} maxLength={200} className="mt-1 w-full rounded-lg border border-stone-300 p-2" />
        </div>
        <div>
          <label htmlFor="status" className="block text-sm font-medium text-stone-800">
            Stato
          </label>
          <select id="status" name="status" defaultValue={filters.status} className="mt-1 w-full rounded-lg border border-stone-300 bg-white p-2">
            <option value="">Tutti</option>
            <EnumOptions values={ARTICLE_STATUSES.values} labels={ARTICLE_STATUSES.labels} />
          </select>
        </div>
        <div>
          <label htmlFor="category" className="block text-sm font-medium text-stone-800">
            Categoria
          </label>
          <select id="category" name="category" defaultValue={filters.categoryId} className="mt-1 w-full rounded-lg border border-stone-300 bg-white p-2">
            <option value="">Tutte</option>
            {categories.map((c) => (
              <option key={c.id} value={c.id}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-secondary">
          <Icon node={Search} aria-hidden size={18} /> Cerca
        </button>
      </Form>

      <p aria-live="polite" className="mt-4 text-sm">
        {fetcher.data && !busy ? <span className={fetcher.data.ok ? "text-green-800" : "font-medium text-red-800"}>{fetcher.data.ok ? fetcher.data.message : fetcher.data.error}</span> : null}
      </p>
      <p className="mt-1 text-sm text-stone-700">
        {total === 1 ? "1 articolo" : `${formatNumber(total)} articoli`}
        {filtered ? " trovati" : ""}
        {filtered ? (
          <>
            {" · "}
            <Link to="/admin/articles" className="text-brand-800 underline">
              Azzera i filtri
            </Link>
          </>
        ) : null}
      </p>

      {items.length === 0 ? (
        <p className="mt-6 text-stone-700">Nessun articolo trovato.</p>
      ) : (
        <table className="mt-4 block w-full text-sm md:table md:rounded-2xl md:border md:border-stone-200 md:bg-white">
          <thead className="sr-only md:not-sr-only md:table-header-group">
            <tr className="border-b border-stone-200 text-left text-stone-700">
              <th scope="col" className="px-3 py-2 font-semibold">Titolo</th>
              <th scope="col" className="px-3 py-2 font-semibold">Categoria</th>
              <th scope="col" className="px-3 py-2 font-semibold">Stato</th>
              <th scope="col" className="px-3 py-2 font-semibold">Visualizzazioni</th>
              <th scope="col" className="px-3 py-2 font-semibold">Pubblicato il</th>
              <th scope="col" className="px-3 py-2 font-semibold">
                <span className="sr-only">Azioni</span>
              </th>
            </tr>
          </thead>
          <tbody className="block space-y-3 md:table-row-group md:space-y-0">
            {items.map((row) => (
              <tr key={row.id} className="block rounded-2xl border border-stone-200 bg-white py-2 md:table-row md:rounded-none md:border-0 md:border-b md:py-0">
                <td className={cell}>
                  <span className="block font-semibold break-words text-stone-900">{row.title}</span>
                  <span className="block font-mono text-xs break-all text-stone-600">/article/{row.slug}</span>
                </td>
                <td className={cell}>
                  <span className={cellLabel}>Categoria:</span>
                  {row.categoryName ?? "—"}
                </td>
                <td className={cell}>
                  <span className={cellLabel}>Stato:</span>
                  <StatusBadge row={row} />
                </td>
                <td className={cell}>
                  <span className={cellLabel}>Visualizzazioni:</span>
                  {formatNumber(row.views)}
                </td>
                <td className={cell}>
                  <span className={cellLabel}>Pubblicato il:</span>
                  {row.publishedAt ? formatDateLong(row.publishedAt) : "—"}
                </td>
                <td className={`${cell} md:whitespace-nowrap`}>
                  <div className="flex flex-wrap gap-2 pt-1 md:pt-0">
                    <Link to={`/admin/articles/edit?id=${row.id}`} className="btn-secondary" aria-label={`Modifica «${row.title}»`}>
                      <Icon node={Pencil} aria-hidden size={16} /> Modifica
                    </Link>
                    <fetcher.Form
                      method="post"
                      onSubmit={(event) => {
                        event.preventDefault();
                        setPending(row);
                      }}
                    >
                      <input type="hidden" name="id" value={row.id} />
                      <button type="submit" className="btn-secondary text-red-800" disabled={busy} aria-label={`Elimina «${row.title}»`}>
                        <Icon node={Trash2} aria-hidden size={16} /> Elimina
                      </button>
                    </fetcher.Form>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
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
