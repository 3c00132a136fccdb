// /admin/contests: an admin creates a contest in the inline form, sees it on the public /contests,
// edits it, deletes it after a confirmation that says what goes with it; an end before the start is
// refused in the form; each contest leads to the moderation of its entries; non-admins go to /login.
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { signIn, signUpIn, startBrowser, withConsent } from "./browser";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

async function asAdmin(size?: { width: number; height: number }) {
  const { context, page } = await browser.context(size);
  await withConsent(context);
  await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/contests");
  await page.getByRole("heading", { level: 1, name: "Concorsi" }).waitFor();
  return { context, page };
}

describe("admin contests", () => {
  it("sends a visitor and a signed-in user to /login", async () => {
    const { context, page } = await browser.context();
    await page.goto("/admin/contests");
    expect(new URL(page.url()).pathname).toBe("/login");
    await signUpIn(context);
    await page.goto("/admin/contests");
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("creates a contest in the inline form, shows it on /contests, edits it and deletes it", async () => {
    const { page } = await asAdmin();
    const main = page.getByRole("main");
    const title = `Gatti al sole ${Date.now()}`;
    await main.getByRole("button", { name: "Nuovo concorso" }).click();
    const form = main.getByRole("region", { name: "Nuovo concorso" });
    await form.waitFor();
    // Opened above the list, with the focus on it; the default is 3 photos and status draft.
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("contest-form-title");
    expect(await form.getByLabel("Foto massime per utente").inputValue()).toBe("3");
    expect(await form.getByLabel("Stato").inputValue()).toBe("draft");
    expect(await axeViolations(page)).toEqual([]);
    await form.getByLabel("Titolo").fill(title);
    await form.getByLabel("Descrizione").fill("Il gatto più rilassato della casa.");
    await form.getByLabel("Data di inizio").fill("2026-01-01");
    await form.getByLabel("Data di fine").fill("2099-12-31");
    await form.getByLabel("Stato").selectOption({ label: "Attivo" });
    await form.getByLabel("Premio").fill("Una cuccia imbottita");
    await form.getByLabel("Foto massime per utente").fill("5");
    await form.getByRole("button", { name: "Crea concorso" }).click();

    await main.getByText("Concorso creato", { exact: true }).waitFor();
    await form.waitFor({ state: "detached" });
    const card = main.getByRole("listitem").filter({ has: page.getByRole("heading", { name: title }) });
    await card.waitFor();
    const text = await card.textContent();
    expect(text).toContain("Attivo");
    expect(text).toContain("Dal 1 gennaio 2026 al 31 dicembre 2099");
    expect(text).toContain("max 5 foto per utente");
    expect(text).toContain("0 partecipazioni · 0 voti");

    // On the public list at once.
    await page.goto("/contests");
    await page.getByRole("main").getByText(title).first().waitFor();

    // Edit: the form opens filled in.
    await page.goto("/admin/contests");
    await main.getByRole("button", { name: `Modifica il concorso «${title}»` }).click();
    const edit = main.getByRole("region", { name: `Modifica concorso «${title}»` });
    await edit.waitFor();
    expect(await edit.getByLabel("Data di inizio").inputValue()).toBe("2026-01-01");
    expect(await edit.getByLabel("Data di fine").inputValue()).toBe("2099-12-31");
    expect(await edit.getByLabel("Premio").inputValue()).toBe("Una cuccia imbottita");
    await edit.getByLabel("Titolo").fill(`${title} (rinominato)`);
    await edit.getByRole("button", { name: "Salva modifiche" }).click();
    await main.getByText("Concorso aggiornato", { exact: true }).waitFor();
    await main.getByRole("heading", { name: `${title} (rinominato)` }).waitFor();
    await page.goto("/contests");
    await page.getByRole("main").getByText(`${title} (rinominato)`).first().waitFor();

    // Delete, after a confirmation that says what goes with it.
    await page.goto("/admin/contests");
    await main.getByRole("button", { name: `Elimina il concorso «${title} (rinominato)»` }).click();
    const confirm = page.getByRole("dialog", { name: "Conferma" });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`Vuoi eliminare il concorso «${title} (rinominato)»? Non ha partecipazioni.`);
    await confirm.getByRole("button", { name: "Elimina" }).click();
    await main.getByText("Concorso eliminato, con le sue partecipazioni, i voti e le foto", { exact: true }).waitFor();
    await main.getByRole("heading", { name: `${title} (rinominato)` }).waitFor({ state: "detached" });
    await page.goto("/contests");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    expect(await page.getByRole("main").getByText(title).count()).toBe(0);
  });

  it("refuses an end before the start in the form, keeping what was typed", async () => {
    const { page } = await asAdmin();
    const main = page.getByRole("main");
    const before = await main.getByRole("listitem").count();
    await main.getByRole("button", { name: "Nuovo concorso" }).click();
    const form = main.getByRole("region", { name: "Nuovo concorso" });
    await form.getByLabel("Titolo").fill("Date al contrario");
    await form.getByLabel("Descrizione").fill("Finisce prima di cominciare.");
    await form.getByLabel("Data di inizio").fill("2026-12-31");
    await form.getByLabel("Data di fine").fill("2026-12-01");
    await form.getByRole("button", { name: "Crea concorso" }).click();
    const alert = form.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("Errore durante il salvataggio del concorso");
    expect(await alert.textContent()).toContain("La data di fine deve essere successiva alla data di inizio");
    const end = form.getByLabel("Data di fine");
    expect(await end.getAttribute("aria-invalid")).toBe("true");
    expect(await form.getByLabel("Titolo").inputValue()).toBe("Date al contrario");
    // The server refuses it too, should the browser's check be skipped.
    const response = await page.request.post("/admin/contests", {
      form: { intent: "create", title: "Date al contrario", description: "x", startDate: "2026-12-31", endDate: "2026-12-01" },
      headers: { origin: new URL(page.url()).origin },
    });
    expect(response.status()).toBe(400);
    await page.reload();
    await main.getByRole("heading", { level: 1, name: "Concorsi" }).waitFor();
    expect(await main.getByRole("listitem").count()).toBe(before);
  });

  it("leads from each contest to its entries and back, and fits a 360 px screen", async () => {
    const { page } = await asAdmin({ width: 360, height: 740 });
    const main = page.getByRole("main");
    const first = main.getByRole("listitem").first();
    const heading = (await first.getByRole("heading").textContent())!;
    await first.getByRole("link", { name: /^Modera partecipazioni/ }).click();
    await main.getByRole("heading", { level: 1, name: `Partecipazioni: ${heading}` }).waitFor();
    expect(page.url()).toMatch(/\/admin\/contests\/[0-9a-f-]{36}\/submissions$/);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    // The status filter applies itself when chosen, and is kept in the address.
    const filter = main.getByRole("search", { name: "Filtra le partecipazioni" }).getByLabel("Stato");
    expect(await filter.inputValue()).toBe("");
    expect(await filter.locator("option").first().textContent()).toMatch(/^Tutte \(\d+\)$/);
    await filter.selectOption("approved");
    await page.waitForURL(/\/submissions\?status=approved$/);
    await main.getByRole("link", { name: "Mostra tutti" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await main.getByRole("navigation", { name: "Percorso" }).getByRole("link", { name: "Concorsi" }).click();
    await main.getByRole("heading", { level: 1, name: "Concorsi" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
