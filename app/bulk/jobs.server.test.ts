// Bulk jobs (decision 0109), on the articles' actions: a job over every result of a filter at
// 20,000 articles, a batch that fails in the middle (each item done or untouched), a worker that
// stops between batches, the refusals (permission, input) and a form sent twice.
import { and, asc, count, eq, sql } from "drizzle-orm";
import { describe, expect } from "vitest";
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access-messages";
import type { CurrentUser } from "~/accounts/session.server";
import { ARTICLE_BULK_MESSAGES } from "~/articles/bulk.server";
import { db } from "~/db/client.server";
import { articles, auditEvents, bulkJobs } from "~/db/schema";
import { ADMIN_ACTOR, REFUSED_ACTORS } from "../../tests/actors";
import { itDb } from "../../tests/db";
import { createArticle, createCategory, MISSING_ID } from "../../tests/factories";
import { BULK_LIMITS, BULK_MESSAGES, bulkQuestion, bulkSummary } from "./actions";
import { BULK_JOBS_KEPT_DAYS, getBulkJob, purgeOldBulkJobs, resumeBulkJobs, runBulkJob, startBulkJob } from "./jobs.server";

const EDITOR: CurrentUser = { ...ADMIN_ACTOR, id: "00000000-0000-4000-8000-000000000002", fullName: "Redattrice", role: "editor" };
const MODERATOR: CurrentUser = { ...ADMIN_ACTOR, id: "00000000-0000-4000-8000-000000000003", fullName: "Moderatore", role: "moderator" };

let keys = 0;
const key = () => `k-${Date.now()}-${++keys}`;

/** `n` draft articles titled "{prefix} {i}", inserted by the database itself (fast enough for 20,000). */
async function insertDrafts(n: number, prefix: string, categoryId: string) {
  await db().execute(sql`
    insert into articles (title, slug, excerpt, content, status, category_id)
    select ${prefix} || ' ' || i, ${prefix.toLowerCase().replace(/\W+/g, "-")} || '-' || i || '-' || md5(random()::text), 'Estratto', '<p>Testo</p>', 'draft', ${categoryId}::uuid
    from generate_series(1, ${n}) as i`);
}

const countWhere = async (where: ReturnType<typeof and>) => (await db().select({ n: count() }).from(articles).where(where))[0]!.n;

async function job(id: string) {
  const read = await getBulkJob(ADMIN_ACTOR, "articles", id);
  if (!read.ok) throw new Error(read.error);
  return read.job;
}

async function started(request: Parameters<typeof startBulkJob>[2], actor: CurrentUser = ADMIN_ACTOR) {
  const result = await startBulkJob(actor, "articles", { key: key(), ...request });
  if (!result.ok) throw new Error(result.error);
  return result;
}

describe("bulk actions over all results of a filter", () => {
  itDb(
    "publishes every draft of the filter at 20,000 articles, with a correct summary and one record per article",
    async () => {
      const category = await createCategory();
      await insertDrafts(20_000, "Lotto", category.id);
      // In the filter but not publishable: no excerpt.
      await db().execute(sql`update articles set excerpt = '' where title in ('Lotto 7', 'Lotto 7007', 'Lotto 19999')`);
      // Outside the filter: another title, or already published.
      const other = await createArticle({ title: "Altro argomento", status: "draft", publishedAt: null, categoryId: category.id });
      const published = await createArticle({ title: "Lotto già fuori", status: "published", categoryId: category.id });

      const start = await started({ action: "publish", scope: "filter", filter: "q=lotto&status=draft&page=3&sort=title" });
      expect(start.total).toBe(20_000);
      await runBulkJob(start.jobId);

      const done = await job(start.jobId);
      expect(done).toMatchObject({ state: "finished", total: 20_000, done: 19_997, skipped: 0, failed: 3, error: null });
      expect(done.reasons).toEqual([{ reason: ARTICLE_BULK_MESSAGES.cannotPublish(["estratto"]), count: 3 }]);
      expect(done.failures.map((f) => f.label).sort()).toEqual(["Lotto 19999", "Lotto 7", "Lotto 7007"]);
      expect(bulkSummary(done)).toBe("Completata: 19.997 su 20.000 articoli fatti, 3 invariati.");

      expect(await countWhere(and(eq(articles.status, "published"), sql`${articles.title} like 'Lotto %'`, sql`${articles.publishedAt} is not null`))).toBe(19_998);
      expect(await countWhere(and(eq(articles.status, "draft"), sql`${articles.title} like 'Lotto %'`))).toBe(3);
      const [untouched] = await db().select({ status: articles.status }).from(articles).where(eq(articles.id, other.id));
      expect(untouched!.status).toBe("draft");
      const [same] = await db().select({ publishedAt: articles.publishedAt }).from(articles).where(eq(articles.id, published.id));
      expect(same!.publishedAt).toEqual(published.publishedAt);

      const [records] = await db()
        .select({ n: count() })
        .from(auditEvents)
        .where(and(eq(auditEvents.area, "articles"), eq(auditEvents.action, "publish"), eq(auditEvents.actorId, ADMIN_ACTOR.id)));
      expect(records!.n).toBe(19_997);
    },
    60_000,
  );

  itDb("a batch that fails in the middle is done again item by item: each article is published or untouched", async () => {
    const category = await createCategory();
    await insertDrafts(1_200, "Blocco", category.id);
    await db().execute(sql`update articles set title = 'Blocco rotto' where title = 'Blocco 700'`);
    // A database rule that refuses one row: the whole batch's statement fails.
    await db().execute(sql.raw(`
      create function zampa_test_refuse() returns trigger language plpgsql as $$
      begin
        if new.title = 'Blocco rotto' and new.status = 'published' then raise exception 'articolo bloccato dal test'; end if;
        return new;
      end $$;`));
    await db().execute(sql.raw(`create trigger zampa_test_refuse before update on articles for each row execute function zampa_test_refuse();`));

    const start = await started({ action: "publish", scope: "filter", filter: "q=Blocco" });
    await runBulkJob(start.jobId);
    const done = await job(start.jobId);
    expect(done).toMatchObject({ state: "finished", total: 1_200, done: 1_199, failed: 1 });
    expect(done.failures).toEqual([{ id: expect.any(String), label: "Blocco rotto", reason: expect.stringContaining("articolo bloccato dal test") }]);
    expect(done.failures[0]!.reason).toMatch(/^Errore del database \(/);

    const rows = await db()
      .select({ id: articles.id, title: articles.title, status: articles.status, records: sql<number>`(select count(*)::int from audit_events a where a.item_id = articles.id::text)` })
      .from(articles)
      .where(sql`${articles.title} like 'Blocco%'`);
    for (const row of rows) {
      if (row.title === "Blocco rotto") expect(row).toMatchObject({ status: "draft", records: 0 });
      else expect(row).toMatchObject({ status: "published", records: 1 });
    }
  });

  itDb("an error that stops the job between batches keeps what earlier batches did and leaves the rest untouched", async () => {
    const category = await createCategory();
    await insertDrafts(1_200, "Interrotto", category.id);
    // The job's own row cannot be moved past the first batch: the second batch's transaction fails whole.
    await db().execute(sql.raw(`
      create function zampa_test_stop() returns trigger language plpgsql as $$
      begin
        if new.done > 500 then raise exception 'il lavoro si ferma qui'; end if;
        return new;
      end $$;`));
    await db().execute(sql.raw(`create trigger zampa_test_stop before update on bulk_jobs for each row execute function zampa_test_stop();`));

    const start = await started({ action: "archive", scope: "filter", filter: "q=Interrotto" });
    await runBulkJob(start.jobId);
    const stopped = await job(start.jobId);
    expect(stopped).toMatchObject({ state: "failed", done: 500, failed: 0, error: BULK_MESSAGES.interrupted });
    expect(await countWhere(and(eq(articles.status, "archived"), sql`${articles.title} like 'Interrotto %'`))).toBe(500);
    expect(await countWhere(and(eq(articles.status, "draft"), sql`${articles.title} like 'Interrotto %'`))).toBe(700);
    const [records] = await db().select({ n: count() }).from(auditEvents).where(eq(auditEvents.action, "archive"));
    expect(records!.n).toBe(500);
    // The archived ones are the first 500 in id order: the job's cursor says where it stopped.
    const ordered = await db().select({ status: articles.status }).from(articles).where(sql`${articles.title} like 'Interrotto %'`).orderBy(asc(articles.id));
    expect(ordered.slice(0, 500).every((r) => r.status === "archived")).toBe(true);
    expect(ordered.slice(500).every((r) => r.status === "draft")).toBe(true);
  });

  itDb("a worker that stops between batches leaves the job to the next one, which goes on from where it was", async () => {
    const category = await createCategory();
    await insertDrafts(1_100, "Ripresa", category.id);
    const start = await started({ action: "publish", scope: "filter", filter: "q=Ripresa" });

    await runBulkJob(start.jobId, { maxBatches: 1 });
    expect(await job(start.jobId)).toMatchObject({ state: "running", done: 500 });
    // Still held by the first worker: another one does nothing.
    await runBulkJob(start.jobId);
    expect((await job(start.jobId)).done).toBe(500);
    // Its claim lapses (the process died): the clock takes it up.
    await db().update(bulkJobs).set({ claimedUntil: sql`clock_timestamp() - interval '1 second'` }).where(eq(bulkJobs.id, start.jobId));
    expect(await resumeBulkJobs()).toBe(1);
    expect(await job(start.jobId)).toMatchObject({ state: "finished", total: 1_100, done: 1_100, failed: 0, skipped: 0 });
    const [records] = await db().select({ n: count() }).from(auditEvents).where(eq(auditEvents.action, "publish"));
    expect(records!.n).toBe(1_100);
    // A finished job is not run again.
    await runBulkJob(start.jobId);
    expect((await job(start.jobId)).done).toBe(1_100);
  });
});

describe("bulk actions on picked articles", () => {
  itDb("publish, archive, move and delete follow the single article's rules", async () => {
    const category = await createCategory({ name: "Cani" });
    const target = await createCategory({ name: "Gatti" });
    const draft = await createArticle({ title: "Bozza pronta", status: "draft", publishedAt: null, categoryId: category.id, isScheduled: true, scheduledPublishDate: new Date(Date.now() + 86_400_000) });
    const empty = await createArticle({ title: "Bozza vuota", status: "draft", publishedAt: null, categoryId: category.id, content: "<p> </p>" });
    const live = await createArticle({ title: "Già online", categoryId: category.id });

    const publish = await started({ action: "publish", scope: "selected", ids: [draft.id, empty.id, live.id, MISSING_ID].join(",") });
    expect(publish.total).toBe(3);
    await runBulkJob(publish.jobId);
    const published = await job(publish.jobId);
    expect(published).toMatchObject({ state: "finished", done: 1, skipped: 1, failed: 1 });
    expect(published.failures).toEqual(
      expect.arrayContaining([
        { id: empty.id, label: "Bozza vuota", reason: ARTICLE_BULK_MESSAGES.cannotPublish(["contenuto"]) },
        { id: live.id, label: "Già online", reason: ARTICLE_BULK_MESSAGES.alreadyPublished },
      ]),
    );
    const [nowLive] = await db().select().from(articles).where(eq(articles.id, draft.id));
    expect(nowLive).toMatchObject({ status: "published", isScheduled: false });
    expect(nowLive!.publishedAt).not.toBeNull();

    const archive = await started({ action: "archive", scope: "selected", ids: [draft.id, live.id].join(",") });
    await runBulkJob(archive.jobId);
    expect(await job(archive.jobId)).toMatchObject({ done: 2, failed: 0 });
    const archived = await db().select({ status: articles.status, publishedAt: articles.publishedAt }).from(articles).where(eq(articles.categoryId, category.id));
    expect(archived.filter((a) => a.status === "archived").every((a) => a.publishedAt === null)).toBe(true);

    const move = await started({ action: "move", scope: "selected", ids: [draft.id, empty.id].join(","), categoryId: target.id });
    await runBulkJob(move.jobId);
    expect(await job(move.jobId)).toMatchObject({ done: 2 });
    const again = await started({ action: "move", scope: "selected", ids: draft.id, categoryId: target.id });
    await runBulkJob(again.jobId);
    expect((await job(again.jobId)).failures).toEqual([{ id: draft.id, label: "Bozza pronta", reason: ARTICLE_BULK_MESSAGES.alreadyInCategory }]);
    const [moveRecord] = await db().select().from(auditEvents).where(and(eq(auditEvents.action, "move"), eq(auditEvents.itemId, draft.id)));
    expect(moveRecord!.changes).toEqual([{ field: "categoryId", before: category.id, after: target.id }]);

    const remove = await started({ action: "delete", scope: "selected", ids: [draft.id, empty.id].join(",") });
    await runBulkJob(remove.jobId);
    expect(await job(remove.jobId)).toMatchObject({ done: 2 });
    expect(await countWhere(eq(articles.categoryId, target.id))).toBe(0);
    const [deleteRecords] = await db().select({ n: count() }).from(auditEvents).where(eq(auditEvents.action, "delete"));
    expect(deleteRecords!.n).toBe(2);
  });

  itDb("the same form sent twice starts one job", async () => {
    const article = await createArticle({ status: "draft", publishedAt: null });
    const request = { action: "publish", scope: "selected", ids: article.id, key: "modulo-1" };
    const first = await startBulkJob(ADMIN_ACTOR, "articles", request);
    const second = await startBulkJob(ADMIN_ACTOR, "articles", request);
    expect(first).toMatchObject({ ok: true, repeated: false });
    expect(second).toMatchObject({ ok: true, repeated: true, jobId: first.ok ? first.jobId : "" });
    expect((await db().select({ n: count() }).from(bulkJobs))[0]!.n).toBe(1);
    // The same key with another action is refused, not taken for a repeat.
    expect(await startBulkJob(ADMIN_ACTOR, "articles", { ...request, action: "archive" })).toEqual({ ok: false, status: 409, error: BULK_MESSAGES.badRequest });
    expect(await startBulkJob(ADMIN_ACTOR, "contacts", { ...request, action: "archive" })).toEqual({ ok: false, status: 409, error: BULK_MESSAGES.badRequest });
  });
});

describe("housekeeping", () => {
  itDb(`jobs over for more than ${BULK_JOBS_KEPT_DAYS} days go, others stay`, async () => {
    const article = await createArticle({ status: "draft", publishedAt: null });
    const old = await started({ action: "publish", scope: "selected", ids: article.id });
    await runBulkJob(old.jobId);
    const recent = await started({ action: "archive", scope: "selected", ids: article.id });
    await runBulkJob(recent.jobId);
    const waiting = await started({ action: "delete", scope: "selected", ids: article.id });
    await db()
      .update(bulkJobs)
      .set({ finishedAt: sql`now() - interval '31 days'` })
      .where(eq(bulkJobs.id, old.jobId));
    expect(await purgeOldBulkJobs()).toBe(1);
    const left = await db().select({ id: bulkJobs.id }).from(bulkJobs);
    expect(left.map((j) => j.id).sort()).toEqual([recent.jobId, waiting.jobId].sort());
  });
});

describe("bulk actions refused", () => {
  itDb("without the single action's permission (a visitor, a user, a moderator): 401/403 and no job", async () => {
    const article = await createArticle({ status: "draft", publishedAt: null });
    for (const [actor, status, error] of [...REFUSED_ACTORS, [MODERATOR, 403, ADMIN_ACCESS_MESSAGES.notPermitted] as const]) {
      expect(await startBulkJob(actor, "articles", { action: "publish", scope: "selected", ids: article.id, key: key() })).toEqual({ ok: false, status, error });
    }
    // An editor holds articles.manage, not listings.moderate.
    expect(await startBulkJob(EDITOR, "listings", { action: "reactivate", scope: "filter", filter: "", key: key() })).toEqual({
      ok: false,
      status: 403,
      error: ADMIN_ACCESS_MESSAGES.notPermitted,
    });
    expect((await db().select({ n: count() }).from(bulkJobs))[0]!.n).toBe(0);
    const [same] = await db().select({ status: articles.status }).from(articles).where(eq(articles.id, article.id));
    expect(same!.status).toBe("draft");
  });

  itDb("bad input: an Italian message, 400, and no job", async () => {
    const article = await createArticle({ status: "draft", publishedAt: null });
    const base = { action: "publish", scope: "selected", ids: article.id, key: key() };
    const tooMany = Array.from({ length: BULK_LIMITS.explicitIds + 1 }, (_, i) => `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`).join(",");
    const cases: [Parameters<typeof startBulkJob>[2], string][] = [
      [{ ...base, ids: "" }, BULK_MESSAGES.noSelection],
      [{ ...base, ids: " , " }, BULK_MESSAGES.noSelection],
      [{ ...base, action: "unpublish" }, BULK_MESSAGES.unknownAction],
      [{ ...base, action: "suspend" }, BULK_MESSAGES.unknownAction],
      [{ ...base, action: "toString" }, BULK_MESSAGES.unknownAction],
      [{ ...base, ids: tooMany }, BULK_MESSAGES.tooMany],
      [{ ...base, ids: `${article.id},non-un-id` }, BULK_MESSAGES.badSelection],
      [{ ...base, key: "" }, BULK_MESSAGES.badRequest],
      [{ ...base, scope: "tutto" }, BULK_MESSAGES.badRequest],
      [{ ...base, ids: MISSING_ID }, BULK_MESSAGES.nothingMatches],
      [{ ...base, scope: "filter", filter: "q=nessun-articolo-così" }, BULK_MESSAGES.nothingMatches],
      [{ ...base, action: "move" }, BULK_MESSAGES.categoryRequired],
      [{ ...base, action: "move", categoryId: MISSING_ID }, BULK_MESSAGES.categoryRequired],
      [{ ...base, action: "move", categoryId: "cani" }, BULK_MESSAGES.categoryRequired],
    ];
    for (const [request, error] of cases) {
      expect(await startBulkJob(ADMIN_ACTOR, "articles", request), JSON.stringify(request).slice(0, 80)).toEqual({ ok: false, status: 400, error });
    }
    expect((await db().select({ n: count() }).from(bulkJobs))[0]!.n).toBe(0);
  });

  itDb("a job is read with its area's permission, and only in its area", async () => {
    const article = await createArticle({ status: "draft", publishedAt: null });
    const start = await started({ action: "publish", scope: "selected", ids: article.id });
    expect(await getBulkJob(MODERATOR, "articles", start.jobId)).toEqual({ ok: false, status: 403, error: ADMIN_ACCESS_MESSAGES.notPermitted });
    expect(await getBulkJob(ADMIN_ACTOR, "contacts", start.jobId)).toEqual({ ok: false, status: 404, error: BULK_MESSAGES.notFound });
    expect(await getBulkJob(ADMIN_ACTOR, "articles", "non-un-id")).toEqual({ ok: false, status: 404, error: BULK_MESSAGES.notFound });
    expect(await getBulkJob(EDITOR, "articles", start.jobId)).toMatchObject({ ok: true, job: { state: "queued", total: 1, done: 0 } });
  });
});

describe("the confirmation's words", () => {
  itDb("state the count", async () => {
    expect(bulkQuestion("articles", "publish", 12_345)).toBe("Pubblicare 12.345 articoli?");
    expect(bulkQuestion("articles", "publish", 1)).toBe("Pubblicare 1 articolo?");
    expect(bulkQuestion("listings", "suspend", 3)).toBe("Sospendere 3 annunci?");
  });
});
