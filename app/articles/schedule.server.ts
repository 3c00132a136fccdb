// /admin/schedule (admins only): the articles waiting for their date, the last publishing log rows
// and the three counters. Everything is computed by the database, against its clock, so that the
// states agree with what the publishing clock (app/jobs/scheduler.server.ts) will do.
import { and, asc, desc, eq, isNotNull, sql } from "drizzle-orm";
import type { CurrentUser } from "~/accounts/session.server";
import { refuseWithout } from "~/admin/access.server";
import { db, queryRows } from "~/db/client.server";
import { articles, categories, publishingLogs } from "~/db/schema";
import { PUBLISHING_LOG_STATUSES, SCHEDULE_STATES } from "~/lib/enums";
import type { Result } from "~/lib/result";

export const SCHEDULE_PAGE_SIZE = 20;
export const RECENT_LOGS = 10;
/** Midnight of today in Rome, as an instant: the start of "published today". */
const ROME_MIDNIGHT = sql`date_trunc('day', now() at time zone 'Europe/Rome') at time zone 'Europe/Rome'`;

export type ScheduleState = (typeof SCHEDULE_STATES.values)[number];
export type PublishingLogStatus = (typeof PUBLISHING_LOG_STATUSES.values)[number];

export interface ScheduledArticle {
  id: string;
  title: string;
  categoryName: string | null;
  scheduledFor: Date;
  state: ScheduleState;
  stateLabel: string;
}

export interface PublishingLogEntry {
  id: string;
  articleId: string | null;
  /** the article's current title, else the one logged (the article was deleted), else null */
  title: string | null;
  publishedAt: Date;
  scheduledFor: Date | null;
  status: PublishingLogStatus;
  statusLabel: string;
  message: string | null;
}

export interface ScheduleCounters {
  /** articles with the scheduled flag on */
  scheduled: number;
  /** successful publications since midnight, Rome time */
  publishedToday: number;
  /** scheduled articles whose date is within the next seven days */
  upcomingWeek: number;
}

export interface ScheduleOverview {
  scheduled: ScheduledArticle[];
  page: number;
  pageCount: number;
  logs: PublishingLogEntry[];
  counters: ScheduleCounters;
}

async function counters(): Promise<ScheduleCounters> {
  const [row] = await queryRows<{ scheduled: number; published_today: number; upcoming_week: number }>(sql`
    select
      (select count(*)::int from articles where is_scheduled and scheduled_publish_date is not null) as scheduled,
      (select count(*)::int from publishing_logs where status = 'success' and published_at >= ${ROME_MIDNIGHT}) as published_today,
      (select count(*)::int from articles
        where is_scheduled and scheduled_publish_date > now() and scheduled_publish_date <= now() + interval '7 days') as upcoming_week`);
  return { scheduled: row!.scheduled, publishedToday: row!.published_today, upcomingWeek: row!.upcoming_week };
}

/** The scheduled articles by date (page `page`), the last publishing log rows and the counters. */
export async function scheduleOverview(actor: CurrentUser | null, page = 1): Promise<Result<ScheduleOverview>> {
  const refused = refuseWithout(actor, "schedule.manage");
  if (refused) return refused;
  const counts = await counters();
  const pageCount = Math.max(1, Math.ceil(counts.scheduled / SCHEDULE_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.trunc(page) || 1), pageCount);
  const due = sql<boolean>`${articles.scheduledPublishDate} <= now()`;
  const rows = await db()
    .select({
      id: articles.id,
      title: articles.title,
      categoryName: categories.name,
      scheduledFor: articles.scheduledPublishDate,
      due,
    })
    .from(articles)
    .leftJoin(categories, eq(categories.id, articles.categoryId))
    .where(and(eq(articles.isScheduled, true), isNotNull(articles.scheduledPublishDate)))
    .orderBy(asc(articles.scheduledPublishDate), asc(articles.id))
    .limit(SCHEDULE_PAGE_SIZE)
    .offset((current - 1) * SCHEDULE_PAGE_SIZE);
  const logs = await db()
    .select({
      id: publishingLogs.id,
      articleId: publishingLogs.articleId,
      title: sql<string | null>`coalesce(${articles.title}, ${publishingLogs.articleTitle})`,
      publishedAt: publishingLogs.publishedAt,
      scheduledFor: publishingLogs.scheduledFor,
      status: publishingLogs.status,
      message: publishingLogs.message,
    })
    .from(publishingLogs)
    .leftJoin(articles, eq(articles.id, publishingLogs.articleId))
    .orderBy(desc(publishingLogs.publishedAt), desc(publishingLogs.id))
    .limit(RECENT_LOGS);
  return {
    ok: true,
    page: current,
    pageCount,
    counters: counts,
    scheduled: rows.map(({ due: isDue, scheduledFor, ...row }) => {
      const state: ScheduleState = isDue ? "processing" : "pending";
      return { ...row, scheduledFor: scheduledFor!, state, stateLabel: SCHEDULE_STATES.labels[state] };
    }),
    logs: logs.map((log) => ({ ...log, statusLabel: PUBLISHING_LOG_STATUSES.labels[log.status] })),
  };
}
