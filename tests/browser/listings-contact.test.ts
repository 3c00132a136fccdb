// A listing's contacts (issue 29, decision 0089): the phone, the e-mail and the street address are in
// nobody's page but the owner's (HTML, .data, the page cache, the map, the sitemap, JSON-LD);
// "Mostra numero" / "Mostra email" reveal them to a confirmed account, by keyboard, at 360 and
// 1366 px, with and without JavaScript; a visitor is offered the sign-in, which leads back; a
// crawler gets nothing. This file deletes the listing it publishes.
import { axeViolations } from "./axe";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { baseUrl, confirmAddress, signUpIn, signUpOnly, startBrowser, uniqueEmail, withConsent } from "./browser";

const browser = startBrowser();

// Headless Chromium names itself "HeadlessChrome", which isbot rightly takes for a crawler: the
// people of these tests use an ordinary browser's user agent.
const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

const stamp = Date.now();
const SECRET = {
  phone: `+39 351 ${String(stamp).slice(-7, -4)} ${String(stamp).slice(-4)}`,
  email: `riservata-${stamp}@example.it`,
  address: `Vicolo Riservato ${stamp % 1000}`,
};
const TITLE = `Gattina riservata ${stamp}`;
// The owner's exact point; the public sees it rounded to two decimals.
const LAT = "45.07123";
const LNG = "7.68567";

async function asPerson(context: BrowserContext): Promise<void> {
  await context.route(/\/pet-listing\//, (route) => route.continue({ headers: { ...route.request().headers(), "user-agent": PERSON } }));
}

let owner: { context: BrowserContext; page: Page };
let listingId = "";

beforeAll(async () => {
  owner = await browser.context();
  await signUpIn(owner.context, "Proprietaria Riservata");
  const response = await owner.context.request.post(`${baseUrl()}/api/pet-listings`, {
    headers: { origin: baseUrl() },
    multipart: {
      title: TITLE,
      listingType: "adoption",
      petType: "other",
      breed: "Furetto",
      gender: "female",
      description: "Furetta dolce e curiosa, abituata alla casa.",
      city: "Torino",
      region: "Piemonte",
      address: SECRET.address,
      lat: LAT,
      lng: LNG,
      contactName: "Paola Riservata",
      contactPhone: SECRET.phone,
      contactEmail: SECRET.email,
      acceptPrivacy: "on",
      acceptTerms: "on",
      healthCertificate: "on",
      sellerType: "private",
    },
  });
  expect(response.status()).toBe(201);
  listingId = ((await response.json()) as { id: string }).id;
});

afterAll(async () => {
  if (listingId) await owner.context.request.post(`${baseUrl()}/dashboard/pet-listings`, { headers: { origin: baseUrl() }, form: { intent: "delete", id: listingId } });
});

const secrets = () => [SECRET.phone, SECRET.phone.replace(/\s/g, ""), SECRET.email, SECRET.address, LAT, LNG];

function expectNoSecret(text: string, where: string) {
  for (const secret of secrets()) expect(text, `${where}: ${secret}`).not.toContain(secret);
}

describe("nothing private in the page", () => {
  it("the HTML, the .data, the cached copy, the JSON-LD, the map and the sitemap carry no phone, e-mail, street address or exact point", async () => {
    const path = `/pet-listing/${listingId}`;
    // A visitor, twice: the second answer comes from the page cache.
    for (let i = 0; i < 2; i++) {
      const response = await fetch(`${baseUrl()}${path}`);
      expect(response.status).toBe(200);
      const html = await response.text();
      expectNoSecret(html, `visitor ${i}`);
      expect(html).toContain("Paola Riservata");
      expect(html).toContain("Mostra numero");
      const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1] ?? "";
      expect(JSON.parse(jsonLd)).toMatchObject({ "@type": "Product", name: TITLE });
      if (i === 1) expect(response.headers.get("x-zampa-cache")).toBe("HIT");
    }
    expectNoSecret(await (await fetch(`${baseUrl()}${path}.data`)).text(), "visitor .data");

    // Another signed-in person, page and .data.
    const other = await browser.context();
    await signUpIn(other.context, "Lettrice Curiosa");
    for (const url of [path, `${path}.data`]) {
      const response = await other.context.request.get(`${baseUrl()}${url}`);
      expect(response.status()).toBe(200);
      expectNoSecret(await response.text(), `other ${url}`);
    }

    // The owner sees all of it, in a page no cache keeps.
    const mine = await owner.context.request.get(`${baseUrl()}${path}`);
    expect(mine.headers()["cache-control"]).toBe("private, no-store");
    const html = await mine.text();
    for (const shown of [SECRET.phone, SECRET.email, SECRET.address]) expect(html).toContain(shown);
    expect(await (await owner.context.request.get(`${baseUrl()}${path}.data`)).text()).toContain(SECRET.email);

    // The map: the listing is there, rounded to the neighbourhood.
    const map = (await (await fetch(`${baseUrl()}/api/pet-listings/map`)).json()) as { markers: { id: string; lat: number; lng: number }[] };
    expect(map.markers.find((m) => m.id === listingId)).toMatchObject({ lat: 45.07, lng: 7.69 });
    expectNoSecret(JSON.stringify(map), "map");
    // The sitemap and its children name pages, nothing else.
    const index = await (await fetch(`${baseUrl()}/sitemap.xml`)).text();
    expectNoSecret(index, "sitemap");
    for (const child of index.match(/https?:\/\/[^<]+sitemap-listings-\d+\.xml/g) ?? []) expectNoSecret(await (await fetch(child.replace(/^https?:\/\/[^/]+/, baseUrl()))).text(), child);
  });

  it("the endpoint answers a confirmed person with private, no-store JSON, a visitor with 401, a crawler with 403", async () => {
    const url = `${baseUrl()}/pet-listing/${listingId}/contatto`;
    const person = await browser.context();
    await signUpIn(person.context, "Persona Interessata");
    const ask = (context: BrowserContext, kind: string, userAgent = PERSON) =>
      context.request.post(url, { headers: { origin: baseUrl(), "user-agent": userAgent }, form: { kind } });
    const revealed = await ask(person.context, "phone");
    expect(revealed.status()).toBe(200);
    expect(revealed.headers()["cache-control"]).toBe("private, no-store");
    expect(await revealed.json()).toEqual({ ok: true, kind: "phone", value: SECRET.phone });
    expect((await ask(person.context, "phone", GOOGLEBOT)).status()).toBe(403);
    expect((await ask(person.context, "fax")).status()).toBe(400);
    const visitor = await fetch(url, { method: "POST", headers: { origin: baseUrl(), "user-agent": PERSON, "content-type": "application/x-www-form-urlencoded" }, body: "kind=email" });
    expect(visitor.status).toBe(401);
    expect(visitor.headers.get("cache-control")).toBe("private, no-store");
    expect(((await visitor.json()) as { error: string }).error).toBe("Accedi per vedere i contatti dell'inserzionista.");
  });
});

/** Presses Tab until the focus is on the element named `name`, as a keyboard user would reach it. */
async function tabTo(page: Page, name: string): Promise<void> {
  for (let i = 0; i < 80; i++) {
    await page.keyboard.press("Tab");
    if ((await page.evaluate(() => document.activeElement?.textContent?.trim() ?? "")) === name) return;
  }
  throw new Error(`${name} not reached with Tab`);
}

async function expectFocusVisible(page: Page): Promise<void> {
  const ring = await page.evaluate(() => {
    const element = document.activeElement as HTMLElement;
    const style = getComputedStyle(element);
    return { visible: element.matches(":focus-visible"), outline: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
  expect(ring.visible).toBe(true);
  expect(ring.outline).not.toBe("none");
  expect(ring.width).toBeGreaterThan(0);
}

describe("Mostra numero / Mostra email", () => {
  for (const width of [1366, 360]) {
    it(`a confirmed person reveals both with the keyboard and gets «Chiama ora» and «Invia email» (${width} px)`, async () => {
      const { context, page } = await browser.context({ width, height: 900 });
      await withConsent(context);
      await asPerson(context);
      await signUpIn(context, "Persona Interessata");
      await page.goto(`/pet-listing/${listingId}`);
      const contacts = page.getByRole("region", { name: "Contatti" });
      expect(await contacts.getByText(SECRET.phone).count()).toBe(0);

      await tabTo(page, "Mostra numero");
      await expectFocusVisible(page);
      await page.keyboard.press("Enter");
      const call = contacts.getByRole("link", { name: "Chiama ora" });
      await call.waitFor();
      expect(await call.getAttribute("href")).toBe(`tel:${SECRET.phone.replace(/\s/g, "")}`);
      expect(await contacts.getByText(SECRET.phone).isVisible()).toBe(true);
      // The focus moved to the link that replaced the button.
      expect(await page.evaluate(() => document.activeElement?.textContent?.trim())).toBe("Chiama ora");

      await tabTo(page, "Mostra email");
      await expectFocusVisible(page);
      await page.keyboard.press("Enter");
      const write = contacts.getByRole("link", { name: "Invia email" });
      await write.waitFor();
      expect(await write.getAttribute("href")).toBe(`mailto:${SECRET.email}?subject=${encodeURIComponent(`Annuncio Zampa: ${TITLE}`)}`);
      // Nothing sticks out of a narrow screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await axeViolations(page)).toEqual([]);
    });

    it(`a visitor is offered the sign-in, which leads back to the listing (${width} px)`, async () => {
      const { context, page } = await browser.context({ width, height: 900 });
      await withConsent(context);
      await asPerson(context);
      await page.goto(`/pet-listing/${listingId}`);
      const contacts = page.getByRole("region", { name: "Contatti" });
      await contacts.getByRole("button", { name: "Mostra email" }).click();
      await contacts.getByRole("alert").getByText("Accedi per vedere i contatti dell'inserzionista.").waitFor();
      expect(await contacts.getByRole("link", { name: "Chiama ora" }).count()).toBe(0);
      const email = uniqueEmail("contatti");
      await signUpOnly(context, { fullName: "Nuova Lettrice", email, password: "Criceto-Dorato-77" });
      await confirmAddress(context, email);
      await contacts.getByRole("link", { name: "Accedi o registrati" }).click();
      await page.waitForURL(/\/login\?redirectTo=/);
      await page.getByLabel("Email").fill(email);
      await page.getByLabel("Password").fill("Criceto-Dorato-77");
      await page.getByRole("main").getByRole("button", { name: "Accedi", exact: true }).click();
      await page.waitForURL((url) => url.pathname === `/pet-listing/${listingId}`);
      await page.getByRole("region", { name: "Contatti" }).getByRole("button", { name: "Mostra numero" }).click();
      expect(await page.getByRole("region", { name: "Contatti" }).getByRole("link", { name: "Chiama ora" }).getAttribute("href")).toBe(`tel:${SECRET.phone.replace(/\s/g, "")}`);
    });
  }

  it("works without JavaScript: the page is drawn again with the number, and kept by no cache", async () => {
    const { context, page } = await browser.context({ javaScript: false, width: 360, height: 800 });
    await asPerson(context);
    await signUpIn(context, "Lettrice Senza Script");
    await page.goto(`/pet-listing/${listingId}`);
    const [response] = await Promise.all([
      page.waitForResponse((r) => r.request().method() === "POST"),
      page.getByRole("region", { name: "Contatti" }).getByRole("button", { name: "Mostra numero" }).click(),
    ]);
    expect(response.status()).toBe(200);
    expect(response.headers()["cache-control"]).toBe("private, no-store");
    const contacts = page.getByRole("region", { name: "Contatti" });
    expect(await contacts.getByRole("link", { name: "Chiama ora" }).getAttribute("href")).toBe(`tel:${SECRET.phone.replace(/\s/g, "")}`);
    // The e-mail stays behind its button.
    expect(await contacts.getByRole("button", { name: "Mostra email" }).isVisible()).toBe(true);
  });

  it("an account whose address is not confirmed is told to confirm it", async () => {
    const { context, page } = await browser.context();
    await asPerson(context);
    await signUpIn(context, "Non Confermata", { verified: false });
    await page.goto(`/pet-listing/${listingId}`);
    const contacts = page.getByRole("region", { name: "Contatti" });
    await contacts.getByRole("button", { name: "Mostra numero" }).click();
    await contacts.getByRole("alert").getByText(/devi prima confermare il tuo indirizzo email/).waitFor();
    expect(await contacts.getByRole("link", { name: "Chiama ora" }).count()).toBe(0);
  });
});

describe("the owner's figures", () => {
  it("the dashboard says how often the number was shown to others (360 px)", async () => {
    const person = await browser.context();
    await signUpIn(person.context, "Persona Contata");
    const asked = await person.context.request.post(`${baseUrl()}/pet-listing/${listingId}/contatto`, { headers: { origin: baseUrl(), "user-agent": PERSON }, form: { kind: "phone" } });
    expect(asked.status()).toBe(200);
    const { page } = await browser.context({ width: 360, height: 800 });
    await page.context().addCookies(await owner.context.cookies());
    await page.goto("/dashboard/pet-listings");
    const card = page.getByRole("listitem").filter({ hasText: TITLE });
    const figures = await card.getByText(/Numero mostrato \d+ volt[ae] · Email mostrata \d+ volt[ae]/).textContent();
    expect(Number(/Numero mostrato (\d+)/.exec(figures ?? "")?.[1])).toBeGreaterThanOrEqual(1);
  });
});

describe("Solo messaggi", () => {
  it("the form asks for phone and e-mail unless «Solo messaggi» is ticked; then the page shows no buttons (360 px)", async () => {
    const { context, page } = await browser.context({ width: 360, height: 800 });
    await withConsent(context);
    await signUpIn(context, "Proprietaria Silenziosa");
    await page.goto("/create-pet-listing");
    const title = `Furetta solo messaggi ${Date.now()}`;
    await page.getByLabel("Titolo *").fill(title);
    await page.getByLabel("Tipo di annuncio *").selectOption("free");
    await page.getByLabel("Tipo di animale *").selectOption("other");
    await page.getByRole("combobox", { name: "Razza *" }).selectOption({ label: "Furetto" });
    await page.getByLabel("Sesso *").selectOption("female");
    await page.getByLabel("Descrizione *").fill("Furetta curiosa e socievole, abituata a vivere in casa.");
    await page.getByRole("radio", { name: "Privato" }).check();
    await page.getByLabel(/Dichiaro che l'animale sarà consegnato con il certificato sanitario/).check();
    await page.getByLabel("Città *").fill("Torino");
    await page.getByLabel("Regione *").fill("Piemonte");
    await page.getByRole("button", { name: "Trova sulla mappa" }).click();
    await page.getByText(/Posizione scelta: 45\.\d+, 7\.\d+/).waitFor();
    await page.getByLabel("Indirizzo *").fill("Via Garibaldi 3");
    await page.getByLabel("Email *").fill("");
    await page.getByLabel("Ho letto e accetto la Privacy Policy").check();
    await page.getByLabel(/Accetto i Termini di Servizio/).check();
    const submit = page.getByRole("button", { name: "Pubblica Annuncio" });
    await submit.click();
    await page.getByRole("alert").getByText("Inserisci il numero di telefono").waitFor();

    await page.getByRole("checkbox", { name: /Solo messaggi/ }).check();
    // Both become optional: no asterisk, no required attribute.
    expect(await page.getByLabel("Telefono", { exact: true }).getAttribute("required")).toBeNull();
    expect(await page.getByLabel("Email", { exact: true }).getAttribute("required")).toBeNull();
    await submit.click();
    await page.getByText("Annuncio pubblicato con successo! Reindirizzamento...").waitFor();
    await page.waitForURL((url) => url.pathname === "/pet-listings");
    await page.getByRole("link", { name: title }).click();
    await page.waitForURL(/\/pet-listing\/[0-9a-f-]{36}$/);
    const id = new URL(page.url()).pathname.split("/").pop()!;
    try {
      await page.getByRole("region", { name: "Contatti" }).getByText("Hai scelto «Solo messaggi»: numero ed email non sono mostrati a nessuno.").waitFor();
      const html = await (await fetch(`${baseUrl()}/pet-listing/${id}`)).text();
      expect(html).toContain("preferisce essere contattato solo con i messaggi di Zampa");
      expect(html).not.toContain("Mostra numero");
      const person = await browser.context();
      await signUpIn(person.context, "Persona Curiosa");
      const refused = await person.context.request.post(`${baseUrl()}/pet-listing/${id}/contatto`, { headers: { origin: baseUrl(), "user-agent": PERSON }, form: { kind: "phone" } });
      expect(refused.status()).toBe(409);
      expect(((await refused.json()) as { error: string }).error).toBe("L'inserzionista preferisce essere contattato solo con i messaggi di Zampa.");
    } finally {
      await context.request.post(`${baseUrl()}/dashboard/pet-listings`, { headers: { origin: baseUrl() }, form: { intent: "delete", id } });
    }
  });
});
