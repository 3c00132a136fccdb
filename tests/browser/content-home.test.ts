import type { Locator, Page } from "playwright-core";
// The home page: featured and recent articles, partners grid, the way into an article.
import { describe, expect, it } from "vitest";
import { partners as demoPartners } from "~/seed/data/partners";
import { startBrowser, withConsent } from "./browser";

const browser = startBrowser();

/** The article cards of a section: slug (from the title link) and publication date. */
async function cardsOf(section: Locator) {
  return section.getByRole("article").evaluateAll((articles) =>
    articles.map((article) => ({
      slug: article.querySelector(":is(h2, h3) a")?.getAttribute("href")?.replace(/^\/article\//, "") ?? "",
      publishedAt: article.querySelector("time")?.getAttribute("datetime") ?? "",
    })),
  );
}

function sectionTitled(page: Page, title: string): Locator {
  return page.getByRole("region", { name: title });
}

describe("home page", () => {
  it("shows the 6 latest published articles, 3 featured then 3 recent, newest first", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    // The full list, newest first, as /articles shows it.
    await page.goto("/articles");
    const latest = (await cardsOf(page.getByRole("main"))).slice(0, 6);
    expect(latest).toHaveLength(6);

    await page.goto("/");
    expect(await page.getByRole("heading", { level: 2, name: "Articoli in Evidenza" }).isVisible()).toBe(true);
    expect(await page.getByRole("heading", { level: 2, name: "Articoli Recenti" }).isVisible()).toBe(true);
    const featured = await cardsOf(sectionTitled(page, "Articoli in Evidenza"));
    const recent = await cardsOf(sectionTitled(page, "Articoli Recenti"));
    expect(featured).toHaveLength(3);
    expect(recent).toHaveLength(3);
    const shown = [...featured, ...recent];
    expect(shown.map((a) => a.slug)).toEqual(latest.map((a) => a.slug));
    const times = shown.map((a) => Date.parse(a.publishedAt));
    expect(times.every((t) => Number.isFinite(t))).toBe(true);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    // Seeded 2 and 4 days ago: the two newest demo articles lead the page.
    expect(shown[0]?.slug).toBe("caldo-estivo-animali-colpo-di-calore");
    expect(shown[1]?.slug).toBe("prime-settimane-con-il-cucciolo");
  });

  it("lists the active partners by display order, each opening its site in a new tab with rel=noopener", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/");
    const grid = sectionTitled(page, "I nostri partner");
    const links = grid.getByRole("link");
    const found = await links.evaluateAll((anchors) =>
      anchors.map((a) => ({ href: a.getAttribute("href"), target: a.getAttribute("target"), rel: a.getAttribute("rel") ?? "", text: a.textContent ?? "" })),
    );
    const active = demoPartners.filter((p) => p.isActive).sort((a, b) => a.displayOrder - b.displayOrder);
    expect(found.length).toBeGreaterThan(0);
    expect(found.length).toBeLessThanOrEqual(6);
    expect(found.map((f) => f.href)).toEqual(active.slice(0, 6).map((p) => p.websiteUrl));
    for (const link of found) {
      expect(link.target, link.href ?? "").toBe("_blank");
      expect(link.rel.split(/\s+/), link.href ?? "").toContain("noopener");
    }
    // An inactive partner is not shown.
    for (const inactive of demoPartners.filter((p) => !p.isActive)) {
      expect(found.some((f) => f.text.includes(inactive.name))).toBe(false);
    }
  });

  it("opens /article/{slug} when an article card's title is clicked", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/");
    const featured = sectionTitled(page, "Articoli in Evidenza");
    const titleLink = featured.getByRole("article").first().getByRole("heading", { level: 3 }).getByRole("link");
    const title = (await titleLink.textContent())?.trim() ?? "";
    const href = await titleLink.getAttribute("href");
    expect(href).toMatch(/^\/article\/[a-z0-9-]+$/);
    await titleLink.click();
    await page.waitForURL((url) => url.pathname === href);
    await expect.poll(async () => (await page.getByRole("heading", { level: 1 }).textContent())?.trim(), { timeout: 15_000 }).toBe(title);
  });
});
