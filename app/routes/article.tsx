import { Calendar, Eye, User } from "lucide";
import { Icon } from "~/components/icon";
import { useEffect, useState } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/article";
import { getCurrentUser, hasSessionCookie } from "~/accounts/session.server";
import { getArticlePreview } from "~/articles/admin.server";
import { getPublishedArticle } from "~/articles/articles.server";
import { CACHE_TAGS } from "~/cache/cache.server";
import { cacheHeaders } from "~/cache/page-cache.server";
import { AdSlot } from "~/components/ad-slot";
import { MessagePanel } from "~/components/message-panel";
import { Prose } from "~/components/prose";
import { ShareButtons } from "~/components/share-buttons";
import { formatDateLong, formatNumber, isoDate } from "~/lib/format";
import { imageSources } from "~/lib/images";
import { absoluteUrl, pageMeta, siteFrom } from "~/lib/seo";

const PREVIEW_HEADERS = { "cache-control": "private, no-store", "x-robots-tag": "noindex" };

export async function loader({ params, request }: Route.LoaderArgs) {
  const article = await getPublishedArticle(params.slug);
  if (article) return { article, preview: false };
  // An admin's preview of an article not published: looked up only after the public lookup missed
  // and only for a request that may be signed in, so the public path costs nothing more.
  if (hasSessionCookie(request)) {
    const preview = await getArticlePreview(await getCurrentUser(request), params.slug);
    if (preview) return data({ article: preview, preview: true }, { headers: PREVIEW_HEADERS });
  }
  return data({ article: null, preview: false }, { status: 404 });
}

// A preview is never kept by any cache (nor by the page cache: its request carries a session cookie).
export const headers: Route.HeadersFunction = ({ loaderHeaders }) =>
  loaderHeaders.has("x-robots-tag") ? PREVIEW_HEADERS : cacheHeaders([CACHE_TAGS.articles, CACHE_TAGS.categories]);

export const meta: Route.MetaFunction = (args) => {
  const article = args.data?.article;
  if (!article) return pageMeta(args, { title: "Articolo non trovato", noindex: true });
  if (args.data?.preview) return pageMeta(args, { title: `Anteprima: ${article.metaTitle || article.title}`, noindex: true });
  const site = siteFrom(args.matches);
  const description = article.metaDescription || article.excerpt;
  const image = article.featuredImage && site ? absoluteUrl(site, article.featuredImage) : undefined;
  return pageMeta(args, {
    title: article.metaTitle || article.title,
    description,
    image: article.featuredImage,
    type: "article",
    jsonLd: [
      {
        "@context": "https://schema.org",
        "@type": "Article",
        headline: article.title,
        description,
        image: image ? [image] : undefined,
        datePublished: isoDate(article.publishedAt),
        dateModified: isoDate(article.updatedAt),
        author: { "@type": "Person", name: article.authorName ?? "Redazione Zampa" },
        publisher: {
          "@type": "Organization",
          name: site?.name ?? "Zampa",
          logo: site ? { "@type": "ImageObject", url: absoluteUrl(site, "/favicon.svg") } : undefined,
        },
        mainEntityOfPage: site ? absoluteUrl(site, `/article/${article.slug}`) : undefined,
        articleSection: article.category?.name,
        inLanguage: "it-IT",
      },
    ],
  });
};

/** Counts this view once the page is really shown (not while prerendered), and shows the new figure. */
function useViewCount(slug: string, initial: number): number {
  const [views, setViews] = useState(initial);
  useEffect(() => {
    // No article (the not-found page): nothing to count.
    if (!slug) return;
    let cancelled = false;
    const send = () => {
      fetch(`/article/${encodeURIComponent(slug)}/view`, { method: "POST", keepalive: true })
        .then((r) => (r.ok ? (r.json() as Promise<{ views: number }>) : null))
        .then((body) => {
          if (!cancelled && body) setViews(body.views);
        })
        .catch(() => {});
    };
    const doc = document as Document & { prerendering?: boolean };
    if (doc.prerendering) document.addEventListener("prerenderingchange", send, { once: true });
    else send();
    return () => {
      cancelled = true;
      document.removeEventListener("prerenderingchange", send);
    };
  }, [slug]);
  return views;
}

function NotFound() {
  return (
    <MessagePanel title="Articolo non trovato" text="L'articolo che stai cercando non esiste o è stato rimosso.">
      <Link to="/articles" className="btn-primary">
        Vai agli articoli
      </Link>
    </MessagePanel>
  );
}

export default function ArticlePage({ loaderData, matches }: Route.ComponentProps) {
  const { article, preview } = loaderData;
  // A preview is not a view: nothing is counted.
  const views = useViewCount(preview ? "" : (article?.slug ?? ""), article?.views ?? 0);
  if (!article) return <NotFound />;
  const site = siteFrom(matches);
  const url = site ? absoluteUrl(site, `/article/${article.slug}`) : `/article/${article.slug}`;
  const image = article.featuredImage ? imageSources(article.featuredImage) : null;

  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      {preview ? (
        <p role="status" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 font-semibold text-amber-900">
          Anteprima: questo articolo non è pubblicato
        </p>
      ) : null}
      {article.category ? (
        <Link
          to={`/category/${article.category.slug}`}
          className="inline-block rounded-full bg-brand-50 px-3 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-100"
        >
          {article.category.name}
        </Link>
      ) : null}
      <h1 className="mt-4 text-3xl font-extrabold tracking-tight text-stone-900 sm:text-4xl">{article.title}</h1>
      <ul className="mt-4 flex flex-wrap gap-x-6 gap-y-2 text-sm text-stone-700">
        <li className="flex items-center gap-1.5">
          <Icon node={Calendar} aria-hidden size={16} />
          <time dateTime={isoDate(article.publishedAt)}>{formatDateLong(article.publishedAt)}</time>
        </li>
        <li className="flex items-center gap-1.5">
          <Icon node={Eye} aria-hidden size={16} />
          <span data-testid="views">{formatNumber(views)}</span> {views === 1 ? "visualizzazione" : "visualizzazioni"}
        </li>
        <li className="flex items-center gap-1.5">
          <Icon node={User} aria-hidden size={16} />
          {article.authorName ?? "Redazione Zampa"}
        </li>
      </ul>
      {image ? (
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes="(min-width: 768px) 720px, 100vw"
          alt={article.title}
          width={1200}
          height={800}
          fetchPriority="high"
          decoding="async"
          className="mt-8 aspect-[3/2] w-full rounded-2xl bg-stone-100 object-cover"
        />
      ) : null}

      <AdSlot placement="content_top" pageType="article" className="my-8" />
      <Prose html={article.html} className="mt-8" />
      <AdSlot placement="content_bottom" pageType="article" className="my-8" />

      <section aria-labelledby="share-title" className="mt-12 border-t border-stone-200 pt-8">
        <h2 id="share-title" className="text-lg font-semibold text-stone-900">
          Condividi questo articolo
        </h2>
        <div className="mt-4">
          <ShareButtons url={url} title={article.title} />
        </div>
      </section>

      <aside className="mt-12 rounded-2xl bg-brand-50 p-6 sm:p-8">
        <h2 className="text-xl font-bold text-stone-900">Ti è stato utile?</h2>
        <p className="mt-2 text-stone-700">
          Scopri altri consigli per prenderti cura dei tuoi animali, oppure dai una casa a chi la sta aspettando.
        </p>
        <div className="mt-4 flex flex-wrap gap-3">
          <Link to="/articles" className="btn-primary">
            Leggi altri articoli
          </Link>
          <Link to="/pet-listings" className="btn-secondary">
            Guarda gli animali in adozione
          </Link>
        </div>
      </aside>
    </article>
  );
}
