// The article as the public page shows it: category, title, date, views, author, image, the text
// between its ad slots, sharing and the closing invitation. Shared by /article/{slug} and by a
// shareable preview (/anteprima/{token}, decision 0111), so that a preview is the page to come.
import { Calendar, Eye, User } from "lucide";
import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ArticleDetail } from "~/articles/articles.server";
import { AdSlot } from "~/components/ad-slot";
import { Icon } from "~/components/icon";
import { Prose } from "~/components/prose";
import { ShareButtons } from "~/components/share-buttons";
import { formatDateLong, formatNumber, isoDate } from "~/lib/format";
import { imageSources } from "~/lib/images";

/** The notice over an article that is not published yet. */
export function PreviewBanner({ children }: { children: ReactNode }) {
  return (
    <div role="status" className="mb-6 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
      <p className="font-semibold">{children}</p>
    </div>
  );
}

export function ArticleContent({ article, views, url, banner }: { article: ArticleDetail; views: number; url: string; banner?: ReactNode }) {
  const image = article.featuredImage ? imageSources(article.featuredImage) : null;
  return (
    <article className="mx-auto max-w-3xl px-4 py-10">
      {banner}
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
        <p className="mt-2 text-stone-700">Scopri altri consigli per prenderti cura dei tuoi animali, oppure dai una casa a chi la sta aspettando.</p>
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
