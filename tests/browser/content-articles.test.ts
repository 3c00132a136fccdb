import type { Page } from "playwright-core";
// /articles: 12 a page with pagination, Italian full-text search, category filter, no-result state,
// and the header search box that leads here.
import { describe, expect, it } from "vitest";
import { startBrowser, withConsent } from "./browser";

const browser = startBrowser();

/** Slugs of the article cards in the page's main content, in order. */
async function listedSlugs(page: Page): Promise<string[]> {
  return page
    .getByRole("main")
    .getByRole("article")
    .evaluateAll((articles) => articles.map((a) => a.querySelector(":is(h2, h3) a")?.getAttribute("href")?.replace(/^\/article\//, "") ?? ""));
}

async function search(page: Page, query: string) {
  const main = page.getByRole("main");
  await main.getByLabel("Cerca negli articoli").fill(query);
  await main.getByRole("button", { name: "Cerca" }).click();
  await page.waitForURL((url) => url.pathname === "/articles" && url.searchParams.get("q") === query);
  // The count line comes from the new results.
  await main.getByText(`per “${query}”`).waitFor();
}

describe("articles list", () => {
  it("shows 12 articles a page, newest first, and the next ones on page 2", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/articles");
    const first = await listedSlugs(page);
    expect(first).toHaveLength(12);
    const dates = await page
      .getByRole("main")
      .getByRole("article")
      .evaluateAll((articles) => articles.map((a) => Date.parse(a.querySelector("time")?.getAttribute("datetime") ?? "")));
    expect(dates).toEqual([...dates].sort((a, b) => b - a));
    // The total shown above the list: the 14 demo articles and the published fixture (at least).
    const totalText = await page.getByText(/^\d+ articoli$/).textContent();
    const total = Number.parseInt(totalText ?? "0", 10);
    expect(total).toBeGreaterThanOrEqual(15);

    const pagination = page.getByRole("navigation", { name: "Paginazione" });
    expect(await pagination.locator('[aria-current="page"]').textContent()).toBe("1");
    await pagination.getByRole("link", { name: "Pagina 2" }).click();
    await page.waitForURL((url) => url.pathname === "/articles" && url.searchParams.get("page") === "2");
    await expect.poll(() => pagination.locator('[aria-current="page"]').textContent(), { timeout: 15_000 }).toBe("2");
    const second = await listedSlugs(page);
    expect(second).toHaveLength(Math.min(12, total - 12));
    expect(second.filter((slug) => first.includes(slug))).toEqual([]);
    // The oldest article (the fixture, 400 days ago) is on the last page; the draft is nowhere.
    expect(second).toContain("articolo-prova-sicurezza");
    expect([...first, ...second]).not.toContain("bozza-non-pubblicata");
    expect(await pagination.getByRole("link", { name: /Precedente/ }).count()).toBe(1);
  });

  it("finds a plural form with a singular query (vaccino → vaccinazioni), and ignores accents (perche → perché)", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/articles");
    await search(page, "vaccino");
    const vaccine = await listedSlugs(page);
    expect(vaccine.length).toBeGreaterThan(0);
    // Best match first: the article about vaccinations, which has the word in its title.
    expect(vaccine[0]).toBe("vaccinazioni-cane-e-gatto-calendario");
    expect(await page.getByText(/risultat[oi] per “vaccino”/).isVisible()).toBe(true);

    await search(page, "perché");
    const accented = await listedSlugs(page);
    expect(accented.length).toBeGreaterThan(0);
    await search(page, "perche");
    const plain = await listedSlugs(page);
    expect(plain.length).toBeGreaterThan(0);
    expect([...plain].sort()).toEqual([...accented].sort());
    // The article found without the accent does contain the accented word.
    await page.goto(`/article/${plain[0]}`);
    expect(await page.getByRole("main").textContent()).toContain("perché");
  });

  it("filters by category", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/articles");
    const main = page.getByRole("main");
    await main.getByLabel("Categoria").selectOption({ label: "Pesci" });
    await main.getByRole("button", { name: "Cerca" }).click();
    await page.waitForURL((url) => url.searchParams.get("category") === "pesci");
    // The URL changes when the navigation starts; the list is the new one once every badge says so.
    const badges = () =>
      main.getByRole("article").evaluateAll((articles) => [...new Set(articles.map((a) => a.querySelector('a[href^="/category/"]')?.getAttribute("href")))]);
    await expect.poll(badges, { timeout: 15_000 }).toEqual(["/category/pesci"]);
    expect(await listedSlugs(page)).toEqual(expect.arrayContaining(["allestire-acquario-acqua-dolce-principianti", "pesce-rosso-falsi-miti"]));
    expect(await main.getByLabel("Categoria").inputValue()).toBe("pesci");
  });

  it("shows 'Nessun articolo trovato' when nothing matches, with a way back to all articles", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/articles");
    await search(page, "ornitorinco xilofono");
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { name: "Nessun articolo trovato" }).isVisible()).toBe(true);
    expect(await main.getByRole("article").count()).toBe(0);
    await main.getByRole("link", { name: "Mostra tutti gli articoli" }).click();
    await page.waitForURL((url) => url.pathname === "/articles" && url.search === "");
    await expect.poll(() => main.getByRole("article").count(), { timeout: 15_000 }).toBe(12);
  });

  it("the header search box ('Cerca', 'Cerca articoli...') leads to the results on /articles", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/");
    await page.getByRole("banner").getByRole("button", { name: "Cerca" }).click();
    const box = page.getByPlaceholder("Cerca articoli...");
    await box.fill("vaccino");
    await box.press("Enter");
    await page.waitForURL((url) => url.pathname === "/articles" && url.searchParams.get("q") === "vaccino");
    await expect.poll(() => listedSlugs(page), { timeout: 15_000 }).toContain("vaccinazioni-cane-e-gatto-calendario");
    expect(await page.getByRole("main").getByLabel("Cerca negli articoli").inputValue()).toBe("vaccino");
  });
});
