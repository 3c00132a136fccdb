// Published articles as the public site reads them: lists, search, detail, the view counter.
import { and, count, desc, eq, sql, type SQL } from "drizzle-orm";
import { CACHE_TAGS, memoize } from "~/cache/cache.server";
import { renderContent } from "~/content/render.server";
import { db } from "~/db/client.server";
import { articles, categories, profiles } from "~/db/schema";
import type { ARTICLE_STATUSES } from "~/lib/enums";
import { pageNumber } from "~/lib/paging";
import { isPublishedArticleRow } from "./visibility.server";

export const ARTICLES_PAGE_SIZE = 12;
export const HOME_ARTICLES = 6;
const TAGS = [CACHE_TAGS.articles, CACHE_TAGS.categories] as const;

export interface ArticleCard {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  featuredImage: string | null;
  publishedAt: Date;
  views: number;
  category: { name: string; slug: string } | null;
}

export interface ArticleDetail extends ArticleCard {
  /** sanitised HTML */
  html: string;
  metaTitle: string | null;
  metaDescription: string | null;
  updatedAt: Date;
  authorName: string | null;
}

export interface ArticlePage {
  items: ArticleCard[];
  total: number;
  page: number;
  pageCount: number;
}

const cardColumns = {
  id: articles.id,
  title: articles.title,
  slug: articles.slug,
  excerpt: articles.excerpt,
  featuredImage: articles.featuredImage,
  publishedAt: articles.publishedAt,
  views: articles.views,
  categoryName: categories.name,
  categorySlug: categories.slug,
};

interface CardRow {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  featuredImage: string | null;
  publishedAt: Date | null;
  views: number;
  categoryName: string | null;
  categorySlug: string | null;
}

function toCard(row: CardRow): ArticleCard {
  return {
    id: row.id,
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    featuredImage: row.featuredImage,
    publishedAt: row.publishedAt ?? new Date(0),
    views: row.views,
    category: row.categoryName && row.categorySlug ? { name: row.categoryName, slug: row.categorySlug } : null,
  };
}

/** The newest published articles (home: the first 3 are featured, the next 3 recent). */
export function latestArticles(limit = HOME_ARTICLES): Promise<ArticleCard[]> {
  return memoize(`articles:latest:${limit}`, TAGS, async () => {
    const rows = await db()
      .select(cardColumns)
      .from(articles)
      .leftJoin(categories, eq(categories.id, articles.categoryId))
      .where(isPublishedArticleRow())
      .orderBy(desc(articles.publishedAt))
      .limit(limit);
    return rows.map(toCard);
  });
}

export interface ArticleQuery {
  page?: number;
  categorySlug?: string | null;
  /** full-text search (Italian stemming, accents ignored), best match first */
  q?: string | null;
}

export function normaliseQuery(query: ArticleQuery): Required<ArticleQuery> {
  const q = query.q?.trim().slice(0, 200) || null;
  const page = pageNumber(query.page);
  return { page, categorySlug: query.categorySlug?.trim() || null, q };
}

export function listArticles(query: ArticleQuery): Promise<ArticlePage> {
  const { page, categorySlug, q } = normaliseQuery(query);
  return memoize(
    `articles:list:${page}:${categorySlug ?? ""}:${q ?? ""}`,
    TAGS,
    async () => {
    const tsQuery = q ? sql`websearch_to_tsquery('zampa_italian', ${q})` : null;
    const conditions: SQL[] = [isPublishedArticleRow()];
    if (categorySlug) conditions.push(eq(categories.slug, categorySlug));
    if (tsQuery) conditions.push(sql`"articles"."search_vector" @@ ${tsQuery}`);
    const where = and(...conditions);
    const order = tsQuery
      ? [sql`ts_rank_cd("articles"."search_vector", ${tsQuery}) desc`, desc(articles.publishedAt)]
      : [desc(articles.publishedAt)];

    const [rows, [totals]] = await Promise.all([
      db()
        .select(cardColumns)
        .from(articles)
        .leftJoin(categories, eq(categories.id, articles.categoryId))
        .where(where)
        .orderBy(...order)
        .limit(ARTICLES_PAGE_SIZE)
        .offset((page - 1) * ARTICLES_PAGE_SIZE),
      db().select({ n: count() }).from(articles).leftJoin(categories, eq(categories.id, articles.categoryId)).where(where),
    ]);
    const total = totals?.n ?? 0;
    return { items: rows.map(toCard), total, page, pageCount: Math.max(1, Math.ceil(total / ARTICLES_PAGE_SIZE)) };
    },
    { search: q !== null },
  );
}

/**
 * The article with `slug` among those `where` admits, as its page shows it (content sanitised,
 * category, author), with its status; null when there is none. `undated` is the date shown for an
 * article that has no publication date: its last update (an admin's preview) or the epoch.
 */
export async function findArticleDetail(slug: string, where: SQL, undated: "last-update" | "epoch"): Promise<(ArticleDetail & { status: (typeof ARTICLE_STATUSES.values)[number] }) | null> {
  const [row] = await db()
    .select({
      ...cardColumns,
      status: articles.status,
      content: articles.content,
      metaTitle: articles.metaTitle,
      metaDescription: articles.metaDescription,
      updatedAt: articles.updatedAt,
      authorName: profiles.fullName,
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .leftJoin(profiles, eq(profiles.id, articles.authorId))
    .where(and(eq(articles.slug, slug), where))
    .limit(1);
  if (!row) return null;
  return {
    ...toCard({ ...row, publishedAt: row.publishedAt ?? (undated === "last-update" ? row.updatedAt : null) }),
    status: row.status,
    html: renderContent(row.content),
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    updatedAt: row.updatedAt,
    authorName: row.authorName || null,
  };
}

/** A published article by slug, with its content sanitised; null when there is none. */
export function getPublishedArticle(slug: string): Promise<ArticleDetail | null> {
  return memoize(`article:${slug}`, TAGS, async () => {
    const article = await findArticleDetail(slug, isPublishedArticleRow(), "epoch");
    if (!article) return null;
    const { status: _status, ...detail } = article;
    return detail;
  });
}

/**
 * Counts one view of a published article, atomically in SQL (concurrent views never lose a
 * count), and returns the new figure; null when there is no such published article.
 */
export async function recordView(slug: string): Promise<number | null> {
  const [row] = await db()
    .update(articles)
    // updated_at stays: a view is not a change of the article (sitemap lastmod, dateModified).
    .set({ views: sql`${articles.views} + 1`, updatedAt: sql`${articles.updatedAt}` })
    .where(and(eq(articles.slug, slug), isPublishedArticleRow()))
    .returning({ views: articles.views });
  return row?.views ?? null;
}

/** The current count, without counting (for crawlers and prefetches). */
export async function currentViews(slug: string): Promise<number | null> {
  const [row] = await db().select({ views: articles.views }).from(articles).where(and(eq(articles.slug, slug), isPublishedArticleRow())).limit(1);
  return row?.views ?? null;
}
