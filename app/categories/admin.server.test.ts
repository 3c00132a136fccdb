import { eq } from "drizzle-orm";
import { afterEach, describe, expect } from "vitest";
import { CACHE_TAGS, invalidate, setCacheEnabled } from "~/cache/cache.server";
import { db } from "~/db/client.server";
import { articles, categories } from "~/db/schema";
import { ADMIN_ACTOR as admin, refusedActors } from "../../tests/actors";
import { itDb } from "../../tests/db";
import { createArticle, createCategory, MISSING_ID as MISSING } from "../../tests/factories";
import { createCategory as adminCreate, deleteCategory, listCategoriesForAdmin, uniqueSlug, updateCategory } from "./admin.server";
import { getCategoryBySlug, listCategoriesWithCounts } from "./categories.server";
import { CATEGORY_MESSAGES as M } from "./validation";

const form = (values: Record<string, string> = {}) => ({ name: "Rettili", slug: "rettili", description: "Tartarughe e gechi", icon: "activity", ...values });
const allCategories = () => db().select().from(categories).orderBy(categories.slug);

afterEach(() => setCacheEnabled(false));

describe("categories in the back office", () => {
  itDb("refuses visitors (401) and users (403), changing nothing", async () => {
    const existing = await createCategory({ slug: "esistente" });
    const before = await allCategories();
    for (const [who, status, error] of refusedActors("categories.manage")) {
      expect(await listCategoriesForAdmin(who)).toEqual({ ok: false, status, error });
      expect(await adminCreate(who, form())).toEqual({ ok: false, status, error });
      expect(await updateCategory(who, existing.id, form())).toEqual({ ok: false, status, error });
      expect(await deleteCategory(who, existing.id)).toEqual({ ok: false, status, error });
    }
    expect(await allCategories()).toEqual(before);
  });

  itDb("lists by name with every article counted (and the published ones apart)", async () => {
    const zeta = await createCategory({ name: "Zeta", slug: "zeta-t" });
    const alfa = await createCategory({ name: "Alfa", slug: "alfa-t" });
    await createArticle({ categoryId: zeta.id });
    await createArticle({ categoryId: zeta.id, status: "draft", publishedAt: null });
    await createArticle({ categoryId: zeta.id, status: "archived", publishedAt: null });
    const result = await listCategoriesForAdmin(admin);
    if (!result.ok) throw new Error(result.error);
    const mine = result.categories.filter((c) => c.slug.endsWith("-t"));
    expect(mine.map((c) => [c.name, c.articleCount, c.publishedCount])).toEqual([
      ["Alfa", 0, 0],
      ["Zeta", 3, 1],
    ]);
    expect(mine[0]).toMatchObject({ id: alfa.id, description: "Descrizione", icon: "heart" });
    const names = result.categories.map((c) => c.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  itDb("creates a category with trimmed fields; an empty description and icon are stored as null", async () => {
    const created = await adminCreate(admin, form({ name: "  Rettili  ", slug: " rettili " }));
    expect(created).toMatchObject({ ok: true, message: M.created, category: { name: "Rettili", slug: "rettili", icon: "activity", articleCount: 0 } });
    const bare = await adminCreate(admin, { name: "Anfibi", slug: "anfibi", description: "  ", icon: "" });
    expect(bare).toMatchObject({ ok: true, category: { description: null, icon: null } });
    // A name is stored on one line.
    expect(await adminCreate(admin, { name: "Rane\n e  rospi\t", slug: "rane" })).toMatchObject({ ok: true, category: { name: "Rane e rospi" } });
    const [row] = await db().select().from(categories).where(eq(categories.slug, "anfibi"));
    expect(row).toMatchObject({ name: "Anfibi", description: null, icon: null });
  });

  itDb("requires name and slug, a well-formed slug and one of the twelve icons (400, field by field, nothing written)", async () => {
    const before = await allCategories();
    const empty = await adminCreate(admin, { name: " ", slug: "" });
    expect(empty).toMatchObject({ ok: false, status: 400, error: M.nameRequired, fieldErrors: { name: M.nameRequired, slug: M.slugRequired } });
    expect(await adminCreate(admin, {})).toMatchObject({ status: 400, fieldErrors: { name: M.nameRequired, slug: M.slugRequired } });
    for (const slug of ["Rettili", "rettili e anfibi", "rettìli", "-rettili", "rettili--anfibi", "a".repeat(101)]) {
      const result = await adminCreate(admin, form({ slug }));
      expect(result, slug).toMatchObject({ ok: false, status: 400 });
      expect(result.ok ? null : (result as { fieldErrors?: Record<string, string> }).fieldErrors?.slug, slug).toBeTruthy();
    }
    for (const icon of ["heart", "house", "Dog", "constructor", "<svg>"]) {
      expect(await adminCreate(admin, form({ icon })), icon).toMatchObject({ status: 400, fieldErrors: { icon: M.iconInvalid } });
    }
    expect(await adminCreate(admin, form({ name: "x".repeat(81) }))).toMatchObject({ status: 400, fieldErrors: { name: M.nameTooLong } });
    expect(await adminCreate(admin, form({ description: "x".repeat(501) }))).toMatchObject({ status: 400, fieldErrors: { description: M.descriptionTooLong } });
    expect(await allCategories()).toEqual(before);
  });

  itDb("refuses a slug another category has (409), on create and on edit", async () => {
    const taken = await createCategory({ slug: "gatti-t" });
    const other = await createCategory({ slug: "altra-t", name: "Altra" });
    const before = await allCategories();
    const created = await adminCreate(admin, form({ slug: "gatti-t" }));
    expect(created).toEqual({ ok: false, status: 409, error: M.slugTaken, fieldErrors: { slug: M.slugTaken } });
    expect(await updateCategory(admin, other.id, form({ slug: taken.slug }))).toMatchObject({ status: 409, error: M.slugTaken });
    expect(await allCategories()).toEqual(before);
    // Keeping its own slug is no conflict.
    expect(await updateCategory(admin, other.id, form({ slug: "altra-t", name: "Altra rinominata" }))).toMatchObject({
      ok: true,
      message: M.updated,
      category: { name: "Altra rinominata", slug: "altra-t" },
    });
  });

  itDb("edits every field and answers the counts; keeps an old icon outside the list only if unchanged", async () => {
    const old = await createCategory({ slug: "vecchia-t", icon: "heart" });
    await createArticle({ categoryId: old.id });
    const kept = await updateCategory(admin, old.id, form({ slug: "nuova-t", icon: "heart" }));
    expect(kept).toMatchObject({ ok: true, category: { slug: "nuova-t", icon: "heart", articleCount: 1, publishedCount: 1 } });
    expect(await updateCategory(admin, old.id, form({ slug: "nuova-t", icon: "fish" }))).toMatchObject({ ok: true, category: { icon: "fish" } });
    // Now "heart" is no longer its icon: it cannot be chosen again.
    expect(await updateCategory(admin, old.id, form({ slug: "nuova-t", icon: "heart" }))).toMatchObject({ status: 400, fieldErrors: { icon: M.iconInvalid } });
    const [row] = await db().select().from(categories).where(eq(categories.id, old.id));
    expect(row).toMatchObject({ name: "Rettili", slug: "nuova-t", description: "Tartarughe e gechi", icon: "fish" });
    expect(row!.updatedAt.getTime()).toBeGreaterThanOrEqual(old.updatedAt.getTime());
  });

  itDb("answers 404 to an unknown or malformed id, changing nothing", async () => {
    await createCategory();
    const before = await allCategories();
    for (const id of [MISSING, "non-un-id", "", "1; drop table categories"]) {
      expect(await updateCategory(admin, id, form()), id).toEqual({ ok: false, status: 404, error: M.notFound });
      expect(await deleteCategory(admin, id), id).toEqual({ ok: false, status: 404, error: M.notFound });
    }
    expect(await allCategories()).toEqual(before);
  });

  itDb("refuses to delete a category with articles in any status (409), deleting nothing", async () => {
    const full = await createCategory({ slug: "piena-t" });
    const draft = await createArticle({ categoryId: full.id, status: "draft", publishedAt: null });
    expect(await deleteCategory(admin, full.id)).toEqual({ ok: false, status: 409, error: M.hasArticles(1) });
    await createArticle({ categoryId: full.id, status: "archived", publishedAt: null });
    await createArticle({ categoryId: full.id });
    const refused = await deleteCategory(admin, full.id);
    expect(refused).toEqual({ ok: false, status: 409, error: M.hasArticles(3) });
    expect(M.hasArticles(3)).toBe("Impossibile eliminare la categoria: contiene 3 articoli. Sposta prima gli articoli in un'altra categoria.");
    expect(await db().select().from(categories).where(eq(categories.id, full.id))).toHaveLength(1);
    const [kept] = await db().select({ categoryId: articles.categoryId }).from(articles).where(eq(articles.id, draft.id));
    expect(kept?.categoryId).toBe(full.id);
  });

  itDb("deletes an empty category", async () => {
    const empty = await createCategory({ slug: "vuota-t" });
    expect(await deleteCategory(admin, empty.id)).toEqual({ ok: true, message: M.deleted });
    expect(await db().select().from(categories).where(eq(categories.id, empty.id))).toHaveLength(0);
    expect(await deleteCategory(admin, empty.id)).toEqual({ ok: false, status: 404, error: M.notFound });
  });

  itDb("each write shows at once on the public pages' cached lists", async () => {
    setCacheEnabled(true);
    try {
      const before = await listCategoriesWithCounts();
      expect(await listCategoriesWithCounts()).toBe(before); // memoized
      const created = await adminCreate(admin, form({ slug: "rettili-cache" }));
      if (!created.ok) throw new Error(created.error);
      const afterCreate = await listCategoriesWithCounts();
      expect(afterCreate.map((c) => c.slug)).toContain("rettili-cache");
      expect((await getCategoryBySlug("rettili-cache"))?.name).toBe("Rettili");

      await updateCategory(admin, created.category.id, form({ slug: "rettili-cache", name: "Rettili e anfibi", icon: "fish" }));
      expect((await listCategoriesWithCounts()).find((c) => c.slug === "rettili-cache")).toMatchObject({ name: "Rettili e anfibi", icon: "fish" });
      expect((await getCategoryBySlug("rettili-cache"))?.name).toBe("Rettili e anfibi");

      await deleteCategory(admin, created.category.id);
      expect((await listCategoriesWithCounts()).map((c) => c.slug)).not.toContain("rettili-cache");
      expect(await getCategoryBySlug("rettili-cache")).toBeNull();
    } finally {
      await invalidate(CACHE_TAGS.categories, CACHE_TAGS.articles);
    }
  });
});

describe("a slug taken between the check and the write", () => {
  itDb("is answered as taken by the unique index, and the transaction goes on", async () => {
    const first = await createCategory({ slug: "corsa-t" });
    // Passing the other row's id as "this one" lets the check through, as a race would.
    const outcome = await uniqueSlug("corsa-t", first.id, () => db().insert(categories).values({ name: "Doppia", slug: "corsa-t" }).returning());
    expect(outcome).toBeUndefined();
    expect(await db().select().from(categories).where(eq(categories.slug, "corsa-t"))).toHaveLength(1);
  });
});
