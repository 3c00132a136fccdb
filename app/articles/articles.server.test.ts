import { eq } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { db } from "~/db/client.server";
import { articles } from "~/db/schema";
import { itDb } from "../../tests/db";
import { createArticle, createCategory } from "../../tests/factories";
import { ARTICLES_PAGE_SIZE, currentViews, getPublishedArticle, latestArticles, listArticles, recordView } from "./articles.server";

const DAY = 86_400_000;

describe("published articles", () => {
  itDb("lists the newest published first, never drafts or archived ones", async () => {
    await createArticle({ slug: "vecchio", publishedAt: new Date(Date.now() - 3 * DAY) });
    await createArticle({ slug: "nuovo", publishedAt: new Date(Date.now() - DAY) });
    await createArticle({ slug: "bozza", status: "draft", publishedAt: null });
    await createArticle({ slug: "archiviato", status: "archived" });
    const latest = await latestArticles(6);
    expect(latest.map((a) => a.slug)).toEqual(["nuovo", "vecchio"]);
    expect(await getPublishedArticle("bozza")).toBeNull();
    expect(await getPublishedArticle("archiviato")).toBeNull();
  });

  itDb("pages by 12 and filters by category", async () => {
    const cani = await createCategory({ slug: "cani-test" });
    for (let i = 0; i < ARTICLES_PAGE_SIZE + 2; i++) {
      await createArticle({ categoryId: i % 2 ? cani.id : null, publishedAt: new Date(Date.now() - i * DAY) });
    }
    const first = await listArticles({ page: 1 });
    expect(first.items).toHaveLength(12);
    expect(first).toMatchObject({ total: 14, pageCount: 2, page: 1 });
    expect((await listArticles({ page: 2 })).items).toHaveLength(2);
    const filtered = await listArticles({ categorySlug: "cani-test" });
    expect(filtered.total).toBe(7);
    expect(filtered.items.every((a) => a.category?.slug === "cani-test")).toBe(true);
    // A nonsense page number falls back to the first page.
    expect((await listArticles({ page: -3 })).page).toBe(1);
  });

  itDb("searches with Italian stemming, ignoring accents, best match first", async () => {
    await createArticle({ slug: "gatti-titolo", title: "I gatti anziani", excerpt: "Cura", content: "<p>Consigli.</p>" });
    await createArticle({ slug: "gatti-testo", title: "Alimentazione", excerpt: "Cibo", content: "<p>Anche il gatto ha bisogno di acqua.</p>" });
    await createArticle({ slug: "perche", title: "Domande frequenti", excerpt: "Risposte", content: "<p>Perché il cane abbaia di notte?</p>" });
    await createArticle({ slug: "altro", title: "Pesci rossi", excerpt: "Acquario", content: "<p>Il pesce nuota.</p>" });

    // Singular query finds the plural, and the title match ranks above the content match.
    const gatto = await listArticles({ q: "gatto" });
    expect(gatto.items.map((a) => a.slug)).toEqual(["gatti-titolo", "gatti-testo"]);
    // Accents are ignored both ways.
    expect((await listArticles({ q: "perche" })).items.map((a) => a.slug)).toEqual(["perche"]);
    expect((await listArticles({ q: "perché cani" })).items.map((a) => a.slug)).toEqual(["perche"]);
    // HTML tags in content are not searchable words.
    expect((await listArticles({ q: "p" })).total).toBe(0);
    expect((await listArticles({ q: "giraffa" })).total).toBe(0);
    // Odd input is harmless.
    expect((await listArticles({ q: "'); drop table articles; --" })).total).toBe(0);
    expect((await listArticles({ q: '"gatto' })).total).toBeGreaterThanOrEqual(0);
  });

  itDb("sanitises the content of the article it returns", async () => {
    await createArticle({ slug: "ostile", content: '<p>Ciao</p><script>alert(1)</script><a href="javascript:alert(2)">x</a>' });
    const article = await getPublishedArticle("ostile");
    expect(article?.html).toBe("<p>Ciao</p><a>x</a>");
  });
});

describe("view counter", () => {
  const created: string[] = [];
  afterAll(async () => {
    for (const id of created) await db().delete(articles).where(eq(articles.id, id));
  });

  it("counts 50 parallel views exactly, and leaves updated_at alone", async () => {
    const article = await createArticle({ views: 0 });
    created.push(article.id);
    const results = await Promise.all(Array.from({ length: 50 }, () => recordView(article.slug)));
    expect(new Set(results).size).toBe(50);
    expect(Math.max(...(results as number[]))).toBe(50);
    const [after] = await db().select().from(articles).where(eq(articles.id, article.id));
    expect(after?.views).toBe(50);
    expect(after?.updatedAt.getTime()).toBe(article.updatedAt.getTime());
    expect(await currentViews(article.slug)).toBe(50);
  });

  itDb("does not count views of unknown or unpublished articles", async () => {
    const draft = await createArticle({ status: "draft" });
    expect(await recordView(draft.slug)).toBeNull();
    expect(await recordView("non-esiste")).toBeNull();
    const [row] = await db().select().from(articles).where(eq(articles.id, draft.id));
    expect(row?.views).toBe(0);
  });
});
