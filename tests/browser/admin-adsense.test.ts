// /admin/adsense: an admin creates an ad code (the spec's defaults shown), sees it listed with its
// HTML as text, sees it on an article page at once for a visitor who accepted marketing cookies
// (and not for one who did not), switches it off by clicking its status badge, edits it and
// deletes it after a confirmation; a blank name or HTML is refused with the spec's message and the
// values kept; non-admins are sent to /login. Every code made here is deleted again, so the public
// pages' tests find only their own fixture ad.
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, describe, expect, it } from "vitest";
import { baseUrl, signIn, signUpIn, startBrowser, withConsent } from "./browser";
import { FIXTURES } from "./fixtures";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();
const stamp = Date.now().toString(36);
const ARTICLE = `/article/${FIXTURES.unsafeArticle.slug}`;

async function asAdmin(size?: { width: number; height: number }) {
  const { context, page } = await browser.context(size);
  await withConsent(context);
  await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
  return { context, page };
}

/** A visitor who chose on the banner: marketing cookies accepted or refused. */
async function visitor(marketing: boolean) {
  const { context, page } = await browser.context();
  await context.addInitScript((accepted) => {
    window.localStorage.setItem("zampa-cookie-consent", JSON.stringify({ necessary: true, analytics: false, marketing: accepted, timestamp: new Date().toISOString() }));
  }, marketing);
  return page;
}

/** Deletes every code this file made that a failed test left behind (the list's own action). */
async function cleanUp(context: BrowserContext, page: Page) {
  await page.goto("/admin/adsense");
  const ids = await page.evaluate((mark) => {
    return Array.from(document.querySelectorAll("tbody tr"))
      .filter((row) => row.textContent?.includes(mark))
      .map((row) => new URL((row.querySelector('a[href*="/admin/adsense/edit?id="]') as HTMLAnchorElement).href).searchParams.get("id"));
  }, stamp);
  for (const id of ids) {
    const response = await context.request.post(`${baseUrl()}/admin/adsense`, { form: { intent: "delete", id: id ?? "" }, headers: { origin: baseUrl() } });
    expect(response.status(), `eliminazione del codice ${id}`).toBeLessThan(400);
  }
}

afterAll(async () => {
  const { context, page } = await asAdmin();
  await cleanUp(context, page);
});

describe("admin ad codes", () => {
  it("sends a visitor and a signed-in user to /login", async () => {
    const { context, page } = await browser.context();
    await page.goto("/admin/adsense/new");
    expect(new URL(page.url()).pathname).toBe("/login");
    await signUpIn(context);
    for (const path of ["/admin/adsense", "/admin/adsense/new"]) {
      await page.goto(path);
      expect(new URL(page.url()).pathname).toBe("/login");
    }
  });

  it("creates a code, lists it, shows it after consent, toggles it from the badge, edits and deletes it", async () => {
    const { page } = await asAdmin();
    const name = `Prova annuncio ${stamp}`;
    const html = `<div id="ad-${stamp}">Annuncio di prova</div><script>window.__adminAdRan = true;</script>`;

    await page.goto("/admin/adsense");
    await page.getByRole("heading", { level: 1, name: "Codici annuncio" }).waitFor();
    await page.getByRole("link", { name: "Nuovo codice" }).click();
    await page.getByRole("heading", { name: "Nuovo codice annuncio" }).waitFor();
    // Spec section 5's defaults.
    expect(await page.getByLabel("Posizione").inputValue()).toBe("sidebar");
    expect(await page.getByLabel("Tipo di pagina").inputValue()).toBe("all");
    expect(await page.getByLabel("Priorità").inputValue()).toBe("0");
    expect(await page.getByLabel("Attivo").isChecked()).toBe(true);

    await page.getByLabel("Nome *").fill(name);
    await page.getByLabel("Codice HTML *").fill(html);
    await page.getByLabel("Posizione").selectOption({ label: "Dopo il contenuto" });
    await page.getByLabel("Tipo di pagina").selectOption({ label: "Articolo" });
    await page.getByLabel("Priorità").fill("4");
    await page.getByRole("button", { name: "Crea codice" }).click();

    await page.getByText("Codice annuncio creato", { exact: true }).waitFor();
    expect(new URL(page.url()).pathname).toBe("/admin/adsense");
    const row = page.getByRole("row").filter({ hasText: name });
    await row.waitFor();
    // The HTML is text here: shown as written, never run.
    expect(await row.locator("code").textContent()).toBe(html);
    expect(await page.evaluate(() => (window as { __adminAdRan?: boolean }).__adminAdRan)).toBeUndefined();
    expect(await page.locator(`#ad-${stamp}`).count()).toBe(0);
    const rowText = await row.textContent();
    for (const text of ["Dopo il contenuto", "Articolo", "4", "Attivo"]) expect(rowText).toContain(text);

    // The public slot has it at once, after marketing consent only.
    const consenting = await visitor(true);
    await consenting.goto(ARTICLE);
    await consenting.locator(`[data-ad-slot="content_bottom"] #ad-${stamp}`).waitFor();
    await expect.poll(() => consenting.evaluate(() => (window as { __adminAdRan?: boolean }).__adminAdRan)).toBe(true);
    const refusing = await visitor(false);
    await refusing.goto(ARTICLE);
    await refusing.waitForLoadState("networkidle");
    expect(await refusing.locator('[data-ad-slot="content_bottom"]').evaluate((slot) => slot.innerHTML)).toBe("");

    // The badge switches it off (and the slot stays empty from then on).
    await row.getByRole("button", { name: `Attivo: disattiva «${name}»` }).click();
    await row.getByRole("button", { name: `Inattivo: attiva «${name}»` }).waitFor();
    await page.getByText("Codice annuncio disattivato", { exact: true }).waitFor();
    await consenting.reload();
    await consenting.waitForLoadState("networkidle");
    expect(await consenting.locator('[data-ad-slot="content_bottom"]').evaluate((slot) => slot.innerHTML)).toBe("");

    // The filters find it among the inactive ones.
    await page.getByLabel("Stato").selectOption({ label: "Solo inattivi" });
    await page.getByLabel("Posizione").selectOption({ label: "Dopo il contenuto" });
    await page.getByRole("button", { name: "Filtra" }).click();
    await page.waitForURL(/active=inactive/);
    await row.waitFor();
    await page.getByLabel("Stato").selectOption({ label: "Solo attivi" });
    await page.getByRole("button", { name: "Filtra" }).click();
    await page.waitForURL(/active=active/);
    await row.waitFor({ state: "detached" });

    // Edit: the saved values in the form, the HTML as the textarea's text.
    await page.goto("/admin/adsense?active=inactive");
    await row.locator("summary").click();
    await row.getByRole("link", { name: `Modifica «${name}»` }).click();
    await page.getByRole("heading", { name: "Modifica codice annuncio" }).waitFor();
    expect(await page.getByLabel("Codice HTML *").inputValue()).toBe(html);
    expect(await page.getByLabel("Attivo").isChecked()).toBe(false);
    const renamed = `Annuncio modificato ${stamp}`;
    await page.getByLabel("Nome *").fill(renamed);
    await page.getByLabel("Priorità").fill("2");
    await page.getByLabel("Attivo").check();
    await page.getByRole("button", { name: "Salva modifiche" }).click();
    await page.getByText("Codice annuncio aggiornato", { exact: true }).waitFor();
    const edited = page.getByRole("row").filter({ hasText: renamed });
    await edited.getByRole("button", { name: `Attivo: disattiva «${renamed}»` }).waitFor();

    // Delete, after the confirmation, on a phone-sized screen where nothing overflows.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto("/admin/adsense?placement=content_bottom");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await edited.locator("summary").click();
    await page.getByRole("button", { name: `Elimina «${renamed}»` }).click();
    await page.getByRole("dialog").getByText(`Vuoi eliminare il codice annuncio «${renamed}»?`).waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Elimina" }).click();
    await page.getByText("Codice annuncio eliminato", { exact: true }).waitFor();
    await edited.waitFor({ state: "detached" });
  });

  it("refuses a blank name or HTML with the spec's message, keeping what was typed", async () => {
    const { page } = await asAdmin();
    await page.goto("/admin/adsense/new");
    await page.getByRole("heading", { name: "Nuovo codice annuncio" }).waitFor();
    const html = `<p>codice da non perdere ${stamp}</p>`;
    await page.getByLabel("Nome *").fill("   ");
    await page.getByLabel("Codice HTML *").fill(html);
    await page.getByLabel("Posizione").selectOption({ label: "Intestazione" });
    await page.getByLabel("Priorità").fill("7");
    await page.getByRole("button", { name: "Crea codice" }).click();

    await page.getByRole("alert").filter({ hasText: "Nome e codice HTML sono obbligatori" }).waitFor();
    expect(await page.getByLabel("Nome *").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Codice HTML *").inputValue()).toBe(html);
    expect(await page.getByLabel("Posizione").inputValue()).toBe("header");
    expect(await page.getByLabel("Priorità").inputValue()).toBe("7");

    // Then the HTML emptied instead: the same message, nothing saved.
    await page.getByLabel("Nome *").fill(`Senza codice ${stamp}`);
    await page.getByLabel("Codice HTML *").fill(" \n ");
    await page.getByRole("button", { name: "Crea codice" }).click();
    await expect.poll(() => page.getByLabel("Codice HTML *").getAttribute("aria-invalid")).toBe("true");
    await page.getByRole("alert").filter({ hasText: "Nome e codice HTML sono obbligatori" }).waitFor();
    expect(await page.getByLabel("Nome *").inputValue()).toBe(`Senza codice ${stamp}`);
    await page.goto("/admin/adsense");
    expect(await page.getByRole("row").filter({ hasText: stamp }).count()).toBe(0);
  });
});
