// /categories and /category/{slug}: cards with counts, a category's articles newest first with a
// breadcrumb, and the not-found page.
import { describe, expect, it } from "vitest";
import { categories as demoCategories } from "~/seed/data/categories";
import { startBrowser, withConsent } from "./browser";

const browser = startBrowser();

describe("categories", () => {
  it("shows a card per category with name, description and 'N articoli' / '1 articolo'", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/categories");
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe("Categorie");
    const cards = main.getByRole("listitem");
    expect(await cards.count()).toBe(demoCategories.length);

    for (const category of demoCategories) {
      const card = main.getByRole("link", { name: new RegExp(`^${category.name}\\b`) });
      expect(await card.count(), category.slug).toBe(1);
      expect(await card.getAttribute("href")).toBe(`/category/${category.slug}`);
      const text = (await card.textContent()) ?? "";
      expect(text, category.slug).toContain(category.description);
      const count = /(\d+) (articol[oi])$/.exec(text.trim());
      expect(count, `${category.slug}: ${text}`).not.toBeNull();
      const n = Number(count?.[1]);
      expect(count?.[2], category.slug).toBe(n === 1 ? "articolo" : "articoli");
    }
    // From the demo content: one article on food, two on dogs; "salute" has the published fixture too.
    expect((await main.getByRole("link", { name: /^Alimentazione\b/ }).textContent())?.trim()).toMatch(/\D1 articolo$/);
    expect((await main.getByRole("link", { name: /^Cani\b/ }).textContent())?.trim()).toMatch(/\D2 articoli$/);
    expect((await main.getByRole("link", { name: /^Salute\b/ }).textContent())?.trim()).toMatch(/\D4 articoli$/);

    await main.getByRole("link", { name: /^Pesci\b/ }).click();
    await page.waitForURL((url) => url.pathname === "/category/pesci");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), { timeout: 15_000 }).toBe("Pesci");
  });

  it("/category/cani lists its articles newest first, under a breadcrumb", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    const response = await page.goto("/category/cani");
    expect(response?.status()).toBe(200);
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe("Cani");
    expect(await main.getByText(demoCategories.find((c) => c.slug === "cani")!.description).isVisible()).toBe(true);

    const breadcrumb = main.getByRole("navigation", { name: "Percorso" });
    expect(await breadcrumb.getByRole("link", { name: "Home" }).getAttribute("href")).toBe("/");
    expect(await breadcrumb.getByRole("link", { name: "Categorie" }).getAttribute("href")).toBe("/categories");
    expect(await breadcrumb.locator('[aria-current="page"]').textContent()).toBe("Cani");

    const cards = await main.getByRole("article").evaluateAll((articles) =>
      articles.map((a) => ({
        slug: a.querySelector(":is(h2, h3) a")?.getAttribute("href"),
        category: a.querySelector('a[href^="/category/"]')?.getAttribute("href"),
        publishedAt: Date.parse(a.querySelector("time")?.getAttribute("datetime") ?? ""),
      })),
    );
    expect(cards.map((c) => c.slug)).toEqual(["/article/prime-settimane-con-il-cucciolo", "/article/passeggiata-al-guinzaglio-senza-tirare"]);
    expect(cards.every((c) => c.category === "/category/cani")).toBe(true);
    const times = cards.map((c) => c.publishedAt);
    expect(times).toEqual([...times].sort((a, b) => b - a));

    await breadcrumb.getByRole("link", { name: "Categorie" }).click();
    await page.waitForURL((url) => url.pathname === "/categories");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), { timeout: 15_000 }).toBe("Categorie");
  });

  it("answers an unknown category with 'Categoria non trovata' and HTTP 404", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    const response = await page.goto("/category/inesistente");
    expect(response?.status()).toBe(404);
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe("Categoria non trovata");
    expect(await main.getByText("La categoria che stai cercando non esiste.", { exact: true }).isVisible()).toBe(true);
    await main.getByRole("link", { name: "Vedi tutte le categorie" }).click();
    await page.waitForURL((url) => url.pathname === "/categories");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), { timeout: 15_000 }).toBe("Categorie");
  });
});
