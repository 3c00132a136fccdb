// /create-pet-listing: access, the form's rules and messages, publishing with photos and a map click.
import type { Page } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { IMAGE_MESSAGES } from "~/images/limits";
import { baseUrl, signUpIn, startBrowser, withConsent } from "./browser";

const browser = startBrowser();

async function photo(colour: { r: number; g: number; b: number }) {
  return sharp({ create: { width: 1200, height: 900, channels: 3, background: colour } }).jpeg().toBuffer();
}

async function openForm() {
  const { context, page } = await browser.context();
  await withConsent(context);
  await signUpIn(context, "Elena Marchi");
  await page.goto("/create-pet-listing");
  await page.getByRole("heading", { name: "Pubblica un annuncio" }).waitFor();
  return { context, page };
}

async function fillAnimal(page: Page, title: string) {
  await page.getByLabel("Titolo *").fill(title);
  await page.getByLabel("Tipo di annuncio *").selectOption("sale");
  await page.getByLabel("Prezzo (€) *").fill("120.50");
  await page.getByLabel("Tipo di animale *").selectOption("dog");
  // Dogs have legal breeds in the catalogue: the breed becomes a required choice from the list.
  const breed = page.getByRole("combobox", { name: "Razza *" });
  await breed.waitFor();
  const options = await breed.locator("option").allTextContents();
  expect(options.length).toBeGreaterThan(5);
  await breed.selectOption({ label: "Labrador Retriever" });
  await page.getByLabel("Sesso *").selectOption("male");
  await page.getByLabel("Descrizione *").fill("Cucciolo vivace, vaccinato e con microchip. Abituato ai bambini e agli altri cani.");
  // What the law asks of a dog's sale (decision 0085; its own tests are in listings-legal.test.ts).
  await page.getByLabel("Codice identificativo (microchip) *").fill("380260000111222");
  await page.getByLabel("Giorno, mese e anno").fill(new Date(Date.now() - 120 * 86_400_000).toISOString().slice(0, 10));
  await page.getByRole("radio", { name: "Privato" }).check();
  await page.getByRole("radio", { name: "Sì" }).check();
  await page.getByLabel(/Dichiaro che l'animale sarà consegnato con il certificato sanitario/).check();
}

async function fillContactsAndAccept(page: Page) {
  await page.getByLabel("Telefono *").fill("+39 347 555 1234");
  await page.getByLabel("Ho letto e accetto la Privacy Policy").check();
  await page.getByLabel(/Accetto i Termini di Servizio/).check();
}

async function clickMapCentre(page: Page) {
  const map = page.getByRole("region", { name: "Mappa per scegliere la posizione" }).locator(".leaflet-container");
  await map.waitFor();
  await map.scrollIntoViewIfNeeded();
  const box = await map.boundingBox();
  if (!box) throw new Error("no map");
  await map.click({ position: { x: box.width / 2, y: box.height / 2 } });
}

describe("publishing a listing", () => {
  it("sends visitors to sign in, with the way back to the form", async () => {
    const { page } = await browser.context();
    await page.goto("/create-pet-listing");
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === "/create-pet-listing");
  });

  it("publishes a listing with two photos and a map click, then shows it in the list", async () => {
    const { page } = await openForm();
    const title = `Labrador color miele ${Date.now()}`;
    await fillAnimal(page, title);

    // A click on the map (centred on Italy) sets the position and fills city and region.
    await clickMapCentre(page);
    await expect.poll(() => page.getByLabel("Città *").inputValue(), { timeout: 10_000 }).toBe("Roma");
    expect(await page.getByLabel("Regione *").inputValue()).toBe("Lazio");
    expect(await page.getByText(/Posizione scelta: 41\.\d+, 12\.\d+/).isVisible()).toBe(true);
    await page.getByLabel("Indirizzo *").fill("Via Appia Nuova 100");

    await page.getByLabel("Aggiungi foto").setInputFiles([
      { name: "primo.jpg", mimeType: "image/jpeg", buffer: await photo({ r: 220, g: 170, b: 90 }) },
      { name: "secondo.jpg", mimeType: "image/jpeg", buffer: await photo({ r: 90, g: 140, b: 200 }) },
    ]);
    expect(await page.getByRole("img", { name: "secondo.jpg" }).isVisible()).toBe(true);

    const submit = page.getByRole("button", { name: "Pubblica Annuncio" });
    await page.getByLabel("Telefono *").fill("+39 347 555 1234");
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel("Ho letto e accetto la Privacy Policy").check();
    expect(await submit.isDisabled()).toBe(true);
    await page.getByLabel(/Accetto i Termini di Servizio/).check();
    expect(await submit.isEnabled()).toBe(true);
    await submit.click();

    await page.getByText("Annuncio pubblicato con successo! Reindirizzamento...").waitFor();
    const shownAt = Date.now();
    await page.waitForURL((url) => url.pathname === "/pet-listings");
    expect(Date.now() - shownAt).toBeGreaterThan(1_500);
    await page.getByRole("link", { name: title }).click();
    await page.waitForURL(/\/pet-listing\/[0-9a-f-]{36}$/);
    expect(await page.getByRole("img", { name: new RegExp(`${title} — foto 1 di 2`) }).getAttribute("src")).toMatch(/^\/uploads\/listing-images\/.+\.webp$/);
    expect(await page.getByText(/^120,50\s€$/).isVisible()).toBe(true);
    expect(await page.getByText("Labrador Retriever", { exact: true }).isVisible()).toBe(true);
  });

  it("finds the position from city and region, and says so when it cannot", async () => {
    const { page } = await openForm();
    const locate = page.getByRole("button", { name: "Trova sulla mappa" });
    await locate.click();
    expect(await page.getByRole("alert").textContent()).toBe("Inserisci città e regione per la geolocalizzazione");
    await page.getByLabel("Città *").fill("Paese Che Non Esiste");
    await page.getByLabel("Regione *").fill("Lazio");
    await locate.click();
    await page.getByText("Impossibile trovare la posizione. Verifica città e regione.").waitFor();
    await page.getByLabel("Città *").fill("forlì");
    await page.getByLabel("Regione *").fill("Emilia-Romagna");
    await locate.click();
    await page.getByText(/Posizione scelta: 44\.2\d+, 12\.0\d+/).waitFor();
  });

  it("shows each of the form's rules before sending", async () => {
    const { page } = await openForm();
    const submit = page.getByRole("button", { name: "Pubblica Annuncio" });
    const alert = page.locator("#listing-form-error");

    await fillAnimal(page, "Cucciolo senza posizione");
    await page.getByLabel("Città *").fill("Roma");
    await page.getByLabel("Regione *").fill("Lazio");
    await page.getByLabel("Indirizzo *").fill("Via Roma 1");
    await fillContactsAndAccept(page);
    await submit.click();
    expect(await alert.textContent()).toBe("Seleziona una posizione sulla mappa");

    await page.getByLabel("Prezzo (€) *").fill("");
    await submit.click();
    expect(await alert.textContent()).toBe("Inserisci il prezzo");

    await page.getByRole("combobox", { name: "Razza *" }).selectOption("");
    await page.getByLabel("Prezzo (€) *").fill("10");
    await clickMapCentre(page);
    await expect.poll(() => page.getByLabel("Città *").inputValue(), { timeout: 10_000 }).toBe("Roma");
    await submit.click();
    expect(await alert.textContent()).toBe("Scegli la razza");

    // Changing the pet type clears the breed and reloads the list; reptiles come with the legal warning.
    await page.getByRole("combobox", { name: "Razza *" }).selectOption({ label: "Labrador Retriever" });
    await page.getByLabel("Tipo di animale *").selectOption("reptile");
    const note = page.getByRole("note");
    expect(await note.textContent()).toContain("CITES");
    expect(await note.textContent()).toContain("microchip");
    await note.getByRole("link", { name: "guida agli animali legali in Italia" }).waitFor();
    const reptileBreed = page.getByRole("combobox", { name: "Razza *" });
    await expect.poll(() => reptileBreed.locator("option").allTextContents(), { timeout: 10_000 }).not.toContain("Labrador Retriever");
    expect(await reptileBreed.inputValue()).toBe("");
    await page.getByLabel("Tipo di animale *").selectOption("cat");
    expect(await page.getByRole("note").count()).toBe(0);

    // A sixth photo is refused in the form.
    const buffer = await photo({ r: 10, g: 200, b: 10 });
    const files = Array.from({ length: 6 }, (_, i) => ({ name: `foto-${i}.jpg`, mimeType: "image/jpeg", buffer }));
    await page.getByLabel("Aggiungi foto").setInputFiles(files);
    expect(await page.getByText("Puoi caricare massimo 5 immagini").isVisible()).toBe(true);
    expect(await page.getByRole("button", { name: /^Rimuovi / }).count()).toBe(0);

    // Unticking a checkbox disables the button again.
    await page.getByLabel("Ho letto e accetto la Privacy Policy").uncheck();
    expect(await submit.isDisabled()).toBe(true);
  });

  it("shows the server's message for a fake image and publishes nothing", async () => {
    const { page } = await openForm();
    const title = `Annuncio con file falso ${Date.now()}`;
    await fillAnimal(page, title);
    await clickMapCentre(page);
    await expect.poll(() => page.getByLabel("Città *").inputValue(), { timeout: 10_000 }).toBe("Roma");
    await page.getByLabel("Indirizzo *").fill("Via Roma 1");
    await page.getByLabel("Aggiungi foto").setInputFiles([{ name: "gatto.png", mimeType: "image/png", buffer: Buffer.from("solo testo, niente immagine") }]);
    await fillContactsAndAccept(page);
    await page.getByRole("button", { name: "Pubblica Annuncio" }).click();
    await page.getByText("Il file «gatto.png» non è un'immagine valida").waitFor();
    const list = await page.request.get(`/pet-listings?q=${encodeURIComponent("file falso")}`).then((r) => r.text());
    expect(list).not.toContain(title);
  });

  it("answers an upload cut off mid-photo with HTTP 400 and its message, and publishes nothing", async () => {
    const { context } = await browser.context();
    await signUpIn(context, "Elena Marchi");
    const title = `Annuncio interrotto ${Date.now()}`;
    const boundary = "zampa-interrotto";
    const head = [
      ["title", title],
      ["listingType", "free"],
      ["petType", "other"],
      ["description", "Furetto tranquillo, abituato a vivere in casa con i bambini."],
    ]
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join("");
    // The connection ends inside the photo: no closing boundary.
    const body = `${head}--${boundary}\r\nContent-Disposition: form-data; name="images"; filename="furetto.jpg"\r\nContent-Type: image/jpeg\r\n\r\n\xff\xd8\xff\xe0 mezza foto`;
    const response = await context.request.post(`${baseUrl()}/api/pet-listings`, {
      headers: { origin: baseUrl(), "content-type": `multipart/form-data; boundary=${boundary}` },
      data: Buffer.from(body, "latin1"),
    });
    expect(response.status()).toBe(400);
    expect(await response.json()).toEqual({ ok: false, error: IMAGE_MESSAGES.badForm });
    const list = await context.request.get(`${baseUrl()}/pet-listings?q=${encodeURIComponent("interrotto")}`).then((r) => r.text());
    expect(list).not.toContain(title);
  });
});
