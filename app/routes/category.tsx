import { data, Link, useSearchParams } from "react-router";
import type { Route } from "./+types/category";
import { listArticles } from "~/articles/articles.server";
import { CACHE_TAGS } from "~/cache/cache.server";
import { cacheHeaders } from "~/cache/page-cache.server";
import { getCategoryBySlug } from "~/categories/categories.server";
import { ArticleCard } from "~/components/article-card";
import { Pagination } from "~/components/pagination";
import { MessagePanel } from "~/components/message-panel";
import { CategoryIcon } from "~/content/category-icon";
import { readQuery } from "~/lib/form.server";
import { pageParam, redirectPastLastPage } from "~/lib/paging";
import { breadcrumbJsonLd, pageMeta, siteFrom } from "~/lib/seo";

export async function loader({ request, params, url }: Route.LoaderArgs) {
  const query = readQuery(request);
  const category = await getCategoryBySlug(params.slug);
  if (!category) return data({ category: null, articles: null }, { status: 404 });
  const articles = await listArticles({ categorySlug: category.slug, page: pageParam(query) });
  redirectPastLastPage(url, articles.page, articles.pageCount);
  return { category, articles };
}

export const headers = () => cacheHeaders([CACHE_TAGS.categories, CACHE_TAGS.articles], ["page"]);

export const meta: Route.MetaFunction = (args) => {
  const category = args.data?.category;
  if (!category) return pageMeta(args, { title: "Categoria non trovata", noindex: true });
  return pageMeta(args, {
    title: category.name,
    description: category.description ?? `Gli articoli di Zampa nella categoria ${category.name}.`,
    jsonLd: [
      breadcrumbJsonLd(siteFrom(args.matches), [
        { name: "Home", path: "/" },
        { name: "Categorie", path: "/categories" },
        { name: category.name, path: `/category/${category.slug}` },
      ]),
    ],
  });
};

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const [search] = useSearchParams();
  const { category, articles } = loaderData;
  if (!category || !articles) {
    return (
      <MessagePanel title="Categoria non trovata" text="La categoria che stai cercando non esiste.">
        <Link to="/categories" className="btn-primary">
          Vedi tutte le categorie
        </Link>
      </MessagePanel>
    );
  }
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <nav aria-label="Percorso" className="text-sm text-stone-600">
        <ol className="flex flex-wrap gap-1">
          <li>
            <Link to="/" className="hover:underline">
              Home
            </Link>{" "}
            /
          </li>
          <li>
            <Link to="/categories" className="hover:underline">
              Categorie
            </Link>{" "}
            /
          </li>
          <li aria-current="page" className="font-medium text-stone-800">
            {category.name}
          </li>
        </ol>
      </nav>
      <header className="mt-6 flex items-start gap-4">
        <span className="flex size-16 shrink-0 items-center justify-center rounded-2xl bg-brand-50 text-brand-800">
          <CategoryIcon icon={category.icon} name={category.name} size={32} />
        </span>
        <div>
          <h1 className="text-3xl font-bold text-stone-900 sm:text-4xl">{category.name}</h1>
          {category.description ? <p className="mt-2 max-w-3xl text-stone-700">{category.description}</p> : null}
        </div>
      </header>
      {articles.items.length ? (
        <div className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {articles.items.map((article, i) => (
            <ArticleCard key={article.id} article={article} eager={i === 0} headingLevel={2} />
          ))}
        </div>
      ) : (
        <p className="mt-10 rounded-2xl border border-dashed border-stone-300 p-10 text-center text-stone-700">
          Non ci sono ancora articoli in questa categoria.
        </p>
      )}
      <Pagination page={articles.page} pageCount={articles.pageCount} search={search} />
    </div>
  );
}
