import { describe, expect, it } from "vitest";
import { itDb } from "../../tests/db";
import { createArticle, createCategory } from "../../tests/factories";
import { getCategoryBySlug, listCategoriesWithCounts } from "./categories.server";
import { articleCountLabel } from "./labels";

describe("categories", () => {
  itDb("are listed by name with the count of their published articles only", async () => {
    const gatti = await createCategory({ name: "Gatti", slug: "gatti-t" });
    await createCategory({ name: "Api", slug: "api-t" });
    await createArticle({ categoryId: gatti.id });
    await createArticle({ categoryId: gatti.id });
    await createArticle({ categoryId: gatti.id, status: "draft" });
    const list = await listCategoriesWithCounts();
    expect(list.map((c) => [c.slug, c.articleCount])).toEqual([
      ["api-t", 0],
      ["gatti-t", 2],
    ]);
    expect((await getCategoryBySlug("gatti-t"))?.name).toBe("Gatti");
    expect(await getCategoryBySlug("nessuna")).toBeNull();
  });

  it('say "articolo" for one and "articoli" otherwise', () => {
    expect(articleCountLabel(0)).toBe("0 articoli");
    expect(articleCountLabel(1)).toBe("1 articolo");
    expect(articleCountLabel(12)).toBe("12 articoli");
  });
});
