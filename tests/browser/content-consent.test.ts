import type { Page } from "playwright-core";
// Consent gating on the home page (contexts without a stored choice): no ad, analytics or pixel
// before consent; a grant reloads the page once (its policy then allows them, decision 0064), a
// withdrawal takes effect at once. Outside network is blocked here, so
// the third-party scripts never run: the tests look at the script elements the page adds.
import { describe, expect, it } from "vitest";
import { baseUrl, startBrowser } from "./browser";
import { FIXTURES } from "./fixtures";

const browser = startBrowser();

const ANALYTICS = 'script[src*="googletagmanager"]';
const PIXEL = 'script[src*="fbevents"]';
const AD = `#${FIXTURES.adMarker}`;

interface Loaded {
  analytics: number;
  pixel: number;
  ad: number;
  adRan: unknown;
}

function loaded(page: Page): Promise<Loaded> {
  return page.evaluate(
    ([analytics, pixel, ad]) => ({
      analytics: document.querySelectorAll(analytics).length,
      pixel: document.querySelectorAll(pixel).length,
      ad: document.querySelectorAll(ad).length,
      adRan: (window as unknown as { __zampaAdRan?: unknown }).__zampaAdRan,
    }),
    [ANALYTICS, PIXEL, AD] as const,
  );
}

const NOTHING: Loaded = { analytics: 0, pixel: 0, ad: 0, adRan: undefined };

/** "Accetta Tutti" on a page whose policy does not allow third parties yet: the page reloads once. */
async function acceptAll(page: Page) {
  const reloaded = page.waitForEvent("load");
  await page.getByRole("button", { name: "Accetta Tutti" }).click();
  await reloaded;
  await page.waitForSelector("html[data-hydrated]", { state: "attached" });
}

/** Opens the home page with no stored choice and waits until the banner (client-side) is up. */
async function openHome(page: Page) {
  const adRequests: string[] = [];
  page.on("request", (request) => {
    if (new URL(request.url()).pathname === "/api/ads") adRequests.push(request.url());
  });
  await page.goto("/");
  await page.getByRole("region", { name: "Rispettiamo la tua privacy" }).waitFor({ timeout: 15_000 });
  await page.waitForLoadState("networkidle");
  return { banner: page.getByRole("region", { name: "Rispettiamo la tua privacy" }), adRequests };
}

describe("consent gating", () => {
  it("sends no ad code, analytics or pixel script in the server's HTML", async () => {
    const html = await (await fetch(`${baseUrl()}/`)).text();
    for (const forbidden of ["googletagmanager", "fbevents", FIXTURES.adMarker, "__zampaAdRan"]) {
      expect(html, forbidden).not.toContain(forbidden);
    }
  });

  it("loads nothing before a choice, then the ad, analytics and pixel right after 'Accetta Tutti'", async () => {
    const { page } = await browser.context();
    const { banner, adRequests } = await openHome(page);
    expect(await loaded(page)).toEqual(NOTHING);
    expect(adRequests).toEqual([]);
    // The slot is there, empty.
    expect(await page.locator('[data-ad-slot="banner"]').evaluate((slot) => slot.innerHTML)).toBe("");

    await page.getByRole("button", { name: "Accetta Tutti" }).click();
    await page.locator(AD).waitFor({ state: "visible", timeout: 15_000 });
    await expect.poll(() => loaded(page), { timeout: 15_000 }).toEqual({ analytics: 1, pixel: 1, ad: 1, adRan: true });
    expect(await page.locator(AD).textContent()).toBe("Pubblicità di prova");
    expect(await page.locator(ANALYTICS).getAttribute("src")).toContain(FIXTURES.analyticsId);
    // The pixel was initialised with the id from the SEO settings (its script never arrives here).
    const pixelInit = await page.evaluate(() => {
      const queue = (window as unknown as { fbq?: { queue?: unknown[][] } }).fbq?.queue ?? [];
      return queue.filter((call) => call[0] === "init").map((call) => call[1]);
    });
    expect(pixelInit).toContain(FIXTURES.pixelId);
    expect(await banner.count()).toBe(0);
    expect(new URL(page.url()).pathname).toBe("/");
  });

  it("loads nothing after 'Rifiuta Tutti', also on the next page load", async () => {
    const { page } = await browser.context();
    const { banner, adRequests } = await openHome(page);
    await page.getByRole("button", { name: "Rifiuta Tutti" }).click();
    await banner.waitFor({ state: "detached", timeout: 10_000 });
    await page.waitForLoadState("networkidle");
    expect(await loaded(page)).toEqual(NOTHING);

    await page.reload();
    await page.getByRole("heading", { name: "Articoli in Evidenza" }).waitFor();
    await page.waitForLoadState("networkidle");
    expect(await loaded(page)).toEqual(NOTHING);
    expect(adRequests).toEqual([]);
    expect(await banner.count()).toBe(0);
  });

  it("with 'Personalizza' and only 'Analisi', loads analytics but no ad and no pixel", async () => {
    const { page } = await browser.context();
    const { adRequests } = await openHome(page);
    await page.getByRole("button", { name: "Personalizza" }).click();
    await page.getByRole("checkbox", { name: /Analisi/ }).check();
    expect(await page.getByRole("checkbox", { name: /Marketing/ }).isChecked()).toBe(false);
    await page.getByRole("button", { name: "Salva Preferenze" }).click();
    await page.locator(ANALYTICS).waitFor({ state: "attached", timeout: 15_000 });
    await page.waitForLoadState("networkidle");
    expect(await loaded(page)).toEqual({ analytics: 1, pixel: 0, ad: 0, adRan: undefined });
    expect(adRequests).toEqual([]);
  });

  it("the footer's 'Preferenze cookie' reopens the banner, and each new choice applies at once", async () => {
    const { page } = await browser.context();
    const { banner } = await openHome(page);
    await page.getByRole("button", { name: "Rifiuta Tutti" }).click();
    await banner.waitFor({ state: "detached", timeout: 10_000 });

    await page.getByRole("contentinfo").getByRole("button", { name: "Preferenze cookie" }).click();
    await banner.waitFor({ state: "visible", timeout: 10_000 });
    await page.getByRole("button", { name: "Accetta Tutti" }).click();
    await banner.waitFor({ state: "detached", timeout: 10_000 });
    await page.locator(AD).waitFor({ state: "visible", timeout: 15_000 });
    await expect.poll(() => loaded(page), { timeout: 15_000 }).toEqual({ analytics: 1, pixel: 1, ad: 1, adRan: true });

    // Withdrawing consent removes the ad at once.
    await page.getByRole("contentinfo").getByRole("button", { name: "Preferenze cookie" }).click();
    await banner.waitFor({ state: "visible", timeout: 10_000 });
    await page.getByRole("button", { name: "Rifiuta Tutti" }).click();
    await page.locator(AD).waitFor({ state: "detached", timeout: 15_000 });
    expect(await page.evaluate(() => JSON.parse(window.localStorage.getItem("zampa-cookie-consent") ?? "null"))).toMatchObject({
      analytics: false,
      marketing: false,
    });
  });

  it("the preferences reopened from the footer show the choice in force", async () => {
    const { page } = await browser.context();
    const { banner } = await openHome(page);
    await acceptAll(page);
    await banner.waitFor({ state: "detached", timeout: 10_000 });
    await page.getByRole("contentinfo").getByRole("button", { name: "Preferenze cookie" }).click();
    await banner.waitFor({ state: "visible", timeout: 10_000 });
    if (await page.getByRole("button", { name: "Personalizza" }).count()) await page.getByRole("button", { name: "Personalizza" }).click();
    // Both were accepted: saving the panel as shown must not silently withdraw them.
    expect(await page.getByRole("checkbox", { name: /Analisi/ }).isChecked()).toBe(true);
    expect(await page.getByRole("checkbox", { name: /Marketing/ }).isChecked()).toBe(true);
  });
});
