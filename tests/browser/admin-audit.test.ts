// /admin/registro (decision 0108): an administrator creates a category, finds its record in the
// activity log, filters by area, opens the changes with the keyboard and downloads the CSV; a
// wrong day in the filters shows its Italian message in place. Screenshots at 1366 and 360 px.
import { mkdirSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { signIn, startBrowser, withConsent } from "./browser";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();
const SHOTS = path.resolve(import.meta.dirname, "../../test-results/admin-audit");

async function asAdmin(size?: { width: number; height: number }) {
  const { context, page } = await browser.context(size);
  await withConsent(context);
  await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
  return { context, page };
}

describe("admin activity log", () => {
  it("records a change, lists it, filters by area, opens its fields by keyboard and downloads the CSV", async () => {
    const { page } = await asAdmin({ width: 1366, height: 900 });
    const name = `Registro ${Date.now()}`;
    await page.goto("/admin/categories");
    const main = page.getByRole("main");
    await main.getByRole("button", { name: "Nuova categoria" }).click();
    const dialog = page.getByRole("dialog", { name: "Nuova categoria" });
    await dialog.waitFor();
    await dialog.getByLabel("Nome").fill(name);
    await dialog.getByRole("button", { name: "Crea categoria" }).click();
    await dialog.waitFor({ state: "hidden" });

    await page.goto("/admin/registro");
    await page.getByRole("heading", { level: 1, name: "Registro attività" }).waitFor();
    const table = page.getByRole("table", { name: "Voci del registro attività" });
    const row = table.getByRole("row").filter({ hasText: name }).first();
    await row.waitFor();
    expect(await row.textContent()).toContain("Creazione");
    expect(await row.textContent()).toContain("Categorie");

    // Filter by area: the select applies itself, the address keeps it.
    await page.getByLabel("Area").selectOption("categories");
    await expect.poll(() => new URL(page.url()).searchParams.get("area")).toBe("categories");
    await table.getByRole("row").filter({ hasText: name }).first().waitFor();
    const areas = await table.locator("tbody tr").evaluateAll((rows) => rows.map((r) => r.textContent ?? ""));
    expect(areas.every((text) => text.includes("Categorie"))).toBe(true);

    // The changes open from the keyboard (a details/summary).
    const summary = table.getByRole("row").filter({ hasText: name }).first().locator("summary");
    await summary.focus();
    await page.keyboard.press("Enter");
    const changes = table.getByRole("row").filter({ hasText: name }).first().locator("details");
    await expect.poll(() => changes.evaluate((d: HTMLDetailsElement) => d.open)).toBe(true);
    expect(await changes.textContent()).toContain("Nome");
    expect(await changes.textContent()).toContain(name);

    expect(await axeViolations(page)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, "registro-1366.png"), fullPage: false });

    // The CSV with the same filter.
    const [download] = await Promise.all([page.waitForEvent("download"), page.getByRole("link", { name: "Scarica CSV" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^registro-attivita-\d{4}-\d{2}-\d{2}\.csv$/);
    const file = await download.path();
    const { readFileSync } = await import("node:fs");
    const bytes = readFileSync(file!);
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = bytes.toString("utf8");
    expect(text).toContain(name);
    expect(text.split("\r\n")[1]).toContain("Categorie");

    // The other files share this site: the category goes again (its records stay).
    await page.goto("/admin/categories");
    await main.getByRole("button", { name: `Elimina la categoria «${name}»` }).click();
    await page.getByRole("dialog", { name: "Conferma" }).getByRole("button", { name: "Elimina" }).click();
    await main.getByText("Categoria eliminata", { exact: true }).waitFor();
  });

  it("a wrong day shows the Italian message beside the field, and the page still works at 360 px", async () => {
    const { page } = await asAdmin({ width: 360, height: 780 });
    const response = await page.goto("/admin/registro?from=31/02/2026");
    expect(response?.status()).toBe(400);
    const field = page.getByLabel("Dal");
    expect(await field.getAttribute("aria-invalid")).toBe("true");
    await page.getByText("La data «Dal» non è valida: scrivila come gg/mm/aaaa (per esempio 28/11/2026).").first().waitFor();
    await page.getByRole("alert").waitFor();
    expect(await axeViolations(page)).toEqual([]);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, "registro-360-error.png"), fullPage: true });
    // Nothing is wider than the screen.
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);

    // Typing a right day applies the filter; the message goes.
    await field.fill("01/01/2026");
    await page.getByRole("button", { name: "Filtra" }).click();
    await expect.poll(() => new URL(page.url()).searchParams.get("from")).toBe("01/01/2026");
    await page.getByRole("heading", { level: 1, name: "Registro attività" }).waitFor();
    await expect.poll(() => page.getByRole("alert").count()).toBe(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth + 1)).toBe(true);
    mkdirSync(SHOTS, { recursive: true });
    await page.screenshot({ path: path.join(SHOTS, "registro-360.png"), fullPage: true });
  });
});
