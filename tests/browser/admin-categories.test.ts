// /admin/categories: an admin creates a category in the modal (by keyboard: the dialog opens with
// the focus inside and Escape closes it), sees it in the grid and on /categories, deletes it after
// a confirmation; a taken slug is refused inside the modal; non-admins are sent to /login.
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { signIn, signUpIn, startBrowser, withConsent } from "./browser";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

async function asAdmin() {
  const { context, page } = await browser.context();
  await withConsent(context);
  await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
  await page.goto("/admin/categories");
  await page.getByRole("heading", { level: 1, name: "Categorie" }).waitFor();
  return { context, page };
}

describe("admin categories", () => {
  it("sends a visitor and a signed-in user to /login", async () => {
    const { context, page } = await browser.context();
    await page.goto("/admin/categories");
    expect(new URL(page.url()).pathname).toBe("/login");
    await signUpIn(context);
    await page.goto("/admin/categories");
    expect(new URL(page.url()).pathname).toBe("/login");
  });

  it("creates a category in the modal, shows it in the grid and on /categories, then deletes it", async () => {
    const { page } = await asAdmin();
    const main = page.getByRole("main");
    const newButton = main.getByRole("button", { name: "Nuova categoria" });

    // By keyboard: the dialog opens with the focus inside, Escape closes it and gives the focus back.
    await newButton.focus();
    await page.keyboard.press("Enter");
    const dialog = page.getByRole("dialog", { name: "Nuova categoria" });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest("dialog") !== null)).toBe(true);
    await expect.poll(() => page.evaluate(() => document.activeElement?.id)).toBe("category-name");
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "hidden" });
    expect(await newButton.evaluate((button) => button === document.activeElement)).toBe(true);

    await page.keyboard.press("Enter");
    await dialog.waitFor();
    await dialog.getByLabel("Nome").fill("Rettili e Anfìbi");
    // The slug follows the name.
    expect(await dialog.getByLabel("Slug").inputValue()).toBe("rettili-e-anfibi");
    await dialog.getByLabel("Descrizione").fill("Tartarughe, gechi e rane.");
    // The icon picker is a radio group with Italian names, usable with the arrow keys.
    const icons = dialog.getByRole("group", { name: "Icona" });
    expect(await icons.getByRole("radio").count()).toBe(13);
    await icons.getByRole("radio", { name: "Coniglio" }).focus();
    await page.keyboard.press("ArrowRight");
    expect(await icons.getByRole("radio", { name: "Salute" }).isChecked()).toBe(true);
    // A click on the tile (its label) chooses it.
    await icons.getByText("Pesce", { exact: true }).click();
    expect(await icons.getByRole("radio", { name: "Pesce" }).isChecked()).toBe(true);
    await dialog.getByRole("button", { name: "Crea categoria" }).click();

    await dialog.waitFor({ state: "hidden" });
    await main.getByText("Categoria creata", { exact: true }).waitFor();
    const card = main.getByRole("listitem").filter({ has: page.getByRole("heading", { name: "Rettili e Anfìbi" }) });
    await card.waitFor();
    expect(await card.textContent()).toContain("/category/rettili-e-anfibi");
    expect(await card.textContent()).toContain("0 articoli");

    // The public list shows it at once.
    await page.goto("/categories");
    const publicCard = page.getByRole("main").getByRole("link", { name: /^Rettili e Anfìbi\b/ });
    await publicCard.waitFor();
    expect(await publicCard.getAttribute("href")).toBe("/category/rettili-e-anfibi");

    // Deleted after a confirmation (it has no articles).
    await page.goto("/admin/categories");
    await main.getByRole("button", { name: "Elimina la categoria «Rettili e Anfìbi»" }).click();
    const confirm = page.getByRole("dialog", { name: "Conferma" });
    await confirm.waitFor();
    expect(await confirm.textContent()).toContain("Vuoi eliminare la categoria «Rettili e Anfìbi»?");
    await confirm.getByRole("button", { name: "Elimina" }).click();
    await main.getByText("Categoria eliminata", { exact: true }).waitFor();
    await main.getByRole("heading", { name: "Rettili e Anfìbi" }).waitFor({ state: "detached" });
    await page.goto("/categories");
    await page.getByRole("heading", { level: 1, name: "Categorie" }).waitFor();
    expect(await page.getByRole("main").getByRole("link", { name: /^Rettili e Anfìbi\b/ }).count()).toBe(0);
  });

  it("refuses a slug another category has, inside the modal, keeping what was typed", async () => {
    const { page } = await asAdmin();
    const main = page.getByRole("main");
    const before = await main.getByRole("listitem").count();
    await main.getByRole("button", { name: "Nuova categoria" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuova categoria" });
    await dialog.waitFor();
    await dialog.getByLabel("Nome").fill("Cani di casa");
    await dialog.getByLabel("Slug").fill("cani");
    await dialog.getByRole("button", { name: "Crea categoria" }).click();

    const alert = dialog.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("Errore durante il salvataggio della categoria");
    expect(await alert.textContent()).toContain("Esiste già una categoria con questo slug");
    const slug = dialog.getByLabel("Slug");
    expect(await slug.getAttribute("aria-invalid")).toBe("true");
    expect(await slug.evaluate((input) => document.getElementById(input.getAttribute("aria-describedby")!.split(" ")[0]!)?.textContent)).toContain(
      "Esiste già una categoria con questo slug",
    );
    expect(await dialog.getByLabel("Nome").inputValue()).toBe("Cani di casa");
    expect(await slug.inputValue()).toBe("cani");

    // A category with articles cannot be deleted: the page says why.
    await dialog.getByRole("button", { name: "Annulla" }).click();
    await dialog.waitFor({ state: "hidden" });
    await main.getByRole("button", { name: "Elimina la categoria «Cani»" }).click();
    await page.getByRole("dialog", { name: "Conferma" }).getByRole("button", { name: "Elimina" }).click();
    await main.getByText(/Errore durante l'eliminazione della categoria: Impossibile eliminare la categoria: contiene \d+ articol/).waitFor();
    expect(await main.getByRole("listitem").count()).toBe(before);
  });

  it("a session that ended while the modal was open: the gate's message inside it, nothing typed lost", async () => {
    const { context, page } = await asAdmin();
    await page.getByRole("main").getByRole("button", { name: "Nuova categoria" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuova categoria" });
    await dialog.waitFor();
    await dialog.getByLabel("Nome").fill("Rettili di casa");
    await dialog.getByLabel("Slug").fill("rettili-di-casa");
    // Signed out meanwhile (an expired session, a sign-out in another tab).
    await context.clearCookies();
    await dialog.getByRole("button", { name: "Crea categoria" }).click();
    await dialog.getByRole("alert").filter({ hasText: "Devi effettuare il login per continuare" }).waitFor();
    expect(await dialog.getByLabel("Nome").inputValue()).toBe("Rettili di casa");
    expect(await dialog.getByLabel("Slug").inputValue()).toBe("rettili-di-casa");
    expect(new URL(page.url()).pathname).toBe("/admin/categories");
  });

  it("keeps the modal's save button in view on a 1366×768 screen", async () => {
    const { context, page } = await browser.context({ width: 1366, height: 768 });
    await withConsent(context);
    await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/admin/categories");
    await page.getByRole("main").getByRole("button", { name: "Nuova categoria" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuova categoria" });
    await dialog.waitFor();
    const save = dialog.getByRole("button", { name: "Crea categoria" });
    const box = await save.boundingBox();
    expect(box).not.toBeNull();
    expect(box!.y).toBeGreaterThanOrEqual(0);
    expect(box!.y + box!.height).toBeLessThanOrEqual(768);
    // In view and not under anything: the click lands on it, without scrolling the dialog first.
    expect(await save.evaluate((button) => {
      const rect = button.getBoundingClientRect();
      return document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2) === button;
    })).toBe(true);
  });

  it("fits a 360 px wide screen: one card per row, no sideways scrolling", async () => {
    const { context, page } = await browser.context({ width: 360, height: 740 });
    await withConsent(context);
    await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/admin/categories");
    const cards = page.getByRole("main").getByRole("listitem");
    await cards.first().waitFor();
    const lefts = await cards.evaluateAll((items) => items.slice(0, 3).map((item) => Math.round(item.getBoundingClientRect().left)));
    expect(new Set(lefts).size).toBe(1);
    expect(await axeViolations(page)).toEqual([]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  });
});
