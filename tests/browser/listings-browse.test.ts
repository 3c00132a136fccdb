// /pet-listings and /pet-listing/{id}: list, search, filters, map, detail, not found, visibility.
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { FILTER_MESSAGES } from "~/listings/browse-filters.server";
import { parseMapArea } from "~/listings/map-area";
import { publicPosition } from "~/listings/public-position";
import { listings as DEMO_LISTINGS } from "~/seed/data/listings";
import { axeViolations } from "./axe";
import { baseUrl, signIn, signUpIn, startBrowser, withConsent } from "./browser";
import { FIXTURES } from "./fixtures";

const browser = startBrowser();
const DEMO_PASSWORD = "ZampaDemo2026!";

async function cardTitles(page: Page) {
  return (await page.getByRole("main").locator("article h2").allTextContents()).map((t) => t.trim());
}

describe("listings page", () => {
  it("lists active listings as cards, newest first, with a price only on sales", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    const response = await page.goto("/pet-listings");
    expect(response?.status()).toBe(200);
    const titles = await cardTitles(page);
    expect(titles.length).toBe(12);
    expect(titles).not.toContain(FIXTURES.suspendedListing.title);
    const sale = page.locator("article", { hasText: "Cuccioli di Maine Coon con pedigree" });
    expect(await sale.getByText("Vendita", { exact: true }).isVisible()).toBe(true);
    expect(await sale.getByText(/€/).count()).toBe(1);
    expect(await sale.getByText("Milano, Lombardia").isVisible()).toBe(true);
    const adoption = page.locator("article", { hasText: "Luna, meticcia dolcissima cerca famiglia" });
    expect(await adoption.getByText(/€/).count()).toBe(0);
    // Visitors see the publish link too (it asks them to sign in first; decision 0092).
    expect(await page.getByRole("main").getByRole("link", { name: "Pubblica annuncio" }).getAttribute("href")).toBe("/create-pet-listing");
  });

  it("searches and filters on the server, keeping the filters in a shareable URL", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/pet-listings");
    await page.getByLabel("Cerca negli annunci").fill("TORINO");
    await page.getByRole("main").getByRole("button", { name: "Cerca", exact: true }).click();
    await page.waitForURL(/q=TORINO/);
    await expect.poll(() => cardTitles(page), { timeout: 10_000 }).toEqual(["Coniglietta ariete nano in adozione"]);
    // Words are matched from their beginning: "conigliett tor" finds it, "iglietta" does not.
    await page.getByLabel("Cerca negli annunci").fill("conigliett tor");
    await page.getByRole("main").getByRole("button", { name: "Cerca", exact: true }).click();
    await page.waitForURL(/q=conigliett/);
    await expect.poll(() => cardTitles(page), { timeout: 10_000 }).toEqual(["Coniglietta ariete nano in adozione"]);
    await page.getByLabel("Cerca negli annunci").fill("iglietta");
    await page.getByRole("main").getByRole("button", { name: "Cerca", exact: true }).click();
    await page.waitForURL(/q=iglietta/);
    await expect.poll(() => page.getByRole("heading", { name: "Nessun annuncio trovato" }).isVisible(), { timeout: 10_000 }).toBe(true);

    await page.getByLabel("Cerca negli annunci").fill("");
    await page.getByLabel("Animale").selectOption("cat");
    await page.getByLabel("Tipo di annuncio").selectOption("sale");
    await page.getByRole("main").getByRole("button", { name: "Cerca", exact: true }).click();
    await page.waitForURL(/petType=cat/);
    await expect.poll(() => cardTitles(page), { timeout: 10_000 }).toEqual(["Cuccioli di Maine Coon con pedigree"]);

    // The same URL in a fresh page shows the same results (server-side filtering).
    const shared = await fetch(page.url()).then((r) => r.text());
    expect(shared).toContain("Cuccioli di Maine Coon con pedigree");
    expect(shared).not.toContain("Grigio, Certosino affettuoso");
  });

  it("says 'Nessun annuncio trovato' when nothing matches", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/pet-listings?q=ornitorinco");
    expect(await page.getByRole("heading", { name: "Nessun annuncio trovato" }).isVisible()).toBe(true);
    await page.getByRole("link", { name: "Mostra tutti gli annunci" }).click();
    await page.waitForURL((url) => url.search === "");
    await expect.poll(async () => (await cardTitles(page)).length, { timeout: 10_000 }).toBe(12);
  });

  it("remembers that the scam warning was closed", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/pet-listings");
    const warning = page.getByRole("complementary", { name: "Attenzione alle truffe" });
    expect(await warning.isVisible()).toBe(true);
    await page.getByRole("button", { name: "Chiudi l'avviso sulle truffe" }).click();
    await warning.waitFor({ state: "detached" });
    await page.goto("/pet-listings");
    // Hidden from the first paint, before the page's script runs.
    expect(await page.locator(".scam-warning").isVisible()).toBe(false);
  });

  it("switches to a 600 px map with a marker per listing, whose popup links to it", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/pet-listings?petType=cat");
    await page.getByRole("link", { name: "Mappa" }).click();
    await page.waitForURL(/view=map/);
    const map = page.getByRole("region", { name: "Mappa degli annunci" });
    await map.locator(".leaflet-marker-icon").first().waitFor();
    expect(Math.round((await map.boundingBox())?.height ?? 0)).toBe(600);
    expect(await map.locator(".leaflet-marker-icon").count()).toBe(2);
    await map.getByRole("button", { name: "Grigio, Certosino affettuoso" }).click();
    await map.getByRole("link", { name: "Grigio, Certosino affettuoso" }).click();
    await page.waitForURL(/\/pet-listing\/[0-9a-f-]{36}$/);
    await page.getByRole("heading", { level: 1, name: "Grigio, Certosino affettuoso" }).waitFor();
  });

  it("shows the publish button to signed-in users", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await signUpIn(context);
    await page.goto("/pet-listings");
    await page.getByRole("main").getByRole("link", { name: "Pubblica annuncio" }).click();
    await page.waitForURL("**/create-pet-listing");
  });
});

describe("listings filters, applied as they change", () => {
  const search = (page: Page) => page.getByLabel("Cerca negli annunci");
  const dataRequests = (page: Page) => {
    const urls: string[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/pet-listings.data") urls.push(request.url());
    });
    return urls;
  };
  const CATS = ["Grigio, Certosino affettuoso", "Cuccioli di Maine Coon con pedigree"];

  it("applies a select as it is chosen, without Cerca: results, count and URL follow, back to page 1", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/pet-listings?page=1");
    await page.getByLabel("Animale").selectOption("cat");
    await page.waitForURL((url) => url.search === "?petType=cat");
    await expect.poll(async () => (await cardTitles(page)).sort(), { timeout: 10_000 }).toEqual([...CATS].sort());
    expect(await page.getByText(/^2 annunci$/).isVisible()).toBe(true);
    await page.getByLabel("Tipo di annuncio").selectOption("sale");
    await page.waitForURL((url) => url.search === "?petType=cat&listingType=sale");
    await expect.poll(() => cardTitles(page), { timeout: 10_000 }).toEqual(["Cuccioli di Maine Coon con pedigree"]);
    expect(await page.getByText(/^1 annuncio$/).isVisible()).toBe(true);
    // The Cerca button is still there (and is what works without JavaScript).
    expect(await page.getByRole("main").getByRole("button", { name: "Cerca", exact: true }).isVisible()).toBe(true);
  });

  it("applies the search once the typing pauses, with one request, one history entry and the focus kept", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/pet-listings");
    const requests = dataRequests(page);
    const historyBefore = await page.evaluate(() => history.length);
    await search(page).click();
    // Keystrokes 80 ms apart: one pause at the end, one request.
    await page.keyboard.type("conig", { delay: 80 });
    await page.waitForURL(/q=conig$/);
    await expect.poll(() => cardTitles(page), { timeout: 10_000 }).toEqual(["Coniglietta ariete nano in adozione"]);
    expect(requests).toHaveLength(1);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("listings-q");
    // More typing after the pause: the same history entry is replaced, not a new one added.
    await page.keyboard.type(" torino", { delay: 80 });
    await page.waitForURL(/q=conig\+torino$/);
    await expect.poll(() => cardTitles(page), { timeout: 10_000 }).toEqual(["Coniglietta ariete nano in adozione"]);
    expect(requests).toHaveLength(2);
    expect(await page.evaluate(() => history.length)).toBe(historyBefore + 1);
    expect(await page.evaluate(() => document.activeElement?.id)).toBe("listings-q");
    expect(await search(page).inputValue()).toBe("conig torino");
    // Back: the list before the search, and an empty search box.
    await page.goBack();
    await page.waitForURL((url) => url.search === "");
    await expect.poll(async () => (await cardTitles(page)).length, { timeout: 10_000 }).toBe(12);
    expect(await search(page).inputValue()).toBe("");
  });

  it("restores earlier results and criteria with the back and forward buttons", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/pet-listings");
    await page.getByLabel("Animale").selectOption("cat");
    await page.waitForURL(/\?petType=cat$/);
    await page.getByLabel("Tipo di annuncio").selectOption("sale");
    await page.waitForURL(/listingType=sale/);
    await expect.poll(() => cardTitles(page), { timeout: 10_000 }).toEqual(["Cuccioli di Maine Coon con pedigree"]);

    await page.goBack();
    await page.waitForURL(/\?petType=cat$/);
    await expect.poll(async () => (await cardTitles(page)).sort(), { timeout: 10_000 }).toEqual([...CATS].sort());
    expect(await page.getByLabel("Animale").inputValue()).toBe("cat");
    expect(await page.getByLabel("Tipo di annuncio").inputValue()).toBe("");

    await page.goBack();
    await page.waitForURL((url) => url.pathname === "/pet-listings" && url.search === "");
    await expect.poll(async () => (await cardTitles(page)).length, { timeout: 10_000 }).toBe(12);
    expect(await page.getByLabel("Animale").inputValue()).toBe("");

    await page.goForward();
    await page.waitForURL(/\?petType=cat$/);
    await expect.poll(async () => (await cardTitles(page)).sort(), { timeout: 10_000 }).toEqual([...CATS].sort());
    expect(await page.getByLabel("Animale").inputValue()).toBe("cat");
  });

  it("never lets an older answer replace a newer one", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    // The answer for "Gatto" alone is slow; "Vendita" chosen after it answers at once.
    const catsAlone = (url: URL) => url.pathname === "/pet-listings.data" && url.searchParams.get("petType") === "cat" && !url.searchParams.has("listingType");
    await page.route(catsAlone, async (route) => {
      await new Promise((r) => setTimeout(r, 1_500));
      await route.continue().catch(() => {});
    });
    await page.goto("/pet-listings");
    const slow = page.waitForRequest((request) => catsAlone(new URL(request.url())));
    await page.getByLabel("Animale").selectOption("cat");
    await slow;
    await page.getByLabel("Tipo di annuncio").selectOption("sale");
    await page.waitForURL(/\?petType=cat&listingType=sale$/);
    await expect.poll(() => cardTitles(page), { timeout: 10_000 }).toEqual(["Cuccioli di Maine Coon con pedigree"]);
    await page.waitForTimeout(2_000);
    expect(page.url()).toMatch(/\?petType=cat&listingType=sale$/);
    expect(await cardTitles(page)).toEqual(["Cuccioli di Maine Coon con pedigree"]);
    expect(await page.getByLabel("Tipo di annuncio").inputValue()).toBe("sale");
  });

  it("applies a filter chosen before the page's script has run, once it runs", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/about");
    // Hold the scripts back, load the list page and choose while it is still plain HTML.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/.+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    await page.evaluate(() => window.location.assign("/pet-listings"));
    await page.waitForURL((url) => url.pathname === "/pet-listings");
    await page.waitForLoadState("domcontentloaded");
    await page.getByLabel("Animale").selectOption("cat");
    release();
    await page.waitForSelector("html[data-hydrated]", { state: "attached" });
    await page.waitForURL((url) => url.search === "?petType=cat");
    await expect.poll(async () => (await cardTitles(page)).sort(), { timeout: 10_000 }).toEqual([...CATS].sort());
    expect(await page.getByLabel("Animale").inputValue()).toBe("cat");
  });

  it("works without JavaScript: Cerca submits the form as a GET", async () => {
    const { page } = await browser.context({ javaScript: false });
    await page.goto("/pet-listings?page=1");
    await page.getByLabel("Animale").selectOption("cat");
    await page.getByLabel("Cerca negli annunci").fill("certosino");
    await page.getByRole("main").getByRole("button", { name: "Cerca", exact: true }).click();
    await page.waitForURL((url) => url.search.startsWith("?q=certosino&petType=cat&listingType=&"));
    expect(await cardTitles(page)).toEqual(["Grigio, Certosino affettuoso"]);
    expect(await page.getByLabel("Animale").inputValue()).toBe("cat");
  });
});

describe("listings: region, price, photos and order (decision 0094)", () => {
  const CANARIES = "Canarini gialli da allevamento amatoriale";

  it("applies them at 360 px with JavaScript as they change, and without it through Cerca; a bad price is ignored with a notice", async () => {
    const { context, page } = await browser.context({ width: 360, height: 740 });
    await withConsent(context);
    await page.goto("/pet-listings");
    // The filters are folded into a disclosure on a phone; the keyboard opens it.
    const region = page.getByLabel("Regione");
    expect(await region.isVisible()).toBe(false);
    await page.locator("summary", { hasText: "Filtri" }).focus();
    await page.keyboard.press("Enter");
    await region.selectOption("Veneto");
    await page.waitForURL((url) => url.search === "?region=Veneto");
    await page.getByLabel("Prezzo da (€)").fill("10");
    await page.getByLabel("Prezzo fino a (€)").fill("100");
    await page.waitForURL(/priceMax=100/);
    await page.getByLabel("Solo con foto").check();
    await page.waitForURL(/photo=1/);
    await page.getByLabel("Ordina per").selectOption("price-asc");
    await page.waitForURL((url) => url.searchParams.get("sort") === "price-asc" && url.searchParams.get("priceMin") === "10");
    await expect.poll(() => cardTitles(page), { timeout: 10_000 }).toEqual([CANARIES]);
    expect(await page.getByText(/^1 annuncio$/).isVisible()).toBe(true);
    // A price means a sale: the form says so.
    expect(await page.getByLabel("Tipo di annuncio").inputValue()).toBe("sale");
    expect(await page.locator("summary", { hasText: "Filtri (4 attivi)" }).count()).toBe(1);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    expect(await axeViolations(page)).toEqual([]);

    // Without JavaScript: a bad price is ignored (200) with an Italian notice, and stays in its field.
    const plain = (await browser.context({ javaScript: false })).page;
    const response = await plain.goto("/pet-listings?region=Veneto&priceMin=abc");
    expect(response?.status()).toBe(200);
    expect(await plain.getByRole("alert").filter({ hasText: FILTER_MESSAGES.priceMinInvalid }).isVisible()).toBe(true);
    expect(await plain.getByLabel("Prezzo da (€)").inputValue()).toBe("abc");
    await plain.getByLabel("Prezzo da (€)").fill("10");
    await plain.getByLabel("Prezzo fino a (€)").fill("100");
    await plain.getByLabel("Solo con foto").check();
    await plain.getByLabel("Ordina per").selectOption("price-desc");
    await plain.getByRole("main").getByRole("button", { name: "Cerca", exact: true }).click();
    await plain.waitForURL((url) => url.searchParams.get("sort") === "price-desc" && url.searchParams.get("photo") === "1");
    expect(await cardTitles(plain)).toEqual([CANARIES]);
    expect(await plain.getByRole("alert").count()).toBe(0);
  });
});

describe("listings: the map's area (decision 0096)", () => {
  it("searches the area the map shows after a zoom, with the keyboard, and keeps it in the list until it is taken off", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/pet-listings?view=map");
    const map = page.getByRole("region", { name: "Mappa degli annunci" });
    await map.locator(".leaflet-marker-icon").first().waitFor();
    const searchHere = page.getByRole("button", { name: "Cerca in quest'area" });
    expect(await searchHere.count()).toBe(0);
    // Zoomed in twice on Italy's centre with the map's own keys; the button comes right before the map.
    await map.locator(".leaflet-container").focus();
    for (let i = 0; i < 2; i++) {
      await page.keyboard.press("+");
      await page.waitForTimeout(600);
    }
    await searchHere.waitFor();
    await page.keyboard.press("Shift+Tab");
    expect(await searchHere.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await axeViolations(page)).toEqual([]);
    await page.keyboard.press("Enter");
    await page.waitForURL((url) => url.searchParams.has("area"));
    const url = new URL(page.url());
    expect(url.searchParams.get("view")).toBe("map");
    const area = parseMapArea(url.searchParams.get("area"))!;
    expect(area).not.toBeNull();
    // The demo's listings whose public pin is inside: some, not all.
    const inside = DEMO_LISTINGS.filter((l) => {
      const pin = publicPosition(l.lat, l.lng);
      return pin.lat >= area.south && pin.lat <= area.north && pin.lng >= area.west && pin.lng <= area.east;
    }).map((l) => l.title);
    expect(inside.length).toBeGreaterThan(0);
    expect(inside.length).toBeLessThan(DEMO_LISTINGS.length);
    await expect
      .poll(async () => (await map.locator(".leaflet-marker-icon").evaluateAll((icons) => icons.map((icon) => icon.getAttribute("title")))).sort(), { timeout: 10_000 })
      .toEqual([...inside].sort());
    // A new map, fitted to the area, not yet moved.
    expect(await searchHere.count()).toBe(0);
    expect(await page.getByText("Solo nell'area scelta sulla mappa").isVisible()).toBe(true);

    // The list view keeps the area; another filter keeps it too; "Togli l'area" takes it off.
    await page.getByRole("link", { name: "Elenco" }).click();
    await page.waitForURL((u) => !u.searchParams.has("view") && u.searchParams.has("area"));
    await expect.poll(async () => (await cardTitles(page)).sort(), { timeout: 10_000 }).toEqual([...inside].sort());
    await page.getByLabel("Tipo di annuncio").selectOption("adoption");
    await page.waitForURL((u) => u.searchParams.get("listingType") === "adoption" && u.searchParams.has("area"));
    await page.getByRole("link", { name: "Togli l'area" }).click();
    await page.waitForURL((u) => u.searchParams.get("listingType") === "adoption" && !u.searchParams.has("area"));
    await expect.poll(() => page.getByText("Solo nell'area scelta sulla mappa").count(), { timeout: 10_000 }).toBe(0);
    expect(await page.locator('input[name="area"]').count()).toBe(0);
  });

  it("ignores a bad area with an Italian notice (200), without JavaScript; the link takes an area off too", async () => {
    const { page } = await browser.context({ javaScript: false });
    const response = await page.goto("/pet-listings?area=45.6%2C8.9%2C45.3%2C9.4&petType=cat");
    expect(response?.status()).toBe(200);
    expect(await page.getByRole("alert").filter({ hasText: FILTER_MESSAGES.areaInvalid }).isVisible()).toBe(true);
    expect((await cardTitles(page)).sort()).toEqual(["Cuccioli di Maine Coon con pedigree", "Grigio, Certosino affettuoso"]);
    expect(await page.getByText("Solo nell'area scelta sulla mappa").count()).toBe(0);

    // Around Milano: one cat. The area stays in the form when Cerca sends it, and the link removes it.
    await page.goto("/pet-listings?area=45.3%2C8.9%2C45.65%2C9.4&petType=cat");
    expect(await cardTitles(page)).toEqual(["Cuccioli di Maine Coon con pedigree"]);
    await page.getByRole("main").getByRole("button", { name: "Cerca", exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get("area") === "45.3,8.9,45.65,9.4");
    expect(await cardTitles(page)).toEqual(["Cuccioli di Maine Coon con pedigree"]);
    await page.getByRole("link", { name: "Togli l'area" }).click();
    await page.waitForURL((u) => !u.searchParams.has("area") && u.searchParams.get("petType") === "cat");
    expect((await cardTitles(page)).length).toBe(2);
  });
});

describe("listing detail", () => {
  it("shows the listing with Italian labels, the contact buttons, a keyboard gallery and a map", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    await page.goto("/pet-listings?q=bolognese");
    await page.getByRole("link", { name: "Cucciola di Bolognese da allevamento amatoriale" }).click();
    await page.waitForURL(/\/pet-listing\/[0-9a-f-]{36}$/);
    const main = page.getByRole("main");
    await main.getByRole("heading", { level: 1, name: "Cucciola di Bolognese da allevamento amatoriale" }).waitFor();
    expect(await main.getByText("Vendita", { exact: true }).isVisible()).toBe(true);
    expect(await main.getByText(/^\d{1,3}(\.\d{3})*,\d{2}\s€$/).count()).toBe(1);
    for (const text of ["Cane", "Femmina", "Bolognese", "Disponibile"]) expect(await main.getByText(text, { exact: true }).count()).toBeGreaterThan(0);
    // The owner's number and e-mail are revealed on request (listings-contact.test.ts), never in the page.
    expect(await main.getByRole("button", { name: "Mostra numero" }).isVisible()).toBe(true);
    expect(await main.getByRole("button", { name: "Mostra email" }).isVisible()).toBe(true);
    expect(await main.getByRole("link", { name: "Chiama ora" }).count()).toBe(0);
    expect(await main.getByText("chiara.romano@zampa.test").count()).toBe(0);
    expect(await main.getByText(/Pubblicato il/).textContent()).toMatch(/\d{1,2} \w+ \d{4}/);

    const photo = main.getByRole("img", { name: /foto 1 di 2/ });
    expect(await photo.isVisible()).toBe(true);
    // Arrow keys while the focus is in the gallery, buttons and thumbnails.
    await main.getByRole("button", { name: "Foto successiva" }).focus();
    await page.keyboard.press("ArrowRight");
    await main.getByRole("img", { name: /foto 2 di 2/ }).waitFor();
    await page.keyboard.press("ArrowRight");
    await main.getByRole("img", { name: /foto 1 di 2/ }).waitFor();
    await page.keyboard.press("ArrowLeft");
    await main.getByRole("img", { name: /foto 2 di 2/ }).waitFor();
    await main.getByRole("button", { name: "Mostra la foto 1 di 2" }).click();
    await main.getByRole("img", { name: /foto 1 di 2/ }).waitFor();
    await main.getByRole("button", { name: "Foto precedente" }).press("Enter");
    await main.getByRole("img", { name: /foto 2 di 2/ }).waitFor();

    await main.locator(".leaflet-marker-icon").waitFor();
    await main.getByRole("link", { name: "Segnala questo annuncio" }).click();
    await page.waitForURL(/\/report-listing\//);
  });

  it("puts title, description, preview image and JSON-LD in the server's HTML", async () => {
    const list = await fetch(`${baseUrl()}/pet-listings?q=furetto`).then((r) => r.text());
    const href = /href="(\/pet-listing\/[0-9a-f-]{36})"/.exec(list)?.[1];
    expect(href).toBeDefined();
    const html = await fetch(`${baseUrl()}${href}`).then((r) => r.text());
    expect(html).toContain("<title>Furetto giocherellone cerca casa — Cagliari | Zampa</title>");
    expect(html).toMatch(/<meta name="description" content="[^"]*furett/i);
    expect(html).toMatch(/<meta property="og:image" content="http[^"]+\.webp"/);
    const jsonLd = /<script type="application\/ld\+json">(.*?)<\/script>/s.exec(html)?.[1];
    expect(JSON.parse(jsonLd ?? "{}")).toMatchObject({ "@type": "Product", name: "Furetto giocherellone cerca casa" });
  });

  it("answers unknown, malformed and hidden listings with 'Annuncio non trovato' and HTTP 404", async () => {
    const { context, page } = await browser.context();
    await withConsent(context);
    for (const id of ["3f0f8a5e-1111-4222-8333-944455556666", "non-un-id", FIXTURES.suspendedListing.id]) {
      const response = await page.goto(`/pet-listing/${id}`);
      expect(response?.status(), id).toBe(404);
      expect(await page.getByRole("heading", { name: "Annuncio non trovato" }).isVisible()).toBe(true);
    }
  });

  it("shows a suspended listing to its owner, with a note, and not to another user", async () => {
    const owner = await browser.context();
    await signIn(owner.context, FIXTURES.suspendedListing.ownerEmail, DEMO_PASSWORD);
    const response = await owner.page.goto(`/pet-listing/${FIXTURES.suspendedListing.id}`);
    expect(response?.status()).toBe(200);
    expect(await owner.page.getByRole("status").textContent()).toContain("Sospeso");
    const other = await browser.context();
    await signUpIn(other.context);
    expect((await other.page.goto(`/pet-listing/${FIXTURES.suspendedListing.id}`))?.status()).toBe(404);
  });
});
