// Scheduled publishing: what a run publishes, fails and skips, and that runs racing over the same
// due articles publish each exactly once. The race needs committed rows that both runs (on
// PostgreSQL, two connections) can see: those tests commit and clean up after themselves. Every
// test that commits due articles or runs the clock on the real database is in this file, so that
// none runs while another does (a run publishes every due article it can see).
import { eq, inArray, sql } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { db, getDatabase, queryRows, transaction } from "~/db/client.server";
import { articles, categories, publishingLogs } from "~/db/schema";
import { createArticle, createCategory } from "../../tests/factories";
import { itDb } from "../../tests/db";
import { startScheduler } from "~/jobs/scheduler.server";
import { PUBLISH_BATCH_SIZE, publishDueArticles, SCHEDULER_MESSAGES } from "./scheduler.server";

const MINUTE = 60_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const HOUR = 60 * MINUTE;

function scheduledArticle(categoryId: string, at: Date, values: Partial<typeof articles.$inferInsert> = {}) {
  return createArticle({ categoryId, status: "draft", publishedAt: null, isScheduled: true, scheduledPublishDate: at, ...values });
}

async function article(id: string) {
  const [row] = await db().select().from(articles).where(eq(articles.id, id));
  return row!;
}

async function logsOf(ids: string[]) {
  return db().select().from(publishingLogs).where(inArray(publishingLogs.articleId, ids));
}

describe("publishDueArticles", () => {
  itDb("publishes due articles, with published_at and one success log row each", async () => {
    const category = await createCategory();
    const due = [
      await scheduledArticle(category.id, new Date(Date.now() - 5 * MINUTE)),
      await scheduledArticle(category.id, new Date(Date.now() - 3_600_000)),
    ];
    const before = Date.now();
    const counts = await publishDueArticles();
    expect(counts).toEqual({ published: 2, failed: 0, skipped: 0 });
    for (const a of due) {
      const row = await article(a.id);
      expect(row.status).toBe("published");
      expect(row.isScheduled).toBe(false);
      expect(row.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1000);
      // The date it was planned for stays, for the record.
      expect(row.scheduledPublishDate).toEqual(a.scheduledPublishDate);
      const logs = await logsOf([a.id]);
      expect(logs).toHaveLength(1);
      expect(logs[0]).toMatchObject({ status: "success", articleTitle: a.title, scheduledFor: a.scheduledPublishDate, message: SCHEDULER_MESSAGES.published });
    }
    // Nothing left: a second run does nothing.
    expect(await publishDueArticles()).toEqual({ published: 0, failed: 0, skipped: 0 });
    expect(await logsOf(due.map((a) => a.id))).toHaveLength(2);
  });

  itDb("leaves future and unscheduled articles alone", async () => {
    const category = await createCategory();
    const future = await scheduledArticle(category.id, new Date(Date.now() + HOUR));
    // A date in the past without the flag is not a schedule (the admin turned it off).
    const unscheduled = await createArticle({ categoryId: category.id, status: "draft", publishedAt: null, scheduledPublishDate: new Date(Date.now() - HOUR) });
    expect(await publishDueArticles()).toEqual({ published: 0, failed: 0, skipped: 0 });
    expect(await article(future.id)).toMatchObject({ status: "draft", isScheduled: true, publishedAt: null });
    expect(await article(unscheduled.id)).toMatchObject({ status: "draft", isScheduled: false, publishedAt: null });
    expect(await logsOf([future.id, unscheduled.id])).toHaveLength(0);
    // Its time comes: published then.
    expect(await publishDueArticles(new Date(Date.now() + HOUR + MINUTE))).toMatchObject({ published: 1 });
    expect((await article(future.id)).status).toBe("published");
  });

  itDb("catches up after downtime: articles due an hour ago are published by the first run, oldest first", async () => {
    const category = await createCategory();
    const older = await scheduledArticle(category.id, new Date(Date.now() - 2 * HOUR));
    const newer = await scheduledArticle(category.id, new Date(Date.now() - HOUR));
    // Batches of one: the backlog is worked through batch after batch in one call.
    expect(await publishDueArticles(undefined, 1)).toEqual({ published: 2, failed: 0, skipped: 0 });
    const [a, b] = [await article(older.id), await article(newer.id)];
    expect(a.publishedAt!.getTime()).toBeLessThan(b.publishedAt!.getTime());
  });

  itDb("an article that lacks required content fails with the reason, stays a draft and leaves the schedule", async () => {
    const category = await createCategory();
    const at = new Date(Date.now() - MINUTE);
    const noCategory = await scheduledArticle(category.id, at, { categoryId: null });
    const empty = await scheduledArticle(category.id, at, { excerpt: "  ", content: "<p>&nbsp;</p>\n<p></p>" });
    const imageOnly = await scheduledArticle(category.id, at, { content: '<p><img src="/uploads/a.webp" alt=""></p>' });
    expect(await publishDueArticles()).toEqual({ published: 1, failed: 2, skipped: 0 });
    expect(await article(noCategory.id)).toMatchObject({ status: "draft", isScheduled: false, publishedAt: null });
    expect(await article(empty.id)).toMatchObject({ status: "draft", isScheduled: false, publishedAt: null });
    expect((await article(imageOnly.id)).status).toBe("published");
    expect((await logsOf([noCategory.id]))[0]).toMatchObject({ status: "failed", message: "Impossibile pubblicare: manca categoria" });
    expect((await logsOf([empty.id]))[0]).toMatchObject({ status: "failed", message: "Impossibile pubblicare: mancano estratto, contenuto" });
    // Not retried every minute.
    expect(await publishDueArticles()).toEqual({ published: 0, failed: 0, skipped: 0 });
  });

  itDb("an article published or archived by hand meanwhile is skipped: its publication date does not move", async () => {
    const category = await createCategory();
    const at = new Date(Date.now() - MINUTE);
    const publishedAt = new Date(Date.now() - 3 * HOUR);
    const published = await scheduledArticle(category.id, at, { status: "published", publishedAt });
    const archived = await scheduledArticle(category.id, at, { status: "archived" });
    expect(await publishDueArticles()).toEqual({ published: 0, failed: 0, skipped: 2 });
    expect(await article(published.id)).toMatchObject({ status: "published", publishedAt, isScheduled: false });
    expect(await article(archived.id)).toMatchObject({ status: "archived", publishedAt: null, isScheduled: false });
    expect((await logsOf([published.id]))[0]).toMatchObject({ status: "skipped", message: SCHEDULER_MESSAGES.alreadyPublished });
    expect((await logsOf([archived.id]))[0]).toMatchObject({ status: "skipped", message: SCHEDULER_MESSAGES.archived });
  });

  itDb("an article the database refuses to publish fails with the database's reason; the rest of its batch is published", async () => {
    const category = await createCategory();
    const at = new Date(Date.now() - MINUTE);
    const refused = await scheduledArticle(category.id, at, { title: "Rifiutato dal trigger" });
    const fine = await scheduledArticle(category.id, at);
    // Rolled back with the test's transaction.
    await db().execute(sql`
      create function pg_temp.refuse_publish() returns trigger language plpgsql as $$
      begin
        if new.status = 'published' and new.title = 'Rifiutato dal trigger' then raise exception 'pubblicazione vietata'; end if;
        return new;
      end $$`);
    await db().execute(sql`create trigger refuse_publish before update on articles for each row execute function pg_temp.refuse_publish()`);
    expect(await publishDueArticles()).toEqual({ published: 1, failed: 1, skipped: 0 });
    expect(await article(refused.id)).toMatchObject({ status: "draft", isScheduled: false });
    expect((await article(fine.id)).status).toBe("published");
    const [log] = await logsOf([refused.id]);
    expect(log).toMatchObject({ status: "failed" });
    expect(log!.message).toMatch(/^Impossibile pubblicare: errore del database \(.*pubblicazione vietata/);
  });
});

describe("publishDueArticles, committed data (several runs at once)", () => {
  const made: { categories: string[]; articles: string[] } = { categories: [], articles: [] };

  afterEach(async () => {
    if (made.articles.length) {
      await db().delete(publishingLogs).where(inArray(publishingLogs.articleId, made.articles));
      await db().delete(articles).where(inArray(articles.id, made.articles));
    }
    if (made.categories.length) await db().delete(categories).where(inArray(categories.id, made.categories));
    made.articles = [];
    made.categories = [];
  });

  async function dueArticles(n: number) {
    const category = await createCategory();
    made.categories.push(category.id);
    const [first] = await db().select({ n: sql<number>`count(*)::int` }).from(articles).where(eq(articles.isScheduled, true));
    expect(first!.n, "no scheduled article left over by another test").toBe(0);
    const rows = await db()
      .insert(articles)
      .values(
        Array.from({ length: n }, (_, i) => ({
          title: `Programmato ${i} ${category.id}`,
          slug: `programmato-${i}-${category.id}`,
          excerpt: "Un estratto.",
          content: "<p>Contenuto.</p>",
          categoryId: category.id,
          status: "draft" as const,
          isScheduled: true,
          scheduledPublishDate: new Date(Date.now() - HOUR + i * 1000),
        })),
      )
      .returning({ id: articles.id });
    made.articles.push(...rows.map((r) => r.id));
    return rows.map((r) => r.id);
  }

  it(`two runs racing over 50 due articles publish each exactly once, with one log row each (${getDatabase().engine})`, async () => {
    const ids = await dueArticles(50);
    // Small batches, so that the two runs take turns claiming rows rather than one taking all.
    const [a, b] = await Promise.all([publishDueArticles(undefined, 5), publishDueArticles(undefined, 5)]);
    expect(a.published + b.published).toBe(50);
    expect(a.failed + b.failed + a.skipped + b.skipped).toBe(0);
    const published = await db().select({ id: articles.id, status: articles.status, isScheduled: articles.isScheduled }).from(articles).where(inArray(articles.id, ids));
    expect(published.every((r) => r.status === "published" && !r.isScheduled)).toBe(true);
    const perArticle = await queryRows<{ article_id: string; n: number }>(sql`
      select article_id, count(*)::int as n from publishing_logs
      where article_id in (${sql.join(ids.map((id) => sql`${id}::uuid`), sql`, `)}) group by article_id`);
    expect(perArticle).toHaveLength(50);
    expect(perArticle.every((r) => r.n === 1 && r.article_id)).toBe(true);
    const logs = await logsOf(ids);
    expect(logs.filter((l) => l.status === "success")).toHaveLength(50);
  });

  // One connection only on PGlite: a transaction held open there would make the run wait for it.
  it.skipIf(getDatabase().engine !== "postgres")("a run skips the articles another connection holds, and the next run publishes them", async () => {
    const ids = await dueArticles(20);
    const held = ids.slice(0, 5);
    let release!: () => void;
    let locked!: () => void;
    const isLocked = new Promise<void>((resolve) => (locked = resolve));
    const holder = transaction(async () => {
      await queryRows(sql`select id from articles where id in (${sql.join(held.map((id) => sql`${id}::uuid`), sql`, `)}) for update`);
      locked();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isLocked;
    try {
      expect(await publishDueArticles()).toEqual({ published: 15, failed: 0, skipped: 0 });
    } finally {
      release();
      await holder;
    }
    expect(await publishDueArticles()).toEqual({ published: 5, failed: 0, skipped: 0 });
    expect(await logsOf(ids)).toHaveLength(20);
  });

  it("the server's clock, started with a short period, publishes an article that comes due without a manual call; after stop() nothing more", async () => {
    const category = await createCategory();
    made.categories.push(category.id);
    const dueArticle = async () => {
      const row = await scheduledArticle(category.id, new Date(Date.now() - 3_600_000));
      made.articles.push(row.id);
      return row;
    };
    const statusOf = async (id: string) => (await article(id)).status;
    const clock = startScheduler({ intervalMs: 40 });
    try {
      await sleep(20);
      const first = await dueArticle();
      await expect.poll(() => statusOf(first.id), { timeout: 5000, interval: 20 }).toBe("published");
      expect((await logsOf([first.id]))[0]?.status).toBe("success");
    } finally {
      await clock.stop();
    }
    const second = await dueArticle();
    await sleep(200);
    expect(await statusOf(second.id)).toBe("draft");
  });

  it("a backlog larger than a batch is published in one call, batch after batch", async () => {
    const ids = await dueArticles(PUBLISH_BATCH_SIZE + 7);
    expect(await publishDueArticles()).toEqual({ published: PUBLISH_BATCH_SIZE + 7, failed: 0, skipped: 0 });
    expect(await logsOf(ids)).toHaveLength(PUBLISH_BATCH_SIZE + 7);
  });
});
