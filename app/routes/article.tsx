import { useEffect, useState } from "react";
import { data, Link } from "react-router";
import type { Route } from "./+types/article";
import { getCurrentUser, hasSessionCookie } from "~/accounts/session.server";
import { getArticlePreview } from "~/articles/admin.server";
import { getPublishedArticle } from "~/articles/articles.server";
import { CACHE_TAGS } from "~/cache/cache.server";
import { cacheHeaders } from "~/cache/page-cache.server";
import { ArticleContent, PreviewBanner } from "~/components/article-content";
import { MessagePanel } from "~/components/message-panel";
import { isoDate } from "~/lib/format";
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

  return (
    <ArticleContent
      article={article}
      views={views}
      url={url}
      banner={preview ? <PreviewBanner>Anteprima: questo articolo non è pubblicato</PreviewBanner> : null}
    />
  );
}
