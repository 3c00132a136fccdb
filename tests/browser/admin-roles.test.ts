// The editorial team's roles (decision 0107): the demo editor and moderator each see only their
// part of the back office — sidebar, SEO tabs — and are answered 403 elsewhere (page, its data, an
// action) with nothing changed; an administrator gives a role from /admin/users.
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { ADMIN_ACCESS_MESSAGES as M } from "~/admin/access-messages";
import { DEMO_PASSWORD, DEMO_STAFF } from "~/seed/data/users";
import { axeViolations } from "./axe";
import { baseUrl, signIn, signUpIn, startBrowser } from "./browser";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();
const [EDITOR, MODERATOR] = DEMO_STAFF as [(typeof DEMO_STAFF)[number], (typeof DEMO_STAFF)[number]];

async function as(email: string, password = DEMO_PASSWORD, size?: { width: number; height: number }): Promise<{ context: BrowserContext; page: Page }> {
  const session = await browser.context(size);
  await signIn(session.context, email, password);
  return session;
}

/** The sidebar's sections by their visible names (a to-do badge's figure left out). */
async function sidebarLinks(page: Page): Promise<string[]> {
  return page
    .getByRole("navigation", { name: "Sezioni del pannello" })
    .last()
    .getByRole("link")
    .evaluateAll((links) => links.map((link) => link.querySelector("span")?.textContent?.trim() ?? ""));
}

describe("roles in the back office", () => {
  it("shows an editor the editorial sections and SEO tabs only, and refuses the rest in place", async () => {
    const { context, page } = await as(EDITOR.email);
    await page.goto("/admin");
    expect(await sidebarLinks(page)).toEqual(["Dashboard", "Articoli", "Calendario", "Piano Editoriale", "Categorie", "SEO"]);
    expect(await page.getByText(EDITOR.email).locator("xpath=following-sibling::span[1]").textContent()).toBe("Redattore");

    await page.goto("/admin/seo");
    const tabs = await page.getByRole("navigation", { name: "Sezioni SEO" }).getByRole("link").allTextContents();
    expect(tabs.map((t) => t.trim())).toEqual(["Panoramica", "Parole chiave", "Sitemap"]);

    const response = await page.goto("/admin/pet-listings");
    expect(response?.status()).toBe(403);
    await page.getByText(M.notPermitted).waitFor();
    expect(await axeViolations(page)).toEqual([]);

    // The page's data and an action, as a script would ask: 403, and the role list is untouched.
    const data = await context.request.get(`${baseUrl()}/admin/users.data`, { maxRedirects: 0 });
    expect(data.status()).toBe(403);
    const post = await context.request.post(`${baseUrl()}/admin/users`, {
      form: { intent: "role", id: "00000000-0000-4000-8000-000000000000", role: "admin" },
      headers: { origin: baseUrl() },
      maxRedirects: 0,
    });
    expect(post.status()).toBe(403);
  });

  it("shows a moderator the moderation sections only", async () => {
    const { page } = await as(MODERATOR.email, DEMO_PASSWORD, { width: 360, height: 740 });
    await page.goto("/admin/reports");
    await page.getByRole("button", { name: /menu/i }).first().click();
    expect(await sidebarLinks(page)).toEqual(["Dashboard", "Messaggi", "Concorsi", "Annunci", "Razze", "Segnalazioni"]);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    const response = await page.goto("/admin/articles");
    expect(response?.status()).toBe(403);
  });

  it("lets an administrator make a user an editor, who then enters the back office; and back", async () => {
    const other = await browser.context();
    const account = await signUpIn(other.context, "Nadia Redattrice");
    const { page } = await as(E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto(`/admin/users?q=${encodeURIComponent(account.email)}`);
    const row = page.locator("tr", { has: page.getByText(account.email, { exact: true }) });
    await row.locator("summary").click();
    await row.getByRole("button", { name: "Rendi redattore" }).click();
    const dialog = page.getByRole("dialog", { name: "Conferma" });
    await dialog.getByText("Vuoi cambiare il ruolo di questo utente a editor?", { exact: true }).waitFor();
    await dialog.getByRole("button", { name: "Rendi redattore" }).click();
    await row.getByText("Ruolo aggiornato: Redattore").waitFor();

    // The role is read on every request: the new editor's next page is the back office.
    await other.page.goto("/admin/articles");
    await other.page.getByRole("heading", { name: "Articoli", level: 1 }).waitFor();

    await row.locator("summary").click();
    await row.getByRole("button", { name: "Rendi utente" }).click();
    await dialog.getByRole("button", { name: "Rendi utente" }).click();
    await row.getByText("Ruolo aggiornato: Utente").waitFor();
    await other.page.goto("/admin/articles");
    await other.page.waitForURL(/\/login/);
  });
});
