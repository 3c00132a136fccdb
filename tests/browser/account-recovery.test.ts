// Password recovery through the outbox link, and the e-mail verification banner with its resend
// (decision 0058), in the real browser against the built app.
import { describe, expect, it } from "vitest";
import { baseUrl, linkMailedTo, outboxNames, signUpIn, startBrowser, withConsent } from "./browser";

const browser = startBrowser();
const NEW_PASSWORD = "Tartaruga-Marina-58";

describe("password recovery", () => {
  it("from /login to a new password through the mailed link, which then no longer works", async () => {
    const setup = await browser.context();
    const account = await signUpIn(setup.context, "Paola Smemorata");
    // Signed in elsewhere too: that session ends with the reset.
    await setup.page.goto("/dashboard/profile");
    await setup.page.getByRole("heading", { name: "Il mio profilo" }).waitFor();

    const { context, page } = await browser.context({ width: 360, height: 740 });
    await withConsent(context);
    await page.goto("/login");
    await page.getByRole("link", { name: "Password dimenticata?" }).click();
    await page.getByRole("heading", { name: "Password dimenticata?" }).waitFor();
    const before = await outboxNames();
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Invia il link" }).click();
    await page.getByRole("status").filter({ hasText: "Se l'indirizzo corrisponde a un account Zampa" }).waitFor();

    const link = await linkMailedTo(account.email, "/reset-password?token=", { after: before });
    const opened = await page.goto(link);
    // The token is in the address: no other site may receive it as a referrer.
    expect(opened?.headers()["referrer-policy"]).toBe("same-origin");
    expect(opened?.headers()["cache-control"]).toBe("no-store");
    await page.getByLabel("Nuova password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Conferma nuova password").fill("Diversa-Password-1");
    await page.getByRole("button", { name: "Salva la nuova password" }).click();
    await page.getByRole("alert").filter({ hasText: "Le nuove password non coincidono" }).waitFor();
    await page.getByLabel("Conferma nuova password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Salva la nuova password" }).click();
    await page.waitForURL(/\/login\?reset=1$/);
    await page.getByRole("status").filter({ hasText: "Password reimpostata" }).waitFor();

    // The other browser's session has ended: the profile sends it to /login.
    await setup.page.goto("/dashboard/profile");
    expect(new URL(setup.page.url()).pathname).toBe("/login");

    await page.getByLabel("Email").fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
    await page.waitForURL(`${baseUrl()}/`);

    // The link is spent.
    const again = await page.goto(link);
    expect(again?.status()).toBe(400);
    await page.getByRole("alert").filter({ hasText: "non è valido, è già stato usato o è scaduto" }).waitFor();
    expect(await page.getByLabel("Nuova password", { exact: true }).count()).toBe(0);
  });

  it("works without JavaScript: the link's page posts its form with the site's origin", async () => {
    const setup = await browser.context();
    const account = await signUpIn(setup.context, "Paola Senza Script");
    const { page } = await browser.context({ javaScript: false });
    await page.goto("/forgot-password");
    const before = await outboxNames();
    await page.getByLabel("Email").fill(account.email);
    await page.getByRole("button", { name: "Invia il link" }).click();
    await page.getByText("Se l'indirizzo corrisponde a un account Zampa").first().waitFor();
    await page.goto(await linkMailedTo(account.email, "/reset-password?token=", { after: before }));
    await page.getByLabel("Nuova password", { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel("Conferma nuova password").fill(NEW_PASSWORD);
    await page.getByRole("button", { name: "Salva la nuova password" }).click();
    await page.waitForURL(/\/login\?reset=1$/);
    await page.getByText("Password reimpostata").first().waitFor();
  });

  it("gives an unknown address the same answer", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/forgot-password");
    await page.getByLabel("Email").fill(`nessuno-${Date.now()}@example.it`);
    await page.getByRole("button", { name: "Invia il link" }).click();
    await page.getByRole("status").filter({ hasText: "Se l'indirizzo corrisponde a un account Zampa" }).waitFor();
  });
});

describe("e-mail verification", () => {
  it("shows the banner until the address is confirmed; resend, cooldown, then the link", async () => {
    const { context, page } = await browser.context({ width: 360, height: 740 });
    await withConsent(context);
    const account = await signUpIn(context, "Bruno Distratto", { verified: false });
    await page.goto("/");
    const banner = page.getByRole("region", { name: "Avviso: conferma dell'account" });
    await banner.waitFor();
    // Fits a 360 px screen: no horizontal scrolling.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

    await page.goto("/dashboard/profile");
    const section = page.getByRole("region", { name: "Verifica dell'account" }).filter({ hasText: "non è ancora confermato" });
    await section.waitFor();
    await page.goto("/");

    const before = await outboxNames();
    await banner.getByRole("button", { name: "Invia di nuovo l'email" }).click();
    await page.waitForURL(/\/email-verification$/);
    await page.getByRole("status").filter({ hasText: "Ti abbiamo inviato una nuova email di conferma" }).waitFor();
    await page.getByRole("button", { name: "Invia di nuovo l'email di conferma" }).click();
    await page.getByRole("alert").filter({ hasText: /Puoi chiederne un'altra tra \d+ secondi/ }).waitFor();

    const link = await linkMailedTo(account.email, "/api/auth/verify-email?", { after: before });
    await page.goto(link);
    await page.waitForURL(/\/email-verification\?verified=1$/);
    await page.getByRole("status").filter({ hasText: "Indirizzo email confermato" }).waitFor();
    await page.goto("/");
    expect(await page.getByRole("region", { name: "Avviso: conferma dell'account" }).count()).toBe(0);
    await page.goto("/dashboard/profile");
    await page.getByRole("region", { name: "Verifica dell'account" }).filter({ hasText: "è confermato" }).waitFor();
  });

  it("signed out, the resend form asks for the address", async () => {
    const { context, page } = await browser.context({ javaScript: false });
    await withConsent(context);
    await page.goto("/email-verification");
    await page.getByRole("button", { name: "Invia di nuovo l'email di conferma" }).click();
    await page.getByRole("alert").filter({ hasText: "Devi indicare un indirizzo email o un numero di telefono e il tipo" }).waitFor();
  });
});
