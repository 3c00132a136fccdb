import type { Page } from "playwright-core";
// The shared chrome: header, search, mobile menu, footer, cookie consent, fallback page.
import { describe, expect, it } from "vitest";
import { baseUrl, startBrowser, withConsent } from "./browser";

const browser = startBrowser();

async function storedConsent(page: Page) {
  return page.evaluate(() => JSON.parse(window.localStorage.getItem("zampa-cookie-consent") ?? "null"));
}

describe("header and footer", () => {
  it("shows the navigation, the search box leading to /articles?q=, and the footer links", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/");
    const nav = page.getByRole("navigation", { name: "Principale" });
    for (const label of ["Home", "Articoli", "Categorie", "Concorsi", "Adozioni", "Chi Siamo"]) {
      expect(await nav.getByRole("link", { name: label, exact: true }).count()).toBe(1);
    }
    // The current section is marked, for sighted and screen-reader users alike.
    expect(await nav.getByRole("link", { name: "Home", exact: true }).getAttribute("aria-current")).toBe("page");
    expect(await nav.getByRole("link", { name: "Articoli", exact: true }).getAttribute("aria-current")).toBeNull();
    expect(await page.getByRole("link", { name: "Accedi" }).first().isVisible()).toBe(true);

    await page.getByRole("button", { name: "Cerca" }).click();
    const search = page.getByPlaceholder("Cerca articoli...");
    expect(await search.isVisible()).toBe(true);
    await search.fill("gatto anziano");
    await search.press("Enter");
    await page.waitForURL((url) => url.pathname === "/articles");
    expect(new URL(page.url()).searchParams.get("q")).toBe("gatto anziano");

    await page.goto("/");
    const footerHrefs = await page.locator("footer a").evaluateAll((links) => links.map((a) => a.getAttribute("href")));
    expect(footerHrefs).toEqual(
      expect.arrayContaining([
        "/category/cani",
        "/category/gatti",
        "/category/uccelli",
        "/category/pesci",
        "/category/salute",
        "/privacy",
        "/terms",
        "/legal-pets-info",
      ]),
    );
  });

  it("navigates inside the app from the header, the footer and the cards, without reloading the page", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/");
    // A full page load would forget this.
    await page.evaluate(() => ((window as unknown as { __sameDocument?: boolean }).__sameDocument = true));
    const stillHere = () => page.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument === true);

    await page.getByRole("navigation", { name: "Principale" }).getByRole("link", { name: "Adozioni", exact: true }).click();
    await page.getByRole("heading", { level: 1, name: "Annunci" }).waitFor();
    expect(await page.getByRole("navigation", { name: "Principale" }).getByRole("link", { name: "Adozioni", exact: true }).getAttribute("aria-current")).toBe("page");
    await page.getByRole("main").locator("article h2 a").first().click();
    await page.waitForURL(/\/pet-listing\/[0-9a-f-]{36}$/);
    await page.getByRole("contentinfo").getByRole("link", { name: "Cani", exact: true }).click();
    await page.waitForURL((url) => url.pathname === "/category/cani");
    await page.getByRole("heading", { level: 1 }).waitFor();
    expect(await stillHere()).toBe(true);
  });

  it("has a mobile menu that works with the keyboard at 360 px", async () => {
    const { context, page } = await browser.context({ width: 360, height: 740 });
    await withConsent(context);
    await page.goto("/");
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const toggle = page.getByRole("button", { name: "Apri il menu" });
    await toggle.focus();
    await page.keyboard.press("Enter");
    const menu = page.getByRole("navigation", { name: "Menu mobile" });
    expect(await menu.isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Chiudi il menu" }).getAttribute("aria-expanded")).toBe("true");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe("Home");
    await page.keyboard.press("Escape");
    expect(await menu.isVisible()).toBe(false);
    expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe("mobile-menu");
    // A link in the menu navigates and closes it.
    await page.keyboard.press("Enter");
    await menu.getByRole("link", { name: "Chi Siamo" }).click();
    await page.waitForURL((url) => url.pathname === "/about");
    await menu.waitFor({ state: "hidden", timeout: 5_000 });
  });

  it("renders unknown paths as the Italian fallback page", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    const response = await page.goto("/non-esiste-proprio");
    expect(response?.status()).toBe(404);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Pagina non trovata");
    await page.getByRole("link", { name: "Torna alla home" }).click();
    await page.waitForURL((url) => url.pathname === "/");
  });
});

describe("cookie consent", () => {
  it("is shown until a choice is stored; 'Accetta Tutti' stores everything and hides it", async () => {
    const { page } = await browser.context();
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Rispettiamo la tua privacy" });
    await banner.waitFor();
    // A grant reloads the page once, under a policy that allows the third parties (decision 0064).
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Accetta Tutti" }).click();
    await reloaded;
    expect(await banner.count()).toBe(0);
    expect(await storedConsent(page)).toMatchObject({ necessary: true, analytics: true, marketing: true });
    await page.reload();
    await page.waitForLoadState("networkidle");
    expect(await banner.count()).toBe(0);
  });

  it("'Personalizza' lets the visitor pick analytics only; 'Indietro' goes back", async () => {
    const { page } = await browser.context();
    await page.goto("/");
    await page.getByRole("button", { name: "Personalizza" }).click();
    const necessary = page.getByRole("checkbox", { name: /Necessari/ });
    expect(await necessary.isChecked()).toBe(true);
    expect(await necessary.isDisabled()).toBe(true);
    await page.getByRole("button", { name: "Indietro" }).click();
    await page.getByRole("button", { name: "Personalizza" }).click();
    await page.getByRole("checkbox", { name: /Analisi/ }).check();
    const reloaded = page.waitForEvent("load");
    await page.getByRole("button", { name: "Salva Preferenze" }).click();
    await reloaded;
    expect(await page.getByRole("button", { name: "Salva Preferenze" }).count()).toBe(0);
    expect(await storedConsent(page)).toMatchObject({ analytics: true, marketing: false });
  });

  it("'Rifiuta Tutti' and the close button both store a refusal", async () => {
    for (const name of ["Rifiuta Tutti", "Chiudi e rifiuta i cookie facoltativi"]) {
      const { page } = await browser.context();
      await page.goto("/");
      await page.getByRole("button", { name }).click();
      expect(await page.getByRole("button", { name: "Accetta Tutti" }).count()).toBe(0);
      const consent = await storedConsent(page);
      expect(consent).toMatchObject({ necessary: true, analytics: false, marketing: false });
      expect(Date.parse(consent.timestamp)).toBeGreaterThan(Date.now() - 60_000);
    }
  });
});

// The document is rendered in one synchronous pass once React Router's data is read whole
// (app/entry.server.tsx, decision 0029): the data must still reach the page entire and hydrate it.
describe("document", () => {
  const PATH = "/pet-listings?petType=dog";

  it("carries the page's data whole, before the stream is closed, with nothing left to the browser to render", async () => {
    const html = await (await fetch(`${baseUrl()}${PATH}`)).text();
    expect(html.startsWith("<!DOCTYPE html>")).toBe(true);
    const enqueued = html.split("window.__reactRouterContext.streamController.enqueue(").length - 1;
    expect(enqueued).toBe(1);
    expect(html.indexOf("streamController.enqueue(")).toBeLessThan(html.indexOf("streamController.close()"));
    // A Suspense boundary that the server could not render is marked <!--$!--> for the client.
    expect(html).not.toContain("<!--$!-->");
    expect(html).toContain("loaderData");
  });

  it("hydrates from that data without asking the server for it again", async () => {
    const { page } = await browser.context();
    const dataRequests: string[] = [];
    const problems: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname.endsWith(".data")) dataRequests.push(request.url());
    });
    page.on("pageerror", (error) => problems.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error" && /hydrat/i.test(message.text())) problems.push(message.text());
    });
    await page.goto(PATH);
    expect(await page.locator("html[data-hydrated]").count()).toBe(1);
    expect(problems).toEqual([]);
    expect(dataRequests).toEqual([]);
  });
});
