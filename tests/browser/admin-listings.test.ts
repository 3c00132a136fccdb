// /admin/pet-listings: an admin finds a listing, suspends it (with the rule and a reason), and it is gone at once
// from the public list, the map, the sitemap and its detail page for a visitor; reactivated, it is
// back; then it is deleted with the confirmation. A stale page that suspends a listing already
// suspended shows the server's message. This file deletes every listing it publishes.
import { describe, expect, it } from "vitest";
import { baseUrl, signIn, signUpIn, startBrowser, withConsent } from "./browser";
import { adminPost, publishListing } from "./moderation-helpers";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

/** Where a visitor finds the listing: list (plain and searched), map, sitemap, detail page. */
async function publicPlaces(id: string, word: string) {
  const text = (path: string) => fetch(`${baseUrl()}${path}`).then((r) => r.text());
  const detail = await fetch(`${baseUrl()}/pet-listing/${id}`);
  return {
    list: (await text("/pet-listings")).includes(`/pet-listing/${id}`),
    search: (await text(`/pet-listings?q=${encodeURIComponent(word)}`)).includes(`/pet-listing/${id}`),
    map: (await text("/api/pet-listings/map")).includes(id),
    sitemap: (await text("/sitemap.xml")).includes(`/pet-listing/${id}`),
    detail: detail.status,
  };
}

describe("/admin/pet-listings", () => {
  it("suspends a listing: gone from every public page at once; reactivates it; deletes it", async () => {
    const owner = await browser.context();
    await signUpIn(owner.context, "Proprietaria Furetto");
    const word = `Moderazione${Date.now()}`;
    const title = `${word} <img src=x onerror=window.__zampaXss=1> furetto`;
    const id = await publishListing(owner.context, title);
    expect(await publicPlaces(id, word)).toEqual({ list: true, search: true, map: true, sitemap: true, detail: 200 });

    const { context, page } = await browser.context();
    await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(`/admin/pet-listings?q=${encodeURIComponent(word)}`);
    const row = page.getByRole("row").filter({ hasText: word });
    const link = row.getByRole("link", { name: new RegExp(word) });
    await link.waitFor();
    // The hostile title is text, and opens the public page in a new tab.
    expect(await link.textContent()).toContain("<img src=x onerror=window.__zampaXss=1>");
    expect(await page.evaluate(() => (window as unknown as { __zampaXss?: number }).__zampaXss)).toBeUndefined();
    expect(await link.getAttribute("href")).toBe(`/pet-listing/${id}`);
    expect(await link.getAttribute("target")).toBe("_blank");
    expect(await link.getAttribute("rel")).toBe("noopener");
    expect(await row.textContent()).toContain("Attivo");

    await row.locator("summary").click();
    await row.getByRole("button", { name: /^Sospendi/ }).click();
    const dialog = page.getByRole("dialog", { name: "Sospendi annuncio" });
    await dialog.getByLabel("Regola violata").selectOption("inappropriate");
    await dialog.getByLabel(/^Motivo/).fill("Le foto non mostrano l'animale.");
    await dialog.getByRole("button", { name: "Sospendi annuncio" }).click();
    await page.getByText("Annuncio sospeso: non è più visibile sul sito").waitFor();
    await row.getByText("Sospeso", { exact: true }).waitFor();
    expect(await row.getByRole("button", { name: /^Sospendi/ }).count()).toBe(0);

    expect(await publicPlaces(id, word)).toEqual({ list: false, search: false, map: false, sitemap: false, detail: 404 });
    const visitor = await browser.context();
    await withConsent(visitor.context);
    const response = await visitor.page.goto(`/pet-listing/${id}`);
    expect(response?.status()).toBe(404);
    await visitor.page.getByRole("heading", { name: "Annuncio non trovato" }).waitFor();
    // Its owner still sees it.
    expect((await owner.page.request.get(`/pet-listing/${id}`)).status()).toBe(200);

    await row.locator("summary").click();
    await row.getByRole("button", { name: /^Riattiva/ }).click();
    await page.getByText("Annuncio riattivato: è di nuovo visibile sul sito").waitFor();
    await row.getByText("Attivo", { exact: true }).waitFor();
    expect(await publicPlaces(id, word)).toEqual({ list: true, search: true, map: true, sitemap: true, detail: 200 });

    await row.locator("summary").click();
    await row.getByRole("button", { name: /^Elimina/ }).click();
    const confirm = page.getByRole("dialog", { name: "Conferma" });
    await confirm.getByRole("button", { name: "Elimina" }).click();
    await page.getByText("Annuncio eliminato", { exact: true }).waitFor();
    await page.getByText("Nessun annuncio trovato").waitFor();
    expect((await fetch(`${baseUrl()}/pet-listing/${id}`)).status).toBe(404);
  });

  it("a stale page that suspends a listing already suspended shows why; cards at 360 px", async () => {
    const owner = await browser.context();
    await signUpIn(owner.context, "Proprietario Distratto");
    const word = `Superato${Date.now()}`;
    const id = await publishListing(owner.context, `${word} furetto`);

    const { context, page } = await browser.context({ width: 360, height: 740 });
    await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
    try {
      await page.goto(`/admin/pet-listings?q=${word}`);
      const card = page.getByRole("row").filter({ hasText: word });
      await card.waitFor();
      // Nothing wider than the screen: the table is a column of cards.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      // Another admin suspends it meanwhile.
      expect(await adminPost(context, "/admin/pet-listings", { intent: "suspend", listingId: id, rule: "spam" })).toBe(200);
      await card.locator("summary").click();
      await card.getByRole("button", { name: /^Sospendi/ }).click();
      const dialog = page.getByRole("dialog", { name: "Sospendi annuncio" });
      await dialog.getByLabel("Regola violata").selectOption("spam");
      await dialog.getByRole("button", { name: "Sospendi annuncio" }).click();
      await page.getByText("Errore durante l'aggiornamento dell'annuncio: solo un annuncio attivo può essere sospeso (ora è sospeso).").waitFor();
      // The page has caught up with the listing's status.
      await card.getByText("Sospeso", { exact: true }).waitFor();
      await card.locator("summary").click();
      await card.getByRole("button", { name: /^Riattiva/ }).waitFor();
    } finally {
      expect(await adminPost(context, "/admin/pet-listings", { intent: "delete", listingId: id })).toBe(200);
    }
  });

  it("sends a user who is not an administrator to /login, and refuses their actions", async () => {
    const { context, page } = await browser.context();
    await signUpIn(context, "Ficcanaso Qualunque");
    await page.goto("/admin/pet-listings");
    expect(new URL(page.url()).pathname).toBe("/login");
    // The action answers 403, or the page's guard sends the user to /login.
    expect([302, 403]).toContain(await adminPost(context, "/admin/pet-listings", { intent: "suspend", listingId: "00000000-0000-4000-8000-000000000000" }));
  });
});
