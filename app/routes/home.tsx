import { ArrowRight, Heart } from "lucide";
import { Icon } from "~/components/icon";
import { Link } from "react-router";
import type { Route } from "./+types/home";
import { latestArticles } from "~/articles/articles.server";
import { CACHE_TAGS } from "~/cache/cache.server";
import { cacheHeaders } from "~/cache/page-cache.server";
import { AdSlot } from "~/components/ad-slot";
import { ArticleCard } from "~/components/article-card";
import { pageMeta, siteFrom } from "~/lib/seo";
import { SITE_NAME, SITE_TAGLINE } from "~/lib/site";
import { activePartners } from "~/partners/partners.server";

export async function loader() {
  const [articles, partners] = await Promise.all([latestArticles(), activePartners()]);
  return { featured: articles.slice(0, 3), recent: articles.slice(3, 6), partners };
}

export const headers = () => cacheHeaders([CACHE_TAGS.articles, CACHE_TAGS.categories, CACHE_TAGS.partners]);

export const meta: Route.MetaFunction = (args) => pageMeta(args, { title: siteFrom(args.matches)?.name ?? SITE_NAME });

export default function Home({ loaderData }: Route.ComponentProps) {
  const { featured, recent, partners } = loaderData;
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-7xl px-4 py-16 text-center sm:py-20">
          <h1 className="text-4xl font-extrabold tracking-tight text-stone-900 sm:text-5xl">Tutto per il benessere dei tuoi animali</h1>
          <p className="mx-auto mt-4 max-w-2xl text-lg text-stone-700">
            {SITE_TAGLINE}: consigli dei veterinari, annunci di adozione e concorsi fotografici.
          </p>
          <div className="mt-8 flex flex-wrap justify-center gap-3">
            <Link to="/articles" className="btn-primary">
              Leggi gli articoli
            </Link>
            <Link to="/pet-listings" className="btn-secondary">
              <Icon node={Heart} aria-hidden size={18} /> Scopri le adozioni
            </Link>
          </div>
        </div>
      </section>

      <section aria-labelledby="featured-title" className="mx-auto max-w-7xl px-4 py-12">
        <h2 id="featured-title" className="text-2xl font-bold text-stone-900 sm:text-3xl">
          Articoli in Evidenza
        </h2>
        {featured.length ? (
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {featured.map((article, i) => (
              <ArticleCard key={article.id} article={article} featured eager={i === 0} />
            ))}
          </div>
        ) : (
          <p className="mt-4 text-stone-700">Non ci sono ancora articoli pubblicati.</p>
        )}
      </section>

      <AdSlot placement="banner" pageType="home" className="mx-auto max-w-7xl px-4" />

      {recent.length ? (
        <section aria-labelledby="recent-title" className="mx-auto max-w-7xl px-4 py-12">
          <div className="flex flex-wrap items-end justify-between gap-4">
            <h2 id="recent-title" className="text-2xl font-bold text-stone-900 sm:text-3xl">
              Articoli Recenti
            </h2>
            <Link to="/articles" className="inline-flex items-center gap-1 font-semibold text-brand-800 hover:underline">
              Tutti gli articoli <Icon node={ArrowRight} aria-hidden size={18} />
            </Link>
          </div>
          <div className="mt-6 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
            {recent.map((article) => (
              <ArticleCard key={article.id} article={article} />
            ))}
          </div>
        </section>
      ) : null}

      {partners.length ? (
        <section aria-labelledby="partners-title" className="bg-stone-50 py-12">
          <div className="mx-auto max-w-7xl px-4">
            <h2 id="partners-title" className="text-2xl font-bold text-stone-900">
              I nostri partner
            </h2>
            <ul className="mt-6 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-6">
              {partners.map((partner) => (
                <li key={partner.id}>
                  <a
                    href={partner.websiteUrl ?? undefined}
                    target="_blank"
                    rel="noopener"
                    className="flex h-full flex-col items-center gap-3 rounded-xl border border-stone-200 bg-white p-4 text-center hover:shadow-md"
                  >
                    <img src={partner.logoUrl} alt="" width={120} height={60} loading="lazy" className="h-14 w-28 object-contain" />
                    <span className="text-sm font-medium text-stone-800">
                      {partner.name}
                      <span className="sr-only"> (si apre in una nuova scheda)</span>
                    </span>
                  </a>
                </li>
              ))}
            </ul>
          </div>
        </section>
      ) : null}
    </>
  );
}
