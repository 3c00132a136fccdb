// /admin/contacts: a message sent through the public form appears in the back office; opening it
// marks it read, then it is archived and deleted (with the confirmation). An unknown message in the
// address shows "not found" in the pane. This file sends one contact message.
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { signIn, signUpIn, startBrowser, uniqueEmail, withConsent } from "./browser";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

describe("/admin/contacts", () => {
  it("shows a message from the contact form; opening marks it read; archive; delete with confirmation", async () => {
    const visitor = await browser.context();
    await withConsent(visitor.context);
    const subject = `Adozione di Briciola ${Date.now()}`;
    const email = uniqueEmail("contatto-admin");
    await visitor.page.goto("/contact");
    await visitor.page.getByLabel("Nome").fill("Paola Gialli");
    await visitor.page.getByLabel("Email").fill(email);
    await visitor.page.getByLabel("Oggetto").fill(subject);
    await visitor.page.getByLabel("Messaggio").fill("Buongiorno, vorrei adottare Briciola: come posso fare?");
    await visitor.page.getByRole("button", { name: "Invia messaggio" }).click();
    await visitor.page.getByText("Messaggio inviato con successo!").waitFor();

    const { context, page } = await browser.context();
    await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
    await page.goto("/admin/contacts");
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    // The search applies itself as the admin types, and is kept in the address.
    await page.getByLabel("Cerca per nome, email o oggetto").pressSequentially(subject);
    await page.waitForURL((url) => url.searchParams.get("q") === subject);
    const list = page.getByRole("region", { name: "Elenco dei messaggi" });
    const item = list.getByRole("link", { name: new RegExp(subject) });
    await item.waitFor();
    expect(await item.textContent()).toContain("Nuovo");
    // The row's menu offers what can be done without opening it; Escape closes it, nothing changes.
    const menu = page.getByLabel(`Azioni: «${subject}»`);
    await menu.click();
    await list.getByRole("button", { name: `Segna come letto «${subject}»` }).waitFor();
    expect(await list.getByRole("button", { name: `Archivia «${subject}»` }).isVisible()).toBe(true);
    expect(await list.getByRole("button", { name: `Elimina «${subject}»` }).isVisible()).toBe(true);
    await page.keyboard.press("Escape");
    await list.getByRole("button", { name: `Archivia «${subject}»` }).waitFor({ state: "hidden" });
    expect(await item.textContent()).toContain("Nuovo");

    await item.click();
    const pane = page.getByRole("region", { name: "Dettaglio del messaggio" });
    await pane.getByRole("heading", { name: subject }).waitFor();
    expect(new URL(page.url()).searchParams.get("id")).toMatch(/^[0-9a-f-]{36}$/);
    expect(await pane.textContent()).toContain("Letto");
    expect(await pane.getByRole("button", { name: "Segna come letto" }).count()).toBe(0);
    expect(await axeViolations(page)).toEqual([]);
    const reply = pane.getByRole("link", { name: "Rispondi via email" });
    expect(await reply.getAttribute("href")).toBe(`mailto:${email}?subject=${encodeURIComponent(`Re: ${subject}`)}`);

    // The state survives a reload (the message is in the address), and stays read.
    await page.reload();
    await pane.getByRole("heading", { name: subject }).waitFor();
    expect(await list.getByRole("link", { name: new RegExp(subject) }).textContent()).toContain("Letto");

    await pane.getByRole("button", { name: "Archivia" }).click();
    // The page's banner says what the action did.
    await page.getByText("Messaggio archiviato").waitFor();
    await pane.getByRole("button", { name: "Archivia" }).waitFor({ state: "detached" });
    expect(await pane.textContent()).toContain("Archiviato");
    expect(await pane.getByRole("button", { name: "Segna come letto" }).count()).toBe(1);

    await pane.getByRole("button", { name: "Elimina" }).click();
    const dialog = page.getByRole("dialog", { name: "Conferma" });
    await dialog.getByText("Vuoi eliminare definitivamente questo messaggio?").waitFor();
    await dialog.getByRole("button", { name: "Elimina" }).click();
    await page.getByText("Messaggio eliminato.").waitFor();
    await list.getByText("Nessun messaggio.").waitFor();
    expect(new URL(page.url()).searchParams.get("id")).toBeNull();
  });

  it("shows 'Messaggio non trovato' in the pane for an unknown message", async () => {
    const { context, page } = await browser.context({ width: 360, height: 740 });
    await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
    const response = await page.goto("/admin/contacts?id=00000000-0000-4000-8000-000000000000");
    expect(response?.status()).toBe(404);
    await page.getByRole("heading", { name: "Messaggio non trovato" }).waitFor();
    // On a narrow screen the pane replaces the list, with a way back.
    expect(await page.getByRole("region", { name: "Elenco dei messaggi" }).isVisible()).toBe(false);
    await page.getByRole("link", { name: "← Torna all'elenco" }).click();
    await page.getByRole("region", { name: "Elenco dei messaggi" }).waitFor();
  });

  it("sends a user who is not an administrator to /login", async () => {
    const { context, page } = await browser.context();
    await signUpIn(context, "Ficcanaso Qualunque");
    await page.goto("/admin/contacts");
    expect(new URL(page.url()).pathname).toBe("/login");
  });
});
