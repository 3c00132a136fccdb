// Issue 19, SESSIONS: the profile's sessions and sign-in methods, dead cookies, single sign-on through
// a real OpenID provider, and tokens verified with the published keys, against the production build.
import { createRemoteJWKSet, jwtVerify } from "jose";
import { generate } from "otplib";
import { describe, expect, inject, it } from "vitest";
import { E2E_SSO_ACCOUNT } from "./e2e-accounts";
import { baseUrl, signIn, signUpIn, startBrowser, withConsent } from "./browser";

const browser = startBrowser();

async function chooseProviderUser(email: string, verified = true) {
  const response = await fetch(`${inject("oidcIssuer")}/__login`, {
    method: "POST",
    body: JSON.stringify({ sub: `sub-${email}`, email, email_verified: verified, name: "Sara Single" }),
  });
  expect(response.ok).toBe(true);
}

describe("sessions on the profile page", () => {
  it("lists this device and another one, closes the other, which is signed out at once", async () => {
    const { context, page } = await browser.context({ width: 360, height: 780 });
    await withConsent(context);
    const account = await signUpIn(context, "Teresa Sessioni");
    const other = await browser.context();
    await withConsent(other.context);
    await signIn(other.context, account.email, account.password);
    await other.page.goto("/dashboard/profile");
    await other.page.getByRole("heading", { name: "Il mio profilo" }).waitFor();

    await page.goto("/dashboard/profile");
    const list = page.getByRole("list", { name: "Sessioni attive" });
    await list.waitFor();
    expect(await list.getByRole("listitem").count()).toBe(2);
    await list.getByText("Questo dispositivo").waitFor();
    expect(await list.getByText(/Luogo: rete locale \(IP 127\.0\.x\.x\)|Luogo: sconosciuto/).count()).toBeGreaterThan(0);
    await page.getByRole("button", { name: /^Chiudi la sessione/ }).click();
    await page.getByRole("status").filter({ hasText: "Sessione chiusa" }).waitFor();
    await page.getByText("Nessun'altra sessione attiva.").waitFor();

    // The other device: its next page is the signed-out one, its cookie removed.
    const response = await other.page.goto("/dashboard/profile");
    expect(new URL(other.page.url()).pathname).toBe("/login");
    expect(response?.status()).toBe(200);
    expect((await other.context.cookies()).some((c) => c.name.endsWith("session_token"))).toBe(false);
  });

  it("a tampered session cookie shows the signed-out page, not an error, and is removed", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await signUpIn(context, "Ugo Manomesso");
    const [cookie] = (await context.cookies()).filter((c) => c.name.endsWith("session_token"));
    await context.addCookies([{ ...cookie!, value: `${cookie!.value.slice(0, -3)}xyz` }]);
    const response = await page.goto("/");
    expect(response?.status()).toBe(200);
    await page.getByRole("link", { name: "Accedi" }).first().waitFor();
    expect((await context.cookies()).some((c) => c.name.endsWith("session_token"))).toBe(false);
  });
});

describe("single sign-on", () => {
  it("signs in with the provider to the account with the same verified e-mail, and lists the method", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await chooseProviderUser(E2E_SSO_ACCOUNT.email);
    await page.goto("/login");
    await page.getByRole("button", { name: `Accedi con ${E2E_SSO_ACCOUNT.providerName}` }).click();
    await page.waitForURL(`${baseUrl()}/`);
    await page.goto("/dashboard/profile");
    await page.getByRole("heading", { name: "Il mio profilo" }).waitFor();
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(E2E_SSO_ACCOUNT.email);
    const methods = page.getByRole("list", { name: "Metodi di accesso" });
    await methods.getByText("Email e password").waitFor();
    await methods.getByText(E2E_SSO_ACCOUNT.providerName).waitFor();
  });

  it("asks an account with a second factor for its code: no session and no token until it is given (decision 0076)", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    const account = await signUpIn(context, "Sara Doppia");
    // TOTP enrolled from the profile, as account-twofactor.test.ts does in full.
    await page.goto("/dashboard/profile");
    const section = page.getByRole("region", { name: "Autenticazione a due fattori" });
    await section.getByLabel("Password attuale").fill(account.password);
    await section.getByRole("button", { name: "Configura l'app di autenticazione" }).click();
    const key = ((await section.getByTestId("totp-manual-key").textContent()) ?? "").replace(/\s+/g, "");
    const codeAt = (steps: number) => generate({ secret: key, epoch: Math.floor(Date.now() / 1000) + steps * 30 });
    await section.getByLabel("2. Inserisci il codice di 6 cifre mostrato dall'app").fill(await codeAt(0));
    await section.getByRole("button", { name: "Attiva" }).click();
    await section.getByRole("status").filter({ hasText: "Autenticazione a due fattori attivata" }).waitFor();

    // Another browser signs in with the provider: it lands on the code step, signed in nowhere.
    const other = await browser.context();
    await withConsent(other.context);
    await chooseProviderUser(account.email);
    await other.page.goto("/login");
    await other.page.getByRole("button", { name: `Accedi con ${E2E_SSO_ACCOUNT.providerName}` }).click();
    await other.page.waitForURL((url) => url.pathname === "/login/codice");
    await other.page.getByRole("heading", { name: "Verifica in due passaggi" }).waitFor();
    expect((await other.context.cookies()).some((c) => c.name.endsWith("session_token") && c.value)).toBe(false);
    expect((await other.context.request.get(`${baseUrl()}/api/auth/token`)).status()).toBe(401);
    const dashboard = await other.context.request.get(`${baseUrl()}/dashboard`, { maxRedirects: 0 });
    expect(dashboard.status()).toBe(302);
    expect(dashboard.headers().location).toMatch(/\/login/);

    // The right code completes the sign-in (the one used to enrol is spent: the next one).
    await other.page.getByLabel("Codice dell'app di autenticazione").fill(await codeAt(1));
    await other.page.getByRole("button", { name: "Verifica e accedi" }).click();
    await other.page.waitForURL((url) => url.pathname === "/");
    await other.page.getByRole("button", { name: "Sara Doppia" }).waitFor();
    expect((await other.context.request.get(`${baseUrl()}/api/auth/token`)).status()).toBe(200);
  });

  it("comes back to the sign-in page with an Italian reason when no account has that e-mail", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await chooseProviderUser("nessuno-qui@example.it");
    await page.goto("/login");
    await page.getByRole("button", { name: `Accedi con ${E2E_SSO_ACCOUNT.providerName}` }).click();
    await page.waitForURL(/\/login\?error=/);
    await page.getByRole("alert").filter({ hasText: "Nessun account Zampa è collegato" }).waitFor();
  });
});

describe("tokens for other services", () => {
  it("a signed-in browser's token is verified with the keys at /.well-known/jwks.json", async () => {
    const { context } = await browser.context();
    const account = await signUpIn(context, "Vera Token");
    const response = await context.request.get(`${baseUrl()}/api/auth/token`);
    expect(response.status()).toBe(200);
    const { token } = (await response.json()) as { token: string };
    const origin = new URL(baseUrl()).origin;
    const { payload } = await jwtVerify(token, createRemoteJWKSet(new URL(`${baseUrl()}/.well-known/jwks.json`)), { issuer: origin, audience: origin });
    expect(payload.email).toBe(account.email);
    const same = await (await fetch(`${baseUrl()}/api/auth/jwks`)).json();
    expect(same).toEqual(await (await fetch(`${baseUrl()}/.well-known/jwks.json`)).json());
  });
});
