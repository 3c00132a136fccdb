import type { Page } from "playwright-core";
// The contact form: a message sent (success for 5 s, form cleared) and the inputs it refuses.
// The server allows 8 messages per IP per hour for the whole run: this file sends one.
import { describe, expect, it } from "vitest";
import { baseUrl, startBrowser, uniqueEmail, withConsent } from "./browser";

const browser = startBrowser();

async function fillForm(page: Page, values: { name: string; email: string; subject: string; message: string }) {
  await page.getByLabel("Nome").fill(values.name);
  await page.getByLabel("Email").fill(values.email);
  await page.getByLabel("Oggetto").fill(values.subject);
  await page.getByLabel("Messaggio").fill(values.message);
}

function fields(page: Page) {
  return Promise.all(["Nome", "Email", "Oggetto", "Messaggio"].map((label) => page.getByLabel(label).inputValue()));
}

describe("contact form", () => {
  it("sends a message: shows the success text for about 5 seconds and clears the form", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    // The answer is held back a little, so that the sending state can be seen.
    await page.route(
      (url) => url.pathname.startsWith("/contact"),
      async (route) => {
        if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 700));
        await route.continue();
      },
    );
    await page.goto("/contact");
    await fillForm(page, {
      name: "Giulia Bianchi",
      email: uniqueEmail("contatto"),
      subject: "Domanda sulle adozioni",
      message: `Buongiorno, vorrei sapere come funzionano gli affidi del vostro portale. (${Date.now()})`,
    });
    const sentAt = Date.now();
    await page.getByRole("button", { name: "Invia messaggio" }).click();
    const busy = page.getByRole("button", { name: "Invio in corso..." });
    await busy.waitFor({ timeout: 10_000 });
    expect(await busy.isDisabled()).toBe(true);

    const success = page.getByRole("status").filter({ hasText: "Messaggio inviato con successo!" });
    await success.waitFor({ timeout: 15_000 });
    expect(await success.textContent()).toContain("Ti risponderemo il prima possibile all'indirizzo email fornito.");
    expect(await page.getByRole("alert").count()).toBe(0);
    expect(await fields(page)).toEqual(["", "", "", ""]);
    expect(await page.getByRole("button", { name: "Invia messaggio" }).isEnabled()).toBe(true);

    await success.waitFor({ state: "detached", timeout: 20_000 });
    expect(Date.now() - sentAt).toBeGreaterThanOrEqual(4_900);
  });

  it("refuses a message shorter than 10 characters, keeping what was typed", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/contact");
    const values = { name: "Marco Neri", email: "marco.neri@example.it", subject: "Ciao", message: "Breve" };
    await fillForm(page, values);
    await page.getByRole("button", { name: "Invia messaggio" }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.textContent()).toBe("Il messaggio deve contenere almeno 10 caratteri");
    expect(await page.getByRole("status").filter({ hasText: "Messaggio inviato" }).count()).toBe(0);
    expect(await fields(page)).toEqual([values.name, values.email, values.subject, values.message]);
  });

  it("refuses a malformed e-mail address", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/contact");
    await fillForm(page, {
      name: "Marco Neri",
      email: "marco.neri@",
      subject: "Informazioni",
      message: "Vorrei avere qualche informazione in più sui concorsi.",
    });
    await page.getByRole("button", { name: "Invia messaggio" }).click();
    const alert = page.getByRole("alert");
    await alert.waitFor({ timeout: 10_000 });
    expect(await alert.textContent()).toBe("Inserisci un indirizzo email valido");
    expect(await page.getByRole("status").filter({ hasText: "Messaggio inviato" }).count()).toBe(0);
  });

  it("the server refuses the same bad inputs with the same messages", async () => {
    const post = (fields: Record<string, string>) =>
      fetch(`${baseUrl()}/contact`, { method: "POST", headers: { origin: baseUrl() }, body: new URLSearchParams(fields) });
    const base = { name: "Marco Neri", email: "marco.neri@example.it", subject: "Informazioni", message: "Un messaggio abbastanza lungo." };
    const short = await post({ ...base, message: "Breve" });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("Il messaggio deve contenere almeno 10 caratteri");
    const email = await post({ ...base, email: "marco.neri@" });
    expect(email.status).toBe(400);
    expect(await email.text()).toContain("Inserisci un indirizzo email valido");
  });
});
