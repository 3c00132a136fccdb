// /create-pet-listing: the fields Italian law asks for (decision 0085) — the good path with a
// breeder's litter, each main refusal beside its field with what was typed kept, and the form
// without JavaScript.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { LISTING_MESSAGES as M } from "~/listings/validation";
import { romeDate } from "~/lib/rome-time";
import { signIn, signUpIn, startBrowser, withConsent } from "./browser";
import { FIXTURES } from "./fixtures";

const browser = startBrowser();

/** The date `days` days before today in Rome (YYYY-MM-DD). */
function daysAgo(days: number): string {
  const [y, m, d] = romeDate().split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d - days)).toISOString().slice(0, 10);
}

async function openForm(options: { javaScript?: boolean } = {}) {
  const { context, page } = await browser.context(options);
  await withConsent(context);
  await signUpIn(context, "Sara Galli");
  await page.goto("/create-pet-listing");
  await page.getByRole("heading", { name: "Pubblica un annuncio" }).waitFor();
  return { context, page };
}

/** A Beagle litter for sale by a breeder, everything valid; the tests then spoil one field. */
async function fillDogSale(page: Page, title: string) {
  await page.getByLabel("Titolo *").fill(title);
  await page.getByLabel("Tipo di annuncio *").selectOption("sale");
  await page.getByLabel("Prezzo (€) *").fill("700");
  await page.getByLabel("Tipo di animale *").selectOption("dog");
  const breed = page.getByRole("combobox", { name: "Razza *" });
  await breed.waitFor();
  await breed.selectOption({ label: "Beagle" });
  await page.getByLabel("Sesso *").selectOption("female");
  await page.getByLabel("Descrizione *").fill("Cuccioli di Beagle allegri, sverminati e vaccinati, visibili con la madre.");
  // With JavaScript the free-text age is hidden for dogs, the birth date shown.
  expect(await page.getByLabel("Età").isVisible()).toBe(false);
  await page.getByLabel("Codice identificativo (microchip) *").fill("380 260 000 424 242");
  await page.getByLabel("Cucciolata non ancora identificata: il codice indicato è quello della madre").check();
  await page.getByLabel("Oppure solo mese e anno").fill(daysAgo(120).slice(0, 7));
  await page.getByRole("radio", { name: "Allevamento" }).check();
  await page.getByLabel("Ragione sociale dell'allevamento *").fill("Allevamento della Collina");
  await page.getByLabel("Partita IVA dell'allevamento *").fill("00743110157");
  await page.getByLabel("Codice di registrazione dell'allevamento *").fill("045RM123");
  await page.getByRole("radio", { name: "No" }).check();
  await page.getByLabel(/Dichiaro che l'animale sarà consegnato con il certificato sanitario/).check();
  await page.getByLabel("Città *").fill("Roma");
  await page.getByLabel("Regione *").fill("Lazio");
  await page.getByLabel("Indirizzo *").fill("Via Nomentana 200");
  await page.getByLabel("Telefono *").fill("+39 347 555 9876");
  await page.getByLabel("Ho letto e accetto la Privacy Policy").check();
  await page.getByLabel(/Accetto i Termini di Servizio/).check();
}

async function pickPosition(page: Page) {
  await page.getByRole("button", { name: "Trova sulla mappa" }).click();
  await page.getByText(/Posizione scelta: 41\.\d+, 12\.\d+/).waitFor();
}

describe("the listing form's legal fields", () => {
  it("explains why the code is asked, links to the law, and hides what does not apply", async () => {
    const { page } = await openForm();
    await page.getByRole("link", { name: "Perché lo chiediamo" }).waitFor();
    expect(await page.getByRole("link", { name: "Perché lo chiediamo" }).getAttribute("href")).toBe("/legal-pets-info");
    await page.getByLabel("Tipo di animale *").selectOption("rabbit");
    expect(await page.getByLabel("Età").isVisible()).toBe(true);
    expect(await page.getByLabel("Giorno, mese e anno").isVisible()).toBe(false);
    expect(await page.getByLabel(/Solo per i gatti/).isVisible()).toBe(false);
    await page.getByLabel("Tipo di animale *").selectOption("cat");
    expect(await page.getByLabel(/Solo per i gatti/).isVisible()).toBe(true);
    expect(await page.getByLabel("Partita IVA dell'allevamento").isVisible()).toBe(false);
    await page.getByRole("radio", { name: "Associazione / rifugio" }).check();
    expect(await page.getByLabel("Codice fiscale dell'associazione *").isVisible()).toBe(true);
  });

  it("publishes a breeder's litter and shows the mother's code, the age, the seller and «senza pedigree»", async () => {
    const { page } = await openForm();
    const title = `Cuccioli di Beagle ${Date.now()}`;
    await fillDogSale(page, title);
    await pickPosition(page);
    await page.getByRole("button", { name: "Pubblica Annuncio" }).click();
    await page.getByText("Annuncio pubblicato con successo! Reindirizzamento...").waitFor();
    await page.waitForURL((url) => url.pathname === "/pet-listings");
    const card = page.getByRole("article").filter({ hasText: title });
    // Born in a month 120 days ago, counted from its last day: three months at most.
    expect(await card.textContent()).toMatch(/Beagle · [23] mesi/);
    await page.getByRole("link", { name: title }).click();
    await page.waitForURL(/\/pet-listing\/[0-9a-f-]{36}$/);
    const legal = page.getByRole("region", { name: "Dati di legge" });
    await legal.waitFor();
    expect(await legal.getByText("Codice della madre").isVisible()).toBe(true);
    expect(await legal.getByText("380260000424242").isVisible()).toBe(true);
    expect(await legal.getByText("Allevamento", { exact: true }).isVisible()).toBe(true);
    expect(await legal.getByText("Allevamento della Collina").isVisible()).toBe(true);
    expect(await legal.getByText("P. IVA 00743110157").isVisible()).toBe(true);
    expect(await page.getByText("Beagle", { exact: true }).isVisible()).toBe(true);
    expect(await page.getByText("senza pedigree", { exact: true }).isVisible()).toBe(true);
  });

  it("shows each main refusal beside its field and keeps what was typed", async () => {
    const { page } = await openForm();
    const title = `Beagle rifiutato ${Date.now()}`;
    await fillDogSale(page, title);
    await pickPosition(page);
    const submit = page.getByRole("button", { name: "Pubblica Annuncio" });

    await page.getByLabel("Codice identificativo (microchip) *").fill("38026000042424");
    await submit.click();
    expect(await page.locator("#listing-identificationCode-error").textContent()).toBe(M.codeInvalid);
    expect(await page.locator("#listing-form-error").textContent()).toBe(M.codeInvalid);
    expect(await page.getByLabel("Codice identificativo (microchip) *").getAttribute("aria-invalid")).toBe("true");
    expect(await page.getByLabel("Codice identificativo (microchip) *").inputValue()).toBe("38026000042424");
    expect(await page.getByLabel("Titolo *").inputValue()).toBe(title);

    await page.getByLabel("Codice identificativo (microchip) *").fill("380260000424242");
    await page.getByLabel("Oppure solo mese e anno").fill("");
    await page.getByLabel("Giorno, mese e anno").fill(daysAgo(59));
    await submit.click();
    expect(await page.locator("#listing-birthDate-error").textContent()).toBe("Non è possibile cedere cani e gatti prima dei 60 giorni di vita");
    expect(await page.locator("#listing-identificationCode-error").count()).toBe(0);
    expect(await page.getByLabel("Giorno, mese e anno").inputValue()).toBe(daysAgo(59));

    await page.getByLabel("Giorno, mese e anno").fill(daysAgo(60));
    await page.getByLabel("Partita IVA dell'allevamento *").fill("00743110158");
    await submit.click();
    expect(await page.locator("#listing-vatNumber-error").textContent()).toBe(M.vatInvalid);
    expect(await page.getByLabel("Partita IVA dell'allevamento *").inputValue()).toBe("00743110158");
    expect(await page.getByLabel("Ragione sociale dell'allevamento *").inputValue()).toBe("Allevamento della Collina");
    expect(await page.getByRole("radio", { name: "Allevamento" }).isChecked()).toBe(true);

    // Nothing was published.
    const list = await page.request.get(`/pet-listings?q=${encodeURIComponent("Beagle rifiutato")}`).then((r) => r.text());
    expect(list).not.toContain(title);
  });

  it("works without JavaScript: every field is there, and a refusal comes back beside its field with the text kept", async () => {
    const { page } = await openForm({ javaScript: false });
    // Nothing is hidden: the server decides what applies.
    for (const label of ["Codice identificativo (microchip)", "Giorno, mese e anno", "Oppure solo mese e anno", "Partita IVA dell'allevamento", "Codice fiscale dell'associazione", "Numero del certificato CITES"]) {
      expect(await page.getByLabel(label, { exact: true }).isVisible(), label).toBe(true);
    }
    await page.getByLabel("Titolo *").fill("Beagle senza script");
    await page.getByLabel("Tipo di annuncio *").selectOption("sale");
    await page.getByLabel("Prezzo (€) *").fill("650");
    await page.getByLabel("Tipo di animale *").selectOption("dog");
    await page.getByLabel("Razza").fill("Beagle");
    await page.getByLabel("Sesso *").selectOption("male");
    await page.getByLabel("Descrizione *").fill("Cucciolo di Beagle vivace, abituato ai bambini.");
    await page.getByLabel("Codice identificativo (microchip)", { exact: true }).fill("380260000515151");
    await page.getByLabel("Giorno, mese e anno").fill(daysAgo(90));
    await page.getByRole("radio", { name: "Allevamento" }).check();
    await page.getByLabel("Ragione sociale o nome dell'associazione").fill("Allevamento del Lago");
    await page.getByLabel("Partita IVA dell'allevamento").fill("12345678901");
    await page.getByLabel("Codice di registrazione dell'allevamento").fill("012VA77");
    await page.getByRole("radio", { name: "Sì" }).check();
    await page.getByLabel(/Dichiaro che l'animale sarà consegnato con il certificato sanitario/).check();
    await page.getByLabel("Telefono *").fill("+39 347 555 4321");
    await page.getByLabel("Ho letto e accetto la Privacy Policy").check();
    await page.getByLabel(/Accetto i Termini di Servizio/).check();
    const [response] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByRole("button", { name: "Pubblica Annuncio" }).click()]);
    expect(response.status()).toBe(400);
    await page.waitForLoadState();
    expect(await page.locator("#listing-vatNumber-error").textContent()).toBe(M.vatInvalid);
    // Now the page knows a breeder's dog is for sale: those fields carry their star.
    expect(await page.getByLabel("Partita IVA dell'allevamento *").inputValue()).toBe("12345678901");
    expect(await page.getByLabel("Ragione sociale dell'allevamento *").inputValue()).toBe("Allevamento del Lago");
    expect(await page.getByLabel("Titolo *").inputValue()).toBe("Beagle senza script");
    expect(await page.getByLabel("Codice identificativo (microchip) *").inputValue()).toBe("380260000515151");
    expect(await page.getByLabel("Giorno, mese e anno").inputValue()).toBe(daysAgo(90));
    expect(await page.getByRole("radio", { name: "Allevamento" }).isChecked()).toBe(true);
    expect(await page.getByRole("radio", { name: "Sì" }).isChecked()).toBe(true);

    // Corrected, it publishes: with no map, the position is the comune's, from the city typed.
    await page.getByLabel("Partita IVA dell'allevamento *").fill("12345678903");
    await page.getByLabel("Città *").fill("Varese");
    await page.getByLabel("Regione *").fill("Lombardia");
    await page.getByLabel("Indirizzo *").fill("Via Sacco 5");
    await page.getByLabel("Ho letto e accetto la Privacy Policy").check();
    await page.getByLabel(/Accetto i Termini di Servizio/).check();
    await page.getByLabel(/Dichiaro che l'animale sarà consegnato con il certificato sanitario/).check();
    const [published] = await Promise.all([page.waitForResponse((r) => r.request().method() === "POST"), page.getByRole("button", { name: "Pubblica Annuncio" }).click()]);
    expect(published.status()).toBe(200);
    await page.waitForLoadState();
    expect(await page.getByRole("status").textContent()).toBe(M.success);
  });

  it("asks the owner of an old listing to complete it, and completes it with the same rules", async () => {
    const { context, page } = await browser.context({ width: 360, height: 780 });
    await withConsent(context);
    await signIn(context, FIXTURES.manyListings.email, FIXTURES.manyListings.password);
    await page.goto("/dashboard/pet-listings");
    const item = page.getByRole("listitem").filter({ hasText: `Annuncio chiuso ${FIXTURES.manyListings.count}` });
    expect(await item.getByRole("note").textContent()).toContain(M.legalIncomplete);
    // The listing page says so too, to its owner.
    const href = await item.getByRole("link", { name: "Vedi" }).getAttribute("href");
    await page.goto(href!);
    expect(await page.getByRole("note").filter({ hasText: M.legalIncomplete }).count()).toBe(1);
    await page.goto("/dashboard/pet-listings");
    await item.getByRole("link", { name: "Completa i dati" }).click();
    await page.getByRole("heading", { name: "Completa i dati di legge" }).waitFor();

    await page.getByLabel("Codice identificativo (microchip) *").fill("380260000999888");
    await page.getByLabel("Giorno, mese e anno").fill(daysAgo(10));
    await page.getByRole("radio", { name: "Privato" }).check();
    await page.getByLabel(/Dichiaro che l'animale sarà consegnato con il certificato sanitario/).check();
    await page.getByRole("button", { name: "Salva i dati" }).click();
    await page.locator("#listing-birthDate-error").waitFor();
    expect(await page.locator("#listing-birthDate-error").textContent()).toBe(M.tooYoung);
    expect(await page.getByLabel("Codice identificativo (microchip) *").inputValue()).toBe("380260000999888");

    await page.getByLabel("Giorno, mese e anno").fill(daysAgo(400));
    await page.getByRole("button", { name: "Salva i dati" }).click();
    await page.getByText(M.legalCompleted).waitFor();
    await page.goto("/dashboard/pet-listings");
    const done = page.getByRole("listitem").filter({ hasText: `Annuncio chiuso ${FIXTURES.manyListings.count}` });
    await done.waitFor();
    expect(await done.getByRole("note").count()).toBe(0);
  });
});
