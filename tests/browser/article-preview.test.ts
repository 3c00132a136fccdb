// Shareable previews (decision 0111): in the editor of a draft, "Anteprima condivisibile" makes a
// link for the days chosen and shows it once; a fresh browser without a session opens it and sees
// the article under the preview notice, private and noindex; revoked (after the confirmation), the
// same address answers 404 in Italian. SCREENSHOTS=dir keeps the screens at 1366 and 360 px.
import path from "node:path";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { signIn, startBrowser, withConsent } from "./browser";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: path.join(process.env.SCREENSHOTS, `${name}.png`), fullPage: true });
}

async function newDraft(page: Page, title: string): Promise<void> {
  await page.goto("/admin/articles/new");
  await page.getByRole("heading", { name: "Nuovo articolo" }).waitFor();
  await page.getByLabel("Titolo *").fill(title);
  await page.getByLabel("Categoria *").selectOption({ index: 1 });
  await page.getByLabel("Estratto *").fill("Un estratto breve per l'anteprima.");
  await page.getByLabel("Contenuto *").fill("Il testo che la redazione vuole far leggere prima di pubblicare.");
  await page.getByRole("button", { name: "Crea articolo" }).click();
  await page.getByRole("heading", { name: "Modifica articolo" }).waitFor();
}

describe("preview links", () => {
  it("made in the editor, opened without signing in, revoked: then 404", async () => {
    const { context, page } = await browser.context({ width: 1366 });
    await withConsent(context);
    await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
    const title = `Bozza in anteprima ${Date.now().toString(36)}`;
    await newDraft(page, title);

    const panel = page.getByRole("region", { name: "Anteprima condivisibile" });
    await panel.getByText("Nessun link di anteprima attivo.").waitFor();
    // Keyboard only: the days, then the button.
    const days = panel.getByLabel("Validità (giorni)");
    expect(await days.inputValue()).toBe("7");
    await days.fill("3");
    await days.press("Tab");
    await page.keyboard.press("Enter");
    const field = panel.getByLabel("Link di anteprima");
    await field.waitFor();
    const link = await field.inputValue();
    expect(link).toMatch(/\/anteprima\/[A-Za-z0-9_-]{43}$/);
    expect(await panel.getByText("Link di anteprima creato").isVisible()).toBe(true);
    await panel.getByRole("button", { name: "Copia link" }).click();
    await panel.getByText(/^(Link copiato|Copia non riuscita)/).waitFor();
    const active = panel.getByRole("list", { name: "Link attivi" }).getByRole("listitem");
    await expect.poll(() => active.count()).toBe(1);
    expect(await active.first().textContent()).toContain("Scade il");
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "article-preview-panel-1366");

    // A fresh browser, no session.
    const reader = await browser.context({ width: 360 });
    await withConsent(reader.context);
    const address = new URL(link).pathname;
    const opened = await reader.page.goto(address);
    expect(opened?.status()).toBe(200);
    expect(opened?.headers()["cache-control"]).toBe("private, no-store");
    expect(opened?.headers()["x-robots-tag"]).toBe("noindex");
    await reader.page.getByRole("heading", { level: 1, name: title }).waitFor();
    expect(await reader.page.getByRole("status").filter({ hasText: "Anteprima: questo articolo non è ancora pubblicato" }).isVisible()).toBe(true);
    expect(await reader.page.locator('meta[name="robots"]').getAttribute("content")).toBe("noindex, nofollow");
    expect(await reader.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await screenshot(reader.page, "article-preview-page-360");
    // Asked again: rendered again, never answered from the page cache.
    const again = await reader.context.request.get(address);
    expect(again.headers()["x-zampa-cache"]).toBeUndefined();

    // Revoke, after the confirmation.
    await panel.getByRole("button", { name: /^Revoca il link che scade il/ }).click();
    const dialog = page.getByRole("dialog", { name: "Conferma" });
    await dialog.waitFor();
    await dialog.getByRole("button", { name: "Revoca" }).click();
    await panel.getByText("Link di anteprima revocato").waitFor();
    await panel.getByText("Nessun link di anteprima attivo.").waitFor();

    const gone = await reader.page.goto(address);
    expect(gone?.status()).toBe(404);
    expect(gone?.headers()["cache-control"]).toBe("private, no-store");
    await reader.page.getByRole("heading", { level: 1, name: "Link di anteprima non valido o scaduto" }).waitFor();
  });

  it("the panel at 360 px, and a published article offers no link", async () => {
    const { context, page } = await browser.context({ width: 360 });
    await withConsent(context);
    await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
    await newDraft(page, `Bozza stretta ${Date.now().toString(36)}`);
    const panel = page.getByRole("region", { name: "Anteprima condivisibile" });
    await panel.scrollIntoViewIfNeeded();
    await screenshot(page, "article-preview-panel-360");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    // Without JavaScript the form posts to the page, which shows the link it made.
    const plain = await browser.context({ javaScript: false });
    await plain.context.addCookies(await context.cookies());
    await plain.page.goto(page.url());
    const plainPanel = plain.page.getByRole("region", { name: "Anteprima condivisibile" });
    await plainPanel.getByLabel("Validità (giorni)").fill("1");
    await plainPanel.getByRole("button", { name: "Crea link di anteprima" }).click();
    expect(await plainPanel.getByLabel("Link di anteprima").inputValue()).toMatch(/\/anteprima\/[A-Za-z0-9_-]{43}$/);
    expect(await plainPanel.getByRole("list", { name: "Link attivi" }).getByRole("listitem").count()).toBe(1);

    // A published article (one of the demo's: publishing one here would show it, for a moment, on
    // the home and category pages that other files of this shared site are checking).
    const wide = await browser.context({ width: 1366 });
    await wide.context.addCookies(await context.cookies());
    await wide.page.goto("/admin/articles?status=published");
    await wide.page.getByLabel(/^Azioni: «/).first().click();
    await wide.page.getByRole("link", { name: /^Modifica «/ }).first().click();
    await wide.page.getByRole("heading", { name: "Modifica articolo" }).waitFor();
    const publishedPanel = wide.page.getByRole("region", { name: "Anteprima condivisibile" });
    await publishedPanel.getByText("L'articolo è pubblicato").waitFor();
    expect(await publishedPanel.getByRole("button", { name: "Crea link di anteprima" }).count()).toBe(0);
  });
});
