// The SEO manager's overview, keywords and sitemap tabs (/admin/seo, /admin/seo/keywords,
// /admin/seo/sitemap): admins only. The redirects, meta tags and settings tabs have their own module.
import { and, count, eq, ne, sql } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { refuseWithout } from "~/admin/access.server";
import { auditedRow, recordAudit } from "~/audit/record.server";
import { isPublishedArticleRow } from "~/articles/visibility.server";
import { CACHE_TAGS, memoize } from "~/cache/cache.server";
import { newestFirst } from "~/db/order";
import { db, queryRows, transaction } from "~/db/client.server";
import { articles, seoKeywords, seoRedirects } from "~/db/schema";
import { KEYWORD_STATUSES } from "~/lib/enums";
import { fieldErrorsOf, type FieldErrors } from "~/lib/field-errors";
import { isUuid } from "~/lib/ids";
import { logger } from "~/lib/logger.server";
import { pageNumber } from "~/lib/paging";
import { fail, type Failure, type Result } from "~/lib/result";
import { sitemapSummary, type SitemapSummary } from "./sitemap.server";
import { KEYWORD_MESSAGES as M, KEYWORDS_PAGE_SIZE, keywordSchema, type KeywordField, type KeywordStatus } from "./keyword-validation";
import { overviewCards, overviewChecklist, type ChecklistItem, type OverviewCard, type SeoFigures } from "./overview";

// --- Overview ------------------------------------------------------------------------------------

/**
 * The articles' figures in one query. Stripping the tags of every published article is the costly
 * part (a regular expression over all their text), so the result is kept until an article changes.
 */
function articleFigures(): Promise<{ total: number; published: number; averageLength: number }> {
  return memoize("seo:overview:articles", [CACHE_TAGS.articles], async () => {
    const [row] = await db()
      .select({
        total: sql<number>`count(*)::int`,
        published: sql<number>`(count(*) filter (where ${isPublishedArticleRow()}))::int`,
        averageLength: sql<number>`coalesce(round(avg(${articles.textLength}) filter (where ${isPublishedArticleRow()})), 0)::int`,
      })
      .from(articles);
    return row ?? { total: 0, published: 0, averageLength: 0 };
  });
}

export interface SeoOverview {
  figures: SeoFigures;
  cards: OverviewCard[];
  checklist: ChecklistItem[];
}

export async function seoOverview(actor: CurrentUser | null): Promise<Result<SeoOverview>> {
  const refused = refuseWithout(actor, "seo.keywords");
  if (refused) return refused;
  const [a, [other]] = await Promise.all([
    articleFigures(),
    queryRows<{ keywords: number; ranked: number; redirects: number }>(sql`
      select (select count(*) from ${seoKeywords})::int as keywords,
             (select count(*) from ${seoKeywords} where ${seoKeywords.status} = 'ranked')::int as ranked,
             (select count(*) from ${seoRedirects} where ${seoRedirects.isActive})::int as redirects`),
  ]);
  const figures: SeoFigures = {
    publishedArticles: a.published,
    totalArticles: a.total,
    keywords: Number(other?.keywords ?? 0),
    rankedKeywords: Number(other?.ranked ?? 0),
    activeRedirects: Number(other?.redirects ?? 0),
    averageLength: a.averageLength,
  };
  return { ok: true, figures, cards: overviewCards(figures), checklist: overviewChecklist(figures) };
}

// --- Keywords ------------------------------------------------------------------------------------

export interface AdminKeyword {
  id: string;
  keyword: string;
  searchVolume: number;
  difficulty: number;
  status: KeywordStatus;
  statusLabel: string;
  notes: string | null;
  updatedAt: Date;
}

export interface AdminKeywordRow extends AdminKeyword {
  /** published articles whose title, excerpt, content or meta tags use the keyword */
  articleCount: number;
}

export interface KeywordPage {
  items: AdminKeywordRow[];
  total: number;
  page: number;
  pageCount: number;
}

const keywordColumns = {
  id: seoKeywords.id,
  keyword: seoKeywords.keyword,
  searchVolume: seoKeywords.searchVolume,
  difficulty: seoKeywords.difficulty,
  status: seoKeywords.status,
  notes: seoKeywords.notes,
  updatedAt: seoKeywords.updatedAt,
};

const withLabel = <T extends { status: KeywordStatus }>(row: T) => ({ ...row, statusLabel: KEYWORD_STATUSES.labels[row.status] });

/** A page of keywords, newest first, each with the number of published articles that use it. */
export async function listKeywords(actor: CurrentUser | null, query: { page?: number } = {}): Promise<Result<KeywordPage>> {
  const refused = refuseWithout(actor, "seo.keywords");
  if (refused) return refused;
  const page = pageNumber(query.page);
  const [rows, [totals]] = await Promise.all([
    db()
      .select(keywordColumns)
      .from(seoKeywords)
      .orderBy(newestFirst(seoKeywords.createdAt), sql`${seoKeywords.id} desc`)
      .limit(KEYWORDS_PAGE_SIZE)
      .offset((page - 1) * KEYWORDS_PAGE_SIZE),
    db().select({ n: count() }).from(seoKeywords),
  ]);
  const counts = await articleCounts(rows.map((r) => r.keyword));
  const total = totals?.n ?? 0;
  return {
    ok: true,
    items: rows.map((row, i) => ({ ...withLabel(row), articleCount: counts[i] ?? 0 })),
    total,
    page,
    pageCount: Math.max(1, Math.ceil(total / KEYWORDS_PAGE_SIZE)),
  };
}

/**
 * How many published articles use each keyword, by full-text search with the public search's
 * configuration (Italian stemming, accents ignored: "gatto" finds "gatti"; several words must all
 * appear, as on /articles?q=…) over the indexed search_vector (title, excerpt, content, meta title
 * and description: migration 0011). Each keyword's count is kept until an article changes; the
 * keywords not kept yet are counted together, in one query.
 */
export async function articleCounts(keywords: string[]): Promise<number[]> {
  const missing: string[] = [];
  let settle!: (counts: Promise<Map<string, number>>) => void;
  const batch = new Promise<Map<string, number>>((resolve) => (settle = resolve));
  const results = keywords.map((keyword) =>
    memoize(`seo:keyword-articles:${keyword}`, [CACHE_TAGS.articles], () => {
      missing.push(keyword);
      return batch.then((found) => found.get(keyword) ?? 0);
    }),
  );
  settle(missing.length > 0 ? countArticlesUsing([...new Set(missing)]) : Promise.resolve(new Map()));
  return Promise.all(results);
}

async function countArticlesUsing(keywords: string[]): Promise<Map<string, number>> {
  const rows = await queryRows<{ keyword: string; n: number }>(sql`
    select k.keyword, (
      select count(*)::int from ${articles}
      where ${isPublishedArticleRow()} and "articles"."search_vector" @@ websearch_to_tsquery('zampa_italian', k.keyword)
    ) as n
    from unnest(${sql.param(keywords)}::text[]) as k(keyword)`);
  return new Map(rows.map((r) => [r.keyword, Number(r.n)]));
}

export async function getKeyword(actor: CurrentUser | null, id: string): Promise<Result<{ keyword: AdminKeyword }>> {
  const refused = refuseWithout(actor, "seo.keywords");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  const [row] = await db().select(keywordColumns).from(seoKeywords).where(eq(seoKeywords.id, id)).limit(1);
  if (!row) return fail(404, M.notFound);
  return { ok: true, keyword: withLabel(row) };
}

/** A refused save: the message for the form's summary and, when a field is at fault, its own. */
export type KeywordFailure = Failure & { fieldErrors?: FieldErrors<KeywordField> };
export type KeywordSaved = Result<{ keyword: AdminKeyword; message: string }> | KeywordFailure;

export function createKeyword(actor: CurrentUser | null, fields: Record<string, string>): Promise<KeywordSaved> {
  return saveKeyword(actor, null, fields);
}

export function updateKeyword(actor: CurrentUser | null, id: string, fields: Record<string, string>): Promise<KeywordSaved> {
  return saveKeyword(actor, id, fields);
}

/**
 * Creates (id null) or updates a keyword. The table has no unique index on the keyword, so the
 * duplicate check (in any case) and the write run under one transaction-wide advisory lock: two
 * admins adding the same keyword at once get one row and one refusal.
 */
async function saveKeyword(actor: CurrentUser | null, id: string | null, fields: Record<string, string>): Promise<KeywordSaved> {
  const refused = refuseWithout(actor, "seo.keywords");
  if (refused) return refused;
  if (id !== null && !isUuid(id)) return fail(404, M.notFound);
  const parsed = keywordSchema.safeParse(fields);
  if (!parsed.success) {
    const fieldErrors = fieldErrorsOf<KeywordField>(parsed.error);
    return { ...fail(400, Object.values(fieldErrors)[0] ?? M.saveError), fieldErrors };
  }
  const input = parsed.data;
  try {
    return await transaction(async (tx): Promise<KeywordSaved> => {
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('zampa:seo_keywords'))`);
      const sameText = sql`lower(${seoKeywords.keyword}) = lower(${input.keyword})`;
      const [other] = await tx
        .select({ id: seoKeywords.id })
        .from(seoKeywords)
        .where(id === null ? sameText : and(sameText, ne(seoKeywords.id, id)))
        .limit(1);
      if (other) return { ...fail(409, M.duplicate), fieldErrors: { keyword: M.duplicate } };
      const [was] = id === null ? [] : await tx.select(keywordColumns).from(seoKeywords).where(eq(seoKeywords.id, id)).for("update");
      const [row] =
        id === null
          ? await tx.insert(seoKeywords).values(input).returning(keywordColumns)
          : await tx.update(seoKeywords).set({ ...input, updatedAt: sql`now()` }).where(eq(seoKeywords.id, id)).returning(keywordColumns);
      // Deleted by another admin meanwhile.
      if (!row) return fail(404, M.notFound);
      await recordAudit({
        actor: actor!,
        area: "seo",
        action: id === null ? "create" : "update",
        item: { id: row.id, label: `Parola chiave: ${row.keyword}` },
        before: was ? auditedRow(was) : null,
        after: auditedRow(row),
      });
      return { ok: true, keyword: withLabel(row), message: id === null ? M.created : M.updated };
    });
  } catch (error) {
    logger.error({ err: error, id }, "parola chiave: salvataggio non riuscito");
    return fail(500, M.saveError);
  }
}

/** Not in the spec: a keyword typed by mistake would otherwise stay for ever (decision 0053). */
export async function deleteKeyword(actor: CurrentUser | null, id: string): Promise<Result<{ message: string }>> {
  const refused = refuseWithout(actor, "seo.keywords");
  if (refused) return refused;
  if (!isUuid(id)) return fail(404, M.notFound);
  try {
    const outcome = await transaction(async () => {
      const [deleted] = await db().delete(seoKeywords).where(eq(seoKeywords.id, id)).returning(keywordColumns);
      if (!deleted) return fail(404, M.notFound);
      await recordAudit({ actor: actor!, area: "seo", action: "delete", item: { id, label: `Parola chiave: ${deleted.keyword}` }, before: auditedRow(deleted) });
      return null;
    });
    if (outcome) return outcome;
  } catch (error) {
    logger.error({ err: error, id }, "parola chiave: eliminazione non riuscita");
    return fail(500, M.deleteError);
  }
  return { ok: true, message: M.deleted };
}

// --- Sitemap -------------------------------------------------------------------------------------

export async function sitemapStatus(actor: CurrentUser | null): Promise<Result<{ sitemap: SitemapSummary }>> {
  const refused = refuseWithout(actor, "seo.sitemap");
  if (refused) return refused;
  return { ok: true, sitemap: await sitemapSummary() };
}
