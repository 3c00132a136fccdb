// Bulk actions of /admin/articles (decision 0109): publish, archive, move to a category, delete,
// over picked rows or every result of the list's filter (articleFilter, the list's own condition).
// The rules are the single article's: publishing asks what the form requires (the scheduler's
// PUBLISH_BLOCKERS) and sets published_at now (publishedAtOnSave); an article that is not
// published has no published_at; the same caches are dropped as by a save or a delete. A status
// change writes no revision (the text is not edited): the activity log records it.
import { eq, inArray, sql } from "drizzle-orm";
import { recordAudits, type AuditActor, type AuditEntry } from "~/audit/record.server";
import type { BulkAreaDefinition, BulkBatchResult, BulkOutcome } from "~/bulk/definition.server";
import { BULK_MESSAGES } from "~/bulk/actions";
import { CACHE_TAGS } from "~/cache/cache.server";
import { db, queryRows } from "~/db/client.server";
import { articles, categories, type BulkParams } from "~/db/schema";
import { isUuid } from "~/lib/ids";
import { fail } from "~/lib/result";
import { articleFilter, publishedAtOnSave, type ArticleStatus } from "./admin.server";
import { missingFields, PUBLISH_BLOCKERS, SCHEDULER_MESSAGES, type PublishBlockers } from "./scheduler.server";

export const ARTICLE_BULK_MESSAGES = {
  alreadyPublished: "È già pubblicato",
  alreadyArchived: "È già archiviato",
  alreadyInCategory: "È già in questa categoria",
  cannotPublish: SCHEDULER_MESSAGES.missing,
} as const;

interface LockedArticle extends Record<string, unknown>, PublishBlockers {
  id: string;
  title: string;
  status: ArticleStatus;
  published_at: Date | string | null;
  category_id: string | null;
}

/** The batch's rows, locked in id order (two jobs, or a save, wait for each other instead of deadlocking). */
function lockArticles(ids: string[]): Promise<LockedArticle[]> {
  return queryRows<LockedArticle>(sql`
    select id, title, status, published_at, category_id, ${PUBLISH_BLOCKERS}
    from articles where id in ${sql`(${sql.join(
      ids.map((id) => sql`${id}::uuid`),
      sql`, `,
    )})`}
    order by id for update`);
}

/** Every id of the batch: the rows found and decided, and the ones gone meanwhile. */
function withGone(ids: string[], rows: LockedArticle[], decided: BulkOutcome[]): BulkOutcome[] {
  const found = new Set(rows.map((row) => row.id));
  const gone = ids.filter((id) => !found.has(id)).map((id): BulkOutcome => ({ id, label: id, result: "skipped", reason: BULK_MESSAGES.gone }));
  return [...decided, ...gone];
}

const when = (value: Date | string | null) => (value === null ? null : new Date(value));

type Decide = (row: LockedArticle) => BulkOutcome | null;

/**
 * The common shape of a status or category change: lock, decide each row (null: change it), write
 * the allowed ones in one statement, record each.
 */
async function change(
  ids: string[],
  actor: AuditActor,
  action: AuditEntry["action"],
  decide: Decide,
  write: (ids: string[]) => Promise<{ id: string; after: Record<string, unknown> }[]>,
  before: (row: LockedArticle) => Record<string, unknown>,
): Promise<BulkBatchResult> {
  const rows = await lockArticles(ids);
  const outcomes: BulkOutcome[] = [];
  const allowed: LockedArticle[] = [];
  for (const row of rows) {
    const refused = decide(row);
    if (refused) outcomes.push(refused);
    else allowed.push(row);
  }
  if (allowed.length > 0) {
    const written = new Map((await write(allowed.map((row) => row.id))).map((w) => [w.id, w.after]));
    await recordAudits(allowed.map((row) => ({ actor, area: "articles", action, item: { id: row.id, label: row.title }, before: before(row), after: written.get(row.id) ?? null })));
    for (const row of allowed) outcomes.push({ id: row.id, label: row.title, result: "done" });
  }
  return { outcomes: withGone(ids, rows, outcomes) };
}

const skipped = (row: LockedArticle, reason: string): BulkOutcome => ({ id: row.id, label: row.title, result: "skipped", reason });
const failed = (row: LockedArticle, reason: string): BulkOutcome => ({ id: row.id, label: row.title, result: "failed", reason });

function publish(ids: string[], _params: BulkParams, actor: AuditActor): Promise<BulkBatchResult> {
  return change(
    ids,
    actor,
    "publish",
    (row) => {
      if (row.status === "published") return skipped(row, ARTICLE_BULK_MESSAGES.alreadyPublished);
      const missing = missingFields(row);
      return missing.length > 0 ? failed(row, ARTICLE_BULK_MESSAGES.cannotPublish(missing)) : null;
    },
    (allowed) =>
      db()
        .update(articles)
        // published_at is the publishing moment, as when the form publishes (publishedAtOnSave).
        .set({ status: "published", publishedAt: sql`clock_timestamp()`, isScheduled: false, updatedAt: sql`clock_timestamp()` })
        .where(inArray(articles.id, allowed))
        .returning({ id: articles.id, status: articles.status, publishedAt: articles.publishedAt })
        .then((rows) => rows.map(({ id, ...after }) => ({ id, after }))),
    (row) => ({ status: row.status, publishedAt: when(row.published_at) }),
  );
}

function archive(ids: string[], _params: BulkParams, actor: AuditActor): Promise<BulkBatchResult> {
  return change(
    ids,
    actor,
    "archive",
    (row) => (row.status === "archived" ? skipped(row, ARTICLE_BULK_MESSAGES.alreadyArchived) : null),
    (allowed) =>
      db()
        .update(articles)
        // Not published: no published_at (the save's rule); no longer scheduled, so the clock does
        // not bring an archived article back.
        .set({ status: "archived", publishedAt: publishedAtOnSave("archived", new Date(), false, undefined), isScheduled: false, updatedAt: sql`clock_timestamp()` })
        .where(inArray(articles.id, allowed))
        .returning({ id: articles.id, status: articles.status, publishedAt: articles.publishedAt })
        .then((rows) => rows.map(({ id, ...after }) => ({ id, after }))),
    (row) => ({ status: row.status, publishedAt: when(row.published_at) }),
  );
}

function move(ids: string[], params: BulkParams, actor: AuditActor): Promise<BulkBatchResult> {
  const target = params.categoryId!;
  return change(
    ids,
    actor,
    "move",
    (row) => (row.category_id === target ? skipped(row, ARTICLE_BULK_MESSAGES.alreadyInCategory) : null),
    (allowed) =>
      db()
        .update(articles)
        .set({ categoryId: target, updatedAt: sql`clock_timestamp()` })
        .where(inArray(articles.id, allowed))
        .returning({ id: articles.id, categoryId: articles.categoryId })
        .then((rows) => rows.map(({ id, ...after }) => ({ id, after }))),
    (row) => ({ categoryId: row.category_id }),
  );
}

async function remove(ids: string[], _params: BulkParams, actor: AuditActor): Promise<BulkBatchResult> {
  const rows = await lockArticles(ids);
  if (rows.length > 0) {
    // The revisions go with the article (foreign key on delete cascade), as for a single delete.
    await db()
      .delete(articles)
      .where(
        inArray(
          articles.id,
          rows.map((row) => row.id),
        ),
      );
    await recordAudits(
      rows.map((row) => ({ actor, area: "articles", action: "delete", item: { id: row.id, label: row.title }, before: { title: row.title, status: row.status, categoryId: row.category_id } })),
    );
  }
  return { outcomes: withGone(ids, rows, rows.map((row) => ({ id: row.id, label: row.title, result: "done" }))) };
}

/** The target category must exist; it is named by its id. */
async function prepareMove(params: BulkParams) {
  const id = params.categoryId?.trim().toLowerCase();
  if (!id || !isUuid(id)) return fail(400, BULK_MESSAGES.categoryRequired);
  const [category] = await db().select({ id: categories.id }).from(categories).where(eq(categories.id, id)).limit(1);
  if (!category) return fail(400, BULK_MESSAGES.categoryRequired);
  return { ...params, categoryId: category.id };
}

export const ARTICLE_BULK: BulkAreaDefinition = {
  permission: "articles.manage",
  table: articles,
  id: articles.id,
  label: articles.title,
  filter: (query) => articleFilter({ q: query.q, status: query.status, categoryId: query.category }).where,
  filterKeys: ["q", "status", "category"],
  actions: {
    publish: { apply: publish },
    archive: { apply: archive },
    move: { prepare: prepareMove, apply: move },
    delete: { apply: remove },
  },
  // What a save and a delete drop.
  tags: [CACHE_TAGS.articles, CACHE_TAGS.categories],
};
