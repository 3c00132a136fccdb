// /admin/users: the E2E administrator finds a new account by e-mail and promotes it after the
// confirmation, and the counters follow; the last administrator cannot step down. Other files run
// after this one in the same server: every administrator demoted here is promoted again.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { baseUrl, signIn, signUpIn, startBrowser } from "./browser";
import { E2E_ADMIN } from "./e2e-accounts";
import { axeViolations } from "./axe";

const browser = startBrowser();

async function asAdmin(): Promise<{ context: BrowserContext; page: Page }> {
  const session = await browser.context();
  await signIn(session.context, E2E_ADMIN.email, E2E_ADMIN.password);
  return session;
}

async function counter(page: Page, label: string): Promise<number> {
  const text = await page.locator("dt", { hasText: new RegExp(`^${label}$`) }).locator("xpath=following-sibling::dd").textContent();
  return Number((text ?? "").replace(/\./g, ""));
}

function row(page: Page, email: string) {
  return page.locator("tr", { has: page.getByText(email, { exact: true }) });
}

/** Opens the row's actions menu and picks an item. */
async function rowAction(page: Page, email: string, name: RegExp) {
  await row(page, email).locator("summary").click();
  await row(page, email).getByRole("button", { name }).click();
}

async function setRoleDirectly(context: BrowserContext, id: string, role: "admin" | "user"): Promise<void> {
  const response = await context.request.post(`${baseUrl()}/admin/users`, {
    form: { intent: "role", id, role },
    headers: { origin: baseUrl() },
    maxRedirects: 0,
  });
  if (response.status() >= 400) throw new Error(`role change failed: HTTP ${response.status()}`);
}

describe("/admin/users", () => {
  it("finds a user by e-mail and promotes them after the confirmation; the counters change", async () => {
    const other = await browser.context();
    const account = await signUpIn(other.context, "Teresa Promossa");
    const { page } = await asAdmin();
    await page.goto("/admin/users");
    const admins = await counter(page, "Amministratori");
    const standard = await counter(page, "Utenti standard");

    await page.getByLabel("Cerca per nome o email").fill(account.email.toUpperCase());
    await page.getByRole("button", { name: "Cerca" }).click();
    // The account is the newest, already on the unfiltered page: wait for the search's own result.
    await page.getByText("1 utente trovato", { exact: true }).waitFor();
    expect(await page.locator("tbody tr").count()).toBe(1);
    expect(await row(page, account.email).textContent()).toContain("Utente");

    await rowAction(page, account.email, /Rendi amministratore/);
    const dialog = page.getByRole("dialog", { name: "Conferma" });
    await dialog.waitFor();
    expect(await dialog.getByText("Vuoi cambiare il ruolo di questo utente a admin?", { exact: true }).count()).toBe(1);
    await dialog.getByRole("button", { name: "Rendi amministratore" }).click();

    await row(page, account.email).getByText("Ruolo aggiornato: Amministratore").waitFor();
    await row(page, account.email).getByText("Amministratore", { exact: true }).waitFor();
    expect(await counter(page, "Amministratori")).toBe(admins + 1);
    expect(await counter(page, "Utenti standard")).toBe(standard - 1);

    // And back: cancelling the dialog changes nothing, confirming demotes.
    await rowAction(page, account.email, /Rendi utente/);
    await dialog.getByText("Vuoi cambiare il ruolo di questo utente a user?", { exact: true }).waitFor();
    await dialog.getByRole("button", { name: "Annulla" }).click();
    await dialog.waitFor({ state: "hidden" });
    expect(await counter(page, "Amministratori")).toBe(admins + 1);
    await rowAction(page, account.email, /Rendi utente/);
    await dialog.getByRole("button", { name: "Rendi utente" }).click();
    await row(page, account.email).getByText("Ruolo aggiornato: Utente").waitFor();
    expect(await counter(page, "Amministratori")).toBe(admins);
  });

  it("refuses to demote the last administrator and says why", async () => {
    const { context, page } = await asAdmin();
    await page.goto("/admin/users?role=admin");
    const others: string[] = [];
    for (const tr of await page.locator("tbody tr").all()) {
      if ((await tr.textContent())?.includes(E2E_ADMIN.email)) continue;
      others.push((await tr.getAttribute("data-user-id"))!);
    }
    try {
      for (const id of others) await setRoleDirectly(context, id, "user");
      await page.goto(`/admin/users?q=${encodeURIComponent(E2E_ADMIN.email)}`);
      expect(await counter(page, "Amministratori")).toBe(1);
      await rowAction(page, E2E_ADMIN.email, /Rendi utente/);
      await page.getByRole("dialog", { name: "Conferma" }).getByRole("button", { name: "Rendi utente" }).click();
      await row(page, E2E_ADMIN.email)
        .getByText("Non puoi togliere il ruolo di amministratore all'ultimo amministratore: deve restarne almeno uno")
        .waitFor();
      await page.reload();
      expect(await row(page, E2E_ADMIN.email).textContent()).toContain("Amministratore");
    } finally {
      for (const id of others) await setRoleDirectly(context, id, "admin");
    }
    await page.goto("/admin/users");
    expect(await counter(page, "Amministratori")).toBe(others.length + 1);
  });

  it("shows the accounts as cards on a 360 px screen, without horizontal scrolling", async () => {
    const { context, page } = await browser.context({ width: 360, height: 740 });
    await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(`/admin/users?q=${encodeURIComponent(E2E_ADMIN.email)}`);
    await row(page, E2E_ADMIN.email).locator("summary").click();
    await row(page, E2E_ADMIN.email).getByRole("button", { name: /Rendi utente/ }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it("searches as the admin types and orders by a column, both kept in the address; the menu works with the keyboard", async () => {
    const { page } = await asAdmin();
    await page.goto("/admin/users");
    // The column's header (a person's name is a link too, to their page).
    await page.locator("thead").getByRole("link", { name: "Nome" }).click();
    await page.waitForURL(/sort=name&dir=asc/);
    expect(await page.locator("th[aria-sort=ascending]").textContent()).toContain("Nome");
    expect(await axeViolations(page)).toEqual([]);
    // No "Cerca" pressed: the search applies itself after a pause, and keeps the order.
    await page.getByLabel("Cerca per nome o email").pressSequentially(E2E_ADMIN.email.slice(0, 12));
    await page.waitForURL((url) => url.searchParams.get("q") === E2E_ADMIN.email.slice(0, 12) && url.searchParams.get("sort") === "name");
    await row(page, E2E_ADMIN.email).waitFor();
    expect(await page.getByLabel("Cerca per nome o email").inputValue()).toBe(E2E_ADMIN.email.slice(0, 12));
    // The row's menu: opened with Enter, its item reached with Tab, closed with Escape (focus back on its button).
    const summary = row(page, E2E_ADMIN.email).locator("summary");
    await summary.focus();
    await page.keyboard.press("Enter");
    await page.keyboard.press("Tab");
    // First the person's page (decision 0110), then the roles.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Apri scheda");
    await page.keyboard.press("Tab");
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain("Rendi utente");
    await page.keyboard.press("Escape");
    expect(await row(page, E2E_ADMIN.email).locator("details").getAttribute("open")).toBeNull();
    expect(await summary.evaluate((element) => element === document.activeElement)).toBe(true);
  });

  it("sends a user who is not an administrator to /login", async () => {
    const { context, page } = await browser.context();
    await signUpIn(context, "Curiosa Qualunque");
    await page.goto("/admin/users");
    expect(new URL(page.url()).pathname).toBe("/login");
  });
});
