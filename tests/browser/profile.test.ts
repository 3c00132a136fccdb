// /dashboard/profile: name, password and e-mail changes, the account information.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { describe, expect, inject, it } from "vitest";
import { baseUrl, signUpIn, startBrowser, uniqueEmail, withConsent } from "./browser";

const browser = startBrowser();

/** The link in the newest outbox e-mail addressed to `to` (quoted-printable decoded). */
async function linkMailedTo(to: string): Promise<string> {
  const outbox = path.join(inject("dataDir"), "outbox");
  for (let attempt = 0; attempt < 50; attempt++) {
    const names = (await readdir(outbox).catch(() => [] as string[])).sort().reverse();
    for (const name of names) {
      const raw = await readFile(path.join(outbox, name), "utf8");
      const text = raw.replace(/=\r?\n/g, "").replace(/=3D/g, "=");
      if (!new RegExp(`^To: .*${to.replace(/[.+]/g, "\\$&")}`, "mi").test(text)) continue;
      const link = new RegExp(`${baseUrl().replace(/[.:/]/g, "\\$&")}/api/auth/verify-email\\?[^\\s"<>]+`).exec(text)?.[0];
      if (link) return link;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no e-mail with a link to ${to}`);
}

async function openProfile(fullName = "Giorgio Prova") {
  const { context, page } = await browser.context();
  await withConsent(context);
  const account = await signUpIn(context, fullName);
  await page.goto("/dashboard/profile");
  await page.getByRole("heading", { name: "Il mio profilo" }).waitFor();
  return { context, page, account };
}

describe("profile", () => {
  it("shows the account information and saves a new full name", async () => {
    const { page, account } = await openProfile();
    const info = page.getByRole("complementary", { name: "Informazioni account" });
    expect(await info.getByText(account.email).isVisible()).toBe(true);
    expect(await info.locator("time").first().textContent()).toMatch(/^\d{1,2} \w+ \d{4}$/);

    await page.getByLabel("Nome completo").fill("Giorgio Nuovo Nome");
    await page.getByRole("button", { name: "Salva modifiche" }).click();
    await page.getByRole("status").filter({ hasText: "Profilo aggiornato con successo" }).waitFor();
    await page.reload();
    expect(await page.getByLabel("Nome completo").inputValue()).toBe("Giorgio Nuovo Nome");
    await page.getByRole("button", { name: "Giorgio Nuovo Nome" }).waitFor();
  });

  it("refuses a password confirmation that does not match, and a short password", async () => {
    const { page } = await openProfile();
    await page.getByLabel("Nuova password", { exact: true }).fill("Gattino-Rosso-33");
    await page.getByLabel("Conferma nuova password").fill("Gattino-Rosso-34");
    await page.getByRole("button", { name: "Aggiorna password" }).click();
    await page.getByRole("alert").filter({ hasText: "Le nuove password non coincidono" }).waitFor();
    await page.getByLabel("Nuova password", { exact: true }).fill("abc");
    await page.getByLabel("Conferma nuova password").fill("abc");
    await page.getByRole("button", { name: "Aggiorna password" }).click();
    await page.getByRole("alert").filter({ hasText: "La password deve essere di almeno 6 caratteri" }).waitFor();
  });

  it("changes the password, after which only the new one signs in", async () => {
    const { page, account } = await openProfile();
    await page.getByLabel("Nuova password", { exact: true }).fill("Tartaruga-Veloce-51");
    await page.getByLabel("Conferma nuova password").fill("Tartaruga-Veloce-51");
    await page.getByRole("button", { name: "Aggiorna password" }).click();
    await page.getByRole("status").filter({ hasText: "Password aggiornata con successo" }).waitFor();

    const fresh = await browser.context();
    const signIn = (password: string) =>
      fresh.context.request.post(`${baseUrl()}/login`, {
        form: { intent: "signin", email: account.email, password },
        headers: { origin: baseUrl() },
        maxRedirects: 0,
      });
    expect((await signIn(account.password)).status()).toBeGreaterThanOrEqual(400);
    expect((await signIn("Tartaruga-Veloce-51")).status()).toBe(302);
  });

  it("changes the e-mail only once the link sent to the new address is followed", async () => {
    const { page, account } = await openProfile();
    const newEmail = uniqueEmail("nuovo-indirizzo");
    await page.getByLabel("Email").fill(newEmail);
    await page.getByRole("button", { name: "Salva modifiche" }).click();
    await page.getByRole("status").filter({ hasText: `Ti abbiamo inviato un'email a ${newEmail}` }).waitFor();
    await page.reload();
    expect(await page.getByLabel("Email").inputValue()).toBe(account.email);

    await page.goto(await linkMailedTo(newEmail));
    await page.waitForURL((url) => url.pathname === "/dashboard/profile");
    await page.getByText("Il tuo nuovo indirizzo email è stato confermato ed è ora attivo.").waitFor();
    expect(await page.getByLabel("Email").inputValue()).toBe(newEmail);
  });
});
