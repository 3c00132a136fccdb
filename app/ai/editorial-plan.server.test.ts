// Saving a plan: one scheduled AI draft per item with the placeholder image, unknown categories
// skipped, slugs unique, nothing saved for a visitor, a user or an empty plan.
import { existsSync } from "node:fs";
import path from "node:path";
import { eq, inArray } from "drizzle-orm";
import { describe, expect } from "vitest";
import { onInvalidate } from "~/cache/cache.server";
import { db } from "~/db/client.server";
import { articles } from "~/db/schema";
import { createActor } from "../../tests/ai";
import { itDb } from "../../tests/db";
import { createArticle, createCategory } from "../../tests/factories";
import { PLAN_GENERATED_BY, saveEditorialPlan } from "./editorial-plan.server";
import { AI_MESSAGES, AI_PLAN_PLACEHOLDER_IMAGE } from "./messages";

const plannedAt = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString();

describe("saveEditorialPlan", () => {
  itDb("creates one scheduled AI draft per item, skipping unknown categories", async () => {
    const admin = await createActor();
    const category = await createCategory();
    const items = [
      { title: "Il cane in estate", topic: "Caldo e passeggiate", category: category.slug, date: plannedAt(1) },
      { title: "Gatti e alberi di Natale", topic: "Sicurezza in casa", category: "categoria-sparita", date: plannedAt(2) },
      { title: "Conigli in appartamento", topic: "Spazi e arricchimento", category: category.slug, date: plannedAt(3) },
    ];
    const dropped: string[][] = [];
    const stop = onInvalidate((tags) => dropped.push([...tags]));
    const result = await saveEditorialPlan(admin, items);
    stop();
    expect(result).toEqual({ ok: true, created: 2, skipped: 1 });
    expect(dropped.flat()).toContain("articles");
    const rows = await db().select().from(articles).where(eq(articles.authorId, admin.id)).orderBy(articles.scheduledPublishDate);
    expect(rows.map((r) => r.title)).toEqual(["Il cane in estate", "Conigli in appartamento"]);
    expect(rows[0]).toMatchObject({
      slug: "il-cane-in-estate",
      status: "draft",
      isScheduled: true,
      categoryId: category.id,
      featuredImage: AI_PLAN_PLACEHOLDER_IMAGE,
      aiGenerated: true,
      excerpt: "Caldo e passeggiate",
      content: "",
      publishedAt: null,
      generationMetadata: { generatedBy: PLAN_GENERATED_BY, topic: "Caldo e passeggiate", planDate: items[0]!.date },
    });
    expect(rows[0]!.scheduledPublishDate!.toISOString()).toBe(items[0]!.date);
  });

  itDb("makes slugs unique: a taken slug and a repeated title get the next number", async () => {
    const admin = await createActor();
    const category = await createCategory();
    await createArticle({ title: "Vaccini del gatto", slug: "vaccini-del-gatto", categoryId: category.id });
    const item = { title: "Vaccini del gatto", topic: "Calendario", category: category.slug, date: plannedAt(1) };
    expect(await saveEditorialPlan(admin, [item, { ...item, date: plannedAt(2) }])).toEqual({ ok: true, created: 2, skipped: 0 });
    const rows = await db().select({ slug: articles.slug }).from(articles).where(eq(articles.authorId, admin.id));
    expect(rows.map((r) => r.slug).sort()).toEqual(["vaccini-del-gatto-2", "vaccini-del-gatto-3"]);
  });

  itDb("saving the same plan twice (a double click) makes its drafts once", async () => {
    const admin = await createActor();
    const category = await createCategory();
    const items = [
      { title: "Il primo bagno del cucciolo", topic: "Quando e come", category: category.slug, date: plannedAt(1) },
      { title: "Spazzolare il pelo lungo", topic: "Attrezzi", category: category.slug, date: plannedAt(2) },
    ];
    expect(await saveEditorialPlan(admin, items)).toEqual({ ok: true, created: 2, skipped: 0 });
    expect(await saveEditorialPlan(admin, items)).toEqual({ ok: true, created: 0, skipped: 0 });
    const rows = await db().select({ title: articles.title }).from(articles).where(eq(articles.authorId, admin.id));
    expect(rows).toHaveLength(2);
  });

  itDb("refuses an empty plan and a malformed one, saving nothing", async () => {
    const admin = await createActor();
    const category = await createCategory();
    expect(await saveEditorialPlan(admin, [])).toEqual({ ok: false, status: 400, error: AI_MESSAGES.planRequired });
    expect(await saveEditorialPlan(admin, undefined)).toEqual({ ok: false, status: 400, error: AI_MESSAGES.planRequired });
    expect(await saveEditorialPlan(admin, "piano")).toEqual({ ok: false, status: 400, error: AI_MESSAGES.planRequired });
    expect(await saveEditorialPlan(admin, [{ title: "", category: category.slug, date: "domani" }])).toEqual({ ok: false, status: 400, error: AI_MESSAGES.planInvalid });
    expect(await db().select().from(articles).where(eq(articles.authorId, admin.id))).toHaveLength(0);
  });

  itDb("refuses a visitor (401) and a user (403), saving nothing", async () => {
    const user = await createActor("user");
    const category = await createCategory();
    const items = [{ title: "Titolo rifiutato", topic: "x", category: category.slug, date: plannedAt(1) }];
    expect(await saveEditorialPlan(null, items)).toMatchObject({ ok: false, status: 401 });
    expect(await saveEditorialPlan(user, items)).toMatchObject({ ok: false, status: 403 });
    expect(await db().select().from(articles).where(inArray(articles.title, ["Titolo rifiutato"]))).toHaveLength(0);
  });

  itDb("points drafts at a placeholder image that exists", async () => {
    expect(existsSync(path.join(process.cwd(), "public", AI_PLAN_PLACEHOLDER_IMAGE))).toBe(true);
  });
});
