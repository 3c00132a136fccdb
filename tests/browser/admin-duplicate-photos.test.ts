// A listing published with a copy of another account's photo: published, and flagged in
// /admin/reports, where the admin sees both listings and the two photos side by side, at 360 px
// (decision 0086). This file deletes the listings it creates (their reports stay, as "Annuncio
// eliminato").
import sharp from "sharp";
import { describe, expect, it } from "vitest";
import { generatedPhoto } from "../../harness/photos";
import { signIn, signUpIn, startBrowser } from "./browser";
import { adminPost, publishListing } from "./moderation-helpers";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

describe("/admin/reports, a duplicate photo", () => {
  it("shows the two listings, their owners and the matching photos side by side on a phone", async () => {
    const word = `Doppione${Date.now()}`;
    const photo = await generatedPhoto(Date.now() % 100_000, 800, 600);
    const owner = await browser.context();
    await signUpIn(owner.context, "Allevatrice Onesta");
    const original = await publishListing(owner.context, `${word} originale`, photo);
    const copier = await browser.context();
    await signUpIn(copier.context, "Truffatore Furbo");
    const copy = await publishListing(copier.context, `${word} copiato`, await sharp(photo).flop().resize({ width: 500 }).jpeg({ quality: 60 }).toBuffer());

    const { context, page } = await browser.context({ width: 360, height: 740 });
    await signIn(context, E2E_ADMIN.email, E2E_ADMIN.password);
    try {
      await page.goto("/admin/reports?status=pending");
      const row = page.getByRole("row").filter({ hasText: `${word} copiato` });
      expect(await row.textContent()).toContain("Zampa (controllo automatico)");
      expect(await row.textContent()).toContain("Truffa o frode");
      await row.getByRole("link", { name: /^Gestisci/ }).click();
      const modal = page.getByRole("dialog", { name: "Dettaglio segnalazione" });
      const reported = modal.getByRole("region", { name: "Annuncio segnalato" });
      const found = modal.getByRole("region", { name: "Annuncio trovato" });
      await reported.waitFor();
      expect(await reported.getByRole("link", { name: new RegExp(`${word} copiato`) }).getAttribute("href")).toBe(`/pet-listing/${copy}`);
      expect(await found.getByRole("link", { name: new RegExp(`${word} originale`) }).getAttribute("href")).toBe(`/pet-listing/${original}`);
      expect(await reported.textContent()).toContain("Truffatore Furbo");
      expect(await found.textContent()).toContain("Allevatrice Onesta");

      const pairs = modal.getByRole("list", { name: "Foto corrispondenti" });
      const copied = pairs.getByRole("img", { name: `Foto 1 dell'annuncio «${word} copiato» di Truffatore Furbo` });
      const first = pairs.getByRole("img", { name: `Foto 1 dell'annuncio «${word} originale» di Allevatrice Onesta` });
      expect(await pairs.textContent()).toContain("immagine speculare");
      // Both photos load, side by side on one row, inside the 360 px screen.
      for (const image of [copied, first]) {
        await image.scrollIntoViewIfNeeded();
        await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
      }
      const [a, b] = [await copied.boundingBox(), await first.boundingBox()];
      expect(Math.abs(a!.y - b!.y)).toBeLessThan(2);
      expect(a!.x + a!.width).toBeLessThanOrEqual(b!.x);
      expect(b!.x + b!.width).toBeLessThanOrEqual(360);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
    } finally {
      for (const listingId of [copy, original]) expect(await adminPost(context, "/admin/pet-listings", { intent: "delete", listingId })).toBe(200);
    }
  });
});
