// Scheduled publishing (decision 0046): articles whose scheduled date has come are published by the
// server itself, built on the database alone so that it runs the same on PGlite and on a
// PostgreSQL server shared by several processes. Each due article is claimed by exactly one run:
// its row is locked (FOR UPDATE SKIP LOCKED) and its flag cleared in the transaction that publishes
// it and writes its log row, so a second run never sees it again and a crash leaves it due.
import { inArray, sql } from "drizzle-orm";
import { CACHE_TAGS, invalidate } from "~/cache/cache.server";
import { queryRows, transaction } from "~/db/client.server";
import { articles, publishingLogs } from "~/db/schema";
import type { PUBLISHING_LOG_STATUSES } from "~/lib/enums";
import { logger } from "~/lib/logger.server";

type LogStatus = (typeof PUBLISHING_LOG_STATUSES.values)[number];

/** Rows claimed per transaction: a backlog after downtime is worked through in short transactions. */
export const PUBLISH_BATCH_SIZE = 100;

/** The reasons written in the log (the admin reads them on /admin/schedule). */
export const SCHEDULER_MESSAGES = {
  published: "Pubblicato come programmato",
  alreadyPublished: "L'articolo era già pubblicato: data di pubblicazione invariata",
  archived: "L'articolo è stato archiviato: non pubblicato",
  missing: (fields: string[]) => `Impossibile pubblicare: ${fields.length === 1 ? "manca" : "mancano"} ${fields.join(", ")}`,
  databaseError: (reason: string) => `Impossibile pubblicare: errore del database (${reason})`,
} as const;

export interface PublishCounts {
  published: number;
  failed: number;
  skipped: number;
}

/**
 * The columns that say what stops an article from being published (the article form's required
 * fields), read with the row: the scheduler and the bulk "Pubblica" ask the same (decision 0109).
 */
export const PUBLISH_BLOCKERS = sql.raw(`btrim(title) = '' as no_title,
      btrim(slug) = '' as no_slug,
      btrim(excerpt) = '' as no_excerpt,
      btrim(regexp_replace(content, '<(?!img)[^>]*>|&nbsp;|\\s', '', 'gi')) = '' as no_content,
      category_id is null as no_category`);

export interface PublishBlockers {
  no_title: boolean;
  no_slug: boolean;
  no_excerpt: boolean;
  no_content: boolean;
  no_category: boolean;
}

interface ClaimedRow extends Record<string, unknown>, PublishBlockers {
  id: string;
  title: string;
  status: string;
  scheduled_for: Date | string;
}

interface Outcome {
  row: ClaimedRow;
  status: LogStatus;
  message: string;
}

/**
 * What stops a claimed article from being published, in the article form's required fields
 * (title, slug, category, excerpt, content). Content counts as empty when nothing but markup and
 * white space is left (an image alone is content).
 */
export function missingFields(row: PublishBlockers): string[] {
  const missing: string[] = [];
  if (row.no_title) missing.push("titolo");
  if (row.no_slug) missing.push("slug");
  if (row.no_category) missing.push("categoria");
  if (row.no_excerpt) missing.push("estratto");
  if (row.no_content) missing.push("contenuto");
  return missing;
}

function decide(row: ClaimedRow): Outcome {
  // Changed meanwhile: published or archived by hand while the flag stayed on. Publishing again
  // would move its publication date (or bring back what was withdrawn).
  if (row.status === "published") return { row, status: "skipped", message: SCHEDULER_MESSAGES.alreadyPublished };
  if (row.status === "archived") return { row, status: "skipped", message: SCHEDULER_MESSAGES.archived };
  const missing = missingFields(row);
  if (missing.length) return { row, status: "failed", message: SCHEDULER_MESSAGES.missing(missing) };
  return { row, status: "success", message: SCHEDULER_MESSAGES.published };
}

/** Locks up to `limit` due articles that no other run holds, oldest date first. */
function claimDue(now: Date | undefined, limit: number): Promise<ClaimedRow[]> {
  const dueBy = now ? sql`${now.toISOString()}::timestamptz` : sql`clock_timestamp()`;
  return queryRows<ClaimedRow>(sql`
    select id, title, status, scheduled_publish_date as scheduled_for,
      ${PUBLISH_BLOCKERS}
    from articles
    where is_scheduled and scheduled_publish_date <= ${dueBy}
    order by scheduled_publish_date, id
    limit ${limit}
    for update skip locked`);
}

async function publishRows(ids: string[]): Promise<void> {
  if (!ids.length) return;
  await transaction((tx) =>
    tx
      .update(articles)
      .set({ status: "published", publishedAt: sql`clock_timestamp()`, isScheduled: false, updatedAt: sql`clock_timestamp()` })
      .where(inArray(articles.id, ids)),
  );
}

async function clearFlags(ids: string[]): Promise<void> {
  if (!ids.length) return;
  await transaction((tx) =>
    tx
      .update(articles)
      .set({ isScheduled: false, updatedAt: sql`clock_timestamp()` })
      .where(inArray(articles.id, ids)),
  );
}

/** The database's own message (Drizzle wraps it in an error that quotes the whole query). */
function errorText(error: unknown): string {
  let inner = error;
  while (inner instanceof Error && inner.cause instanceof Error) inner = inner.cause;
  return (inner instanceof Error ? inner.message : String(inner)).slice(0, 300);
}

/**
 * Publishes the articles of one claimed batch. All at once first; if that statement fails (a
 * trigger or constraint refusing one row), each article on its own, so that only the one that
 * cannot be published is logged as failed, with the database's reason, and the others go out.
 */
async function applyBatch(rows: ClaimedRow[]): Promise<Outcome[]> {
  const outcomes = rows.map(decide);
  const toPublish = outcomes.filter((o) => o.status === "success");
  try {
    await publishRows(toPublish.map((o) => o.row.id));
  } catch (batchError) {
    logger.warn({ err: batchError, articles: toPublish.length }, "pubblicazione programmata: il lotto è fallito, riprovo articolo per articolo");
    for (const outcome of toPublish) {
      try {
        await publishRows([outcome.row.id]);
      } catch (error) {
        outcome.status = "failed";
        outcome.message = SCHEDULER_MESSAGES.databaseError(errorText(error));
      }
    }
  }
  // Failed and skipped articles leave the schedule too: they would fail again every minute.
  await clearFlags(outcomes.filter((o) => o.status !== "success").map((o) => o.row.id));
  await transaction((tx) =>
    tx.insert(publishingLogs).values(
      outcomes.map((o) => ({
        articleId: o.row.id,
        articleTitle: o.row.title,
        scheduledFor: new Date(o.row.scheduled_for),
        status: o.status,
        message: o.message,
        publishedAt: sql`clock_timestamp()`,
      })),
    ),
  );
  return outcomes;
}

/**
 * Publishes every article due by `now` (default: the database's clock), batch after batch until
 * none is left, each batch in its own transaction. Safe to run in several processes at once: an
 * article locked by another run is skipped here and published by that run.
 */
export async function publishDueArticles(now?: Date, batchSize = PUBLISH_BATCH_SIZE): Promise<PublishCounts> {
  const counts: PublishCounts = { published: 0, failed: 0, skipped: 0 };
  for (;;) {
    const outcomes = await transaction(async () => {
      const rows = await claimDue(now, batchSize);
      if (!rows.length) return [];
      const done = await applyBatch(rows);
      if (done.some((o) => o.status === "success")) await invalidate(CACHE_TAGS.articles, CACHE_TAGS.categories);
      return done;
    });
    if (!outcomes.length) return counts;
    for (const o of outcomes) counts[o.status === "success" ? "published" : o.status] += 1;
  }
}
