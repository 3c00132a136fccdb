import type { ArticleCard as Card } from "~/articles/articles.server";
import { formatDateLong, isoDate } from "~/lib/format";
import { imageSources } from "~/lib/images";
import { PlainLink } from "~/components/plain-link";

/** An article in a grid: picture, category, title (the link), excerpt, date. */
export function ArticleCard({
  article,
  featured = false,
  eager = false,
  headingLevel = 3,
}: {
  article: Card;
  featured?: boolean;
  eager?: boolean;
  /** h2 on pages whose cards sit right under the h1, h3 under a section's h2 */
  headingLevel?: 2 | 3;
}) {
  const Heading = headingLevel === 2 ? "h2" : "h3";
  const image = article.featuredImage ? imageSources(article.featuredImage) : null;
  return (
    <article className="group relative flex flex-col overflow-hidden rounded-2xl border border-stone-200 bg-white shadow-sm transition hover:shadow-md">
      {image ? (
        <img
          src={image.src}
          srcSet={image.srcSet}
          sizes={featured ? "(min-width: 1024px) 400px, (min-width: 640px) 50vw, 100vw" : "(min-width: 1024px) 300px, (min-width: 640px) 50vw, 100vw"}
          alt=""
          width={1200}
          height={800}
          loading={eager ? "eager" : "lazy"}
          fetchPriority={eager ? "high" : "auto"}
          decoding="async"
          className="aspect-[3/2] w-full bg-stone-100 object-cover"
        />
      ) : null}
      <div className="flex flex-1 flex-col p-5">
        {article.category ? (
          <PlainLink
            to={`/category/${article.category.slug}`}
            className="relative z-10 mb-2 self-start rounded-full bg-brand-50 px-3 py-1 text-xs font-semibold text-brand-800 hover:bg-brand-100"
          >
            {article.category.name}
          </PlainLink>
        ) : null}
        <Heading className={`font-bold text-stone-900 ${featured ? "text-xl" : "text-lg"}`}>
          <PlainLink to={`/article/${article.slug}`} className="after:absolute after:inset-0 group-hover:text-brand-800">
            {article.title}
          </PlainLink>
        </Heading>
        <p className="mt-2 line-clamp-3 text-sm text-stone-700">{article.excerpt}</p>
        <p className="mt-auto pt-4 text-xs text-stone-600">
          <time dateTime={isoDate(article.publishedAt)}>{formatDateLong(article.publishedAt)}</time>
        </p>
      </div>
    </article>
  );
}
