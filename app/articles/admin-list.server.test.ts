// /admin/articles' orders (decision 0102): by title, by publication date, by creation, either way;
// an unknown order in the address falls back to the newest created first.
import { describe, expect } from "vitest";
import type { CurrentUser } from "~/accounts/session.server";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { createArticle } from "../../tests/factories";
import { listArticlesForAdmin } from "./admin.server";
import { articleSortSchema } from "./admin-list";
import { sortOf, type ListSort } from "~/lib/list-sort";
import type { ArticleSortKey } from "./admin-list";

describe("listArticlesForAdmin's orders", () => {
  itDb("orders by title, publication or creation, as asked", async () => {
    const account = await createAccount({ role: "admin" });
    const me: CurrentUser = { id: account.id, email: account.email, fullName: "Admin", role: "admin" };
    const day = (n: number) => new Date(Date.UTC(2026, 0, n));
    await createArticle({ title: "Ordinabile Beta", createdAt: day(1), publishedAt: day(20) });
    await createArticle({ title: "Ordinabile Alfa", createdAt: day(2), publishedAt: null, status: "draft" });
    await createArticle({ title: "Ordinabile Gamma", createdAt: day(3), publishedAt: day(10) });
    const titles = async (sort?: ListSort<ArticleSortKey>) => {
      const result = await listArticlesForAdmin(me, { q: "ordinabile", sort });
      if (!result.ok) throw new Error(result.error);
      return result.items.map((row) => row.title.replace("Ordinabile ", ""));
    };
    expect(await titles({ key: "title", direction: "asc" })).toEqual(["Alfa", "Beta", "Gamma"]);
    expect(await titles({ key: "title", direction: "desc" })).toEqual(["Gamma", "Beta", "Alfa"]);
    // Newest published first, the never published last; the other way, the never published first.
    expect(await titles({ key: "published", direction: "desc" })).toEqual(["Beta", "Gamma", "Alfa"]);
    expect(await titles({ key: "published", direction: "asc" })).toEqual(["Alfa", "Gamma", "Beta"]);
    expect(await titles({ key: "created", direction: "asc" })).toEqual(["Beta", "Alfa", "Gamma"]);
    expect(await titles()).toEqual(["Gamma", "Alfa", "Beta"]);
    expect(await titles(sortOf(articleSortSchema.parse({ sort: "views; drop table articles", dir: "up" })))).toEqual(["Gamma", "Alfa", "Beta"]);
  });

  itDb("refuses anyone but an administrator", async () => {
    const account = await createAccount();
    const result = await listArticlesForAdmin({ id: account.id, email: account.email, fullName: "U", role: "user" }, { sort: { key: "title", direction: "asc" } });
    expect(result.ok).toBe(false);
  });
});
