// Categories as the public site reads them.
import { and, asc, eq, sql } from "drizzle-orm";
import { CACHE_TAGS, memoize } from "~/cache/cache.server";
import { db } from "~/db/client.server";
import { articles, categories } from "~/db/schema";
import { isPublishedArticleRow } from "~/articles/visibility.server";

export interface Category {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  icon: string | null;
}

export interface CategoryWithCount extends Category {
  articleCount: number;
}

const columns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  icon: categories.icon,
};

/** Every category by name, with the number of its published articles. */
export function listCategoriesWithCounts(): Promise<CategoryWithCount[]> {
  return memoize("categories:with-counts", [CACHE_TAGS.categories, CACHE_TAGS.articles], () =>
    db()
      .select({ ...columns, articleCount: sql<number>`count(${articles.id})::int` })
      .from(categories)
      .leftJoin(articles, and(eq(articles.categoryId, categories.id), isPublishedArticleRow()))
      .groupBy(categories.id)
      .orderBy(asc(categories.name)),
  );
}

export function getCategoryBySlug(slug: string): Promise<Category | null> {
  return memoize(`category:${slug}`, [CACHE_TAGS.categories], async () => {
    const [row] = await db().select(columns).from(categories).where(eq(categories.slug, slug)).limit(1);
    return row ?? null;
  });
}
