import type { Page } from "playwright-core";
// The static pages: about, privacy, terms, legal pets guide, and the contact details.
import { describe, expect, it } from "vitest";
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
