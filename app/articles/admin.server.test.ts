import { and, eq } from "drizzle-orm";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { CurrentUser } from "~/accounts/session.server";
import { ADMIN_ACCESS_MESSAGES } from "~/admin/access.server";
import { onInvalidate, setCacheEnabled, type CacheTag } from "~/cache/cache.server";
import { db, transaction } from "~/db/client.server";
import { uniqueViolation } from "~/db/errors";
import { articleRevisions, articles, seoRedirects } from "~/db/schema";
import { applyRedirect } from "~/seo/redirects.server";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { createArticle as createArticleRow, createCategory } from "../../tests/factories";
import {
  autosaveArticle,
  createArticle,
  deleteArticle,
  getArticleForEdit,
  getArticlePreview,
  getRevision,
  listArticlesForAdmin,
  listRevisions,
  publishedAtOnSave,
  restoreRevision,
  updateArticle,
} from "./admin.server";
import {
  ARTICLE_AUTOSAVES_KEPT,
  ARTICLE_MESSAGES as M,
  ARTICLE_REVISIONS_KEPT,
  revisionsSummary,
  isBlankContent,
  parseRomeDateTime,
  saveError,
  slugify,
  toRomeDateTimeInput,
} from "./validation";

async function admin(fullName = "Giulia Rossi"): Promise<CurrentUser> {
  const account = await createAccount({ role: "admin", fullName });
  return { id: account.id, email: account.email, fullName, role: "admin" };
}

async function user(): Promise<CurrentUser> {
  const account = await createAccount();
  return { id: account.id, email: account.email, fullName: "Utente", role: "user" };
}

/** A datetime-local value `minutes` from now, in Rome. */
function romeInput(minutes: number): string {
  return toRomeDateTimeInput(new Date(Date.now() + minutes * 60_000));
}

async function form(overrides: Record<string, string> = {}): Promise<Record<string, string>> {
  const categoryId = overrides.categoryId ?? (await createCategory()).id;
  return {
    title: "Come educare il cucciolo",
    slug: "come-educare-il-cucciolo",
    categoryId,
    excerpt: "Le prime regole per un cucciolo sereno.",
    content: "<p>Pazienza, costanza e tanti premi.</p>",
    featuredImage: "",
    status: "draft",
    metaTitle: "",
    metaDescription: "",
    scheduledPublishDate: "",
    ...overrides,
  };
}

const rowOf = async (id: string) => (await db().select().from(articles).where(eq(articles.id, id)))[0];
const revisionsOf = (id: string) => db().select().from(articleRevisions).where(eq(articleRevisions.articleId, id));
const redirects = () => db().select({ from: seoRedirects.fromPath, to: seoRedirects.toPath, type: seoRedirects.redirectType, active: seoRedirects.isActive }).from(seoRedirects);

/** An article an admin created published: who, with which fields, its id and the publication date it got. */
async function publishedArticle() {
  const me = await admin();
  const fields = await form({ status: "published" });
  const created = await createArticle(me, fields);
  if (!created.ok) throw new Error(created.error);
  return { me, fields, id: created.id, first: (await rowOf(created.id))!.publishedAt! };
}

describe("slugify", () => {
  it("lowercases, removes accents, turns the rest into single hyphens and trims them", () => {
    expect(slugify("Perché il cane è felice?")).toBe("perche-il-cane-e-felice");
    expect(slugify("Cani & gatti: 10 consigli (utili)!")).toBe("cani-gatti-10-consigli-utili");
    expect(slugify("a -- b__c   d")).toBe("a-b-c-d");
    expect(slugify("  --Già fatto--  ")).toBe("gia-fatto");
    expect(slugify("L'età del gatto")).toBe("l-eta-del-gatto");
    expect(slugify("Straße Œuvre")).toBe("strasse-oeuvre");
    expect(slugify("")).toBe("");
    expect(slugify("?!… ---")).toBe("");
    expect(slugify("🐶🐱")).toBe("");
  });
});

describe("validation helpers", () => {
  it("reads a datetime-local value as Rome's time, summer and winter", () => {
    expect(parseRomeDateTime("2026-07-01T10:00")?.toISOString()).toBe("2026-07-01T08:00:00.000Z");
    expect(parseRomeDateTime("2026-12-01T10:00")?.toISOString()).toBe("2026-12-01T09:00:00.000Z");
    expect(parseRomeDateTime("2026-02-30T10:00")).toBeNull();
    expect(parseRomeDateTime("domani")).toBeNull();
    expect(toRomeDateTimeInput(new Date("2026-07-01T08:00:00Z"))).toBe("2026-07-01T10:00");
  });

  it("counts an editor's empty paragraphs as no content", () => {
    expect(isBlankContent("<p></p>")).toBe(true);
    expect(isBlankContent("<p><br></p>&nbsp;")).toBe(true);
    expect(isBlankContent("<p>Ciao</p>")).toBe(false);
    expect(isBlankContent('<img src="/uploads/a.webp">')).toBe(false);
  });

});

describe("createArticle", () => {
  itDb("creates the article with the admin as author, one revision, and the spec's message", async () => {
    const me = await admin();
    const result = await createArticle(me, await form());
    expect(result).toMatchObject({ ok: true, message: "Articolo creato!", slug: "come-educare-il-cucciolo" });
    if (!result.ok) return;
    const row = await rowOf(result.id);
    expect(row).toMatchObject({ authorId: me.id, status: "draft", publishedAt: null, aiGenerated: false, isScheduled: false });
    const revisions = await revisionsOf(result.id);
    expect(revisions).toHaveLength(1);
    expect(revisions[0]).toMatchObject({ authorId: me.id, title: "Come educare il cucciolo", slug: "come-educare-il-cucciolo", status: "draft" });
  });

  itDb("requires every required field, with a field error each and 'Errore: …' first", async () => {
    const me = await admin();
    const result = await createArticle(me, { title: " ", slug: "", categoryId: "", excerpt: "", content: "<p></p>", status: "" });
    expect(result.ok).toBe(false);
    if (result.ok) return;
    expect(result.status).toBe(400);
    expect(result.error).toBe(saveError(M.titleRequired));
    expect(result.fieldErrors).toEqual({
      title: M.titleRequired,
      slug: M.slugRequired,
      categoryId: M.categoryRequired,
      excerpt: M.excerptRequired,
      content: M.contentRequired,
      status: M.statusRequired,
    });
    expect(await db().select().from(articles)).toHaveLength(0);
  });

  itDb("normalises a typed slug, refuses one with nothing left, and bounds the lengths", async () => {
    const me = await admin();
    const typed = await createArticle(me, await form({ slug: "Il Mio Slug!" }));
    expect(typed).toMatchObject({ ok: true, slug: "il-mio-slug" });
    const symbols = await createArticle(me, await form({ slug: "%%%" }));
    expect(symbols).toMatchObject({ ok: false, status: 400, fieldErrors: { slug: M.slugInvalid } });
    const long = await createArticle(me, await form({ title: "x".repeat(201), slug: "lungo" }));
    expect(long).toMatchObject({ ok: false, fieldErrors: { title: M.titleTooLong } });
    const huge = await createArticle(me, await form({ slug: "enorme", content: `<p>${"a".repeat(500_001)}</p>` }));
    expect(huge).toMatchObject({ ok: false, fieldErrors: { content: M.contentTooLong } });
    const image = await createArticle(me, await form({ slug: "immagine", featuredImage: "javascript:alert(1)" }));
    expect(image).toMatchObject({ ok: false, fieldErrors: { featuredImage: M.imageInvalid } });
  });

  itDb("refuses an unknown category", async () => {
    const me = await admin();
    const result = await createArticle(me, await form({ categoryId: "00000000-0000-4000-8000-000000000000" }));
    expect(result).toMatchObject({ ok: false, status: 400, error: saveError(M.categoryRequired) });
  });

  itDb("a slug in use gets the clear message (409), and a double submit makes one article", async () => {
    const me = await admin();
    const fields = await form();
    const first = await createArticle(me, fields);
    const second = await createArticle(me, fields);
    expect(first.ok).toBe(true);
    expect(second).toMatchObject({ ok: false, status: 409, error: saveError(M.slugInUse), fieldErrors: { slug: M.slugInUse } });
    expect(await db().select().from(articles).where(eq(articles.slug, fields.slug!))).toHaveLength(1);
  });

  itDb("the database's own refusal of a duplicate slug (two saves racing) is recognised as 'slug in use'", async () => {
    // Two saves at once cannot interleave inside one test transaction: the race's last step, the
    // unique violation of the insert that lost, is checked as the driver reports it.
    await createArticleRow({ slug: "doppio-invio" });
    const error = await transaction(() => createArticleRow({ slug: "doppio-invio" })).catch((e: unknown) => e);
    expect(uniqueViolation(error)).toContain("slug");
    expect(uniqueViolation(new Error("altro"))).toBeNull();
  });

  itDb("scheduling needs a date, a real one, not in the past; the date is Rome's time", async () => {
    const me = await admin();
    const missing = await createArticle(me, await form({ isScheduled: "on", scheduledPublishDate: "" }));
    expect(missing).toMatchObject({ ok: false, status: 400, fieldErrors: { scheduledPublishDate: M.scheduleRequired } });
    const invalid = await createArticle(me, await form({ isScheduled: "on", scheduledPublishDate: "2026-13-01T10:00" }));
    expect(invalid).toMatchObject({ ok: false, fieldErrors: { scheduledPublishDate: M.scheduleInvalid } });
    const past = await createArticle(me, await form({ isScheduled: "on", scheduledPublishDate: romeInput(-120) }));
    expect(past).toMatchObject({ ok: false, status: 400, error: saveError(M.schedulePast) });
    expect(await db().select().from(articles)).toHaveLength(0);

    const future = await createArticle(me, await form({ isScheduled: "on", scheduledPublishDate: "2099-03-01T09:30" }));
    expect(future.ok).toBe(true);
    if (!future.ok) return;
    const row = await rowOf(future.id);
    expect(row).toMatchObject({ isScheduled: true, status: "draft", publishedAt: null });
    expect(row!.scheduledPublishDate?.toISOString()).toBe("2099-03-01T08:30:00.000Z");

    // Not scheduled: a date left in the hidden field is not kept.
    const unticked = await createArticle(me, await form({ slug: "senza-data", scheduledPublishDate: "2099-03-01T09:30" }));
    if (!unticked.ok) throw new Error(unticked.error);
    expect(await rowOf(unticked.id)).toMatchObject({ isScheduled: false, scheduledPublishDate: null });
  });

  itDb("keeps ai_generated false unless the form says so", async () => {
    const me = await admin();
    const plain = await createArticle(me, await form({ slug: "a-mano" }));
    const ai = await createArticle(me, await form({ slug: "con-ia", aiGenerated: "true" }));
    if (!plain.ok || !ai.ok) throw new Error("not saved");
    expect((await rowOf(plain.id))!.aiGenerated).toBe(false);
    expect((await rowOf(ai.id))!.aiGenerated).toBe(true);
  });

  itDb("saves the generator's ai_generated and generation_metadata; an update without the field keeps them", async () => {
    const me = await admin();
    const metadata = { generatedBy: "gpt-4o-mini", topic: "Cuccioli e pappe", planDate: "2026-12-01T09:00:00.000Z" };
    const created = await createArticle(me, await form({ slug: "scritto-da-ia", aiGenerated: "true", generationMetadata: JSON.stringify(metadata) }));
    if (!created.ok) throw new Error(created.error);
    expect(await rowOf(created.id)).toMatchObject({ aiGenerated: true, generationMetadata: metadata });
    const loaded = await getArticleForEdit(me, created.id);
    expect(loaded.ok && loaded.article.generationMetadata).toEqual(metadata);

    const withoutField = await form({ slug: "scritto-da-ia", aiGenerated: "true", title: "Nuovo titolo" });
    const kept = await updateArticle(me, created.id, withoutField);
    if (!kept.ok) throw new Error(kept.error);
    expect((await rowOf(created.id))!.generationMetadata).toEqual(metadata);

    const cleared = await updateArticle(me, created.id, await form({ slug: "scritto-da-ia", generationMetadata: "" }));
    if (!cleared.ok) throw new Error(cleared.error);
    expect(await rowOf(created.id)).toMatchObject({ aiGenerated: false, generationMetadata: null });
  });

  itDb("refuses generation_metadata that is not the expected JSON, nothing written", async () => {
    const me = await admin();
    for (const bad of ["{", "[1]", JSON.stringify({ generatedBy: "ai", extra: "x" }), JSON.stringify({ topic: 5 }), JSON.stringify({ generatedBy: "x".repeat(101) })]) {
      const result = await createArticle(me, await form({ slug: "metadati-errati", generationMetadata: bad }));
      expect(result.ok, bad).toBe(false);
      if (result.ok) continue;
      expect(result.status).toBe(400);
      expect(result.error).toBe(saveError(M.generationMetadataInvalid));
    }
    expect(await db().select().from(articles).where(eq(articles.slug, "metadati-errati"))).toEqual([]);
  });

  itDb("is refused to a visitor (401) and a user (403), nothing written", async () => {
    const fields = await form();
    expect(await createArticle(null, fields)).toMatchObject({ ok: false, status: 401, error: ADMIN_ACCESS_MESSAGES.mustSignIn });
    expect(await createArticle(await user(), fields)).toMatchObject({ ok: false, status: 403, error: ADMIN_ACCESS_MESSAGES.adminOnly });
    expect(await db().select().from(articles)).toHaveLength(0);
  });
});

describe("updateArticle", () => {
  itDb("sets published_at to now on each save while published, and clears it otherwise", async () => {
    const { me, fields, id, first } = await publishedArticle();
    expect(first).toBeInstanceOf(Date);
    await new Promise((r) => setTimeout(r, 5));
    const again = await updateArticle(me, id, { ...fields, title: "Titolo nuovo" });
    expect(again).toMatchObject({ ok: true, message: "Articolo aggiornato!" });
    const second = (await rowOf(id))!.publishedAt!;
    expect(second.getTime()).toBeGreaterThan(first.getTime());
    await updateArticle(me, id, { ...fields, status: "archived" });
    expect((await rowOf(id))!.publishedAt).toBeNull();
  });

  itDb("a slug used by another article is refused; its own slug is fine", async () => {
    const me = await admin();
    await createArticleRow({ slug: "occupato" });
    const created = await createArticle(me, await form());
    if (!created.ok) throw new Error(created.error);
    const fields = await form();
    expect(await updateArticle(me, created.id, { ...fields, slug: "occupato" })).toMatchObject({ ok: false, status: 409, fieldErrors: { slug: M.slugInUse } });
    expect(await updateArticle(me, created.id, fields)).toMatchObject({ ok: true });
    expect((await rowOf(created.id))!.slug).toBe("come-educare-il-cucciolo");
  });

  itDb("unknown or malformed ids: 404 with the load message", async () => {
    const me = await admin();
    const fields = await form();
    expect(await updateArticle(me, "non-un-id", fields)).toMatchObject({ ok: false, status: 404, error: M.loadError });
    expect(await updateArticle(me, "00000000-0000-4000-8000-000000000000", fields)).toMatchObject({ ok: false, status: 404, error: M.loadError });
    expect(await getArticleForEdit(me, "abc")).toMatchObject({ ok: false, status: 404, error: M.loadError });
    expect(await getArticleForEdit(me, "00000000-0000-4000-8000-000000000000")).toMatchObject({ ok: false, status: 404 });
  });

  itDb("a scheduled date saved before may stay even once passed; a new past date is refused", async () => {
    const me = await admin();
    const category = await createCategory();
    const passed = new Date(Date.now() - 3 * 3_600_000);
    const row = await createArticleRow({ status: "draft", publishedAt: null, categoryId: category.id, isScheduled: true, scheduledPublishDate: passed });
    const fields = await form({ categoryId: category.id, slug: row.slug, isScheduled: "on", scheduledPublishDate: toRomeDateTimeInput(passed) });
    expect(await updateArticle(me, row.id, fields)).toMatchObject({ ok: true });
    const earlier = await updateArticle(me, row.id, { ...fields, scheduledPublishDate: romeInput(-600) });
    expect(earlier).toMatchObject({ ok: false, fieldErrors: { scheduledPublishDate: M.schedulePast } });
  });

  itDb("keeps only the last 25 revisions, newest first, with who saved them", async () => {
    const me = await admin("Marta Bianchi");
    const fields = await form();
    const created = await createArticle(me, fields);
    if (!created.ok) throw new Error(created.error);
    for (let i = 1; i <= 29; i++) {
      const saved = await updateArticle(me, created.id, { ...fields, title: `Versione ${i}` });
      if (!saved.ok) throw new Error(saved.error);
    }
    expect(await revisionsOf(created.id)).toHaveLength(ARTICLE_REVISIONS_KEPT);
    const listed = await listRevisions(me, created.id);
    if (!listed.ok) throw new Error(listed.error);
    expect(listed.revisions).toHaveLength(25);
    expect(listed.revisions[0]).toMatchObject({ title: "Versione 29", authorName: "Marta Bianchi" });
    expect(listed.revisions[24]!.title).toBe("Versione 5");
  });
});

describe("restoreRevision", () => {
  itDb("saves a past version as a new save: new revision, published_at rule, slug check", async () => {
    const me = await admin();
    const fields = await form({ status: "published" });
    const created = await createArticle(me, fields);
    if (!created.ok) throw new Error(created.error);
    await updateArticle(me, created.id, { ...fields, title: "Titolo cambiato", content: "<p>Altro testo</p>", status: "draft" });
    const listed = await listRevisions(me, created.id);
    if (!listed.ok) throw new Error(listed.error);
    const original = listed.revisions.at(-1)!;
    expect(original.title).toBe("Come educare il cucciolo");

    const view = await getRevision(me, created.id, original.id);
    expect(view).toMatchObject({ ok: true, revision: { title: "Come educare il cucciolo", html: "<p>Pazienza, costanza e tanti premi.</p>" } });

    const restored = await restoreRevision(me, created.id, original.id);
    expect(restored).toMatchObject({ ok: true, message: M.restored });
    const row = await rowOf(created.id);
    expect(row).toMatchObject({ title: "Come educare il cucciolo", content: "<p>Pazienza, costanza e tanti premi.</p>", status: "published" });
    expect(row!.publishedAt).toBeInstanceOf(Date);
    const after = await listRevisions(me, created.id);
    if (!after.ok) throw new Error(after.error);
    expect(after.revisions).toHaveLength(3);
    expect(after.revisions[0]!.title).toBe("Come educare il cucciolo");

    // Its slug taken since by another article: the clear message, nothing changed.
    await updateArticle(me, created.id, { ...fields, slug: "nuovo-indirizzo" });
    await createArticleRow({ slug: "come-educare-il-cucciolo" });
    expect(await restoreRevision(me, created.id, original.id)).toMatchObject({ ok: false, status: 409, error: saveError(M.slugInUse) });
    expect((await rowOf(created.id))!.slug).toBe("nuovo-indirizzo");
  });

  itDb("shows sanitised content, and refuses a revision of another article", async () => {
    const me = await admin();
    const created = await createArticle(me, await form({ content: '<p>Ciao</p><script>alert(1)</script><img src="x" onerror="alert(1)">' }));
    const other = await createArticle(me, await form({ slug: "altro" }));
    if (!created.ok || !other.ok) throw new Error("not saved");
    const [revision] = await revisionsOf(created.id);
    const view = await getRevision(me, created.id, revision!.id);
    if (!view.ok) throw new Error(view.error);
    expect(view.revision.html).not.toContain("script");
    expect(view.revision.html).not.toContain("onerror");
    expect(await getRevision(me, other.id, revision!.id)).toMatchObject({ ok: false, status: 404 });
    expect(await restoreRevision(me, other.id, revision!.id)).toMatchObject({ ok: false, status: 404 });
    expect(await restoreRevision(me, created.id, "x")).toMatchObject({ ok: false, status: 404 });
  });
});

describe("address change of a published article", () => {
  itDb("redirects the old address (301), without chains, and removes it when renamed back", async () => {
    const me = await admin();
    const fields = await form({ slug: "primo", status: "published" });
    const created = await createArticle(me, fields);
    if (!created.ok) throw new Error(created.error);
    await db().insert(seoRedirects).values({ fromPath: "/vecchio-link", toPath: "/article/primo" });

    await updateArticle(me, created.id, { ...fields, slug: "secondo" });
    expect(await redirects()).toEqual(
      expect.arrayContaining([
        { from: "/article/primo", to: "/article/secondo", type: 301, active: true },
        { from: "/vecchio-link", to: "/article/secondo", type: 301, active: true },
      ]),
    );

    await updateArticle(me, created.id, { ...fields, slug: "terzo" });
    const third = await redirects();
    expect(third).toHaveLength(3);
    expect(third.every((r) => r.to === "/article/terzo")).toBe(true);

    const response = await applyRedirect(new Request("http://localhost:3000/article/primo"));
    expect(response?.status).toBe(301);
    expect(response?.headers.get("location")).toBe("/article/terzo");

    // Back to the first address: no redirect may lead away from it any more.
    await updateArticle(me, created.id, { ...fields, slug: "primo" });
    const back = await redirects();
    expect(back.find((r) => r.from === "/article/primo")).toBeUndefined();
    expect(back.every((r) => r.to === "/article/primo")).toBe(true);
    expect(await applyRedirect(new Request("http://localhost:3000/article/primo"))).toBeNull();
    expect((await applyRedirect(new Request("http://localhost:3000/article/secondo")))?.headers.get("location")).toBe("/article/primo");
  });

  itDb("a draft changing its slug leaves no redirect", async () => {
    const me = await admin();
    const fields = await form({ slug: "bozza" });
    const created = await createArticle(me, fields);
    if (!created.ok) throw new Error(created.error);
    await updateArticle(me, created.id, { ...fields, slug: "bozza-due", status: "published" });
    expect(await redirects()).toEqual([]);
  });
});

describe("deleteArticle", () => {
  itDb("deletes the article and its revisions; an unknown id gets the spec's message", async () => {
    const me = await admin();
    const created = await createArticle(me, await form());
    if (!created.ok) throw new Error(created.error);
    expect(await deleteArticle(me, created.id)).toMatchObject({ ok: true });
    expect(await rowOf(created.id)).toBeUndefined();
    expect(await revisionsOf(created.id)).toHaveLength(0);
    expect(await deleteArticle(me, created.id)).toMatchObject({ ok: false, status: 404, error: M.deleteError });
    expect(await deleteArticle(me, "nope")).toMatchObject({ ok: false, status: 404, error: M.deleteError });
  });
});

describe("cache invalidation", () => {
  let seen: CacheTag[][] = [];
  let stop: () => void = () => {};
  beforeEach(() => {
    seen = [];
    stop = onInvalidate((tags) => seen.push([...tags]));
  });
  afterEach(() => stop());

  itDb("every save, restore and delete drops the articles' and categories' pages; a redirect drops the redirects", async () => {
    const me = await admin();
    const fields = await form({ status: "published" });
    const created = await createArticle(me, fields);
    if (!created.ok) throw new Error(created.error);
    expect(seen.flat()).toEqual(expect.arrayContaining(["articles", "categories"]));
    seen = [];
    await updateArticle(me, created.id, { ...fields, slug: "nuovo" });
    expect(seen.flat()).toEqual(expect.arrayContaining(["articles", "categories", "redirects"]));
    const [revision] = (await listRevisions(me, created.id)).ok ? (await revisionsOf(created.id)).slice(-1) : [];
    seen = [];
    await restoreRevision(me, created.id, revision!.id);
    expect(seen.flat()).toEqual(expect.arrayContaining(["articles", "categories"]));
    seen = [];
    await deleteArticle(me, created.id);
    expect(seen.flat()).toEqual(expect.arrayContaining(["articles", "categories"]));
    seen = [];
    await createArticle(me, { ...fields, slug: "" });
    expect(seen).toEqual([]);
  });
});

describe("listArticlesForAdmin", () => {
  itDb("every status, newest created first, 20 a page with the total; search, status and category filters", async () => {
    const me = await admin();
    const dogs = await createCategory({ name: "Cani" });
    const start = Date.now() - 100_000;
    for (let i = 0; i < 23; i++) {
      await createArticleRow({
        title: i === 3 ? "Il 100% del GATTO_felice" : `Articolo numero ${i}`,
        status: i % 3 === 0 ? "draft" : "published",
        categoryId: i < 5 ? dogs.id : null,
        createdAt: new Date(start + i * 1000),
      });
    }
    const first = await listArticlesForAdmin(me, {});
    if (!first.ok) throw new Error(first.error);
    expect(first.total).toBe(23);
    expect(first.pageCount).toBe(2);
    expect(first.items).toHaveLength(20);
    expect(first.items[0]!.title).toBe("Articolo numero 22");
    expect(first.items[0]).toMatchObject({ statusLabel: "Pubblicato", categoryName: null });
    const second = await listArticlesForAdmin(me, { page: 2 });
    if (!second.ok) throw new Error(second.error);
    expect(second.items.map((i) => i.title)).toEqual(["Articolo numero 2", "Articolo numero 1", "Articolo numero 0"]);

    const search = await listArticlesForAdmin(me, { q: "gatto_F" });
    if (!search.ok) throw new Error(search.error);
    expect(search.items.map((i) => i.title)).toEqual(["Il 100% del GATTO_felice"]);
    const percent = await listArticlesForAdmin(me, { q: "%" });
    if (!percent.ok) throw new Error(percent.error);
    expect(percent.total).toBe(1);
    const underscore = await listArticlesForAdmin(me, { q: "o_n" });
    if (!underscore.ok) throw new Error(underscore.error);
    expect(underscore.total).toBe(0);

    const drafts = await listArticlesForAdmin(me, { status: "draft", categoryId: dogs.id });
    if (!drafts.ok) throw new Error(drafts.error);
    expect(drafts.items.map((i) => i.title)).toEqual(["Il 100% del GATTO_felice", "Articolo numero 0"]);
    expect(drafts.items[0]).toMatchObject({ categoryName: "Cani", statusLabel: "Bozza" });

    const junk = await listArticlesForAdmin(me, { status: "boh", categoryId: "x", page: -3 });
    if (!junk.ok) throw new Error(junk.error);
    expect(junk).toMatchObject({ total: 23, page: 1, filters: { q: "", status: "", categoryId: "" } });
    expect(junk.categories.map((c) => c.name)).toContain("Cani");
  });

  itDb("is refused to visitors and users", async () => {
    expect(await listArticlesForAdmin(null, {})).toMatchObject({ ok: false, status: 401 });
    expect(await listArticlesForAdmin(await user(), {})).toMatchObject({ ok: false, status: 403 });
  });
});

describe("getArticlePreview", () => {
  itDb("finds an article that is not published, for admins only", async () => {
    const me = await admin();
    const draft = await createArticleRow({ status: "draft", publishedAt: null, content: "<p>Bozza</p><script>x</script>" });
    const published = await createArticleRow();
    expect(await getArticlePreview(me, draft.slug)).toMatchObject({ title: draft.title, html: "<p>Bozza</p>", statusLabel: "Bozza" });
    expect(await getArticlePreview(me, published.slug)).toBeNull();
    expect(await getArticlePreview(await user(), draft.slug)).toBeNull();
    expect(await getArticlePreview(null, draft.slug)).toBeNull();
    const archived = await db().update(articles).set({ status: "archived" }).where(and(eq(articles.id, draft.id))).returning();
    expect(await getArticlePreview(me, archived[0]!.slug)).toMatchObject({ statusLabel: "Archiviato" });
  });
});

describe("the admin list's kept counts", () => {
  afterEach(() => setCacheEnabled(false));

  itDb("follow a new and a deleted article at once", async () => {
    setCacheEnabled(true);
    const actor = await admin();
    const before = await listArticlesForAdmin(actor, { status: "draft" });
    if (!before.ok) throw new Error(before.error);
    const created = await createArticle(actor, await form({ status: "draft" }));
    if (!created.ok) throw new Error(created.error);
    const after = await listArticlesForAdmin(actor, { status: "draft" });
    expect(after.ok && after.total).toBe(before.total + 1);
    expect((await deleteArticle(actor, created.id)).ok).toBe(true);
    const again = await listArticlesForAdmin(actor, { status: "draft" });
    expect(again.ok && again.total).toBe(before.total);
  });
});

// --- The editor's save bar: keep the publish date, version check, autosave (decision 0103) -------

/** The version the edit page hands its form: the article's updated_at as loaded. */
async function versionOf(id: string): Promise<string> {
  const row = await rowOf(id);
  return row!.updatedAt.toISOString();
}

describe("published_at on save", () => {
  it("now when published, kept only for an article that was already published and asked to keep it", () => {
    const now = new Date("2026-11-27T18:00:00Z");
    const old = new Date("2026-01-10T09:00:00Z");
    expect(publishedAtOnSave("published", now, false, { status: "published", publishedAt: old })).toBe(now);
    expect(publishedAtOnSave("published", now, true, { status: "published", publishedAt: old })).toBe(old);
    expect(publishedAtOnSave("published", now, true, { status: "draft", publishedAt: null })).toBe(now);
    expect(publishedAtOnSave("published", now, true, undefined)).toBe(now);
    expect(publishedAtOnSave("draft", now, true, { status: "published", publishedAt: old })).toBeNull();
  });

  itDb("\"Mantieni la data di pubblicazione\" keeps the date of a published article; the default moves it to now", async () => {
    const { me, fields, id, first } = await publishedArticle();
    await new Promise((r) => setTimeout(r, 5));
    expect(await updateArticle(me, id, { ...fields, title: "Refuso corretto", keepPublishedAt: "on" })).toMatchObject({ ok: true });
    expect((await rowOf(id))!).toMatchObject({ title: "Refuso corretto", publishedAt: first });
    await new Promise((r) => setTimeout(r, 5));
    expect(await updateArticle(me, id, { ...fields, title: "Aggiornamento vero" })).toMatchObject({ ok: true });
    expect((await rowOf(id))!.publishedAt!.getTime()).toBeGreaterThan(first.getTime());
  });

  itDb("a draft published with the box ticked gets now: there is no date to keep", async () => {
    const me = await admin();
    const fields = await form();
    const created = await createArticle(me, fields);
    if (!created.ok) throw new Error(created.error);
    const before = Date.now();
    expect(await updateArticle(me, created.id, { ...fields, status: "published", keepPublishedAt: "on" })).toMatchObject({ ok: true });
    expect((await rowOf(created.id))!.publishedAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
  });
});

describe("a save over a newer version", () => {
  itDb("is refused with the Italian message, and changes nothing", async () => {
    const me = await admin();
    const fields = await form();
    const created = await createArticle(me, fields);
    if (!created.ok) throw new Error(created.error);
    const opened = await versionOf(created.id);
    // The other tab saves first.
    expect(await updateArticle(me, created.id, { ...fields, title: "Dall'altra scheda", baseUpdatedAt: opened })).toMatchObject({ ok: true });
    const revisions = (await revisionsOf(created.id)).length;
    const stale = await updateArticle(me, created.id, { ...fields, title: "Da questa scheda", baseUpdatedAt: opened });
    expect(stale).toMatchObject({ ok: false, status: 409, error: saveError(M.stale) });
    expect((await rowOf(created.id))!.title).toBe("Dall'altra scheda");
    expect(await revisionsOf(created.id)).toHaveLength(revisions);
    // With the version it now has, the same save goes through.
    expect(await updateArticle(me, created.id, { ...fields, title: "Da questa scheda", baseUpdatedAt: await versionOf(created.id) })).toMatchObject({ ok: true });
    expect(await updateArticle(me, created.id, { ...fields, baseUpdatedAt: "ieri" })).toMatchObject({ ok: false, status: 400, error: saveError(M.versionInvalid) });
  });
});

describe("autosaveArticle", () => {
  async function published() {
    const me = await admin("Luca Verdi");
    const fields = await form({ status: "published" });
    const created = await createArticle(me, fields);
    if (!created.ok) throw new Error(created.error);
    return { me, fields, id: created.id, version: await versionOf(created.id) };
  }

  itDb("refuses visitors and users, and writes nothing", async () => {
    const { fields, id, version } = await published();
    const state = async () => ({ article: await rowOf(id), revisions: await revisionsOf(id) });
    const before = await state();
    expect(await autosaveArticle(null, id, { ...fields, title: "Intruso", baseUpdatedAt: version })).toMatchObject({ ok: false, status: 401 });
    expect(await autosaveArticle(await user(), id, { ...fields, title: "Intruso", baseUpdatedAt: version })).toMatchObject({
      ok: false,
      status: 403,
      error: ADMIN_ACCESS_MESSAGES.adminOnly,
    });
    expect(await state()).toEqual(before);
  });

  itDb("writes an automatic revision; the article, its status and its published date stay as they were", async () => {
    const { me, fields, id, version } = await published();
    const article = await rowOf(id);
    const draft = await autosaveArticle(me, id, { ...fields, title: "Bozza in corso", content: "<p>Testo a metà</p>", excerpt: "", status: "draft", baseUpdatedAt: version });
    expect(draft).toMatchObject({ ok: true });
    expect(await rowOf(id)).toEqual(article);
    const listed = await listRevisions(me, id);
    if (!listed.ok) throw new Error(listed.error);
    expect(listed.revisions[0]).toMatchObject({ automatic: true, title: "Bozza in corso", status: "published", authorName: "Luca Verdi" });
    expect(listed.revisions[1]).toMatchObject({ automatic: false, title: fields.title });
    const [row] = await db().select().from(articleRevisions).where(eq(articleRevisions.id, listed.revisions[0]!.id));
    // A half-typed draft keeps what it has; what it lacks comes from the article.
    expect(row).toMatchObject({ content: "<p>Testo a metà</p>", excerpt: "", slug: article!.slug, categoryId: article!.categoryId });
  });

  itDb(`keeps at most ${ARTICLE_AUTOSAVES_KEPT} automatic drafts, and every save`, async () => {
    const { me, fields, id, version } = await published();
    for (let i = 1; i <= ARTICLE_AUTOSAVES_KEPT + 3; i++) {
      const saved = await autosaveArticle(me, id, { ...fields, title: `Bozza ${i}`, baseUpdatedAt: version });
      if (!saved.ok) throw new Error(saved.error);
    }
    const rows = await revisionsOf(id);
    expect(rows.filter((r) => r.automatic)).toHaveLength(ARTICLE_AUTOSAVES_KEPT);
    expect(rows.filter((r) => !r.automatic)).toHaveLength(1);
    const listed = await listRevisions(me, id);
    if (!listed.ok) throw new Error(listed.error);
    expect(listed.revisions[0]!.title).toBe(`Bozza ${ARTICLE_AUTOSAVES_KEPT + 3}`);
    // Drafts do not push saves out of the history: 25 saves are still kept beside them.
    for (let i = 1; i <= ARTICLE_REVISIONS_KEPT + 1; i++) {
      const saved = await updateArticle(me, id, { ...fields, title: `Versione ${i}` });
      if (!saved.ok) throw new Error(saved.error);
    }
    const after = await revisionsOf(id);
    expect(after.filter((r) => !r.automatic)).toHaveLength(ARTICLE_REVISIONS_KEPT);
    expect(after.filter((r) => r.automatic)).toHaveLength(ARTICLE_AUTOSAVES_KEPT);
  });

  itDb("is refused over a newer version (another tab saved), with the Italian message", async () => {
    const { me, fields, id, version } = await published();
    expect(await updateArticle(me, id, { ...fields, title: "Salvato altrove" })).toMatchObject({ ok: true });
    const count = (await revisionsOf(id)).length;
    expect(await autosaveArticle(me, id, { ...fields, title: "Bozza vecchia", baseUpdatedAt: version })).toMatchObject({ ok: false, status: 409, error: M.autosaveStale });
    expect(await revisionsOf(id)).toHaveLength(count);
    expect(await autosaveArticle(me, id, { ...fields, title: "Bozza nuova", baseUpdatedAt: await versionOf(id) })).toMatchObject({ ok: true });
  });

  itDb("holds a save's bounds and needs the version; an unknown article is 404", async () => {
    const { me, fields, id, version } = await published();
    expect(await autosaveArticle(me, id, { ...fields, title: "x".repeat(201), baseUpdatedAt: version })).toMatchObject({ ok: false, status: 400, error: saveError(M.titleTooLong) });
    expect(await autosaveArticle(me, id, { ...fields, content: "x".repeat(500_001), baseUpdatedAt: version })).toMatchObject({ ok: false, status: 400, error: saveError(M.contentTooLong) });
    expect(await autosaveArticle(me, id, { ...fields })).toMatchObject({ ok: false, status: 400, error: saveError(M.versionInvalid) });
    expect(await autosaveArticle(me, "00000000-0000-4000-8000-000000000000", { ...fields, baseUpdatedAt: version })).toMatchObject({ ok: false, status: 404 });
    expect(await revisionsOf(id)).toHaveLength(1);
  });

  itDb("an automatic draft is restored as a save only when a save would accept it", async () => {
    const { me, fields, id, version } = await published();
    await autosaveArticle(me, id, { ...fields, title: "Bozza completa", baseUpdatedAt: version });
    const first = await listRevisions(me, id);
    if (!first.ok) throw new Error(first.error);
    const complete = first.revisions[0];
    await autosaveArticle(me, id, { ...fields, title: "Bozza senza estratto", excerpt: "", baseUpdatedAt: version });
    const listed = await listRevisions(me, id);
    if (!listed.ok) throw new Error(listed.error);
    const incomplete = listed.revisions[0]!;
    expect(await restoreRevision(me, id, incomplete.id)).toMatchObject({ ok: false, status: 400, error: saveError(M.excerptRequired) });
    expect((await rowOf(id))!.title).toBe(fields.title);
    expect(await restoreRevision(me, id, complete!.id)).toMatchObject({ ok: true });
    expect((await rowOf(id))!).toMatchObject({ title: "Bozza completa", status: "published" });
  });
});

describe("revisionsSummary", () => {
  it("says none, one and many in Italian", () => {
    expect(revisionsSummary(0)).toBe("Nessun salvataggio registrato: la cronologia comincia dal prossimo.");
    expect(revisionsSummary(1)).toBe("Un salvataggio (se ne conservano al massimo 25).");
    expect(revisionsSummary(7)).toBe("Gli ultimi 7 salvataggi (se ne conservano al massimo 25).");
    expect(revisionsSummary(2, 1)).toContain("Una bozza salvata automaticamente.");
    expect(revisionsSummary(2, 3)).toContain("3 bozze salvate automaticamente (al massimo 5).");
    expect(revisionsSummary(0)).not.toMatch(/\b0\b/);
  });
});
