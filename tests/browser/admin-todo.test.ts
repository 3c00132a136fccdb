// The back office's to-do signals (decision 0111): a contact message sent through the site shows as
// a badge on the sidebar's "Messaggi" link (its accessible name says the count), in the mobile menu
// and in the folded sidebar too, and as a dashboard card; both lead to the list filtered to the new
// messages, and the count drops once the message is read. A moderator's dashboard shows only the
// moderation cards, with none of the articles' counters or links. This file sends one contact
// message and makes one moderator (SCREENSHOTS=dir keeps the screens at 1366 and 360 px).
import path from "node:path";
import type { BrowserContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { baseUrl, signIn, signUpIn, startBrowser, uniqueEmail, withConsent } from "./browser";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

async function screenshot(page: Page, name: string): Promise<void> {
  if (process.env.SCREENSHOTS) await page.screenshot({ path: path.join(process.env.SCREENSHOTS, `${name}.png`), fullPage: true });
}

async function asAdmin(width = 1366): Promise<{ context: BrowserContext; page: Page }> {
  const session = await browser.context({ width });
  await withConsent(session.context);
  await signIn(session.context, E2E_ADMIN.email, E2E_ADMIN.password);
  return session;
}

/** The count of a sidebar link's badge ("Messaggi, 3 da gestire"), 0 without one. */
async function badgeCount(page: Page, where: string, label: string): Promise<number> {
  const link = page.locator(where).getByRole("link", { name: new RegExp(`^${label}(, \\d+ da gestire)?$`) });
  return Number((await link.getAttribute("data-todo")) ?? 0);
}

const SIDEBAR = "aside[aria-label='Barra laterale']";

async function sendContactMessage(subject: string): Promise<void> {
  const visitor = await browser.context();
  await withConsent(visitor.context);
  await visitor.page.goto("/contact");
  await visitor.page.getByLabel("Nome").fill("Paola Segnali");
  await visitor.page.getByLabel("Email").fill(uniqueEmail("todo"));
  await visitor.page.getByLabel("Oggetto").fill(subject);
  await visitor.page.getByLabel("Messaggio").fill("Buongiorno, vorrei sapere come adottare un gatto adulto.");
  await visitor.page.getByRole("button", { name: "Invia messaggio" }).click();
  await visitor.page.getByText("Messaggio inviato con successo!").waitFor();
}

/** The id of the account signed in within `context`, from its JSON Web Token's subject. */
async function accountId(context: BrowserContext): Promise<string> {
  const response = await context.request.get(`${baseUrl()}/api/auth/token`);
  const { token } = (await response.json()) as { token: string };
  const payload = JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()) as { sub?: string; id?: string };
  return (payload.sub ?? payload.id)!;
}

describe("to-do signals", () => {
  it("a new contact message: a badge and a card that lead to the new messages; read, it is no longer counted", async () => {
    const { page } = await asAdmin();
    await page.goto("/admin");
    const before = await badgeCount(page, SIDEBAR, "Messaggi");

    const subject = `Segnale di prova ${Date.now()}`;
    await sendContactMessage(subject);
    await page.reload();
    const count = before + 1;
    const sidebar = page.locator(SIDEBAR);
    const link = sidebar.getByRole("link", { name: `Messaggi, ${count} da gestire`, exact: true });
    await link.waitFor();
    expect(await link.getAttribute("href")).toBe("/admin/contacts?status=new");
    // The pill shows the figure (not a colour alone); the name says it in words.
    expect(await link.locator("span.rounded-full").textContent()).toBe(count > 99 ? "99+" : String(count));
    const card = page.locator("[data-todo-card='contacts']");
    expect(await card.getAttribute("href")).toBe("/admin/contacts?status=new");
    expect(await card.textContent()).toContain("Nuovi messaggi di contatto");
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "admin-todo-dashboard-1366");

    // Keyboard: the badge's link is reached with Tab and followed with Enter.
    await link.focus();
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.pathname === "/admin/contacts" && url.searchParams.get("status") === "new");
    const item = page.getByRole("region", { name: "Elenco dei messaggi" }).getByRole("link", { name: new RegExp(subject) });
    await item.waitFor();
    // Opening it marks it read: the badge follows on the next page.
    await item.click();
    await page.getByRole("region", { name: "Dettaglio del messaggio" }).getByRole("heading", { name: subject }).waitFor();
    await page.goto("/admin");
    expect(await badgeCount(page, SIDEBAR, "Messaggi")).toBe(before);
  });

  it("the badge is in the folded sidebar and in the menu at 360 px", async () => {
    await sendContactMessage(`Segnale piegato ${Date.now()}`);
    const { page } = await asAdmin();
    await page.goto("/admin");
    const count = await badgeCount(page, SIDEBAR, "Messaggi");
    expect(count).toBeGreaterThan(0);
    await page.getByRole("button", { name: "Comprimi il menu" }).click();
    await page.getByRole("button", { name: "Espandi il menu" }).waitFor();
    const folded = page.locator(SIDEBAR).getByRole("link", { name: `Messaggi, ${count} da gestire`, exact: true });
    expect(await folded.isVisible()).toBe(true);
    expect(await folded.getAttribute("title")).toBe(`Messaggi, ${count} da gestire`);
    await screenshot(page, "admin-todo-folded-1366");
    await page.getByRole("button", { name: "Espandi il menu" }).click();
    await page.getByRole("button", { name: "Comprimi il menu" }).waitFor();

    const narrow = await asAdmin(360);
    await narrow.page.goto("/admin");
    await narrow.page.getByRole("button", { name: "Menu" }).click();
    const inMenu = narrow.page.locator("#admin-menu").getByRole("link", { name: `Messaggi, ${count} da gestire`, exact: true });
    expect(await inMenu.isVisible()).toBe(true);
    await screenshot(narrow.page, "admin-todo-menu-360");
    expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });

  it("a moderator's dashboard shows the moderation cards only: no article counters or links", async () => {
    const person = await browser.context({ width: 1366 });
    await withConsent(person.context);
    await signUpIn(person.context, "Mirko Moderatore");
    const id = await accountId(person.context);
    const admin = await asAdmin();
    const promoted = await admin.context.request.post(`${baseUrl()}/admin/users`, {
      form: { intent: "role", id, role: "moderator" },
      headers: { origin: baseUrl() },
      maxRedirects: 0,
    });
    expect(promoted.status()).toBeLessThan(400);

    const { page } = person;
    await page.goto("/admin");
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    const cards = await page.locator("[data-todo-card]").evaluateAll((links) => links.map((l) => l.getAttribute("data-todo-card")));
    expect(cards).toEqual(["reports", "flaggedListings", "appeals", "entries", "contacts"]);
    for (const hidden of ["Articoli totali", "Utenti registrati", "Partner attivi", "Nuovo articolo", "Gestisci articoli", "Piano editoriale"]) {
      expect(await page.getByText(hidden, { exact: true }).count(), hidden).toBe(0);
    }
    expect(await page.getByRole("link", { name: /Modera gli annunci/ }).isVisible()).toBe(true);
    expect(await page.locator(SIDEBAR).getByRole("link", { name: "Articoli", exact: true }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    await screenshot(page, "admin-todo-moderator-1366");

    const narrow = await browser.context({ width: 360 });
    await withConsent(narrow.context);
    await narrow.context.addCookies(await person.context.cookies());
    await narrow.page.goto("/admin");
    await narrow.page.locator("[data-todo-card='reports']").waitFor();
    await screenshot(narrow.page, "admin-todo-moderator-360");
    expect(await narrow.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
