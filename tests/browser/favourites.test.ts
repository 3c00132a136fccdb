// Issue 30's favourites and the way back after signing in (decision 0092): a visitor presses
// "Pubblica annuncio" in the 360 px menu, signs in and lands on the form; a person keeps a listing
// from its card with JavaScript (no reload), another from the listing page without it; the owner
// sees the count; /dashboard/preferiti at 1366 px (axe), and its main error: a listing suspended
// meanwhile says "Non più disponibile" and is removed. This file deletes the listing it publishes.
import { describe, expect, it } from "vitest";
import { axeViolations } from "./axe";
import { confirmAddress, signIn, signUpIn, signUpOnly, startBrowser, uniqueEmail, withConsent } from "./browser";
import { adminPost, publishListing } from "./moderation-helpers";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

/** A word of letters only, so that the list's search finds this file's listing alone. */
const letters = () => Array.from(String(Date.now()), (d) => "abcdefghij"[Number(d)]).join("");

describe("Pubblica annuncio for a visitor", () => {
  it("goes from the 360 px menu to sign in and back to the form", async () => {
    const { context, page } = await browser.context({ width: 360, height: 740 });
    await withConsent(context);
    const account = { fullName: "Visitatrice Curiosa", email: uniqueEmail("pubblica"), password: "Criceto-Dorato-77" };
    await signUpOnly(context, account);
    await confirmAddress(context, account.email);

    await page.goto("/");
    await page.getByRole("button", { name: "Apri il menu" }).click();
    await page.getByRole("navigation", { name: "Menu mobile" }).getByRole("link", { name: "Pubblica annuncio" }).click();
    await page.waitForURL((url) => url.pathname === "/login" && url.searchParams.get("redirectTo") === "/create-pet-listing");
    // Signing up from here keeps the way back too.
    expect(await page.getByRole("main").getByRole("link", { name: "Registrati" }).getAttribute("href")).toBe("/login?redirectTo=%2Fcreate-pet-listing&mode=signup");
    await page.getByLabel("Email", { exact: true }).fill(account.email);
    await page.getByLabel("Password", { exact: true }).fill(account.password);
    await page.getByRole("button", { name: "Accedi", exact: true }).click();
    await page.waitForURL("**/create-pet-listing");
    await page.getByRole("heading", { level: 1, name: "Pubblica un annuncio" }).waitFor();
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
  });
});

describe("favourites", () => {
  it("are kept from a card with JavaScript and from the listing page without; the dashboard lists them, and a suspended one is let go", async () => {
    const word = `Cuore${letters()}`;
    const owner = await browser.context();
    await signUpIn(owner.context, "Proprietario Amato");
    const id = await publishListing(owner.context, `${word} furetto`);
    const admin = await browser.context();
    await signIn(admin.context, E2E_ADMIN.email, E2E_ADMIN.password);
    try {
      // With JavaScript, from the list's card: the heart changes, the page is not reloaded.
      const fan = await browser.context({ width: 1366, height: 900 });
      await withConsent(fan.context);
      await signUpIn(fan.context, "Giulia Affezionata");
      await fan.page.goto(`/pet-listings?q=${word}`);
      const card = fan.page.locator("article", { hasText: word });
      await fan.page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));
      await card.getByRole("button", { name: "Aggiungi ai preferiti" }).click();
      const pressed = card.getByRole("button", { name: "Rimuovi dai preferiti" });
      await pressed.waitFor();
      expect(await pressed.getAttribute("aria-pressed")).toBe("true");
      await fan.page.waitForLoadState("networkidle");
      expect(await fan.page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);

      // Without JavaScript, from the listing page: the form comes back to the page, the heart pressed.
      const other = await browser.context({ javaScript: false });
      await signUpIn(other.context, "Marco Senza Script");
      await other.page.goto(`/pet-listing/${id}`);
      await other.page.getByRole("button", { name: "Aggiungi ai preferiti" }).click();
      await other.page.waitForURL(`**/pet-listing/${id}`);
      expect(await other.page.getByRole("button", { name: "Rimuovi dai preferiti" }).getAttribute("aria-pressed")).toBe("true");

      // The owner sees how many people keep it.
      await owner.page.goto("/dashboard/pet-listings");
      await owner.page.getByRole("listitem").filter({ hasText: word }).getByText("Nei preferiti di 2 persone").waitFor();

      // The dashboard's list at 1366 px.
      await fan.page.goto("/dashboard/preferiti");
      const item = fan.page.getByRole("listitem").filter({ hasText: word });
      await item.getByRole("link", { name: `${word} furetto` }).waitFor();
      expect(await axeViolations(fan.page)).toEqual([]);

      // Suspended meanwhile: "Non più disponibile", and it can be removed.
      expect(await adminPost(admin.context, "/admin/pet-listings", { intent: "suspend", listingId: id, rule: "species_not_allowed", reason: "Verifica in corso." })).toBe(200);
      await fan.page.reload();
      await item.getByText("Non più disponibile").waitFor();
      expect(await item.getByRole("link").count()).toBe(0);
      await item.getByRole("button", { name: /Rimuovi dai preferiti/ }).click();
      await fan.page.getByRole("status").getByText("Rimosso dai preferiti").waitFor();
      await expect.poll(() => fan.page.getByRole("listitem").filter({ hasText: word }).count(), { timeout: 5_000 }).toBe(0);
    } finally {
      expect(await adminPost(admin.context, "/admin/pet-listings", { intent: "delete", listingId: id })).toBe(200);
    }
  });
});
