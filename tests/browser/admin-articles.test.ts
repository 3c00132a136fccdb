// /admin/articles: the admin writes, finds, edits, restores and deletes an article; a slug in use is
// refused with the values kept; a non-admin is sent to /login.
import { describe, expect, it } from "vitest";
import { signIn, signUpIn, startBrowser, withConsent } from "./browser";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

async function asAdmin() {
  const { context, page } = await browser.context();
  await withConsent(context);
  await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
  return { context, page };
}

/** Fills the new-article form; the slug is left to follow the title. */
async function fillNew(page: Awaited<ReturnType<typeof asAdmin>>["page"], title: string) {
  await page.goto("/admin/articles/new");
  await page.getByRole("heading", { name: "Nuovo articolo" }).waitFor();
  await page.getByLabel("Titolo *").fill(title);
  await page.getByLabel("Categoria *").selectOption({ index: 1 });
  await page.getByLabel("Estratto *").fill("Un estratto breve per la prova.");
  // The editor (or, before it loads, its textarea) takes the text as typed.
  await page.getByLabel("Contenuto *").fill("Il contenuto dell'articolo di prova.");
}

describe("admin articles", () => {
  it("creates, lists, searches, edits, restores and deletes an article", async () => {
    const { page } = await asAdmin();
    const stamp = Date.now().toString(36);
    const title = `Perché il cane è felice? ${stamp}`;
    await fillNew(page, title);
    expect(await page.getByLabel("Slug *").inputValue()).toBe(`perche-il-cane-e-felice-${stamp}`);
    expect(await page.getByLabel("Meta title").inputValue()).toBe(title);
    expect(await page.getByText("31/200").isVisible()).toBe(true);
    const scheduled = page.getByLabel("Data e ora di pubblicazione (ora italiana)");
    expect(await scheduled.isVisible()).toBe(false);
    await page.getByLabel("Programma pubblicazione").check();
    expect(await scheduled.isVisible()).toBe(true);
    await page.getByLabel("Programma pubblicazione").uncheck();
    await page.getByRole("button", { name: "Crea articolo" }).click();
    await page.getByRole("status").filter({ hasText: "Articolo creato!" }).waitFor();
    await page.getByRole("heading", { name: "Modifica articolo" }).waitFor();
    expect(page.url()).toContain("/admin/articles/edit?id=");

    // The draft's preview: for the admin only, with the banner, not indexed.
    const preview = page.getByRole("link", { name: "Anteprima" });
    expect(await preview.getAttribute("href")).toBe(`/article/perche-il-cane-e-felice-${stamp}`);
    const shown = await page.request.get(`/article/perche-il-cane-e-felice-${stamp}`);
    expect(shown.status()).toBe(200);
    expect(shown.headers()["cache-control"]).toBe("private, no-store");
    const html = await shown.text();
    expect(html).toContain("Anteprima: questo articolo non è pubblicato");
    expect(html).toMatch(/<meta name="robots" content="noindex"/);
    const anonymous = await fetch(new URL(`/article/perche-il-cane-e-felice-${stamp}`, page.url()));
    expect(anonymous.status).toBe(404);

    // The list, then the search (any case, any part of the title).
    await page.goto("/admin/articles");
    await page.getByRole("cell", { name: new RegExp(stamp) }).first().waitFor();
    await page.getByLabel("Cerca per titolo").fill(`FELICE? ${stamp.toUpperCase()}`);
    await page.getByRole("button", { name: "Cerca" }).click();
    await page.getByText("1 articolo trovato").waitFor();
    await page.getByLabel(`Azioni: «${title}»`).click();
    await page.getByRole("link", { name: `Modifica «${title}»` }).click();
    await page.getByRole("heading", { name: "Modifica articolo" }).waitFor();

    // Edit: a draft whose slug was derived keeps following its title (a published one would not).
    await page.getByLabel("Titolo *").fill(`Titolo modificato ${stamp}`);
    expect(await page.getByLabel("Slug *").inputValue()).toBe(`titolo-modificato-${stamp}`);
    await page.getByRole("button", { name: "Salva modifiche" }).click();
    await page.getByRole("status").filter({ hasText: "Articolo aggiornato!" }).waitFor();
    const history = page.getByRole("region", { name: "Cronologia revisioni" });
    await history.getByRole("listitem").nth(1).waitFor();

    // The first version: viewed, then restored after the confirmation.
    await history.getByRole("link", { name: /^Visualizza/ }).nth(1).click();
    await page.getByRole("region", { name: /^Versione del/ }).getByText(title).waitFor();
    await history.getByRole("button", { name: /^Ripristina/ }).nth(1).click();
    await page.getByRole("dialog").getByRole("button", { name: "Ripristina" }).click();
    await history.getByText("Versione ripristinata").waitFor();
    await page.waitForFunction((t) => (document.querySelector("#article-form-title") as HTMLInputElement | null)?.value === t, title);
    expect(await page.getByText("Articolo aggiornato!").count()).toBe(0);
    expect(await history.getByRole("listitem").count()).toBe(3);

    // Delete, with the confirmation, on a phone-sized screen: the table is cards, nothing overflows.
    await page.setViewportSize({ width: 360, height: 800 });
    await page.goto(`/admin/articles?q=${stamp}`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    await page.getByLabel(`Azioni: «${title}»`).click();
    await page.getByRole("button", { name: `Elimina «${title}»` }).click();
    await page.getByRole("dialog").getByText(`Vuoi eliminare l'articolo «${title}»?`).waitFor();
    await page.getByRole("dialog").getByRole("button", { name: "Elimina" }).click();
    await page.getByText("Articolo eliminato").waitFor();
    await page.getByText("Nessun articolo trovato.").waitFor();
  });

  it("refuses a slug in use with the message, keeping what was typed", async () => {
    const { page } = await asAdmin();
    const stamp = Date.now().toString(36);
    await fillNew(page, `Doppione ${stamp}`);
    await page.getByRole("button", { name: "Crea articolo" }).click();
    await page.getByRole("status").filter({ hasText: "Articolo creato!" }).waitFor();

    await fillNew(page, `Doppione ${stamp}`);
    await page.getByLabel("Estratto *").fill("Un altro estratto, da non perdere.");
    await page.getByRole("button", { name: "Crea articolo" }).click();
    await page.getByRole("alert").filter({ hasText: "Errore: Questo slug è già usato da un altro articolo" }).waitFor();
    expect(await page.getByLabel("Estratto *").inputValue()).toBe("Un altro estratto, da non perdere.");
    expect(await page.getByLabel("Slug *").inputValue()).toBe(`doppione-${stamp}`);
    expect(await page.getByLabel("Slug *").getAttribute("aria-invalid")).toBe("true");
  });

  it("sends a signed-in user who is not an admin to /login", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await signUpIn(context, "Utente Curioso");
    await page.goto("/admin/articles");
    expect(new URL(page.url()).pathname).toBe("/login");
  });
});
