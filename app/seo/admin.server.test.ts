import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CurrentUser } from "~/accounts/session.server";
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access.server";
import { setCacheEnabled } from "~/cache/cache.server";
import { db } from "~/db/client.server";
import { articles, seoKeywords, seoRedirects } from "~/db/schema";
import { itDb } from "../../tests/db";
import { createArticle } from "../../tests/factories";
import { articleCounts, createKeyword, deleteKeyword, getKeyword, listKeywords, seoOverview, sitemapStatus, updateKeyword } from "./admin.server";
import { KEYWORD_MESSAGES as M, KEYWORDS_PAGE_SIZE, difficultyBand } from "./keyword-validation";
import { inThousands, overviewCards, overviewChecklist, type SeoFigures } from "./overview";

const admin: CurrentUser = { id: "00000000-0000-4000-8000-0000000000ad", email: "admin@example.it", fullName: "Admin", role: "admin" };
const user: CurrentUser = { ...admin, role: "user" };
const UNKNOWN = "00000000-0000-4000-8000-000000000000";

/** Inside a rolled-back test: only this test's rows. */
async function emptySeoTables() {
  await db().delete(articles);
  await db().delete(seoKeywords);
  await db().delete(seoRedirects);
}

const keywordFields = (values: Record<string, string> = {}) => ({ keyword: "gatto", searchVolume: "100", difficulty: "40", status: "target", notes: "", ...values });

async function storedKeywords() {
  return db().select().from(seoKeywords).orderBy(seoKeywords.keyword);
}

describe("access", () => {
  itDb("every function refuses visitors (401) and users (403), changing nothing", async () => {
    await db().delete(seoKeywords);
    const [kept] = await db().insert(seoKeywords).values({ keyword: "coniglio" }).returning();
    const calls = [
      (who: CurrentUser | null) => seoOverview(who),
      (who: CurrentUser | null) => listKeywords(who),
      (who: CurrentUser | null) => getKeyword(who, kept!.id),
      (who: CurrentUser | null) => createKeyword(who, keywordFields()),
      (who: CurrentUser | null) => updateKeyword(who, kept!.id, keywordFields({ keyword: "criceto" })),
      (who: CurrentUser | null) => deleteKeyword(who, kept!.id),
      (who: CurrentUser | null) => sitemapStatus(who),
    ];
    const before = await storedKeywords();
    for (const call of calls) {
      expect(await call(null)).toEqual({ ok: false, status: 401, error: ADMIN_ACCESS_MESSAGES.mustSignIn });
      expect(await call(user)).toEqual({ ok: false, status: 403, error: ADMIN_ACCESS_MESSAGES.adminOnly });
    }
    expect(await storedKeywords()).toEqual(before);
  });
});

describe("seoOverview", () => {
  itDb("counts articles in SQL and averages the published text without its HTML tags", async () => {
    await emptySeoTables();
    await createArticle({ content: "<p>" + "a".repeat(1000) + "</p>" });
    await createArticle({ content: '<h2 class="x">Titolo</h2><p>' + "b".repeat(1994) + "</p>" });
    // Drafts and archived articles count in the total only.
    await createArticle({ status: "draft", publishedAt: null, content: "c".repeat(50_000) });
    await createArticle({ status: "archived", publishedAt: null });
    await db().insert(seoKeywords).values([{ keyword: "gatto", status: "ranked" }, { keyword: "cane" }, { keyword: "criceto", status: "monitoring" }]);
    await db().insert(seoRedirects).values([
      { fromPath: "/vecchio-a", toPath: "/nuovo" },
      { fromPath: "/vecchio-b", toPath: "/nuovo", isActive: false },
    ]);
    const result = await seoOverview(admin);
    if (!result.ok) throw new Error(result.error);
    // (1000 + 6 + 1994) / 2 = 1500: "Titolo" counts, the tags do not.
    expect(result.figures).toEqual({ publishedArticles: 2, totalArticles: 4, keywords: 3, rankedKeywords: 1, activeRedirects: 1, averageLength: 1500 });
    expect(result.cards.map((c) => [c.id, c.value, c.detail, c.state])).toEqual([
      ["articles", "2", "su 4 totali", "warning"],
      ["keywords", "3", "1 posizionata", "good"],
      ["redirects", "1", "Reindirizzamenti in uso", "good"],
      ["length", "1,5k", "1500 caratteri per articolo", "warning"],
    ]);
    expect(result.checklist.map((c) => c.done)).toEqual([true, false, false, true]);
  });

  itDb("with nothing published: zeros, never a division by zero", async () => {
    await emptySeoTables();
    await createArticle({ status: "draft", publishedAt: null });
    const result = await seoOverview(admin);
    if (!result.ok) throw new Error(result.error);
    expect(result.figures).toEqual({ publishedArticles: 0, totalArticles: 1, keywords: 0, rankedKeywords: 0, activeRedirects: 0, averageLength: 0 });
    expect(result.checklist.map((c) => c.done)).toEqual([false, false, false, true]);
  });
});

describe("the overview's rules", () => {
  const figures = (f: Partial<SeoFigures> = {}): SeoFigures => ({
    publishedArticles: 0,
    totalArticles: 0,
    keywords: 0,
    rankedKeywords: 0,
    activeRedirects: 0,
    averageLength: 0,
    ...f,
  });
  const state = (f: SeoFigures, id: string) => overviewCards(f).find((c) => c.id === id)!.state;
  const done = (f: SeoFigures, index: number) => overviewChecklist(f)[index]!.done;

  it("cards: published over 10, keywords over 0, average over 1500; redirects always good", () => {
    expect(state(figures({ publishedArticles: 10 }), "articles")).toBe("warning");
    expect(state(figures({ publishedArticles: 11 }), "articles")).toBe("good");
    expect(state(figures({ keywords: 0 }), "keywords")).toBe("warning");
    expect(state(figures({ keywords: 1 }), "keywords")).toBe("good");
    expect(state(figures({ averageLength: 1500 }), "length")).toBe("warning");
    expect(state(figures({ averageLength: 1501 }), "length")).toBe("good");
    expect(state(figures({ activeRedirects: 0 }), "redirects")).toBe("good");
  });

  it("checklist: published over 0, keywords over 5, average over 1500, meta tags always", () => {
    expect(done(figures({ publishedArticles: 0 }), 0)).toBe(false);
    expect(done(figures({ publishedArticles: 1 }), 0)).toBe(true);
    expect(done(figures({ keywords: 5 }), 1)).toBe(false);
    expect(done(figures({ keywords: 6 }), 1)).toBe(true);
    expect(done(figures({ averageLength: 1500 }), 2)).toBe(false);
    expect(done(figures({ averageLength: 1501 }), 2)).toBe(true);
    expect(done(figures(), 3)).toBe(true);
  });

  it("shows the average in thousands of characters", () => {
    expect(inThousands(2345)).toBe("2,3k");
    expect(inThousands(0)).toBe("0,0k");
    expect(inThousands(12_960)).toBe("13,0k");
  });

  it("difficulty bands: under 30 low, under 70 medium, otherwise high", () => {
    expect([1, 29, 30, 69, 70, 100].map(difficultyBand)).toEqual(["low", "low", "medium", "medium", "high", "high"]);
  });
});

describe("keywords: create and update", () => {
  itDb("creates with the spec's defaults and coercions", async () => {
    await db().delete(seoKeywords);
    const saved = await createKeyword(admin, { keyword: "  cibo   per\ngatti  ", searchVolume: "abc", difficulty: "xyz", status: "", notes: "  " });
    expect(saved).toMatchObject({ ok: true, message: M.created, keyword: { keyword: "cibo per gatti", searchVolume: 0, difficulty: 50, status: "target", notes: null } });
    // Missing fields: the same defaults.
    expect(await createKeyword(admin, { keyword: "criceto" })).toMatchObject({ ok: true, keyword: { searchVolume: 0, difficulty: 50, status: "target" } });
    expect(await createKeyword(admin, keywordFields({ keyword: "limite", searchVolume: "0", difficulty: "100", status: "ranked" }))).toMatchObject({
      ok: true,
      keyword: { searchVolume: 0, difficulty: 100, status: "ranked", statusLabel: "Posizionata" },
    });
    expect(await createKeyword(admin, keywordFields({ keyword: "minimo", difficulty: "1" }))).toMatchObject({ ok: true, keyword: { difficulty: 1 } });
  });

  itDb("refuses bad input with the field's message and writes nothing", async () => {
    await db().delete(seoKeywords);
    const cases: [Record<string, string>, string, string][] = [
      [{ keyword: "" }, "keyword", M.required],
      [{ keyword: "   \n " }, "keyword", M.required],
      [{ keyword: "x".repeat(101) }, "keyword", M.tooLong],
      [{ searchVolume: "-1" }, "searchVolume", M.volumeInvalid],
      [{ searchVolume: "1.5" }, "searchVolume", M.volumeInvalid],
      [{ searchVolume: "99999999999" }, "searchVolume", M.volumeInvalid],
      [{ difficulty: "0" }, "difficulty", M.difficultyInvalid],
      [{ difficulty: "101" }, "difficulty", M.difficultyInvalid],
      [{ difficulty: "33.3" }, "difficulty", M.difficultyInvalid],
      [{ status: "boh" }, "status", M.statusInvalid],
      [{ notes: "n".repeat(1001) }, "notes", M.notesTooLong],
    ];
    for (const [values, field, message] of cases) {
      const result = await createKeyword(admin, keywordFields(values));
      expect(result, JSON.stringify(values)).toMatchObject({ ok: false, status: 400, error: message, fieldErrors: { [field]: message } });
    }
    expect(await storedKeywords()).toEqual([]);
  });

  itDb("refuses a keyword already listed, in any case; an edit may keep its own text", async () => {
    await db().delete(seoKeywords);
    const first = await createKeyword(admin, keywordFields({ keyword: "Gatto persiano" }));
    if (!first.ok) throw new Error(first.error);
    expect(await createKeyword(admin, keywordFields({ keyword: " gatto  PERSIANO " }))).toMatchObject({ ok: false, status: 409, fieldErrors: { keyword: M.duplicate } });
    const other = await createKeyword(admin, keywordFields({ keyword: "cane" }));
    if (!other.ok) throw new Error(other.error);
    expect(await updateKeyword(admin, other.keyword.id, keywordFields({ keyword: "gatto persiano" }))).toMatchObject({ ok: false, status: 409 });
    const kept = await updateKeyword(admin, first.keyword.id, keywordFields({ keyword: "Gatto persiano", difficulty: "80", status: "monitoring", notes: "<b>nota</b>" }));
    expect(kept).toMatchObject({ ok: true, message: M.updated, keyword: { keyword: "Gatto persiano", difficulty: 80, status: "monitoring", notes: "<b>nota</b>" } });
    expect((await storedKeywords()).map((k) => k.keyword).sort()).toEqual(["Gatto persiano", "cane"]);
  });

  itDb("update: an unknown or malformed id is 404; bad input leaves the row as it was", async () => {
    await db().delete(seoKeywords);
    expect(await updateKeyword(admin, UNKNOWN, keywordFields())).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await updateKeyword(admin, "nessuno", keywordFields())).toEqual({ ok: false, status: 404, error: M.notFound });
    const created = await createKeyword(admin, keywordFields());
    if (!created.ok) throw new Error(created.error);
    const before = await storedKeywords();
    expect(await updateKeyword(admin, created.keyword.id, keywordFields({ keyword: "" }))).toMatchObject({ ok: false, status: 400 });
    expect(await storedKeywords()).toEqual(before);
    expect(await getKeyword(admin, created.keyword.id)).toMatchObject({ ok: true, keyword: { keyword: "gatto" } });
    expect(await getKeyword(admin, UNKNOWN)).toEqual({ ok: false, status: 404, error: M.notFound });
  });

  itDb("delete: removes the keyword once; then 404", async () => {
    await db().delete(seoKeywords);
    const created = await createKeyword(admin, keywordFields());
    if (!created.ok) throw new Error(created.error);
    expect(await deleteKeyword(admin, created.keyword.id)).toEqual({ ok: true, message: M.deleted });
    expect(await deleteKeyword(admin, created.keyword.id)).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await deleteKeyword(admin, "x")).toEqual({ ok: false, status: 404, error: M.notFound });
    expect(await storedKeywords()).toEqual([]);
  });
});

describe("keywords: the list and the articles using each keyword", () => {
  itDb("pages 20 at a time, newest first", async () => {
    await db().delete(seoKeywords);
    const base = Date.parse("2026-01-01T00:00:00Z");
    await db()
      .insert(seoKeywords)
      .values(Array.from({ length: KEYWORDS_PAGE_SIZE + 3 }, (_, i) => ({ keyword: `parola ${i}`, createdAt: new Date(base + i * 60_000) })));
    const first = await listKeywords(admin, { page: 1 });
    const second = await listKeywords(admin, { page: 2 });
    if (!first.ok || !second.ok) throw new Error("list");
    expect(first).toMatchObject({ total: 23, pageCount: 2, page: 1 });
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.keyword).toBe("parola 22");
    expect(second.items.map((k) => k.keyword)).toEqual(["parola 2", "parola 1", "parola 0"]);
    expect(first.items[0]).toMatchObject({ statusLabel: "Target (da posizionare)", articleCount: 0 });
  });

  itDb("counts published articles by Italian full-text search: stemming, accents, meta tags", async () => {
    await db().delete(articles);
    await createArticle({ title: "Come nutrire i gatti anziani", content: "<p>Consigli di alimentazione.</p>" });
    await createArticle({ title: "Il gatto e la lettiera", content: "<p>Pulizia quotidiana.</p>" });
    // Only the meta description uses the word.
    await createArticle({ title: "Pelo lucido", content: "<p>Spazzola ogni giorno.</p>", metaDescription: "Guida alla toelettatura del cane" });
    await createArticle({ title: "Cucciolo", content: "<p>La prima visita dal veterinario è importante.</p>" });
    // Not published: not counted.
    await createArticle({ title: "Gatto in bozza", status: "draft", publishedAt: null });
    await createArticle({ title: "Gatti archiviati", status: "archived", publishedAt: null });
    await db().delete(seoKeywords);
    await db().insert(seoKeywords).values(
      ["gatto", "toelettatura", "veterinàrio", "iguana", "alimentazione gatti", "per"].map((keyword, i) => ({ keyword, createdAt: new Date(Date.UTC(2026, 0, 1, 0, i)) })),
    );
    const result = await listKeywords(admin);
    if (!result.ok) throw new Error(result.error);
    const counts = Object.fromEntries(result.items.map((k) => [k.keyword, k.articleCount]));
    expect(counts).toEqual({
      // "gatti" and "gatto" share the stem.
      gatto: 2,
      toelettatura: 1,
      // Accents are ignored.
      "veterinàrio": 1,
      iguana: 0,
      // Every word must appear, as on /articles?q=….
      "alimentazione gatti": 1,
      // Only a stop word: nothing to look for.
      per: 0,
    });
  });

  itDb("counts the page's keywords in one query, also when some are already kept in memory", async () => {
    await db().delete(articles);
    await createArticle({ title: "Il criceto", content: "<p>Ruota e gabbia.</p>" });
    setCacheEnabled(true);
    try {
      expect(await articleCounts(["criceto"])).toEqual([1]);
      // Kept: a new article does not change it until articles are invalidated...
      await createArticle({ title: "Criceti nani" });
      expect(await articleCounts(["criceto", "gabbia", "criceto"])).toEqual([1, 1, 1]);
    } finally {
      setCacheEnabled(false);
    }
    // ...and without the memory every call counts again.
    expect(await articleCounts(["criceto", "gabbia"])).toEqual([2, 1]);
  });

  itDb("a keyword written with markup is stored as typed (the page escapes it)", async () => {
    await db().delete(seoKeywords);
    const saved = await createKeyword(admin, keywordFields({ keyword: "<img src=x onerror=alert(1)>", notes: "<script>alert(1)</script>" }));
    expect(saved).toMatchObject({ ok: true });
    const [row] = await db().select().from(seoKeywords).where(eq(seoKeywords.keyword, "<img src=x onerror=alert(1)>"));
    expect(row?.notes).toBe("<script>alert(1)</script>");
  });
});

describe("sitemapStatus", () => {
  itDb("says when the served sitemap was built and what it holds", async () => {
    const before = Date.now();
    const result = await sitemapStatus(admin);
    if (!result.ok) throw new Error(result.error);
    expect(result.sitemap.builtAt.getTime()).toBeGreaterThanOrEqual(before - 1000);
    expect(result.sitemap.urlCount).toBeGreaterThan(0);
    expect(result.sitemap.childCount).toBe(0);
  });
});
