import { Search } from "lucide";
import { Icon } from "~/components/icon";
import { Form, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/articles";
import { listArticles } from "~/articles/articles.server";
import { CACHE_TAGS } from "~/cache/cache.server";
import { cacheHeaders } from "~/cache/page-cache.server";
import { listCategoriesWithCounts } from "~/categories/categories.server";
import { ArticleCard } from "~/components/article-card";
import { Pagination } from "~/components/pagination";
import { readQuery } from "~/lib/form.server";
import { pageParam, redirectPastLastPage } from "~/lib/paging";
import { pageMeta } from "~/lib/seo";
import { TEXT_SEARCH_HANDLE } from "~/lib/rate-limit-classes";

export const handle = TEXT_SEARCH_HANDLE;

export async function loader({ request, url }: Route.LoaderArgs) {
  const query = readQuery(request);
  const q = query.get("q")?.trim() || null;
  const category = query.get("category")?.trim() || null;
  const page = pageParam(query);
  const [result, categories] = await Promise.all([listArticles({ q, categorySlug: category, page }), listCategoriesWithCounts()]);
  redirectPastLastPage(url, result.page, result.pageCount);
  return { ...result, q, category, categories: categories.map((c) => ({ name: c.name, slug: c.slug })) };
}

export const headers = () => cacheHeaders([CACHE_TAGS.articles, CACHE_TAGS.categories], ["category", "page"]);

export const meta: Route.MetaFunction = (args) => {
  const q = args.data?.q;
  return pageMeta(args, {
    title: q ? `Risultati per “${q}”` : "Articoli",
    description: "Tutti gli articoli di Zampa sulla cura di cani, gatti, uccelli, pesci e piccoli animali, scritti con i veterinari.",
    // Search results and deep pages are not worth indexing on their own.
    noindex: Boolean(q) || (args.data?.page ?? 1) > 1,
  });
};

export default function Articles({ loaderData }: Route.ComponentProps) {
  const { items, total, page, pageCount, q, category, categories } = loaderData;
  const [search] = useSearchParams();
  const filtered = Boolean(q || category);
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-3xl font-bold text-stone-900 sm:text-4xl">Articoli</h1>
      <p className="mt-2 text-stone-700">Guide pratiche e consigli per la cura dei tuoi animali, dai nostri esperti.</p>

      <Form method="get" role="search" className="mt-8 grid gap-3 rounded-2xl border border-stone-200 bg-stone-50 p-4 sm:grid-cols-[1fr_auto_auto]">
        <div>
          <label htmlFor="articles-q" className="field-label">
            Cerca negli articoli
          </label>
          <input id="articles-q" name="q" type="search" defaultValue={q ?? ""} placeholder="Es. vaccinazioni gatto" maxLength={200} className="field-input" />
        </div>
        <div>
          <label htmlFor="articles-category" className="field-label">
            Categoria
          </label>
          <select id="articles-category" name="category" defaultValue={category ?? ""} className="field-input">
            <option value="">Tutte le categorie</option>
            {categories.map((c) => (
              <option key={c.slug} value={c.slug}>
                {c.name}
              </option>
            ))}
          </select>
        </div>
        <button type="submit" className="btn-primary self-end">
          <Icon node={Search} aria-hidden size={18} /> Cerca
        </button>
      </Form>

      <p className="mt-6 text-sm text-stone-700" aria-live="polite">
        {q ? `${total} ${total === 1 ? "risultato" : "risultati"} per “${q}”` : `${total} ${total === 1 ? "articolo" : "articoli"}`}
      </p>

      {items.length ? (
        <div className="mt-4 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {items.map((article, i) => (
            <ArticleCard key={article.id} article={article} eager={i === 0} headingLevel={2} />
          ))}
        </div>
      ) : (
        <div className="mt-8 rounded-2xl border border-dashed border-stone-300 p-10 text-center">
          <h2 className="text-xl font-semibold text-stone-900">{filtered ? "Nessun articolo trovato" : "Non ci sono ancora articoli"}</h2>
          <p className="mt-2 text-stone-700">
            {filtered ? "Prova con parole diverse o togli il filtro per categoria." : "Torna a trovarci presto: stiamo scrivendo i primi articoli."}
          </p>
          {filtered ? (
            <Link to="/articles" className="btn-secondary mt-6">
              Mostra tutti gli articoli
            </Link>
          ) : null}
        </div>
      )}

      <Pagination page={page} pageCount={pageCount} search={search} />
    </div>
  );
}
