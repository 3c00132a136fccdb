// "I tuoi dati" on /dashboard/profile: downloading one's data, and erasing one's account.
import { readFile } from "node:fs/promises";
import { describe, expect, it } from "vitest";
import { baseUrl, signUpIn, startBrowser, withConsent } from "./browser";

const browser = startBrowser();

async function openProfile(fullName: string) {
  const { context, page } = await browser.context();
  await withConsent(context);
  const account = await signUpIn(context, fullName);
  await page.goto("/dashboard/profile");
  await page.getByRole("heading", { name: "Il mio profilo" }).waitFor();
  return { context, page, account };
}

describe("account data", () => {
  it("downloads a JSON file of the user's data, without password or token", async () => {
    const { page, account } = await openProfile("Dario Scarica");
    const section = page.getByRole("region", { name: "I tuoi dati" });
    const [download] = await Promise.all([page.waitForEvent("download"), section.getByRole("link", { name: "Scarica i miei dati" }).click()]);
    expect(download.suggestedFilename()).toMatch(/^zampa-i-miei-dati-\d{4}-\d{2}-\d{2}\.json$/);
    const text = await readFile((await download.path())!, "utf8");
    const data = JSON.parse(text) as { account: { email: string; fullName: string }; sessions: unknown[] };
    expect(data.account).toMatchObject({ email: account.email, fullName: "Dario Scarica" });
    expect(data.sessions.length).toBeGreaterThan(0);
    expect(text).not.toContain(account.password);
    expect(text).not.toMatch(/"(password|token)"/);
  });

  it("refuses a wrong password, then erases the account and signs the browser out", async () => {
    const { page, account, context } = await openProfile("Erica Elimina");
    await page.getByRole("region", { name: "I tuoi dati" }).getByRole("link", { name: "Elimina account" }).click();
    await page.getByRole("heading", { level: 1, name: "Elimina account" }).waitFor();

    await page.getByLabel("Password attuale").fill("Password-Sbagliata-1");
    await page.getByLabel("Scrivi ELIMINA per confermare").fill("ELIMINA");
    await page.getByRole("button", { name: "Elimina definitivamente il mio account" }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor();
    expect(await alert.textContent()).toContain("La password non è corretta");

    await page.getByLabel("Password attuale").fill(account.password);
    await page.getByLabel("Scrivi ELIMINA per confermare").fill("elimina");
    await page.getByRole("button", { name: "Elimina definitivamente il mio account" }).click();
    await page.getByRole("heading", { level: 1, name: "Account eliminato" }).waitFor();
    expect(page.url()).toBe(`${baseUrl()}/account-eliminato`);

    // Signed out, and the account is gone: signing in again is refused.
    await page.goto("/dashboard/profile");
    await page.waitForURL(/\/login\?redirectTo=%2Fdashboard%2Fprofile$/);
    const again = await context.request.post(`${baseUrl()}/login`, {
      form: { intent: "signin", email: account.email, password: account.password },
      headers: { origin: baseUrl() },
      maxRedirects: 0,
    });
    expect(again.status()).toBeGreaterThanOrEqual(400);
  });
});
