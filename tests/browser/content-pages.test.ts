import type { Page } from "playwright-core";
// The static pages: about, privacy, terms, legal pets guide, and the contact details.
import { describe, expect, it } from "vitest";
import { LEGAL_PETS_INFO_SECTIONS, legalPetsInfoHref } from "~/routes/pages/legal-pets-info-sections";
import { axeViolations } from "./axe";
import { startBrowser, withConsent } from "./browser";

const browser = startBrowser();

async function open(page: Page, path: string) {
  const response = await page.goto(path);
  expect(response?.status(), path).toBe(200);
  return page.getByRole("main");
}

/** The texts of the page's section headings (h2 in the main content). */
async function sectionTitles(page: Page): Promise<string[]> {
  return page
    .getByRole("main")
    .getByRole("heading", { level: 2 })
    .evaluateAll((headings) => headings.map((h) => (h.textContent ?? "").trim()));
}

function expectNumberedSections(titles: string[], n: number) {
  expect(titles, titles.join(" | ")).toHaveLength(n);
  titles.forEach((title, i) => expect(title).toMatch(new RegExp(`^${i + 1}\\. \\S`)));
}

describe("static pages", () => {
  it("/about presents Zampa with a contact mail link", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    const main = await open(page, "/about");
    expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe("Chi Siamo");
    const mail = main.locator('a[href^="mailto:"]');
    expect(await mail.count()).toBeGreaterThan(0);
    expect(await mail.first().getAttribute("href")).toMatch(/^mailto:[^@\s]+@[^@\s]+\.[a-z]+/);
    expect(await mail.first().isVisible()).toBe(true);
  });

  it("/privacy has exactly 11 numbered sections, a contact mail link and a way back home", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    const main = await open(page, "/privacy");
    expectNumberedSections(await sectionTitles(page), 11);
    expect(await main.locator('a[href^="mailto:"]').count()).toBeGreaterThan(0);
    await main.getByRole("link", { name: "Torna alla home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
    await expect.poll(() => page.getByRole("heading", { level: 2, name: "Articoli in Evidenza" }).count(), { timeout: 15_000 }).toBe(1);
  });

  it("/terms has exactly 15 numbered sections", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await open(page, "/terms");
    expectNumberedSections(await sectionTitles(page), 15);
  });

  it("/legal-pets-info states the leash length and the penalties", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    const main = await open(page, "/legal-pets-info");
    const text = (await main.textContent()) ?? "";
    expect(text).toContain("1,5 metri");
    expect(text).toContain("fino a 6 mesi di arresto");
    expect(text).toContain("150.000 euro");
  });

  it("/legal-pets-info: each section the listing form links to opens at its heading, below the header, at 360 px", async () => {
    const { context, page } = await browser.context({ width: 360, height: 740 });
    await withConsent(context);
    const sections = ["identificationCode", "minimumAge", "sellers", "exoticSpecies", "reportsAndAppeals"] as const;
    for (const section of sections) {
      // A full load each time: between two fragments of one page the browser would only scroll.
      await page.goto("/about");
      const response = await page.goto(legalPetsInfoHref(section));
      expect(response?.status()).toBe(200);
      const heading = page.locator(`#${LEGAL_PETS_INFO_SECTIONS[section]}`);
      expect(await heading.evaluate((h) => h.tagName), section).toMatch(/^H[23]$/);
      // The sticky header must not cover the heading the link points at.
      const headerBottom = await page.locator("header").first().evaluate((h) => h.getBoundingClientRect().bottom);
      await expect.poll(() => heading.evaluate((h) => h.getBoundingClientRect().top), { timeout: 5_000 }).toBeGreaterThanOrEqual(headerBottom);
      expect(await heading.evaluate((h) => h.getBoundingClientRect().top), section).toBeLessThan(740);
    }
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it("/legal-pets-info has no accessibility violation that axe-core finds", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await open(page, "/legal-pets-info");
    const violations = await axeViolations(page);
    expect(violations).toEqual([]);
  });

  it("/contact shows the address, the e-mail and the hours with the 24–48 hours promise", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    const main = await open(page, "/contact");
    expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe("Contatti");
    const details = main.getByRole("complementary", { name: "Come raggiungerci" });
    const text = (await details.textContent()) ?? "";
    expect(text).toContain("Indirizzo");
    expect(text).toMatch(/Via [^,]+ \d+, \d{5} \S+/);
    const mail = details.locator('a[href^="mailto:"]');
    expect(await mail.getAttribute("href")).toBe(`mailto:${(await mail.textContent())?.trim()}`);
    expect(await details.getByText("Lunedì–Venerdì 9:00–18:00", { exact: true }).isVisible()).toBe(true);
    expect(text).toMatch(/24[–-]48 ore/);
  });
});
