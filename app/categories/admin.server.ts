// Categories in the back office (/admin/categories): list, create, edit, delete. Admins only.
// Every write drops the cached category lists and pages (and the article pages, which show their
// category), so the public site shows the change at once.
import { isUniqueViolation } from "~/db/errors";
import { asc, count, eq, sql } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { refuseWithout } from "~/admin/access.server";
import { auditedRow, recordAudit } from "~/audit/record.server";
import { isPublishedArticleRow } from "~/articles/visibility.server";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { db, transaction } from "~/db/client.server";
import { articles, categories } from "~/db/schema";
import { fieldErrorsOf, type FieldErrors } from "~/lib/field-errors";
import { isUuid } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { fail, type Failure, type Result } from "~/lib/result";
import { CATEGORY_MESSAGES as M, categorySchema, type CategoryField, type CategoryInput } from "./validation";

export interface AdminCategory {
  id: string;
  name: string;
  slug: string;
  description: string | null;
  icon: string | null;
  /** every article of the category, whatever its status (what blocks a delete) */
  articleCount: number;
  /** the ones the public site shows */
  publishedCount: number;
}

/** A refused save: the message for the form's summary and, when a field is at fault, its own. */
export type CategoryFailure = Failure & { fieldErrors?: FieldErrors<CategoryField> };
export type CategorySaved = Result<{ category: AdminCategory; message: string }> | CategoryFailure;

const columns = {
  id: categories.id,
  name: categories.name,
  slug: categories.slug,
  description: categories.description,
  icon: categories.icon,
};

/** Every category by name, with its articles counted in the same query. */
export async function listCategoriesForAdmin(actor: CurrentUser | null): Promise<Result<{ categories: AdminCategory[] }>> {
  const refused = refuseWithout(actor, "categories.manage");
  if (refused) return refused;
  const rows = await db()
    .select({
      ...columns,
      articleCount: sql<number>`count(${articles.id})::int`,
      publishedCount: sql<number>`(count(${articles.id}) filter (where ${isPublishedArticleRow()}))::int`,
    })
    .from(categories)
    .leftJoin(articles, eq(articles.categoryId, categories.id))
    .groupBy(categories.id)
    .orderBy(asc(categories.name), asc(categories.slug));
  return { ok: true, categories: rows };
}

export async function createCategory(actor: CurrentUser | null, fields: Record<string, string>): Promise<CategorySaved> {
  const refused = refuseWithout(actor, "categories.manage");
  if (refused) return refused;
  const parsed = categorySchema().safeParse(fields);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
  const input = parsed.data;
  try {
    const saved = await uniqueSlug(input.slug, null, async () => {
      const [row] = await db().insert(categories).values(input).returning(columns);
      await recordAudit({ actor: actor!, area: "categories", action: "create", item: { id: row!.id, label: row!.name }, after: auditedRow(row!) });
      return row!;
    });
    if (!saved) return slugTaken();
    await invalidate(CACHE_TAGS.categories, CACHE_TAGS.articles);
    return { ok: true, category: { ...saved, articleCount: 0, publishedCount: 0 }, message: M.created };
  } catch (error) {
    logger.error({ err: error }, "categoria: creazione non riuscita");
    return fail(500, M.saveError);
  }
}

export async function updateCategory(actor: CurrentUser | null, id: string, fields: Record<string, string>): Promise<CategorySaved> {
  const refused = refuseWithout(actor, "categories.manage");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  const [current] = await db().select({ icon: categories.icon }).from(categories).where(eq(categories.id, id)).limit(1);
  if (!current) return fail(404, M.notFound);
  const parsed = categorySchema(current.icon).safeParse(fields);
  if (!parsed.success) return invalid(fieldErrorsOf(parsed.error));
  const input: CategoryInput = parsed.data;
  try {
    const saved = await uniqueSlug(input.slug, id, async () => {
      const [was] = await db().select(columns).from(categories).where(eq(categories.id, id)).for("update");
      if (!was) return null;
      const [row] = await db()
        .update(categories)
        .set({ ...input, updatedAt: sql`now()` })
        .where(eq(categories.id, id))
        .returning(columns);
      await recordAudit({ actor: actor!, area: "categories", action: "update", item: { id, label: row!.name }, before: auditedRow(was), after: auditedRow(row!) });
      return row ?? null;
    });
    if (saved === undefined) return slugTaken();
    // Deleted by another admin meanwhile.
    if (saved === null) return fail(404, M.notFound);
    await invalidate(CACHE_TAGS.categories, CACHE_TAGS.articles);
    const [counts] = await articleCounts(id);
    return { ok: true, category: { ...saved, articleCount: counts?.all ?? 0, publishedCount: counts?.published ?? 0 }, message: M.updated };
  } catch (error) {
    logger.error({ err: error, id }, "categoria: modifica non riuscita");
    return fail(500, M.saveError);
  }
}

/**
 * Deletes a category that has no article in any status: its articles would otherwise be left
 * without a category (and drafts would lose theirs unnoticed). The category's row is locked before
 * its articles are counted, so an article saved into it at the same moment either waits and is
 * then refused its category by the foreign key, or is counted.
 */
export async function deleteCategory(actor: CurrentUser | null, id: string): Promise<Result<{ message: string }>> {
  const refused = refuseWithout(actor, "categories.manage");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  try {
    const outcome = await transaction(async (tx) => {
      const [locked] = await tx.select(columns).from(categories).where(eq(categories.id, id)).for("update");
      if (!locked) return fail(404, M.notFound);
      const [{ n } = { n: 0 }] = await tx.select({ n: count() }).from(articles).where(eq(articles.categoryId, id));
      if (n > 0) return fail(409, M.hasArticles(n));
      await tx.delete(categories).where(eq(categories.id, id));
      await recordAudit({ actor: actor!, area: "categories", action: "delete", item: { id, label: locked.name }, before: auditedRow(locked) });
      return null;
    });
    if (outcome) return outcome;
  } catch (error) {
    logger.error({ err: error, id }, "categoria: eliminazione non riuscita");
    return fail(500, M.deleteError);
  }
  await invalidate(CACHE_TAGS.categories, CACHE_TAGS.articles);
  return { ok: true, message: M.deleted };
}

function invalid(fieldErrors: FieldErrors<CategoryField>): CategoryFailure {
  const first = Object.values(fieldErrors)[0] ?? M.saveError;
  return { ...fail(400, first), fieldErrors };
}

function slugTaken(): CategoryFailure {
  return { ...fail(409, M.slugTaken), fieldErrors: { slug: M.slugTaken } };
}

function articleCounts(id: string) {
  return db()
    .select({ all: sql<number>`count(*)::int`, published: sql<number>`(count(*) filter (where ${isPublishedArticleRow()}))::int` })
    .from(articles)
    .where(eq(articles.categoryId, id));
}

/**
 * Runs the write unless another category (not `exceptId`) has the slug; undefined when the slug is
 * taken. The check gives the clear answer in the usual case; the unique index decides a race, and
 * the savepoint keeps the enclosing transaction usable after it. Exported for its test.
 */
export async function uniqueSlug<T>(slug: string, exceptId: string | null, write: () => Promise<T>): Promise<T | undefined> {
  const [other] = await db().select({ id: categories.id }).from(categories).where(eq(categories.slug, slug)).limit(1);
  if (other && other.id !== exceptId) return undefined;
  try {
    return await transaction(write);
  } catch (error) {
    if (isUniqueViolation(error)) return undefined;
    throw error;
  }
}

