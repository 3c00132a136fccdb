// /admin/schedule's data: the scheduled list (order, states, page), the last log rows with their
// titles, and the three counters (Rome's midnight for "published today").
import { eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { CurrentUser } from "~/accounts/session.server";
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access.server";
import { db, queryRows } from "~/db/client.server";
import { articles, publishingLogs } from "~/db/schema";
import { createArticle, createCategory } from "../../tests/factories";
import { itDb } from "../../tests/db";
import { RECENT_LOGS, SCHEDULE_PAGE_SIZE, scheduleOverview, type ScheduleOverview } from "./schedule.server";
import { romeInstant, romeWallClock } from "~/lib/rome-time";

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const ADMIN: CurrentUser = { id: "00000000-0000-4000-8000-000000000001", email: "admin@example.it", fullName: "Admin", role: "admin" };
const USER: CurrentUser = { ...ADMIN, role: "user" };

/** Today's midnight in Rome, as an instant. */
function romeMidnight(now = new Date()): Date {
  const { y, mo, d } = romeWallClock(now);
  return romeInstant({ y, mo, d, h: 0, mi: 0, s: 0 });
}

/**
 * The counters and the log are global: on a PostgreSQL server shared by parallel test files, rows
 * another file commits meanwhile must not shift them. The first statement of the test's transaction.
 */
async function ownSnapshot() {
  await db().execute(sql`set transaction isolation level repeatable read`);
}

async function overview(page?: number): Promise<ScheduleOverview> {
  const result = await scheduleOverview(ADMIN, page);
  if (!result.ok) throw new Error(result.error);
  return result;
}

function scheduled(values: Partial<typeof articles.$inferInsert>) {
  return createArticle({ status: "draft", publishedAt: null, isScheduled: true, ...values });
}

async function log(values: Partial<typeof publishingLogs.$inferInsert>) {
  const [row] = await db()
    .insert(publishingLogs)
    .values({ status: "success", ...values })
    .returning();
  return row!;
}

describe("scheduleOverview", () => {
  itDb("refuses visitors (401) and users (403)", async () => {
    expect(await scheduleOverview(null)).toEqual({ ok: false, status: 401, error: ADMIN_ACCESS_MESSAGES.mustSignIn });
    expect(await scheduleOverview(USER)).toEqual({ ok: false, status: 403, error: ADMIN_ACCESS_MESSAGES.adminOnly });
  });

  itDb("lists scheduled articles by date ascending, 'In Elaborazione' when due and 'In Attesa' before, with their category", async () => {
    const category = await createCategory({ name: "Salute e benessere" });
    const tomorrow = await scheduled({ categoryId: category.id, scheduledPublishDate: new Date(Date.now() + DAY) });
    const due = await scheduled({ categoryId: category.id, scheduledPublishDate: new Date(Date.now() - 5 * MINUTE) });
    const soon = await scheduled({ scheduledPublishDate: new Date(Date.now() + 2 * HOUR) });
    // A date without the flag is not scheduled.
    await createArticle({ status: "draft", publishedAt: null, scheduledPublishDate: new Date(Date.now() + HOUR) });
    const { scheduled: list } = await overview();
    expect(list.map((a) => a.id)).toEqual([due.id, soon.id, tomorrow.id]);
    expect(list[0]).toMatchObject({ title: due.title, categoryName: "Salute e benessere", state: "processing", stateLabel: "In Elaborazione" });
    expect(list[0]!.scheduledFor).toEqual(due.scheduledPublishDate);
    expect(list[1]).toMatchObject({ categoryName: null, state: "pending", stateLabel: "In Attesa" });
    expect(list[2]).toMatchObject({ state: "pending", stateLabel: "In Attesa" });
  });

  itDb("pages the scheduled list; a page past the last gives the last", async () => {
    await ownSnapshot();
    const before = (await overview()).counters.scheduled;
    for (let i = 0; i < SCHEDULE_PAGE_SIZE + 3; i += 1) await scheduled({ scheduledPublishDate: new Date(Date.now() + (i + 1) * HOUR) });
    const total = before + SCHEDULE_PAGE_SIZE + 3;
    const last = Math.ceil(total / SCHEDULE_PAGE_SIZE);
    const first = await overview(1);
    expect(first.scheduled).toHaveLength(SCHEDULE_PAGE_SIZE);
    expect(first.pageCount).toBe(last);
    const beyond = await overview(99);
    expect(beyond.page).toBe(last);
    expect(beyond.scheduled).toHaveLength(total - (last - 1) * SCHEDULE_PAGE_SIZE);
  });

  itDb("counts scheduled articles, successful publications since Rome's midnight, and those due in the next 7 days", async () => {
    await ownSnapshot();
    const before = (await overview()).counters;
    await scheduled({ scheduledPublishDate: new Date(Date.now() - HOUR) }); // due: scheduled, not upcoming
    await scheduled({ scheduledPublishDate: new Date(Date.now() + HOUR) });
    await scheduled({ scheduledPublishDate: new Date(Date.now() + 6 * DAY) });
    await scheduled({ scheduledPublishDate: new Date(Date.now() + 8 * DAY) }); // scheduled, beyond the week
    const midnight = romeMidnight();
    await log({ publishedAt: new Date(midnight.getTime() + MINUTE) });
    await log({ publishedAt: new Date(midnight.getTime() + 2 * MINUTE) });
    await log({ publishedAt: new Date(midnight.getTime() - MINUTE) }); // yesterday in Rome
    await log({ publishedAt: new Date(midnight.getTime() + MINUTE), status: "failed", message: "Impossibile pubblicare" });
    await log({ publishedAt: new Date(midnight.getTime() + MINUTE), status: "skipped" });
    const after = (await overview()).counters;
    expect(after.scheduled - before.scheduled).toBe(4);
    expect(after.upcomingWeek - before.upcomingWeek).toBe(2);
    expect(after.publishedToday - before.publishedToday).toBe(2);
  });

  itDb("Rome's midnight in SQL is the instant the counter starts from", async () => {
    // now() is the transaction's start: compare with the midnight of that instant.
    const [row] = await queryRows<{ m: Date | string; t: Date | string }>(
      sql`select date_trunc('day', now() at time zone 'Europe/Rome') at time zone 'Europe/Rome' as m, now() as t`,
    );
    expect(new Date(row!.m).toISOString()).toBe(romeMidnight(new Date(row!.t)).toISOString());
  });

  itDb("shows the last 10 log rows, newest first, with the article's current title, else the logged one", async () => {
    await ownSnapshot();
    const renamed = await createArticle({ title: "Titolo nuovo" });
    for (let i = 0; i < RECENT_LOGS + 2; i += 1) {
      await log({ publishedAt: new Date(Date.now() - (100 - i) * MINUTE), articleTitle: `Vecchio ${i}` });
    }
    const newest = new Date(Date.now() + 2 * MINUTE);
    await log({ publishedAt: newest, articleId: renamed.id, articleTitle: "Titolo vecchio", scheduledFor: new Date(Date.now() - MINUTE) });
    await log({ publishedAt: new Date(Date.now() + MINUTE), articleId: null, articleTitle: "Articolo eliminato dopo", status: "failed", message: "Impossibile pubblicare: manca categoria" });
    const { logs } = await overview();
    expect(logs).toHaveLength(RECENT_LOGS);
    expect(logs[0]).toMatchObject({ articleId: renamed.id, title: "Titolo nuovo", status: "success", statusLabel: "Pubblicato", publishedAt: newest });
    expect(logs[1]).toMatchObject({ articleId: null, title: "Articolo eliminato dopo", statusLabel: "Fallito", message: "Impossibile pubblicare: manca categoria", scheduledFor: null });
    const times = logs.map((l) => l.publishedAt.getTime());
    expect([...times].sort((a, b) => b - a)).toEqual(times);
    // The two oldest of the twelve fell off.
    expect(logs.map((l) => l.title)).not.toContain("Vecchio 0");
    expect(logs.map((l) => l.title)).not.toContain("Vecchio 1");
  });

  itDb("a log row whose article is deleted keeps the logged title", async () => {
    const gone = await createArticle({ title: "Sarà eliminato" });
    await log({ publishedAt: new Date(Date.now() + HOUR), articleId: gone.id, articleTitle: "Sarà eliminato" });
    await db().delete(articles).where(eq(articles.id, gone.id));
    const { logs } = await overview();
    expect(logs[0]).toMatchObject({ articleId: null, title: "Sarà eliminato" });
  });
});
