// Two-factor sign-in in the browser (decision 0059): enrol TOTP from the profile with the manual
// key, then sign in with a code computed from it, as an authenticator app would.
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { generate } from "otplib";
import { describe, expect, inject, it } from "vitest";
import { signUpIn, startBrowser, withConsent } from "./browser";

const browser = startBrowser();

/** The code an authenticator app shows for this key, `steps` periods of 30 s from now. */
function codeFor(key: string, steps = 0): Promise<string> {
  return generate({
    secret: key.replace(/\s+/g, ""),
    epoch: Math.floor(Date.now() / 1000) + steps * 30,
  });
}

/** The code in the newest outbox SMS to `phone` (E.164) that is not in `seen`. */
async function smsCode(phone: string, seen: string[] = []): Promise<string> {
  const outbox = path.join(inject("dataDir"), "outbox");
  for (let attempt = 0; attempt < 50; attempt++) {
    const names = (await readdir(outbox).catch(() => [] as string[])).filter((n) => n.endsWith(".sms")).sort().reverse();
    for (const name of names) {
      const text = await readFile(path.join(outbox, name), "utf8");
      const code = /codice di verifica è (\d{6})/.exec(text)?.[1];
      if (text.startsWith(`To: ${phone}\n`) && code && !seen.includes(code)) return code;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no SMS to ${phone}`);
}

describe("two-factor sign-in", () => {
  it("enrols an authenticator app from the profile, then signs in with its code", async () => {
    const { context, page } = await browser.context({
      width: 360,
      height: 780,
    });
    await withConsent(context);
    const account = await signUpIn(context, "Teresa Doppia");
    await page.goto("/dashboard/profile");
    const section = page.getByRole("region", {
      name: "Autenticazione a due fattori",
    });
    expect(await section.getByTestId("totp-status").textContent()).toBe(
      "non attiva",
    );

    // A wrong password starts nothing.
    await section.getByLabel("Password attuale").fill("Sbagliata-99");
    await section
      .getByRole("button", { name: "Configura l'app di autenticazione" })
      .click();
    await section
      .getByRole("alert")
      .filter({ hasText: "Password non corretta." })
      .waitFor();

    await section.getByLabel("Password attuale").fill(account.password);
    await section
      .getByRole("button", { name: "Configura l'app di autenticazione" })
      .click();
    const qr = section.getByRole("img", {
      name: "Codice QR da scansionare con l'app di autenticazione",
    });
    await qr.waitFor();
    expect(await qr.getAttribute("src")).toMatch(/^data:image\/png;base64,/);
    const key =
      (await section.getByTestId("totp-manual-key").textContent()) ?? "";
    expect(key).toMatch(/^[A-Z2-7 ]{20,}$/);

    const codeField = section.getByLabel(
      "2. Inserisci il codice di 6 cifre mostrato dall'app",
    );
    const right = await codeFor(key);
    await codeField.fill(right === "000000" ? "111111" : "000000");
    await section.getByRole("button", { name: "Attiva" }).click();
    await section
      .getByRole("alert")
      .filter({ hasText: "Codice non valido" })
      .waitFor();
    await codeField.fill(right);
    await section.getByRole("button", { name: "Attiva" }).click();
    await section
      .getByRole("status")
      .filter({ hasText: "Autenticazione a due fattori attivata" })
      .waitFor();
    expect(
      await section
        .getByRole("list", { name: "Codici di backup" })
        .getByRole("listitem")
        .count(),
    ).toBe(10);
    await page.reload();
    await page
      .getByTestId("totp-status")
      .filter({ hasText: "attiva (codici di backup rimasti: 10)" })
      .waitFor();
    // Nothing wider than a 360 px screen.
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth),
    ).toBeLessThanOrEqual(360);

    // Another browser: the password alone leads to the code page, with no session yet.
    const other = await browser.context();
    await withConsent(other.context);
    await other.page.goto("/login");
    await other.page.getByLabel("Email").fill(account.email);
    await other.page.getByLabel("Password").fill(account.password);
    await other.page.getByRole("button", { name: "Accedi", exact: true }).click();
    await other.page.waitForURL((url) => url.pathname === "/login/codice");
    await other.page
      .getByRole("heading", { name: "Verifica in due passaggi" })
      .waitFor();
    expect(
      (await other.context.cookies()).some(
        (c) => c.name.endsWith("session_token") && c.value,
      ),
    ).toBe(false);

    // The next step's code: the one used to enrol is refused as already used.
    await other.page
      .getByLabel("Codice dell'app di autenticazione")
      .fill(right);
    await other.page.getByRole("button", { name: "Verifica e accedi" }).click();
    await other.page
      .getByRole("alert")
      .filter({ hasText: "già stato usato" })
      .waitFor();
    await other.page
      .getByLabel("Codice dell'app di autenticazione")
      .fill(await codeFor(key, 1));
    await other.page.getByRole("button", { name: "Verifica e accedi" }).click();
    await other.page.waitForURL((url) => url.pathname === "/");
    await other.page.getByRole("button", { name: "Teresa Doppia" }).waitFor();
    await other.page.goto("/dashboard/profile");
    await other.page.getByRole("heading", { name: "Il mio profilo" }).waitFor();
  });

  it("the code page without a pending sign-in sends back to /login", async () => {
    const { page } = await browser.context();
    await page.goto("/login/codice");
    await page
      .getByRole("alert")
      .filter({ hasText: "accedi di nuovo con email e password" })
      .waitFor();
    await page.getByRole("link", { name: "Torna all'accesso" }).click();
    await page.waitForURL((url) => url.pathname === "/login");
  });

  it("enrols a phone with an SMS code, then signs in with a code received by SMS", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    const account = await signUpIn(context, "Piero Telefono");
    const digits = String(Date.now()).slice(-7);
    const phone = `+39333${digits}`;
    await page.goto("/dashboard/profile");
    const section = page.getByRole("region", { name: "Autenticazione a due fattori" });
    await section.getByText("Ricevi i codici via SMS").click();
    await section.getByLabel("Numero di cellulare").fill(`333 ${digits}`);
    await section.getByRole("button", { name: "Invia il codice via SMS" }).click();
    await section.getByRole("status").filter({ hasText: "Ti abbiamo inviato un SMS" }).waitFor();
    const enrolCode = await smsCode(phone);
    await section.getByLabel(/^Codice ricevuto/).fill(enrolCode);
    await section.getByRole("button", { name: "Conferma il numero" }).click();
    await section.getByText(/^attivo \(\+39 ••• ••• \d{4}\)$/).waitFor();

    const other = await browser.context();
    await withConsent(other.context);
    await other.page.goto("/login");
    await other.page.getByLabel("Email").fill(account.email);
    await other.page.getByLabel("Password").fill(account.password);
    await other.page.getByRole("button", { name: "Accedi", exact: true }).click();
    await other.page.waitForURL((url) => url.pathname === "/login/codice");
    await other.page.getByRole("button", { name: "Invia SMS" }).click();
    await other.page.getByRole("status").filter({ hasText: "Ti abbiamo inviato un SMS con il codice." }).waitFor();
    await other.page.getByLabel("Codice ricevuto via SMS").fill(await smsCode(phone, [enrolCode]));
    await other.page.getByRole("button", { name: "Verifica e accedi" }).click();
    await other.page.waitForURL((url) => url.pathname === "/");
    await other.page.getByRole("button", { name: "Piero Telefono" }).waitFor();
  });
});
