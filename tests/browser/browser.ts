// Debian's Chromium driven by playwright-core, with the flags this machine needs.
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { CHROMIUM_FLAGS } from "../../scripts/chromium-flags";


export function baseUrl(): string {
  return inject("baseUrl");
}

/** One browser per test file; each test opens its own context (fresh cookies and storage). */
export function startBrowser(): { context: (options?: { width?: number; height?: number }) => Promise<{ context: BrowserContext; page: Page }> } {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  beforeAll(async () => {
    browser = await chromium.launch({ executablePath: process.env.CHROME_PATH || "/usr/bin/chromium", args: CHROMIUM_FLAGS });
  });
  afterAll(async () => {
    for (const c of contexts) await c.close().catch(() => {});
    await browser?.close();
  });
  return {
    async context(options = {}) {
      if (!browser) throw new Error("browser not started");
      const context = await browser.newContext({
        baseURL: baseUrl(),
        viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
        locale: "it-IT",
        timezoneId: "Europe/Rome",
      });
      contexts.push(context);
      const page = await context.newPage();
      // Pages hydrate when the browser is idle: wait for it, so that clicks reach React.
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 }).catch(() => {});
        return response;
      };
      return { context, page };
    },
  };
}

/** Stores a consent choice before any page loads, so that the banner does not cover the page. */
export async function withConsent(context: BrowserContext): Promise<void> {
  await context.addInitScript(() => {
    window.localStorage.setItem(
      "zampa-cookie-consent",
      JSON.stringify({ necessary: true, analytics: false, marketing: false, timestamp: new Date().toISOString() }),
    );
  });
}

let counter = 0;
export function uniqueEmail(prefix = "e2e"): string {
  counter += 1;
  return `${prefix}-${Date.now()}-${counter}@example.it`;
}
