// Managing one's listings (decision 0093): the owner edits a listing's photos (removes one, moves one
// with the keyboard, chooses the cover) and a field at 1366 px, after a wrong field that keeps what
// was typed; axe on the edit page; "Rinnova" at 360 px with the days left and the statistics.
import type { BrowserContext } from "playwright-core";
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { baseUrl, signUpIn, startBrowser } from "./browser";
import { publishListing } from "./moderation-helpers";

const browser = startBrowser();

function photo(r: number, g: number, b: number): Promise<Buffer> {
  return sharp({ create: { width: 600, height: 400, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();
}

/** Publishes a listing with three photos of different colours; returns its id. */
async function publishWithPhotos(context: BrowserContext, title: string): Promise<string> {
  return publishListing(context, title, await photo(200, 30, 30), await photo(30, 160, 30), await photo(30, 30, 200));
}

describe("managing one's listings", () => {
  it("edits a listing's photos and a field at 1366 px: a wrong field keeps what was typed; keyboard ordering; axe", async () => {
    const { context, page } = await browser.context({ width: 1366, height: 900 });
    await signUpIn(context, "Proprietaria Ordinata");
    const word = `Riordina${Date.now()}`;
    const id = await publishWithPhotos(context, `${word} furetto`);

    await page.goto("/dashboard/pet-listings");
    const card = page.getByRole("listitem").filter({ hasText: word });
    await card.getByRole("link", { name: `Modifica «${word} furetto»` }).click();
    await page.waitForURL(`**/dashboard/pet-listings/${id}/modifica`);
    await page.getByRole("heading", { name: "Modifica annuncio" }).waitFor();
    expect(await page.getByLabel("Titolo *").inputValue()).toBe(`${word} furetto`);
    expect(await axeViolations(page)).toEqual([]);

    const photos = page.locator("ol li img");
    const original = await photos.evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src")));
    expect(original).toHaveLength(3);

    // Photo 1 moves after photo 2 with the keyboard; photo 2 goes; photo 3 becomes the cover.
    await page.getByRole("button", { name: "Sposta dopo: Foto 1" }).focus();
    await page.keyboard.press("Enter");
    expect(await photos.evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src")))).toEqual([original[1], original[0], original[2]]);
    await page.getByRole("button", { name: "Rimuovi Foto 2" }).click();
    await page.getByRole("button", { name: "Usa come copertina: Foto 3" }).click();
    expect(await photos.evaluateAll((imgs) => imgs.map((img) => img.getAttribute("src")))).toEqual([original[2], original[0]]);
    await page.getByText("Copertina", { exact: true }).waitFor();

    // A wrong field: the message, and what was typed stays.
    await page.getByLabel("Descrizione *").fill("Furetto dolcissimo, ora anche abituato al guinzaglio.");
    await page.getByLabel("Telefono *").fill("abc");
    await page.getByLabel(/Ho letto e accetto la/).check();
    await page.getByLabel(/Accetto i/).check();
    await page.getByRole("button", { name: "Salva le modifiche" }).click();
    await page.locator("#listing-form-error").waitFor();
    expect(await page.getByLabel("Descrizione *").inputValue()).toBe("Furetto dolcissimo, ora anche abituato al guinzaglio.");
    expect(await page.getByLabel("Telefono *").getAttribute("aria-invalid")).toBe("true");
    expect(await photos.count()).toBe(2);

    await page.getByLabel("Telefono *").fill("+39 333 444 5555");
    await page.getByRole("button", { name: "Salva le modifiche" }).click();
    await page.getByRole("status").getByText("Modifiche salvate").waitFor();
    await page.waitForURL("**/dashboard/pet-listings");

    // The listing's page: the new text, and the chosen cover first.
    await page.goto(`/pet-listing/${id}`);
    await page.getByText("ora anche abituato al guinzaglio").waitFor();
    // Its owner finds the way back to the form there.
    expect(await page.getByRole("link", { name: "Modifica l'annuncio" }).getAttribute("href")).toBe(`/dashboard/pet-listings/${id}/modifica`);
    const stored = await context.request.get(`${baseUrl()}/dashboard/pet-listings/${id}/modifica`);
    const html = await stored.text();
    const cover = original[2]!.replace(/\.thumb\.webp$/, "");
    const second = original[0]!.replace(/\.thumb\.webp$/, "");
    expect(html.indexOf(cover)).toBeGreaterThan(-1);
    expect(html.indexOf(cover)).toBeLessThan(html.indexOf(second));
    expect(html).not.toContain(original[1]!.replace(/\.thumb\.webp$/, ""));
  });

  it("renews a listing at 360 px, with the days left and the statistics on the card", async () => {
    const { context, page } = await browser.context({ width: 360, height: 740 });
    await signUpIn(context, "Proprietario Puntuale");
    const word = `Rinnova${Date.now()}`;
    await publishWithPhotos(context, `${word} furetto`);
    await page.goto("/dashboard/pet-listings");
    const card = page.getByRole("listitem").filter({ hasText: word });
    await card.getByText("Scade tra 60 giorni").waitFor();
    await card.getByText(/0 visualizzazioni · 0 conversazioni/).waitFor();
    await card.getByRole("button", { name: "Rinnova" }).click();
    await card.getByText("Annuncio rinnovato per altri 60 giorni").waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});
