// /admin/partners: an admin creates a partner with a logo URL, sees it in the grid and on the home
// page, makes it inactive, deletes it after a confirmation; an invalid URL is refused inside the
// modal; non-admins are sent to /login.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, signIn, signUpIn, startBrowser, withConsent } from "./browser";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

async function asAdmin(size?: { width: number; height: number }) {
  const { context, page } = await browser.context(size);
  await withConsent(context);
  await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/partners");
  await page.getByRole("heading", { level: 1, name: "Partner" }).waitFor();
  return { context, page };
}

function homePartners(page: Page) {
  return page.locator("section", { has: page.getByRole("heading", { name: "I nostri partner" }) });
}

describe("admin partners", () => {
  it("sends a visitor and a signed-in user to /login", async () => {
    const { context, page } = await browser.context();
    await page.goto("/admin/partners");
    expect(new URL(page.url()).pathname).toBe("/login");
    await signUpIn(context);
    await page.goto("/admin/partners");
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("creates a partner with a logo URL, shows it on the home page, makes it inactive and deletes it", async () => {
    const { page } = await asAdmin();
    const main = page.getByRole("main");
    const count = await main.getByRole("listitem").count();
    await main.getByRole("button", { name: "Nuovo partner" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuovo partner" });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("partner-name");
    // A new partner comes last: its order is the current count.
    expect(await dialog.getByLabel("Ordine di visualizzazione").inputValue()).toBe(String(count));
    expect(await dialog.getByLabel(/^Attivo/).isChecked()).toBe(true);
    await dialog.getByLabel("Nome").fill("Toelettatura Baffi");
    await dialog.getByLabel("URL del logo").fill(`${baseUrl()}/uploads/demo/partner-1.svg`);
    await dialog.getByLabel(/^Sito web/).fill("https://baffi.example");
    await dialog.getByRole("button", { name: "Crea partner" }).click();

    await dialog.waitFor({ state: "hidden" });
    await main.getByText("Partner creato", { exact: true }).waitFor();
    const card = main.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Toelettatura Baffi" }) });
    await card.waitFor();
    const logo = card.getByRole("img", { name: "Logo di Toelettatura Baffi" });
    await expect.poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
    expect(await card.textContent()).toContain("Attivo");
    expect(await card.textContent()).toContain(`Ordine di visualizzazione: ${count}`);

    await page.goto("/");
    await homePartners(page).getByRole("link", { name: /Toelettatura Baffi/ }).waitFor();

    // Inactive: the badge says so and the home page no longer shows it.
    await page.goto("/admin/partners");
    await main.getByRole("button", { name: "Modifica il partner «Toelettatura Baffi»" }).click();
    const edit = page.getByRole("dialog", { name: "Modifica partner" });
    await edit.waitFor();
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("partner-name");
    expect(await edit.getByLabel("Nome").inputValue()).toBe("Toelettatura Baffi");
    await edit.getByLabel(/^Attivo/).uncheck();
    await edit.getByRole("button", { name: "Salva modifiche" }).click();
    await edit.waitFor({ state: "hidden" });
    await main.getByText("Partner aggiornato", { exact: true }).waitFor();
    await card.getByText("Non attivo", { exact: true }).waitFor();
    await page.goto("/");
    await homePartners(page).getByRole("link").first().waitFor();
    expect(await homePartners(page).getByRole("link", { name: /Toelettatura Baffi/ }).count()).toBe(0);

    // Deleted after a confirmation.
    await page.goto("/admin/partners");
    await main.getByRole("button", { name: "Elimina il partner «Toelettatura Baffi»" }).click();
    const confirm = page.getByRole("dialog", { name: "Conferma" });
    await confirm.waitFor();
    await confirm.getByRole("button", { name: "Elimina" }).click();
    await main.getByText("Partner eliminato", { exact: true }).waitFor();
    // Its card is gone: the message has the focus.
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe("Partner eliminato");
    await main.getByRole("heading", { name: "Toelettatura Baffi" }).waitFor({ state: "detached" });
    expect(await main.getByRole("listitem").count()).toBe(count);
  });

  it("refuses a logo address that is not an http(s) URL, inside the modal, creating nothing", async () => {
    const { page } = await asAdmin({ width: 360, height: 740 });
    const main = page.getByRole("main");
    const count = await main.getByRole("listitem").count();
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
    await main.getByRole("button", { name: "Nuovo partner" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuovo partner" });
    await dialog.waitFor();
    await dialog.getByLabel("Nome").fill("Logo sbagliato");
    await dialog.getByLabel("URL del logo").fill("www.esempio.it/logo.png");
    await dialog.getByRole("button", { name: "Crea partner" }).click();
    const alert = dialog.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("Errore durante il salvataggio del partner");
    expect(await alert.textContent()).toContain("L'URL del logo non è valido");
    expect(await dialog.getByLabel("URL del logo").getAttribute("aria-invalid")).toBe("true");
    expect(await dialog.getByLabel("Nome").inputValue()).toBe("Logo sbagliato");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await main.getByRole("listitem").count()).toBe(count);
  });
});
