// /dashboard/profile: name, password and e-mail changes, the account information.
import { describe, expect, it } from "vitest";
import { baseUrl, linkMailedTo, outboxNames, signUpIn, startBrowser, uniqueEmail, withConsent } from "./browser";

const browser = startBrowser();

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

  it("changes the e-mail only once the link sent to the new address is confirmed; an older link says why it no longer works", async () => {
    const { page, account } = await openProfile();
    const save = async (email: string) => {
      await page.getByLabel("Email", { exact: true }).fill(email);
      await page.getByRole("button", { name: "Salva modifiche" }).click();
      await page.getByRole("status").filter({ hasText: `Ti abbiamo inviato un'email a ${email}` }).waitFor();
    };
    // A mistyped address first, then the right one: the first link is void.
    const mistyped = uniqueEmail("indirizzo-sbagliato");
    const before = await outboxNames();
    await save(mistyped);
    const pending = page.getByRole("group", { name: "Cambio di indirizzo in attesa" });
    await pending.filter({ hasText: mistyped }).waitFor();
    const mistypedLink = await linkMailedTo(mistyped, "/email-change/confirm?token=", { after: before });
    // The current address is told at once, with a link that cancels.
    await linkMailedTo(account.email, "/email-change/cancel?token=", { after: before });
    const newEmail = uniqueEmail("nuovo-indirizzo");
    await save(newEmail);
    await pending.filter({ hasText: newEmail }).waitFor();
    await page.reload();
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(account.email);

    const old = await page.goto(mistypedLink);
    expect(old?.status()).toBe(410);
    expect(old?.headers()["referrer-policy"]).toBe("same-origin");
    expect(old?.headers()["cache-control"]).toBe("no-store");
    await page.getByRole("alert").filter({ hasText: "dopo averlo ricevuto è stato chiesto un altro cambio di indirizzo" }).waitFor();
    expect(await page.getByRole("button", { name: "Conferma il nuovo indirizzo" }).count()).toBe(0);

    const link = await linkMailedTo(newEmail, "/email-change/confirm?token=");
    await page.goto(link);
    await page.getByText(`Il tuo account Zampa userà l'indirizzo ${newEmail}`).waitFor();
    await page.getByRole("button", { name: "Conferma il nuovo indirizzo" }).click();
    await page.getByRole("status").filter({ hasText: "Il tuo nuovo indirizzo email è stato confermato ed è ora attivo." }).waitFor();

    // Used once: opened again, it says so.
    const again = await page.goto(link);
    expect(again?.status()).toBe(410);
    await page.getByRole("alert").filter({ hasText: "Questo link è già stato usato" }).waitFor();

    await page.getByRole("link", { name: "Vai al tuo profilo" }).click();
    await page.getByRole("heading", { name: "Il mio profilo" }).waitFor();
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(newEmail);
    expect(await page.getByRole("group", { name: "Cambio di indirizzo in attesa" }).count()).toBe(0);
  });

  it("withdraws a pending change from the profile, and its link is then refused", async () => {
    const { page } = await openProfile();
    const newEmail = uniqueEmail("ripensamento");
    await page.getByLabel("Email", { exact: true }).fill(newEmail);
    await page.getByRole("button", { name: "Salva modifiche" }).click();
    const pending = page.getByRole("group", { name: "Cambio di indirizzo in attesa" });
    await pending.waitFor();
    await pending.getByRole("button", { name: "Annulla il cambio" }).click();
    await page.getByRole("status").filter({ hasText: "Cambio di indirizzo annullato" }).waitFor();
    expect(await pending.count()).toBe(0);

    const response = await page.goto(await linkMailedTo(newEmail, "/email-change/confirm?token="));
    expect(response?.status()).toBe(410);
    await page.getByRole("alert").filter({ hasText: "Questo cambio di indirizzo è stato annullato" }).waitFor();
  });

  it("the old address's link cancels the change, signed out and without JavaScript, once", async () => {
    const { page, account } = await openProfile();
    const newEmail = uniqueEmail("non-richiesto");
    const before = await outboxNames();
    await page.getByLabel("Email", { exact: true }).fill(newEmail);
    await page.getByRole("button", { name: "Salva modifiche" }).click();
    await page.getByRole("group", { name: "Cambio di indirizzo in attesa" }).waitFor();
    const cancel = await linkMailedTo(account.email, "/email-change/cancel?token=", { after: before });

    const elsewhere = await browser.context({ javaScript: false });
    await elsewhere.page.goto(cancel);
    await elsewhere.page.getByText(`cambiare l'indirizzo del tuo account Zampa in ${newEmail}`).waitFor();
    await elsewhere.page.getByRole("button", { name: "Annulla il cambio" }).click();
    await elsewhere.page.getByRole("status").filter({ hasText: "Cambio di indirizzo annullato" }).waitFor();
    const again = await elsewhere.page.goto(cancel);
    expect(again?.status()).toBe(410);
    await elsewhere.page.getByRole("alert").filter({ hasText: "è già stato annullato" }).waitFor();

    await page.reload();
    expect(await page.getByRole("group", { name: "Cambio di indirizzo in attesa" }).count()).toBe(0);
  });
});
