// Debian's Chromium driven by playwright-core, with the flags this machine needs.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";
import { afterAll, beforeAll, inject } from "vitest";
import { CHROMIUM_FLAGS } from "../../harness/chromium-flags";


export function baseUrl(): string {
  return inject("baseUrl");
}

/** One browser per test file; each test opens its own context (fresh cookies and storage). */
export function startBrowser(): {
  context: (options?: { width?: number; height?: number; javaScript?: boolean }) => Promise<{ context: BrowserContext; page: Page }>;
} {
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
        javaScriptEnabled: options.javaScript ?? true,
      });
      // Without JavaScript nothing hydrates: navigation helpers must not wait for it.
      const hydrates = options.javaScript ?? true;
      contexts.push(context);
      // Fail with a clear locator message well before the test's own timeout.
      context.setDefaultTimeout(15_000);
      // Map tiles come from the internet, which this machine cannot reach: refuse them at once.
      await context.route(/tile\.openstreetmap\.org/, (route) => route.abort());
      const page = await context.newPage();
      // Pages hydrate when the browser is idle: wait for it, so that clicks reach React.
      const goto = page.goto.bind(page);
      page.goto = async (url, options) => {
        const response = await goto(url, options);
        if (hydrates) await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 }).catch(() => {});
        return response;
      };
      const reload = page.reload.bind(page);
      page.reload = async (options) => {
        const response = await reload(options);
        if (hydrates) await page.waitForSelector("html[data-hydrated]", { state: "attached", timeout: 15_000 }).catch(() => {});
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

/**
 * The newest link in the outbox e-mail addressed to `to` whose address starts with `prefix` (after
 * the site's base URL), quoted-printable decoded; waits for the mail to arrive.
 */
export async function linkMailedTo(to: string, prefix: string, options: { after?: string[] } = {}): Promise<string> {
  const outbox = path.join(inject("dataDir"), "outbox");
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\/:]/g, "\\$&");
  for (let attempt = 0; attempt < 50; attempt++) {
    const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => !options.after?.includes(n)).sort().reverse();
    for (const name of names) {
      const raw = await readFile(path.join(outbox, name), "utf8");
      const text = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      if (!new RegExp(`^To: .*${escape(to)}`, "mi").test(text)) continue;
      const link = new RegExp(`${escape(baseUrl() + prefix)}[^\\s"<>]*`).exec(text)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail to ${to} with a link to ${prefix}`);
}

/** The outbox's files now (to look only at the mails sent after). */
export async function outboxNames(): Promise<string[]> {
  return readdir(path.join(inject("dataDir"), "outbox")).catch(() => [] as string[]);
}

/**
 * A new account, signed in within this browser context, as a person makes one: the sign-up form
 * (which opens no session, decision 0075), the confirmation link mailed to the address, then the
 * sign-in form. `verified: false` skips the link (votes and entries need it, decision 0058): the
 * account signs in with its password all the same.
 */
export async function signUpIn(
  context: BrowserContext,
  fullName = "Elena Marchi",
  options: { verified?: boolean } = {},
): Promise<{ email: string; password: string; fullName: string }> {
  const email = uniqueEmail("annunci");
  const password = "Criceto-Dorato-77";
  await signUpOnly(context, { fullName, email, password });
  if (options.verified ?? true) await confirmAddress(context, email);
  await signIn(context, email, password);
  return { email, password, fullName };
}

/** The sign-up form's request alone: the account exists, unconfirmed, and nobody is signed in. */
export async function signUpOnly(context: BrowserContext, account: { fullName: string; email: string; password: string }): Promise<void> {
  const response = await context.request.post(`${baseUrl()}/login`, {
    form: { intent: "signup", ...account, acceptPrivacy: "on", acceptTerms: "on" },
    headers: { origin: baseUrl() },
    maxRedirects: 0,
  });
  if (response.status() !== 200) throw new Error(`sign-up failed: HTTP ${response.status()}`);
}

/** Opens the confirmation link mailed to `email` at sign-up. */
export async function confirmAddress(context: BrowserContext, email: string): Promise<void> {
  const confirmed = await context.request.get(await linkMailedTo(email, "/api/auth/verify-email?"), { maxRedirects: 0 });
  if (confirmed.status() !== 302 || confirmed.headers().location?.includes("error=")) throw new Error(`verification failed: HTTP ${confirmed.status()}`);
}

/** Signs in an existing account within this browser context. */
export async function signIn(context: BrowserContext, email: string, password: string): Promise<void> {
  const response = await context.request.post(`${baseUrl()}/login`, {
    form: { intent: "signin", email, password },
    headers: { origin: baseUrl() },
    maxRedirects: 0,
  });
  if (response.status() >= 400) throw new Error(`sign-in failed: HTTP ${response.status()}`);
}
