// Articles: each back-office write leaves its record in the activity log, in the write's own
// transaction (decision 0108): area, action, item, the fields that changed, who and from where.
import { afterEach, beforeEach, describe, expect } from "vitest";
import { eq } from "drizzle-orm";
import { createArticle, deleteArticle, updateArticle } from "~/articles/admin.server";
import { db } from "~/db/client.server";
import { auditEvents } from "~/db/schema";
import { textSummary } from "~/audit/record.server";
import { itDb } from "../../tests/db";
import { createCategory } from "../../tests/factories";
import { EDITOR_TEMPLATE, changeOf, lastId, onlyRecord, recordsSince, staffAccount } from "../../tests/audit";
import { setCacheEnabled } from "~/cache/cache.server";

beforeEach(() => setCacheEnabled(false));
afterEach(() => setCacheEnabled(false));

describe("articles", () => {
  const form = (categoryId: string, values: Record<string, string> = {}) => ({
    title: "Il primo bagno del cucciolo",
    slug: `primo-bagno-${Date.now()}`,
    categoryId,
    excerpt: "Acqua tiepida e pazienza.",
    content: "<p>Un testo lungo quanto basta.</p>",
    featuredImage: "",
    status: "draft",
    metaTitle: "",
    metaDescription: "",
    scheduledPublishDate: "",
    ...values,
  });

  itDb("create, update, publish, unpublish, archive, schedule and delete each leave their record", async () => {
    const EDITOR = await staffAccount(EDITOR_TEMPLATE);
    const category = await createCategory();
    let mark = await lastId();
    const created = await createArticle(EDITOR, form(category.id));
    if (!created.ok) throw new Error(created.error);
    let record = await onlyRecord(mark, EDITOR);
    expect(record).toMatchObject({ area: "articles", action: "create", itemId: created.id, itemLabel: "Il primo bagno del cucciolo" });
    // The body is kept as its length and fingerprint, never whole.
    expect(changeOf(record, "content")).toEqual({ field: "content", before: null, after: textSummary("<p>Un testo lungo quanto basta.</p>") });
    const slug = form(category.id).slug;

    const steps: [Record<string, string>, string, string[]][] = [
      [{ title: "Il primo bagno", slug }, "update", ["title"]],
      [{ slug, status: "published" }, "publish", ["status", "publishedAt"]],
      [{ slug, status: "draft" }, "unpublish", ["status", "publishedAt"]],
      [{ slug, status: "archived" }, "archive", ["status"]],
    ];
    for (const [values, action, fields] of steps) {
      mark = await lastId();
      const saved = await updateArticle(EDITOR, created.id, form(category.id, values));
      if (!saved.ok) throw new Error(saved.error);
      record = await onlyRecord(mark, EDITOR);
      expect(record.action).toBe(action);
      expect(record.changes.map((c) => c.field).sort()).toEqual(expect.arrayContaining(fields));
    }

    mark = await lastId();
    const when = new Date(Date.now() + 3 * 86_400_000);
    const rome = new Intl.DateTimeFormat("sv-SE", { timeZone: "Europe/Rome", dateStyle: "short", timeStyle: "short" }).format(when).replace(" ", "T");
    const scheduled = await updateArticle(EDITOR, created.id, form(category.id, { slug, status: "draft", isScheduled: "on", scheduledPublishDate: rome }));
    if (!scheduled.ok) throw new Error(scheduled.error);
    record = await onlyRecord(mark, EDITOR);
    expect(record.action).toBe("schedule");
    expect(changeOf(record, "isScheduled")).toMatchObject({ before: false, after: true });

    mark = await lastId();
    expect(await deleteArticle(EDITOR, created.id)).toMatchObject({ ok: true });
    record = await onlyRecord(mark, EDITOR);
    expect(record).toMatchObject({ area: "articles", action: "delete", itemId: created.id, itemLabel: "Il primo bagno del cucciolo" });
    // The record outlives the article.
    expect((await db().select().from(auditEvents).where(eq(auditEvents.itemId, created.id))).length).toBeGreaterThanOrEqual(7);
  });

  itDb("an unchanged body is not listed; a changed one shows both summaries", async () => {
    const EDITOR = await staffAccount(EDITOR_TEMPLATE);
    const category = await createCategory();
    const created = await createArticle(EDITOR, form(category.id));
    if (!created.ok) throw new Error(created.error);
    const slug = form(category.id).slug;
    let mark = await lastId();
    await updateArticle(EDITOR, created.id, form(category.id, { slug, excerpt: "Altro riassunto." }));
    expect(changeOf(await onlyRecord(mark, EDITOR), "content")).toBeUndefined();
    mark = await lastId();
    await updateArticle(EDITOR, created.id, form(category.id, { slug, content: "<p>Nuovo testo.</p>" }));
    expect(changeOf(await onlyRecord(mark, EDITOR), "content")).toEqual({
      field: "content",
      before: textSummary("<p>Un testo lungo quanto basta.</p>"),
      after: textSummary("<p>Nuovo testo.</p>"),
    });
  });

  itDb("a save that fails (a slug taken) leaves no record", async () => {
    const EDITOR = await staffAccount(EDITOR_TEMPLATE);
    const category = await createCategory();
    const first = await createArticle(EDITOR, form(category.id, { slug: "occupato" }));
    expect(first.ok).toBe(true);
    const mark = await lastId();
    expect(await createArticle(EDITOR, form(category.id, { slug: "occupato" }))).toMatchObject({ ok: false, status: 409 });
    expect(await recordsSince(mark)).toEqual([]);
  });
});
