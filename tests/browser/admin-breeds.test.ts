// /admin/breeds: an admin filters the catalogue (the count line follows), creates a breed in the
// dialog (the green banner goes after 3 seconds), sees the listing form's breed list change at once,
// edits it from the row's menu and deletes it after a confirmation; a missing Italian name and a duplicate are refused in the form;
// non-admins are sent to /login.
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { signIn, signUpIn, startBrowser, withConsent } from "./browser";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

async function asAdmin(size?: { width: number; height: number }) {
  const { context, page } = await browser.context(size);
  await withConsent(context);
  await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/breeds");
  await page.getByRole("heading", { level: 1, name: "Razze" }).waitFor();
  return { context, page };
}

const countLine = /^Mostrando (\d+) di (\d+) razze$/;

describe("admin breeds", () => {
  it("sends a visitor and a signed-in user to /login", async () => {
    const { context, page } = await browser.context();
    await page.goto("/admin/breeds");
    expect(new URL(page.url()).pathname).toBe("/login");
    await signUpIn(context);
    await page.goto("/admin/breeds");
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("filters by pet type and legality, with the count line", async () => {
    const { page } = await asAdmin();
    const main = page.getByRole("main");
    const line = main.getByText(countLine);
    const [, shownAll, total] = countLine.exec((await line.textContent())!)!;
    expect(shownAll).toBe(total);
    expect(await axeViolations(page)).toEqual([]);

    await main.getByLabel("Tipo di animale").selectOption({ label: "Rettile" });
    await page.waitForURL(/type=reptile/);
    await expect.poll(async () => countLine.exec((await line.textContent()) ?? "")?.[1]).not.toBe(shownAll);
    const [, dogs, total2] = countLine.exec((await line.textContent())!)!;
    expect(total2).toBe(total);
    expect(await main.locator("tbody tr").count()).toBe(Number(dogs));
    expect(new Set(await main.locator("tbody tr td:first-child").allTextContents())).toEqual(new Set(["Tipo: Rettile"]));

    await main.getByLabel("Legalità").selectOption({ label: "Solo vietate" });
    await page.waitForURL(/legal=banned/);
    await expect.poll(async () => countLine.exec((await line.textContent()) ?? "")?.[1]).not.toBe(dogs);
    const statuses = await main.locator("tbody tr td:nth-child(4)").allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(statuses.length).toBeLessThan(Number(dogs));
    for (const status of statuses) expect(status).toBe("Stato: Vietata");

    // The demo catalogue bans no dog breed: the empty state.
    await page.goto("/admin/breeds?type=dog&legal=banned");
    await main.getByText(/^Mostrando 0 di \d+ razze$/).waitFor();
    await main.getByText("Nessuna razza trovata").waitFor();
  });

  it("creates a breed, shows the banner for 3 seconds, updates the listing form's list at once, edits and deletes it", async () => {
    const { page } = await asAdmin();
    const main = page.getByRole("main");
    const name = `Geco E2E ${Date.now()}`;
    const apiReptiles = async () => ((await (await page.request.get("/api/breeds?petType=reptile")).json()) as { breeds: string[] }).breeds;

    await main.getByRole("button", { name: "Nuova razza" }).click();
    const form = page.getByRole("dialog", { name: "Nuova razza" });
    await form.waitFor();
    // The spec's defaults: dog, legal, no requirement.
    expect(await form.getByLabel("Tipo di animale").inputValue()).toBe("dog");
    expect(await form.getByLabel("Legale").isChecked()).toBe(true);
    for (const flag of ["Richiede licenza", "Richiede CITES", "Richiede microchip"]) expect(await form.getByLabel(flag).isChecked()).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
    await form.getByLabel("Tipo di animale").selectOption({ label: "Rettile" });
    await form.getByLabel("Nome italiano").fill(name);
    await form.getByLabel("Nome inglese").fill("E2E gecko");
    await form.getByLabel("Nome scientifico").fill("Eublepharis e2e");
    await form.getByLabel("Richiede CITES").check();
    await form.getByRole("button", { name: "Crea razza" }).click();

    const banner = main.getByRole("status").getByText("Razza creata con successo", { exact: true });
    await banner.waitFor();
    const shownAt = Date.now();
    await banner.waitFor({ state: "detached", timeout: 6_000 });
    expect(Date.now() - shownAt).toBeGreaterThan(2_000);

    await page.goto("/admin/breeds?type=reptile");
    const row = main.locator("tbody tr").filter({ hasText: name });
    await row.waitFor();
    const text = await row.textContent();
    expect(text).toContain("E2E gecko");
    expect(text).toContain("Eublepharis e2e");
    expect(text).toContain("Legale");
    expect(text).toContain("CITES");
    expect(await apiReptiles()).toContain(name);

    // Edit from the row's menu: banned now, so the listing form no longer offers it.
    await row.getByLabel(`Azioni: «${name}»`).click();
    await row.getByRole("button", { name: `Modifica «${name}»` }).click();
    const edit = page.getByRole("dialog", { name: `Modifica razza «${name}»` });
    await edit.waitFor();
    expect(await edit.getByLabel("Richiede CITES").isChecked()).toBe(true);
    await edit.getByLabel("Legale").uncheck();
    await edit.getByRole("button", { name: "Salva modifiche" }).click();
    await main.getByText("Razza aggiornata con successo", { exact: true }).waitFor();
    await expect.poll(async () => await row.textContent()).toContain("Vietata");
    expect(await apiReptiles()).not.toContain(name);

    // Back from the dialog, the focus is on the row's menu button.
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe(`Azioni: «${name}»`);
    await row.getByLabel(`Azioni: «${name}»`).click();
    await row.getByRole("button", { name: `Elimina «${name}»` }).click();
    const confirm = page.getByRole("dialog", { name: "Conferma" });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain(`Vuoi eliminare la razza «${name}» (Rettile) dal catalogo?`);
    await confirm.getByRole("button", { name: "Elimina" }).click();
    await main.getByText("Razza eliminata con successo", { exact: true }).waitFor();
    await row.waitFor({ state: "detached" });
  });

  it("refuses a missing Italian name and a duplicate, keeping what was typed", async () => {
    const { page } = await asAdmin();
    const main = page.getByRole("main");
    const [, , total] = countLine.exec((await main.getByText(countLine).textContent())!)!;
    await main.getByRole("button", { name: "Nuova razza" }).click();
    const form = page.getByRole("dialog", { name: "Nuova razza" });
    await form.getByLabel("Nome inglese").fill("Nameless");
    await form.getByRole("button", { name: "Crea razza" }).click();
    const alert = form.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("Errore durante il salvataggio");
    expect(await alert.textContent()).toContain("Il nome italiano è obbligatorio");
    expect(await form.getByLabel("Nome italiano").getAttribute("aria-invalid")).toBe("true");

    // The demo catalogue has the Labrador among the dogs: the server refuses a second one.
    await form.getByLabel("Nome italiano").fill("labrador retriever");
    await form.getByRole("button", { name: "Crea razza" }).click();
    await expect.poll(async () => await alert.textContent()).toContain("Esiste già una razza con questo nome per questo tipo di animale");
    expect(await form.getByLabel("Nome inglese").inputValue()).toBe("Nameless");
    await page.reload();
    expect(countLine.exec((await main.getByText(countLine).textContent())!)![2]).toBe(total);
  });

  it("fits a 360 px wide screen", async () => {
    const { page } = await asAdmin({ width: 360, height: 740 });
    await page.getByRole("main").locator("tbody tr").first().waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
