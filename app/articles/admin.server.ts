// Articles in the back office (/admin/articles, /admin/articles/new, /admin/articles/edit?id=…):
// admins only. Every save runs in one transaction that writes the article, one revision (the last
// ARTICLE_REVISIONS_KEPT are kept) and, when a published article changes address, the redirect
// from its old one (decision 0044). The editor's autosave writes an automatic revision only, over
// the version the form was loaded with (decision 0103).
import { and, asc, count, desc, eq, ilike, ne, notInArray, sql, type SQL } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { refuseWithout } from "~/admin/access.server";
import { recordAudit, textSummary, type AuditAction } from "~/audit/record.server";
import { CACHE_TAGS, invalidate, memoize } from "~/cache/cache.server";
import { renderContent } from "~/content/render.server";
import { uniqueViolation } from "~/db/errors";
import { newestFirst } from "~/db/order";
import { containsPattern } from "~/lib/like-pattern";
import type { ListSort } from "~/lib/list-sort";
import { ARTICLE_DEFAULT_SORT, type ArticleSortKey } from "./admin-list";
import { findArticleDetail } from "./articles.server";
import { db, transaction } from "~/db/client.server";
import { articleRevisions, articles, categories, profiles, seoRedirects } from "~/db/schema";
import { ARTICLE_STATUSES } from "~/lib/enums";
import { isUuid } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { fail, type Failure, type Result } from "~/lib/result";
import { pageNumber } from "~/lib/paging";
import {
  ADMIN_ARTICLES_PAGE_SIZE,
  ARTICLE_MESSAGES as M,
  ARTICLE_AUTOSAVES_KEPT,
  ARTICLE_REVISIONS_KEPT,
  articleSchema,
  autosaveSchema,
  fieldErrorsOf,
  isPastSchedule,
  saveError,
  type ArticleFieldErrors,
  type ArticleInput,
  type GenerationMetadata,
} from "./validation";

export type ArticleStatus = (typeof ARTICLE_STATUSES.values)[number];

// --- The list ------------------------------------------------------------------------------------

export interface AdminArticleQuery {
  q?: string | null;
  status?: string | null;
  categoryId?: string | null;
  page?: number;
  sort?: ListSort<ArticleSortKey>;
}

export interface AdminArticleRow {
  id: string;
  title: string;
  slug: string;
  categoryName: string | null;
  status: ArticleStatus;
  statusLabel: string;
  views: number;
  publishedAt: Date | null;
  isScheduled: boolean;
  scheduledPublishDate: Date | null;
}

export interface CategoryOption {
  id: string;
  name: string;
  /** what the AI generator names the category by */
  slug: string;
}

export interface AdminArticlePage {
  items: AdminArticleRow[];
  total: number;
  page: number;
  pageCount: number;
  /** the filters as applied (an unknown status or category is dropped) */
  filters: { q: string; status: ArticleStatus | ""; categoryId: string };
  categories: CategoryOption[];
}

function categoryOptions(): Promise<CategoryOption[]> {
  return memoize("admin:category-options", [CACHE_TAGS.categories], () =>
    db().select({ id: categories.id, name: categories.name, slug: categories.slug }).from(categories).orderBy(asc(categories.name)),
  );
}

export type ArticleFilters = AdminArticlePage["filters"];

/**
 * The list's filter, read as the list reads it (an unknown status or category is dropped), and its
 * condition: the one source of "these articles" for the page and for a bulk action over all its
 * results (decision 0109).
 */
export function articleFilter(query: Pick<AdminArticleQuery, "q" | "status" | "categoryId">): { filters: ArticleFilters; where: SQL | undefined } {
  const q = (query.q ?? "").trim().slice(0, 200);
  const status = (ARTICLE_STATUSES.values as readonly string[]).includes(query.status ?? "") ? (query.status as ArticleStatus) : "";
  const categoryId = isUuid(query.categoryId ?? undefined) ? query.categoryId!.toLowerCase() : "";
  const conditions: SQL[] = [];
  if (q) conditions.push(ilike(articles.title, containsPattern(q)));
  if (status) conditions.push(eq(articles.status, status));
  if (categoryId) conditions.push(eq(articles.categoryId, categoryId));
  return { filters: { q, status, categoryId }, where: conditions.length > 0 ? and(...conditions) : undefined };
}

/**
 * A page of every article (any status), newest created first, filtered in SQL: a title search
 * in any case and any part of the title (the trigram index answers it), a status, a category.
 */
export async function listArticlesForAdmin(actor: CurrentUser | null, query: AdminArticleQuery = {}): Promise<Result<AdminArticlePage>> {
  const refused = refuseWithout(actor, "articles.manage");
  if (refused) return refused;
  const { filters, where } = articleFilter(query);
  const { q, status, categoryId } = filters;
  const page = pageNumber(query.page);

  const [rows, total, options] = await Promise.all([
    db()
      .select({
        id: articles.id,
        title: articles.title,
        slug: articles.slug,
        categoryName: categories.name,
        status: articles.status,
        views: articles.views,
        publishedAt: articles.publishedAt,
        isScheduled: articles.isScheduled,
        scheduledPublishDate: articles.scheduledPublishDate,
      })
      .from(articles)
      .leftJoin(categories, eq(categories.id, articles.categoryId))
      .where(where)
      .orderBy(...articleOrder(query.sort ?? ARTICLE_DEFAULT_SORT))
      .limit(ADMIN_ARTICLES_PAGE_SIZE)
      .offset((page - 1) * ADMIN_ARTICLES_PAGE_SIZE),
    // Counting reads every matching row (all of them, unfiltered): kept until an article changes.
    memoize(`admin:articles:count:${status}:${categoryId}:${q}`, [CACHE_TAGS.articles], async () => {
      const [row] = await db().select({ n: count() }).from(articles).where(where);
      return row?.n ?? 0;
    }, { search: q !== "" }),
    categoryOptions(),
  ]);
  return {
    ok: true,
    items: rows.map((row) => ({ ...row, statusLabel: ARTICLE_STATUSES.labels[row.status] })),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / ADMIN_ARTICLES_PAGE_SIZE)),
    filters: { q, status, categoryId },
    categories: options,
  };
}

/** Each order is read from its index (articles_created_idx, articles_title_idx, articles_published_at_idx), either way; the id breaks ties. */
function articleOrder({ key, direction }: ListSort<ArticleSortKey>): SQL[] {
  const by = direction === "asc" ? asc : desc;
  if (key === "title") return [by(articles.title), by(articles.id)];
  const column = key === "published" ? articles.publishedAt : articles.createdAt;
  return [direction === "asc" ? sql`${column} asc nulls first` : newestFirst(column), by(articles.id)];
}

/** The categories the form offers. */
export async function articleFormOptions(actor: CurrentUser | null): Promise<Result<{ categories: CategoryOption[] }>> {
  const refused = refuseWithout(actor, "articles.manage");
  if (refused) return refused;
  return { ok: true, categories: await categoryOptions() };
}

// --- One article ---------------------------------------------------------------------------------

export interface ArticleForEdit {
  id: string;
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featuredImage: string | null;
  categoryId: string | null;
  status: ArticleStatus;
  metaTitle: string | null;
  metaDescription: string | null;
  isScheduled: boolean;
  scheduledPublishDate: Date | null;
  aiGenerated: boolean;
  generationMetadata: GenerationMetadata | null;
  publishedAt: Date | null;
  views: number;
  createdAt: Date;
  updatedAt: Date;
}

const editColumns = {
  id: articles.id,
  title: articles.title,
  slug: articles.slug,
  excerpt: articles.excerpt,
  content: articles.content,
  featuredImage: articles.featuredImage,
  categoryId: articles.categoryId,
  status: articles.status,
  metaTitle: articles.metaTitle,
  metaDescription: articles.metaDescription,
  isScheduled: articles.isScheduled,
  scheduledPublishDate: articles.scheduledPublishDate,
  aiGenerated: articles.aiGenerated,
  generationMetadata: articles.generationMetadata,
  publishedAt: articles.publishedAt,
  views: articles.views,
  createdAt: articles.createdAt,
  updatedAt: articles.updatedAt,
};

export async function getArticleForEdit(actor: CurrentUser | null, id: string): Promise<Result<{ article: ArticleForEdit }>> {
  const refused = refuseWithout(actor, "articles.manage");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.loadError);
  const [article] = await db().select(editColumns).from(articles).where(eq(articles.id, id)).limit(1);
  if (!article) return fail(404, M.loadError);
  return { ok: true, article };
}

/** An article that is not published, for an admin's preview of /article/{slug}; null when none. */
export async function getArticlePreview(actor: CurrentUser | null, slug: string) {
  if (refuseWithout(actor, "articles.manage")) return null;
  const article = await findArticleDetail(slug, ne(articles.status, "published"), "last-update");
  if (!article) return null;
  const { status, ...detail } = article;
  return { ...detail, statusLabel: ARTICLE_STATUSES.labels[status] };
}

// --- Saving --------------------------------------------------------------------------------------

export type SaveFailure = Failure & { fieldErrors: ArticleFieldErrors };
export type SaveResult = { ok: true; id: string; slug: string; message: string } | SaveFailure;

function saveFailure(status: number, detail: string, fieldErrors: ArticleFieldErrors = {}): SaveFailure {
  return { ...fail(status, saveError(detail)), fieldErrors };
}

/** A refusal of refuseWithout, in the save's shape. */
function refusedSave(refused: Failure): SaveFailure {
  return { ...refused, fieldErrors: {} };
}

function parseInput(fields: Record<string, unknown>): { ok: true; input: ArticleInput } | SaveFailure {
  const parsed = articleSchema.safeParse(fields);
  if (parsed.success) return { ok: true, input: parsed.data };
  const fieldErrors = fieldErrorsOf(parsed.error);
  return saveFailure(400, parsed.error.issues[0]?.message ?? M.saveFailed, fieldErrors);
}

class SaveRefused extends Error {
  constructor(readonly failure: SaveFailure) {
    super(failure.error);
  }
}

export const articlePath = (slug: string) => `/article/${slug}`;

/**
 * The redirects of an address change: old → new, 301 and active; any redirect that led to the old
 * address now leads to the new one (no chains); a redirect away from the new address is removed
 * (renaming back to an old slug, or a new article taking it), since it would hide the article.
 */
async function redirectAddress(oldSlug: string | null, newSlug: string): Promise<boolean> {
  const to = articlePath(newSlug);
  let changed = false;
  if (oldSlug) {
    const from = articlePath(oldSlug);
    const moved = await db()
      .update(seoRedirects)
      .set({ toPath: to })
      .where(sql`lower(rtrim(${seoRedirects.toPath}, '/')) = ${from}`)
      .returning({ id: seoRedirects.id });
    changed ||= moved.length > 0;
    await db()
      .insert(seoRedirects)
      .values({ fromPath: from, toPath: to, redirectType: 301, isActive: true })
      .onConflictDoUpdate({ target: seoRedirects.fromPath, set: { toPath: to, redirectType: 301, isActive: true, updatedAt: sql`now()` } });
    changed = true;
  }
  const removed = await db()
    .delete(seoRedirects)
    .where(sql`lower(rtrim(${seoRedirects.fromPath}, '/')) = ${to}`)
    .returning({ id: seoRedirects.id });
  return changed || removed.length > 0;
}

/**
 * published_at of a save (spec section 4): now when the article is published, otherwise none. An
 * article that was already published keeps its date when the admin asks to (a correction).
 */
export function publishedAtOnSave(
  status: ArticleStatus,
  now: Date,
  keepPublishedAt: boolean,
  before: { status: ArticleStatus; publishedAt: Date | null } | undefined,
): Date | null {
  if (status !== "published") return null;
  if (keepPublishedAt && before?.status === "published" && before.publishedAt) return before.publishedAt;
  return now;
}

/** The form was loaded before the article's last save (another tab, another admin, the scheduler). */
function isStale(base: Date | undefined, current: Date): boolean {
  return base !== undefined && base.getTime() !== current.getTime();
}

interface SaveOptions {
  /** the article's id when updating */
  id: string | null;
  /** restoring a revision: a scheduled date already passed is dropped rather than refused */
  restoring?: boolean;
}

/** The one save path of create, update and restore. */
async function saveArticle(actor: CurrentUser, input: ArticleInput, { id, restoring }: SaveOptions): Promise<SaveResult> {
  if (!isUuid(input.categoryId)) return saveFailure(400, M.categoryRequired, { categoryId: M.categoryRequired });
  const [category] = await db().select({ id: categories.id }).from(categories).where(eq(categories.id, input.categoryId)).limit(1);
  if (!category) return saveFailure(400, M.categoryRequired, { categoryId: M.categoryRequired });

  try {
    return await transaction(async () => {
      const now = new Date();
      let before: (AuditedArticle & { updatedAt: Date; aiGenerated: boolean; generationMetadata: GenerationMetadata | null }) | undefined;
      if (id) {
        // Locked: two saves of one article at once write their revisions one after the other.
        [before] = await db()
          .select({
            ...auditedColumns,
            updatedAt: articles.updatedAt,
            aiGenerated: articles.aiGenerated,
            generationMetadata: articles.generationMetadata,
          })
          .from(articles)
          .where(eq(articles.id, id))
          .for("update")
          .limit(1);
        if (!before) throw new SaveRefused({ ...fail(404, M.loadError), fieldErrors: {} });
        if (isStale(input.baseUpdatedAt, before.updatedAt)) throw new SaveRefused(saveFailure(409, M.stale));
      }

      let { isScheduled, scheduledPublishDate } = input;
      if (isScheduled && scheduledPublishDate && isPastSchedule(scheduledPublishDate, now, before?.scheduledPublishDate ?? null)) {
        if (!restoring) throw new SaveRefused(saveFailure(400, M.schedulePast, { scheduledPublishDate: M.schedulePast }));
        isScheduled = false;
        scheduledPublishDate = null;
      }

      const [taken] = await db()
        .select({ id: articles.id })
        .from(articles)
        .where(id ? and(eq(articles.slug, input.slug), ne(articles.id, id)) : eq(articles.slug, input.slug))
        .limit(1);
      if (taken) throw new SaveRefused(saveFailure(409, M.slugInUse, { slug: M.slugInUse }));

      const values = {
        title: input.title,
        slug: input.slug,
        excerpt: input.excerpt,
        content: input.content,
        featuredImage: input.featuredImage,
        categoryId: input.categoryId,
        status: input.status,
        publishedAt: publishedAtOnSave(input.status, now, input.keepPublishedAt, before),
        metaTitle: input.metaTitle,
        metaDescription: input.metaDescription,
        isScheduled,
        scheduledPublishDate,
      };
      let saved: { id: string; slug: string };
      if (id) {
        const aiGenerated = restoring ? (before?.aiGenerated ?? false) : input.aiGenerated;
        // A restore, or a form that did not send the field, keeps how the article was written.
        const generationMetadata = restoring || input.generationMetadata === undefined ? (before?.generationMetadata ?? null) : input.generationMetadata;
        [saved] = (await db()
          .update(articles)
          .set({ ...values, aiGenerated, generationMetadata, updatedAt: now })
          .where(eq(articles.id, id))
          .returning({ id: articles.id, slug: articles.slug })) as [{ id: string; slug: string }];
      } else {
        [saved] = (await db()
          .insert(articles)
          .values({ ...values, aiGenerated: input.aiGenerated, generationMetadata: input.generationMetadata ?? null, authorId: actor.id })
          .returning({ id: articles.id, slug: articles.slug })) as [{ id: string; slug: string }];
      }

      await db()
        .insert(articleRevisions)
        .values({
          articleId: saved.id,
          authorId: actor.id,
          title: values.title,
          slug: values.slug,
          excerpt: values.excerpt,
          content: values.content,
          featuredImage: values.featuredImage,
          categoryId: values.categoryId,
          status: values.status,
          metaTitle: values.metaTitle,
          metaDescription: values.metaDescription,
          isScheduled: values.isScheduled,
          scheduledPublishDate: values.scheduledPublishDate,
          // The clock, not the transaction's start: saves in one transaction (tests, imports) stay in order.
          createdAt: sql`clock_timestamp()`,
        });
      await pruneRevisions(saved.id, false);
      await recordAudit({
        actor,
        area: "articles",
        action: articleAction(before, values),
        item: { id: saved.id, label: values.title },
        before: before ? auditedFields(before) : null,
        after: auditedFields(values),
      });

      const slugChanged = !before || before.slug !== saved.slug;
      if (slugChanged) {
        const oldSlug = before?.status === "published" ? before.slug : null;
        if (await redirectAddress(oldSlug, saved.slug)) await invalidate(CACHE_TAGS.redirects);
      }
      await invalidate(CACHE_TAGS.articles, CACHE_TAGS.categories);
      return { ok: true as const, id: saved.id, slug: saved.slug, message: id ? M.updated : M.created };
    });
  } catch (error) {
    if (error instanceof SaveRefused) return error.failure;
    const constraint = uniqueViolation(error);
    // The same slug saved at the same moment by another request (a double submit of the form).
    if (constraint !== null && constraint.includes("slug")) return saveFailure(409, M.slugInUse, { slug: M.slugInUse });
    logger.error({ err: error, articleId: id }, "articolo: salvataggio non riuscito");
    return saveFailure(500, M.saveFailed);
  }
}

// --- The activity log (decision 0108) ------------------------------------------------------------

/** What the log keeps of an article: its fields, the body only as a length and a fingerprint. */
const auditedColumns = {
  title: articles.title,
  slug: articles.slug,
  excerpt: articles.excerpt,
  content: articles.content,
  featuredImage: articles.featuredImage,
  categoryId: articles.categoryId,
  status: articles.status,
  publishedAt: articles.publishedAt,
  metaTitle: articles.metaTitle,
  metaDescription: articles.metaDescription,
  isScheduled: articles.isScheduled,
  scheduledPublishDate: articles.scheduledPublishDate,
};
interface AuditedArticle {
  title: string;
  slug: string;
  excerpt: string;
  content: string;
  featuredImage: string | null;
  categoryId: string | null;
  status: ArticleStatus;
  publishedAt: Date | null;
  metaTitle: string | null;
  metaDescription: string | null;
  isScheduled: boolean;
  scheduledPublishDate: Date | null;
}

function auditedFields(article: AuditedArticle): Record<string, unknown> {
  return { ...article, content: textSummary(article.content) };
}

/** The action a save is recorded as: what it did to the article's life, else a plain change. */
export function articleAction(before: AuditedArticle | undefined, after: AuditedArticle): AuditAction {
  if (!before) return "create";
  if (before.status !== after.status) {
    if (after.status === "published") return "publish";
    if (after.status === "archived") return "archive";
    if (before.status === "published") return "unpublish";
  }
  const when = (date: Date | null) => date?.getTime() ?? null;
  if (after.isScheduled && (!before.isScheduled || when(before.scheduledPublishDate) !== when(after.scheduledPublishDate))) return "schedule";
  return "update";
}

/** Keeps the newest ARTICLE_REVISIONS_KEPT saves, or ARTICLE_AUTOSAVES_KEPT automatic drafts, of an article. */
async function pruneRevisions(articleId: string, automatic: boolean): Promise<void> {
  const ofKind = and(eq(articleRevisions.articleId, articleId), eq(articleRevisions.automatic, automatic));
  const kept = db()
    .select({ id: articleRevisions.id })
    .from(articleRevisions)
    .where(ofKind)
    .orderBy(desc(articleRevisions.createdAt), desc(articleRevisions.id))
    .limit(automatic ? ARTICLE_AUTOSAVES_KEPT : ARTICLE_REVISIONS_KEPT);
  await db()
    .delete(articleRevisions)
    .where(and(ofKind, notInArray(articleRevisions.id, kept)));
}

/** Creates an article written by the admin (author_id is the admin). */
export async function createArticle(actor: CurrentUser | null, fields: Record<string, unknown>): Promise<SaveResult> {
  const refused = refuseWithout(actor, "articles.manage");
  if (refused) return refusedSave(refused);
  const parsed = parseInput(fields);
  if (!parsed.ok) return parsed;
  return saveArticle(actor!, parsed.input, { id: null });
}

export async function updateArticle(actor: CurrentUser | null, id: string, fields: Record<string, unknown>): Promise<SaveResult> {
  const refused = refuseWithout(actor, "articles.manage");
  if (refused) return refusedSave(refused);
  if (!isUuid(id)) return { ...fail(404, M.loadError), fieldErrors: {} };
  const parsed = parseInput(fields);
  if (!parsed.ok) return parsed;
  return saveArticle(actor!, parsed.input, { id: id.toLowerCase() });
}

export type AutosaveResult = { ok: true; revisionId: string; savedAt: Date } | Failure;

/**
 * The editor's autosave: the form's text as an automatic revision of the article, which itself is
 * not changed (no status, no published_at, no address, no cache). Refused when the article was saved
 * since the form was loaded: the draft would describe an older version.
 */
export async function autosaveArticle(actor: CurrentUser | null, id: string, fields: Record<string, unknown>): Promise<AutosaveResult> {
  const refused = refuseWithout(actor, "articles.manage");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.loadError);
  const parsed = autosaveSchema.safeParse(fields);
  if (!parsed.success) return fail(400, saveError(parsed.error.issues[0]?.message ?? M.saveFailed));
  const draft = parsed.data;
  const articleId = id.toLowerCase();
  try {
    return await transaction(async () => {
      // Locked as a save locks it: a save and an autosave of one article run one after the other.
      const [current] = await db()
        .select({
          slug: articles.slug,
          categoryId: articles.categoryId,
          status: articles.status,
          isScheduled: articles.isScheduled,
          scheduledPublishDate: articles.scheduledPublishDate,
          updatedAt: articles.updatedAt,
        })
        .from(articles)
        .where(eq(articles.id, articleId))
        .for("update")
        .limit(1);
      if (!current) return fail(404, M.loadError);
      if (isStale(draft.baseUpdatedAt, current.updatedAt)) return fail(409, M.autosaveStale);
      let categoryId = draft.categoryId;
      if (categoryId) {
        const [exists] = await db().select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).limit(1);
        if (!exists) categoryId = null;
      }
      const [revision] = (await db()
        .insert(articleRevisions)
        .values({
          articleId,
          authorId: actor!.id,
          automatic: true,
          title: draft.title,
          slug: draft.slug || current.slug,
          excerpt: draft.excerpt,
          content: draft.content,
          featuredImage: draft.featuredImage,
          categoryId: categoryId ?? current.categoryId,
          // A draft never publishes nor reschedules: the article's own status and schedule.
          status: current.status,
          metaTitle: draft.metaTitle,
          metaDescription: draft.metaDescription,
          isScheduled: current.isScheduled,
          scheduledPublishDate: current.scheduledPublishDate,
          createdAt: sql`clock_timestamp()`,
        })
        .returning({ id: articleRevisions.id, createdAt: articleRevisions.createdAt })) as [{ id: string; createdAt: Date }];
      await pruneRevisions(articleId, true);
      return { ok: true as const, revisionId: revision.id, savedAt: revision.createdAt };
    });
  } catch (error) {
    logger.error({ err: error, articleId }, "articolo: bozza automatica non salvata");
    return fail(500, M.autosaveFailed);
  }
}

export async function deleteArticle(actor: CurrentUser | null, id: string): Promise<Result<{ message: string }>> {
  const refused = refuseWithout(actor, "articles.manage");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.deleteError);
  try {
    return await transaction(async () => {
      const [deleted] = await db().delete(articles).where(eq(articles.id, id)).returning(auditedColumns);
      if (!deleted) return fail(404, M.deleteError);
      await recordAudit({ actor: actor!, area: "articles", action: "delete", item: { id, label: deleted.title }, before: auditedFields(deleted) });
      await invalidate(CACHE_TAGS.articles, CACHE_TAGS.categories);
      return { ok: true as const, message: M.deleted };
    });
  } catch (error) {
    logger.error({ err: error, articleId: id }, "articolo: eliminazione non riuscita");
    return fail(500, M.deleteError);
  }
}

// --- Revisions -----------------------------------------------------------------------------------

export interface RevisionSummary {
  id: string;
  /** an autosave's draft, not a save */
  automatic: boolean;
  createdAt: Date;
  authorName: string | null;
  title: string;
  status: ArticleStatus;
  statusLabel: string;
}

export async function listRevisions(actor: CurrentUser | null, articleId: string): Promise<Result<{ revisions: RevisionSummary[] }>> {
  const refused = refuseWithout(actor, "articles.manage");
  if (refused) return refused;
  if (!isUuid(articleId)) return fail(404, M.loadError);
  const rows = await db()
    .select({
      id: articleRevisions.id,
      automatic: articleRevisions.automatic,
      createdAt: articleRevisions.createdAt,
      authorName: profiles.fullName,
      title: articleRevisions.title,
      status: articleRevisions.status,
    })
    .from(articleRevisions)
    .leftJoin(profiles, eq(profiles.id, articleRevisions.authorId))
    .where(eq(articleRevisions.articleId, articleId))
    .orderBy(desc(articleRevisions.createdAt), desc(articleRevisions.id))
    .limit(ARTICLE_REVISIONS_KEPT + ARTICLE_AUTOSAVES_KEPT);
  return {
    ok: true,
    revisions: rows.map((row) => ({ ...row, authorName: row.authorName || null, statusLabel: ARTICLE_STATUSES.labels[row.status] })),
  };
}

export interface RevisionView {
  id: string;
  automatic: boolean;
  createdAt: Date;
  authorName: string | null;
  title: string;
  slug: string;
  excerpt: string;
  /** sanitised, as the public page would show it */
  html: string;
  statusLabel: string;
}

async function findRevision(articleId: string, revisionId: string) {
  if (!isUuid(articleId) || !isUuid(revisionId)) return undefined;
  const [row] = await db()
    .select()
    .from(articleRevisions)
    .where(and(eq(articleRevisions.id, revisionId), eq(articleRevisions.articleId, articleId)))
    .limit(1);
  return row;
}

/** One saved version, its content sanitised as on the public page. */
export async function getRevision(actor: CurrentUser | null, articleId: string, revisionId: string): Promise<Result<{ revision: RevisionView }>> {
  const refused = refuseWithout(actor, "articles.manage");
  if (refused) return refused;
  const row = await findRevision(articleId, revisionId);
  if (!row) return fail(404, M.revisionNotFound);
  const [author] = row.authorId ? await db().select({ name: profiles.fullName }).from(profiles).where(eq(profiles.id, row.authorId)).limit(1) : [];
  return {
    ok: true,
    revision: {
      id: row.id,
      automatic: row.automatic,
      createdAt: row.createdAt,
      authorName: author?.name || null,
      title: row.title,
      slug: row.slug,
      excerpt: row.excerpt,
      html: renderContent(row.content),
      statusLabel: ARTICLE_STATUSES.labels[row.status],
    },
  };
}

/**
 * Saves a past version again as a new save: it becomes the newest revision, and the slug check,
 * the published_at rule and the address redirect apply as to any save. A category deleted since is
 * replaced by the article's current one; a scheduled date already passed is dropped.
 */
export async function restoreRevision(actor: CurrentUser | null, articleId: string, revisionId: string): Promise<SaveResult> {
  const refused = refuseWithout(actor, "articles.manage");
  if (refused) return refusedSave(refused);
  const row = await findRevision(articleId, revisionId);
  if (!row) return { ...fail(404, M.revisionNotFound), fieldErrors: {} };
  const [current] = await db().select({ categoryId: articles.categoryId }).from(articles).where(eq(articles.id, row.articleId)).limit(1);
  if (!current) return { ...fail(404, M.loadError), fieldErrors: {} };
  let categoryId = row.categoryId;
  if (categoryId) {
    const [exists] = await db().select({ id: categories.id }).from(categories).where(eq(categories.id, categoryId)).limit(1);
    if (!exists) categoryId = null;
  }
  const input: ArticleInput = {
    title: row.title,
    slug: row.slug,
    excerpt: row.excerpt,
    content: row.content,
    featuredImage: row.featuredImage,
    categoryId: categoryId ?? current.categoryId ?? "",
    status: row.status,
    metaTitle: row.metaTitle,
    metaDescription: row.metaDescription,
    isScheduled: row.isScheduled && row.scheduledPublishDate !== null,
    scheduledPublishDate: row.isScheduled ? row.scheduledPublishDate : null,
    keepPublishedAt: false,
    baseUpdatedAt: undefined,
    aiGenerated: false,
    generationMetadata: undefined,
  };
  // An automatic draft may be half written: it becomes the article only if a save would accept it.
  if (row.automatic) {
    const checked = articleSchema.safeParse({
      ...input,
      categoryId: input.categoryId,
      featuredImage: input.featuredImage ?? "",
      metaTitle: input.metaTitle ?? "",
      metaDescription: input.metaDescription ?? "",
      isScheduled: "false",
      scheduledPublishDate: "",
      aiGenerated: "false",
      generationMetadata: undefined,
      baseUpdatedAt: undefined,
    });
    if (!checked.success) return saveFailure(400, checked.error.issues[0]?.message ?? M.saveFailed, fieldErrorsOf(checked.error));
  }
  const result = await saveArticle(actor!, input, { id: row.articleId, restoring: true });
  return result.ok ? { ...result, message: M.restored } : result;
}
