// The back office's shell (/admin/*): the sidebar and its menu on narrow screens, the dashboard,
// the sections reached from it and the default screen of unknown paths.
import { describe, expect, it } from "vitest";
import { ADMIN_SECTIONS } from "~/admin/navigation";
import { signIn, signUpIn, startBrowser, withConsent } from "./browser";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

async function adminPage(options: { width?: number } = {}) {
  const { context, page } = await browser.context(options);
  await withConsent(context);
  await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
  return { context, page };
}

describe("the admin shell", () => {
  it("shows the dashboard's six counters and the sidebar's fifteen sections in order", async () => {
    const { page } = await adminPage();
    await page.goto("/admin");
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Dashboard");
    for (const label of ["Articoli totali", "Articoli pubblicati", "Utenti registrati", "Partner attivi", "Visualizzazioni totali", "Articoli programmati"]) {
      const value = page.locator("dt", { hasText: label }).locator("xpath=following-sibling::dd[1]");
      expect(await value.textContent(), label).toMatch(/^\d[\d.]*$/);
    }
    expect(await page.getByText("Sistema operativo").isVisible()).toBe(true);
    const sidebar = page.getByRole("complementary", { name: "Barra laterale" }).getByRole("navigation");
    // A section with something waiting shows its count after the label (decision 0111).
    expect((await sidebar.getByRole("link").allTextContents()).map((text) => text.replace(/^(.+?)\1, .+ da gestire.*$/, "$1"))).toEqual(ADMIN_SECTIONS.map((s) => s.label));
    expect(await sidebar.getByRole("link", { name: "Dashboard" }).getAttribute("aria-current")).toBe("page");
    expect(await page.getByRole("link", { name: "Vai al Sito" }).isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: "Esci" }).isVisible()).toBe(true);
  });

  it("keeps the sections and unknown paths inside the shell", async () => {
    const { page } = await adminPage();
    await page.goto("/admin");
    await page.getByRole("complementary", { name: "Barra laterale" }).getByRole("link", { name: "Piano Editoriale" }).click();
    await page.waitForURL("**/admin/editorial-plan");
    await page.getByRole("heading", { level: 1, name: "Piano Editoriale" }).waitFor();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Piano Editoriale");
    const response = await page.goto("/admin/sezione-inesistente");
    expect(response?.status()).toBe(200);
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe("Sezione non disponibile");
    expect(await page.getByRole("complementary", { name: "Barra laterale" }).isVisible()).toBe(true);
  });

  it("folds the sidebar to its icons and remembers it", async () => {
    const { page } = await adminPage();
    await page.goto("/admin");
    await page.getByRole("button", { name: "Comprimi il menu" }).click();
    const expand = page.getByRole("button", { name: "Espandi il menu" });
    await expand.waitFor();
    expect(await expand.getAttribute("aria-expanded")).toBe("false");
    await page.reload();
    expect(await page.getByRole("button", { name: "Espandi il menu" }).isVisible()).toBe(true);
    // Folded, each link still has its name.
    expect(await page.getByRole("complementary", { name: "Barra laterale" }).getByRole("link", { name: "Articoli" }).isVisible()).toBe(true);
    await page.getByRole("button", { name: "Espandi il menu" }).click();
    await page.getByRole("button", { name: "Comprimi il menu" }).waitFor();
  });

  it("becomes a keyboard-usable menu at 360 px", async () => {
    const { page } = await adminPage({ width: 360 });
    await page.goto("/admin");
    expect(await page.getByRole("complementary", { name: "Barra laterale" }).isVisible()).toBe(false);
    const menu = page.getByRole("button", { name: "Menu" });
    await menu.focus();
    await page.keyboard.press("Enter");
    expect(await menu.getAttribute("aria-expanded")).toBe("true");
    const links = page.locator("#admin-menu").getByRole("link");
    expect(await links.count()).toBe(ADMIN_SECTIONS.length + 1);
    await page.keyboard.press("Escape");
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute("aria-controls"))).toBe("admin-menu");
    await page.keyboard.press("Enter");
    await page.locator("#admin-menu").getByRole("link", { name: "Categorie" }).click();
    await page.waitForURL("**/admin/categories");
    expect(await menu.getAttribute("aria-expanded")).toBe("false");
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it("sends a signed-in user who is not an administrator to /login", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await signUpIn(context);
    await page.goto("/admin/articles");
    expect(new URL(page.url()).pathname).toBe("/login");
  });
});
