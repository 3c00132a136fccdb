// /report-listing/{id} and /dashboard/pet-listings.
import { describe, expect, it } from "vitest";
import { baseUrl, signIn, signUpIn, startBrowser, withConsent } from "./browser";
import { FIXTURES } from "./fixtures";
import { publishListing } from "./moderation-helpers";

const browser = startBrowser();

async function listingHref(query: string): Promise<string> {
  const html = await fetch(`${baseUrl()}/pet-listings?q=${encodeURIComponent(query)}`).then((r) => r.text());
  const href = /href="(\/pet-listing\/[0-9a-f-]{36})"/.exec(html)?.[1];
  if (!href) throw new Error(`no listing for ${query}`);
  return href;
}

describe("reporting a listing", () => {
  it("sends a report: submit enabled from 50 characters, success text, back to the listing after 2 s", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    const href = await listingHref("furetto");
    await page.goto(href.replace("/pet-listing/", "/report-listing/"));
    expect(await page.getByRole("link", { name: "Furetto giocherellone cerca casa" }).isVisible()).toBe(true);
    await page.getByLabel("Il tuo nome").fill("Visitatore Attento");
    await page.getByLabel("La tua email").fill("attento@example.it");
    const reasons = await page.getByLabel("Motivo della segnalazione").locator("option").allTextContents();
    expect(reasons.slice(1)).toEqual([
      "Truffa o frode",
      "Annuncio falso",
      "Contenuto inappropriato",
      "Vendita illegale",
      "Maltrattamento di animali",
      "Spam",
      "Categoria sbagliata",
      "Altro",
    ]);
    await page.getByLabel("Motivo della segnalazione").selectOption("fake");
    const submit = page.getByRole("button", { name: "Invia segnalazione" });
    const description = page.getByLabel("Descrizione");
    await description.fill("Troppo breve per essere utile.");
    expect(await submit.isDisabled()).toBe(true);
    await description.fill("Le foto sono prese da un altro sito e il numero non risponde mai: credo sia un annuncio falso.");
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();
    await page.getByText("Segnalazione inviata con successo! Grazie per averci aiutato. Reindirizzamento...").waitFor();
    expect(await description.inputValue()).toBe("");
    await page.waitForURL((url) => url.pathname === href, { timeout: 5_000 });
  });

  it("answers an invalid or unknown id with 'Annuncio non trovato' and HTTP 404", async () => {
    const { page } = await browser.context();
    for (const id of ["123", "3f0f8a5e-1111-4222-8333-944455556666"]) {
      const response = await page.goto(`/report-listing/${id}`);
      expect(response?.status()).toBe(404);
      expect(await page.getByRole("heading", { name: "Annuncio non trovato" }).isVisible()).toBe(true);
    }
  });

  it("refuses a report with a short description on the server too, storing nothing", async () => {
    const href = await listingHref("furetto");
    const response = await fetch(`${baseUrl()}${href.replace("/pet-listing/", "/report-listing/")}`, {
      method: "POST",
      headers: { origin: baseUrl(), "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ name: "Bot", email: "bot@example.it", reason: "spam", description: "corta" }),
    });
    expect(response.status).toBe(400);
  });
});

describe("my listings", () => {
  it("lists the owner's listings, changes availability and deletes after confirmation", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await signUpIn(context);
    const title = `Coniglietta da cancellare ${Date.now()}`;
    const id = await publishListing(context, title);
    await page.goto("/dashboard/pet-listings");
    const card = page.getByRole("listitem").filter({ hasText: title });
    expect(await card.getByRole("link", { name: "Vedi" }).getAttribute("href")).toBe(`/pet-listing/${id}`);

    await card.getByLabel("Disponibilità").selectOption("pending");
    await card.getByText("Disponibilità aggiornata").waitFor();
    await page.reload();
    expect(await page.getByRole("listitem").filter({ hasText: title }).getByLabel("Disponibilità").inputValue()).toBe("pending");

    // Cancel keeps it; confirming deletes it.
    await card.getByRole("button", { name: "Elimina" }).click();
    const dialog = page.getByRole("dialog", { name: "Eliminare l'annuncio?" });
    await dialog.getByRole("button", { name: "Annulla" }).click();
    expect(await dialog.isVisible()).toBe(false);
    expect(await card.isVisible()).toBe(true);
    await card.getByRole("button", { name: "Elimina" }).click();
    await dialog.getByRole("button", { name: "Elimina definitivamente" }).click();
    await card.waitFor({ state: "detached" });
    expect((await page.request.get(`/pet-listing/${id}`)).status()).toBe(404);
  });

  it("shows 20 listings a page, with links to the others, and sends a page past the last to the last", async () => {
    const { page, context } = await browser.context();
    await withConsent(context);
    await signIn(context, FIXTURES.manyListings.email, FIXTURES.manyListings.password);
    await page.goto("/dashboard/pet-listings");
    const cards = page.locator("main ul.grid > li");
    expect(await cards.count()).toBe(20);
    await expect.poll(() => cards.first().textContent()).toContain(`Annuncio chiuso ${FIXTURES.manyListings.count}`);
    const pages = page.getByRole("navigation", { name: "Pagine dei miei annunci" });
    await pages.getByRole("link", { name: "2" }).click();
    await page.waitForURL(/\/dashboard\/pet-listings\?page=2$/);
    await expect.poll(() => cards.count()).toBe(FIXTURES.manyListings.count - 20);
    expect(await cards.last().textContent()).toContain("Annuncio chiuso 1");

    const response = await page.goto("/dashboard/pet-listings?page=9");
    expect(response?.status()).toBe(200);
    expect(new URL(page.url()).search).toBe("?page=2");
  });

  it("does not let another user delete someone else's listing", async () => {
    const owner = await browser.context();
    await signUpIn(owner.context);
    const id = await publishListing(owner.context, `Annuncio protetto ${Date.now()}`);
    const intruder = await browser.context();
    await signUpIn(intruder.context);
    const response = await intruder.context.request.post(`${baseUrl()}/dashboard/pet-listings`, {
      headers: { origin: baseUrl() },
      form: { intent: "delete", id },
    });
    expect(response.status()).toBe(403);
    expect((await owner.page.request.get(`/pet-listing/${id}`)).status()).toBe(200);
  });

  it("keeps a hostile title inert in the detail page's HTML, structured data included", async () => {
    const owner = await browser.context();
    await signUpIn(owner.context);
    const title = `Micio </script><script>window.__zampaXss=1</script> ${Date.now()}`;
    const id = await publishListing(owner.context, title);
    const html = await fetch(`${baseUrl()}/pet-listing/${id}`).then((r) => r.text());
    expect(html).not.toContain("<script>window.__zampaXss=1</script>");
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto(`/pet-listing/${id}`);
    expect(await page.evaluate(() => (window as unknown as { __zampaXss?: number }).__zampaXss)).toBeUndefined();
    expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(title);
  });

  it("sends visitors to /login", async () => {
    const { page } = await browser.context();
    await page.goto("/dashboard/pet-listings");
    expect(new URL(page.url()).pathname).toBe("/login");
  });
});
