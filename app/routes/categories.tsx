import { Link } from "react-router";
import type { Route } from "./+types/categories";
import { CACHE_TAGS } from "~/cache/cache.server";
import { cacheHeaders } from "~/cache/page-cache.server";
import { listCategoriesWithCounts } from "~/categories/categories.server";
import { articleCountLabel } from "~/categories/labels";
import { CategoryIcon } from "~/content/category-icon";
import { pageMeta } from "~/lib/seo";

export async function loader() {
  return { categories: await listCategoriesWithCounts() };
}

export const headers = () => cacheHeaders([CACHE_TAGS.categories, CACHE_TAGS.articles]);

export const meta: Route.MetaFunction = (args) =>
  pageMeta(args, {
    title: "Categorie",
    description: "Esplora gli articoli di Zampa per categoria: cani, gatti, uccelli, pesci, salute, alimentazione e altro.",
  });

export default function Categories({ loaderData }: Route.ComponentProps) {
  const { categories } = loaderData;
  return (
    <div className="mx-auto max-w-7xl px-4 py-12">
      <h1 className="text-3xl font-bold text-stone-900 sm:text-4xl">Categorie</h1>
      <p className="mt-2 text-stone-700">Scegli un argomento e scopri tutti i nostri consigli.</p>
      {categories.length ? (
        <ul className="mt-8 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {categories.map((category) => (
            <li key={category.id}>
              <Link
                to={`/category/${category.slug}`}
                className="flex h-full flex-col rounded-2xl border border-stone-200 bg-white p-6 shadow-sm transition hover:border-brand-600 hover:shadow-md"
              >
                <span className="flex size-14 items-center justify-center rounded-xl bg-brand-50 text-brand-800">
                  <CategoryIcon icon={category.icon} name={category.name} />
                </span>
                <span className="mt-4 text-xl font-bold text-stone-900">{category.name}</span>
                {category.description ? <span className="mt-2 text-sm text-stone-700">{category.description}</span> : null}
                <span className="mt-auto pt-4 text-sm font-semibold text-brand-800">{articleCountLabel(category.articleCount)}</span>
              </Link>
            </li>
          ))}
        </ul>
      ) : (
        <p className="mt-8 rounded-2xl border border-dashed border-stone-300 p-10 text-center text-stone-700">Nessuna categoria disponibile</p>
      )}
    </div>
  );
}
