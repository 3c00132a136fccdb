import type { Page } from "playwright-core";
// /article/{slug}: header facts, content, the view counter, share buttons, sanitised content, 404.
import { describe, expect, it } from "vitest";
import { baseUrl, startBrowser, withConsent } from "./browser";
import { FIXTURES } from "./fixtures";

const browser = startBrowser();

const SLUG = "prime-settimane-con-il-cucciolo";
const TITLE = "Le prime settimane con il cucciolo: guida pratica per partire col piede giusto";
const ITALIAN_MONTHS = "gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre|dicembre";
// Headless Chromium says "HeadlessChrome" in its user agent, which the server rightly treats as a
// bot (crawlers do not count as views). A reader's browser says this instead.
const READER_USER_AGENT =
  "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";

/** Sends the page's view beacon with a reader's user agent, as a person's browser would. */
async function asReader(page: Page) {
  await page.route("**/article/*/view", async (route) => {
    await route.continue({ headers: { ...route.request().headers(), "user-agent": READER_USER_AGENT } });
  });
}

function digits(text: string | null | undefined): number {
  return Number.parseInt((text ?? "").replace(/\D/g, ""), 10);
}

/** The view count in the HTML the server sends for an article (no browser, no beacon). */
async function serverRenderedViews(slug: string): Promise<number> {
  const html = await (await fetch(`${baseUrl()}/article/${slug}`)).text();
  const match = /data-testid="views"[^>]*>([^<]*)</.exec(html);
  expect(match, "view count in the server's HTML").not.toBeNull();
  return digits(match?.[1]);
}

describe("article page", () => {
  it("shows the category badge, title, Italian long date, author, featured image and content", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    const response = await page.goto(`/article/${SLUG}`);
    expect(response?.status()).toBe(200);
    const main = page.getByRole("main");

    expect((await main.getByRole("heading", { level: 1 }).textContent())?.trim()).toBe(TITLE);

    const time = main.locator("time").first();
    const dateText = (await time.textContent())?.trim() ?? "";
    expect(dateText).toMatch(new RegExp(`^\\d{1,2} (${ITALIAN_MONTHS}) \\d{4}$`));
    const datetime = await time.getAttribute("datetime");
    const expected = new Intl.DateTimeFormat("it-IT", { day: "numeric", month: "long", year: "numeric", timeZone: "Europe/Rome" }).format(
      new Date(datetime ?? ""),
    );
    expect(dateText).toBe(expected);

    expect(await main.getByText("Redazione Zampa", { exact: true }).isVisible()).toBe(true);

    const image = main.getByRole("img", { name: TITLE });
    expect(await image.isVisible()).toBe(true);
    await expect
      .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), { timeout: 15_000 })
      .toBe(true);

    expect(await main.getByRole("heading", { level: 2, name: "Prima dell'arrivo: preparare la casa" }).isVisible()).toBe(true);
    expect(await main.getByText("anagrafe canina").first().isVisible()).toBe(true);
    expect(await main.getByRole("heading", { name: "Condividi questo articolo" }).isVisible()).toBe(true);
    expect(await main.getByRole("link", { name: "Leggi altri articoli" }).getAttribute("href")).toBe("/articles");

    const badge = main.getByRole("link", { name: "Cani", exact: true });
    expect(await badge.getAttribute("href")).toBe("/category/cani");
    await badge.click();
    await page.waitForURL((url) => url.pathname === "/category/cani");
    await expect.poll(() => page.getByRole("heading", { level: 1 }).textContent(), { timeout: 15_000 }).toBe("Cani");
    expect(errors).toEqual([]);
  });

  it("fetches its JavaScript only after the page has loaded, then hydrates", async () => {
    const html = await (await fetch(`${baseUrl()}/article/${SLUG}`)).text();
    expect(html).not.toMatch(/<link rel="modulepreload"|<script type="module"/);
    const { page } = await browser.context();
    const order: string[] = [];
    page.on("load", () => order.push("load"));
    page.on("request", (request) => {
      if (request.url().includes("/assets/") && request.url().endsWith(".js")) order.push("script");
    });
    await page.goto(`/article/${SLUG}`); // waits for html[data-hydrated]
    expect(order[0]).toBe("load");
    expect(order.filter((entry) => entry === "script").length).toBeGreaterThan(1);
  });

  it("shows a view count higher than the one in the server's HTML once the page has loaded", async () => {
    const before = await serverRenderedViews(SLUG);
    expect(Number.isFinite(before)).toBe(true);

    const { context, page } = await browser.context();
    await withConsent(context);
    await asReader(page);
    const beacon = page.waitForResponse((r) => r.url().endsWith(`/article/${SLUG}/view`) && r.request().method() === "POST");
    await page.goto(`/article/${SLUG}`);
    const answer = await beacon;
    expect(answer.status()).toBe(200);
    const { views } = (await answer.json()) as { views: number };
    expect(views).toBeGreaterThan(before);

    const shown = page.getByTestId("views");
    await expect.poll(async () => digits(await shown.textContent()), { timeout: 15_000 }).toBe(views);
    expect(digits(await shown.textContent())).toBeGreaterThan(before);
  });

  it("does not count a crawler's beacon", async () => {
    const view = () =>
      fetch(`${baseUrl()}/article/${SLUG}/view`, {
        method: "POST",
        headers: { origin: baseUrl(), "user-agent": "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)" },
      }).then(async (r) => ((await r.json()) as { views: number }).views);
    const first = await view();
    const second = await view();
    expect(Number.isInteger(first)).toBe(true);
    expect(second).toBe(first);
  });

  it("opens 600×400 share popups for each network and offers an e-mail link", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await context.addInitScript(() => {
      const calls: { url: string; target: string; features: string }[] = [];
      (window as unknown as { __shareCalls: typeof calls }).__shareCalls = calls;
      window.open = ((url?: string | URL, target?: string, features?: string) => {
        calls.push({ url: String(url), target: String(target), features: String(features) });
        // A window-like object: the page treats the popup as opened.
        return {} as Window;
      }) as typeof window.open;
    });
    await page.goto(`/article/${SLUG}`);
    const articleUrl = `${baseUrl()}/article/${SLUG}`;
    const hosts: Record<string, string> = {
      Facebook: "www.facebook.com",
      Twitter: "twitter.com",
      LinkedIn: "www.linkedin.com",
      WhatsApp: "wa.me",
    };
    for (const [network, host] of Object.entries(hosts)) {
      await page.getByRole("link", { name: `Condividi su ${network}` }).click();
      const calls = await page.evaluate(() => (window as unknown as { __shareCalls: { url: string; features: string }[] }).__shareCalls);
      const last = calls.at(-1);
      expect(calls, network).toHaveLength(Object.keys(hosts).indexOf(network) + 1);
      const url = new URL(last?.url ?? "");
      expect(url.host, network).toBe(host);
      expect(decodeURIComponent(url.search), network).toContain(articleUrl);
      const features = Object.fromEntries((last?.features ?? "").split(",").map((f) => f.trim().split("=")));
      expect(features.width, network).toBe("600");
      expect(features.height, network).toBe("400");
    }
    // The page stayed where it was and opened no tab of its own.
    expect(new URL(page.url()).pathname).toBe(`/article/${SLUG}`);
    expect(context.pages()).toHaveLength(1);

    const mail = new URL((await page.getByRole("link", { name: "Condividi via email" }).getAttribute("href")) ?? "");
    expect(mail.protocol).toBe("mailto:");
    expect(mail.searchParams.get("subject")).toBe(TITLE);
    expect(mail.searchParams.get("body")).toBe(articleUrl);
  });

  it("copies the link, shows 'Copiato!' and goes back to 'Copia link' after about 2 seconds", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await context.grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto(`/article/${SLUG}`);
    const started = Date.now();
    await page.getByRole("button", { name: "Copia link" }).click();
    await page.getByRole("button", { name: "Copiato!" }).waitFor({ timeout: 10_000 });
    const shownAt = Date.now();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(`${baseUrl()}/article/${SLUG}`);
    await page.getByRole("button", { name: "Copia link" }).waitFor({ timeout: 15_000 });
    const backAt = Date.now();
    expect(backAt - started).toBeGreaterThanOrEqual(1_900);
    expect(backAt - shownAt).toBeLessThan(8_000);
  });

  it("renders the hostile fixture article without running any of its code", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const response = await page.goto(`/article/${FIXTURES.unsafeArticle.slug}`);
    expect(response?.status()).toBe(200);
    await page.waitForLoadState("load");
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe(FIXTURES.unsafeArticle.title);
    const harmless = main.getByText("Testo innocuo.", { exact: true });
    expect(await harmless.isVisible()).toBe(true);
    const content = harmless.locator("xpath=..");

    // The image (if kept) has loaded or failed by now: neither handler may have run.
    await page.waitForFunction(() => Array.from(document.querySelectorAll("main img")).every((img) => (img as HTMLImageElement).complete), null, {
      timeout: 15_000,
    });
    expect(await content.locator("script").count()).toBe(0);
    const handlers = await content.evaluate((root) =>
      Array.from(root.querySelectorAll("*")).flatMap((el) => el.getAttributeNames().filter((name) => name.toLowerCase().startsWith("on"))),
    );
    expect(handlers).toEqual([]);

    const link = content.locator("a", { hasText: "clic" });
    expect(await link.count()).toBe(1);
    const href = await link.getAttribute("href");
    if (href !== null) expect(href.trim().toLowerCase().startsWith("javascript:")).toBe(false);
    if (href === null) await link.click();
    expect(await page.evaluate(() => (window as unknown as { __zampaXss?: unknown }).__zampaXss)).toBeUndefined();
    expect(dialogs).toEqual([]);
  });

  it("answers a missing slug with 'Articolo non trovato' and HTTP 404", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    const response = await page.goto("/article/questo-articolo-non-esiste");
    expect(response?.status()).toBe(404);
    const main = page.getByRole("main");
    expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe("Articolo non trovato");
    expect(await main.getByText("L'articolo che stai cercando non esiste o è stato rimosso.", { exact: true }).isVisible()).toBe(true);
    // A draft is not published: same answer.
    const draft = await page.goto(`/article/${FIXTURES.draftSlug}`);
    expect(draft?.status()).toBe(404);
    expect(await main.getByRole("heading", { level: 1 }).textContent()).toBe("Articolo non trovato");
  });

  it("sends no view beacon from the not-found page", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await asReader(page);
    const posts: string[] = [];
    page.on("request", (request) => {
      if (request.method() === "POST") posts.push(new URL(request.url()).pathname);
    });
    const response = await page.goto("/article/questo-articolo-non-esiste");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { level: 1, name: "Articolo non trovato" }).waitFor();
    await page.waitForLoadState("networkidle");
    // There is no article to count (the page must not post to /article//view or anywhere else).
    expect(posts).toEqual([]);
  });
});
