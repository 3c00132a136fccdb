// The security headers over HTTP (every kind of answer carries them; a page's nonce is the one of its
// scripts) and in Chromium (the main pages run under the policy without one violation). Decision 0064.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { cookieFrom } from "../cookies";
import { baseUrl, signIn, signUpIn, startBrowser, withConsent } from "./browser";
import { FIXTURES } from "./fixtures";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

const COMMON = {
  "x-content-type-options": "nosniff",
  "referrer-policy": "strict-origin-when-cross-origin",
  "x-frame-options": "SAMEORIGIN",
  "cross-origin-opener-policy": "same-origin",
};

function expectCommonHeaders(response: Response, what: string): void {
  for (const [name, value] of Object.entries(COMMON)) expect(response.headers.get(name), `${what}: ${name}`).toBe(value);
  expect(response.headers.get("permissions-policy"), what).toContain("camera=()");
  expect(response.headers.get("content-security-policy"), what).toContain("frame-ancestors 'self'");
  // The site runs on http here: no HSTS (it would pin a browser to https for a year).
  expect(response.headers.get("strict-transport-security"), what).toBeNull();
  expect(response.headers.get("x-zampa-nonce"), what).toBeNull();
}

/** The nonce the policy allows. */
function policyNonce(response: Response): string {
  const policy = response.headers.get("content-security-policy") ?? "";
  const match = /script-src [^;]*'nonce-([A-Za-z0-9+/=_-]+)'/.exec(policy);
  if (!match) throw new Error(`no nonce in ${policy}`);
  return match[1]!;
}

/** Every <script> tag of a document. */
const scriptTags = (html: string) => [...html.matchAll(/<script\b[^>]*>/g)].map((m) => m[0]);

async function adminCookie(): Promise<string> {
  const response = await fetch(`${baseUrl()}/login`, {
    method: "POST",
    body: new URLSearchParams({ intent: "signin", email: E2E_ADMIN.email, password: E2E_ADMIN.password }),
    headers: { origin: baseUrl() },
    redirect: "manual",
  });
  return cookieFrom(response.headers);
}

describe("security headers over HTTP", () => {
  it("are on every kind of answer: page, cached page, asset, upload, 404, redirect, JSON, server-sent events", async () => {
    const base = baseUrl();
    const page = await fetch(`${base}/articles?q=cane`);
    const html = await page.text();
    expectCommonHeaders(page, "page");
    await (await fetch(`${base}/category/cani`)).text();
    const cached = await fetch(`${base}/category/cani`);
    expect(cached.headers.get("x-zampa-cache")).toBe("HIT");
    expectCommonHeaders(cached, "cached page");
    const assetPath = /\/assets\/[^"]+\.js/.exec(html)?.[0];
    expect(assetPath).toBeTruthy();
    const asset = await fetch(`${base}${assetPath}`);
    expect(asset.status).toBe(200);
    expectCommonHeaders(asset, "asset");
    const upload = await fetch(`${base}/uploads/demo/pet-home.webp`);
    expect(upload.status).toBe(200);
    expectCommonHeaders(upload, "upload");
    expect(upload.headers.get("content-type")).toBe("image/webp");
    expect(upload.headers.get("content-security-policy")).toMatch(/^default-src 'none';.*\bsandbox\b/);
    for (const path of ["/questa-pagina-non-esiste", "/uploads/demo/non-esiste.webp"]) {
      const missing = await fetch(`${base}${path}`);
      expect(missing.status, path).toBe(404);
      expectCommonHeaders(missing, path);
    }
    const redirect = await fetch(`${base}/dashboard`, { redirect: "manual" });
    expect(redirect.status).toBe(302);
    expectCommonHeaders(redirect, "redirect");
    const json = await fetch(`${base}/readyz`);
    expect(json.headers.get("content-type")).toContain("application/json");
    expectCommonHeaders(json, "JSON");
    expect(json.headers.get("content-security-policy")).toContain("default-src 'none'");

    const controller = new AbortController();
    const events = await fetch(`${base}/admin/api-stats/events`, { headers: { cookie: await adminCookie() }, signal: controller.signal });
    expect(events.headers.get("content-type")).toContain("text/event-stream");
    expectCommonHeaders(events, "server-sent events");
    controller.abort();
  });

  it("gives a page's policy the nonce that every script of the page carries, a new one for each render", async () => {
    const nonces: string[] = [];
    for (let i = 0; i < 2; i++) {
      // A free-text search is rendered each time (never kept by the page cache).
      const response = await fetch(`${baseUrl()}/pet-listings?q=gatto`);
      const nonce = policyNonce(response);
      const tags = scriptTags(await response.text());
      expect(tags.length).toBeGreaterThan(1);
      for (const tag of tags) expect(tag).toContain(` nonce="${nonce}"`);
      nonces.push(nonce);
    }
    expect(nonces[0]).not.toBe(nonces[1]);
    expect(nonces[0]).toMatch(/^[A-Za-z0-9+/]{22}==$/);
  });

  it("serves a cached page with the nonce of its render, in the page and the policy, a 304 included", async () => {
    const first = await fetch(`${baseUrl()}/categories`);
    const firstNonce = policyNonce(first);
    await first.text();
    const hit = await fetch(`${baseUrl()}/categories`);
    expect(hit.headers.get("x-zampa-cache")).toBe("HIT");
    const nonce = policyNonce(hit);
    expect(nonce).toBe(firstNonce);
    for (const tag of scriptTags(await hit.text())) expect(tag).toContain(` nonce="${nonce}"`);
    const notModified = await fetch(`${baseUrl()}/categories`, { headers: { "if-none-match": hit.headers.get("etag")! } });
    expect(notModified.status).toBe(304);
    expect(policyNonce(notModified)).toBe(nonce);
  });

  it("allows analytics and ad networks only on answers to a visitor whose consent cookie grants them, cached pages included", async () => {
    await (await fetch(`${baseUrl()}/articles`)).text();
    const policyWith = async (cookie?: string) => {
      const response = await fetch(`${baseUrl()}/articles`, { headers: cookie ? { cookie } : {} });
      expect(response.headers.get("x-zampa-cache")).toBe("HIT");
      return response.headers.get("content-security-policy") ?? "";
    };
    for (const cookie of [undefined, "zampa-consent=a0m0", "zampa-consent=forged", "zampa-consent=a1m1x"]) {
      const policy = await policyWith(cookie);
      expect(policy, cookie).not.toContain("googletagmanager");
      expect(policy, cookie).not.toContain("strict-dynamic");
      expect(policy, cookie).toContain("frame-src 'none'");
      expect(policy, cookie).not.toMatch(/https:[ ;]/);
    }
    const analytics = await policyWith("zampa-consent=a1m0");
    expect(analytics).toContain("https://*.googletagmanager.com");
    expect(analytics).not.toContain("strict-dynamic");
    const marketing = await policyWith("zampa-consent=a0m1");
    expect(marketing).toContain("'strict-dynamic'");
    expect(marketing).toContain("frame-src https:");
    expect(marketing).not.toContain("googletagmanager");
  });
});

/** Records every policy violation and console message about policies from the first script on. */
async function watchViolations(context: BrowserContext, page: Page): Promise<() => Promise<string[]>> {
  await context.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { __violations: string[] }).__violations = seen;
    document.addEventListener("securitypolicyviolation", (event) => seen.push(`${event.violatedDirective} ${event.blockedURI} ${event.sourceFile}:${event.lineNumber}`));
  });
  const console: string[] = [];
  page.on("console", (message) => {
    if (/Content.Security.Policy|Permissions.Policy|nonce/i.test(message.text())) console.push(`${page.url()}: ${message.text()}`);
  });
  return async () => [...console, ...(await page.evaluate(() => (window as unknown as { __violations?: string[] }).__violations ?? []))];
}

describe("the policy in Chromium", () => {
  it("lets the public pages, the map and a listing run without one violation", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    const violations = await watchViolations(context, page);
    const seen: string[] = [];
    for (const path of ["/", "/pet-listings", "/pet-listings?view=map", `/article/${FIXTURES.unsafeArticle.slug}`, "/contests", "/login"]) {
      await page.goto(path);
      await page.waitForLoadState("networkidle");
      seen.push(...(await violations()));
    }
    await page.goto("/pet-listings?view=map");
    await page.locator(".leaflet-container").waitFor();
    // Client-side navigation to a listing, then its page loaded whole.
    await page.goto("/pet-listings");
    const href = await page.locator('a[href^="/pet-listing/"]').first().getAttribute("href");
    await page.locator('a[href^="/pet-listing/"]').first().click();
    await page.waitForURL(/\/pet-listing\//);
    await page.waitForLoadState("networkidle");
    seen.push(...(await violations()));
    await page.goto(href!);
    await page.locator(".leaflet-container").waitFor();
    await page.waitForLoadState("networkidle");
    seen.push(...(await violations()));
    // The article's hostile content stays inert (as before the policy), and nothing was reported.
    expect(await page.evaluate(() => (window as unknown as { __zampaXss?: unknown }).__zampaXss)).toBeUndefined();
    expect(seen).toEqual([]);
  });

  it("lets the publish form with its map and the admin's article editor run without one violation", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await signUpIn(context);
    const violations = await watchViolations(context, page);
    await page.goto("/create-pet-listing");
    await page.locator(".leaflet-container").waitFor();
    await page.waitForLoadState("networkidle");
    expect(await violations()).toEqual([]);

    const admin = await browser.context();
    await withConsent(admin.context);
    await signIn(admin.context, E2E_ADMIN.email, E2E_ADMIN.password);
    const adminViolations = await watchViolations(admin.context, admin.page);
    await admin.page.goto("/admin/articles/new");
    await admin.page.locator("[data-editor-ready] .ProseMirror").waitFor();
    await admin.page.getByRole("textbox", { name: /^Contenuto/ }).pressSequentially("Testo di prova");
    await admin.page.waitForLoadState("networkidle");
    expect(await adminViolations()).toEqual([]);
  });

  it("after 'Accetta Tutti' reloads the page once under a policy that lets the ad code run (its inline script gets the nonce)", async () => {
    const { context, page } = await browser.context();
    const violations = await watchViolations(context, page);
    const documents: string[] = [];
    page.on("response", (response) => {
      if (response.request().resourceType() === "document") documents.push(response.headers()["content-security-policy"] ?? "");
    });
    await page.goto("/");
    await page.getByRole("button", { name: "Accetta Tutti" }).click();
    await expect.poll(() => page.evaluate(() => (window as unknown as { __zampaAdRan?: unknown }).__zampaAdRan), { timeout: 15_000 }).toBe(true);
    expect(documents).toHaveLength(2);
    expect(documents[0]).not.toContain("strict-dynamic");
    expect(documents[1]).toContain("strict-dynamic");
    expect((await context.cookies()).find((c) => c.name === "zampa-consent")?.value).toBe("a1m1");
    await page.waitForLoadState("networkidle");
    expect(await violations()).toEqual([]);
    // Withdrawn: no reload, and the next page's policy allows no third party.
    await page.getByRole("contentinfo").getByRole("button", { name: "Preferenze cookie" }).click();
    await page.getByRole("button", { name: "Rifiuta Tutti" }).click();
    await page.locator(`#${FIXTURES.adMarker}`).waitFor({ state: "detached" });
    expect(documents).toHaveLength(2);
    await page.reload();
    expect(documents[2]).not.toContain("strict-dynamic");
    expect(documents[2]).not.toContain("googletagmanager");
  });
});
