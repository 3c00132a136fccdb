// The statement of reasons and the appeal (decision 0087): an admin suspends a listing with a rule;
// its owner reads the rule and the reason on the dashboard and on the listing's page, contests the
// decision once (an empty text is refused with the Italian message; without JavaScript too); an
// admin finds the appeal under «Contestazioni» and reactivates the listing; a second decision is
// refused. This file deletes every listing it publishes.
import { describe, expect, it } from "vitest";
import { baseUrl, linkMailedTo, outboxNames, signIn, signUpIn, startBrowser } from "./browser";
import { adminPost, publishListing } from "./moderation-helpers";
import { E2E_ADMIN } from "./e2e-accounts";

const browser = startBrowser();

async function suspendedListing(word: string) {
  const owner = await browser.context({ width: 360, height: 740 });
  const account = await signUpIn(owner.context, "Proprietaria Contestataria");
  const id = await publishListing(owner.context, `${word} furetto`);
  const admin = await browser.context();
  await signIn(admin.context, E2E_ADMIN.email, E2E_ADMIN.password);
  const before = await outboxNames();
  expect(
    await adminPost(admin.context, "/admin/pet-listings", { intent: "suspend", listingId: id, rule: "species_not_allowed", reason: "Il furetto non risulta in regola." }),
  ).toBe(200);
  // The suspension's mail tells the owner where to contest it.
  expect(await linkMailedTo(account.email, "/dashboard/pet-listings", { after: before })).toBe(`${baseUrl()}/dashboard/pet-listings`);
  return { owner, account, admin, id };
}

describe("the appeal against a suspension", () => {
  it("the owner reads the reasons and contests once (the empty text refused); the admin reactivates the listing, once", async () => {
    const word = `Contesta${Date.now()}`;
    const { owner, account, admin, id } = await suspendedListing(word);
    try {
      const { page } = owner;
      await page.goto(`/pet-listing/${id}`);
      const reasons = page.getByRole("region", { name: "Perché è stato sospeso" });
      await reasons.getByText("Regola violata: Specie non ammessa (D.Lgs. 135/2022, art. 3)").waitFor();
      await reasons.getByRole("link", { name: "tuoi annunci" }).click();
      await page.waitForURL("**/dashboard/pet-listings");

      const card = page.getByRole("listitem").filter({ hasText: word });
      await card.getByText("Annuncio sospeso dalla redazione").waitFor();
      expect(await card.textContent()).toContain("Il furetto non risulta in regola.");
      await card.getByText("Contesta la decisione").click();
      const text = card.getByLabel("Perché contesti la decisione?");
      // Spaces pass the browser's own "required": the server's message answers.
      await text.fill("   ");
      await card.getByRole("button", { name: "Invia la contestazione" }).click();
      await card.getByRole("alert").getByText("Scrivi perché contesti la decisione").waitFor();
      expect(await card.getByLabel("Perché contesti la decisione?").getAttribute("aria-invalid")).toBe("true");
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);

      await card.getByLabel("Perché contesti la decisione?").fill("Il furetto è un animale ammesso: allego il certificato del veterinario.");
      await card.getByRole("button", { name: "Invia la contestazione" }).click();
      await card.getByText("Contestazione inviata: la redazione la esaminerà e ti risponderà per e-mail").waitFor();
      await card.getByText("In attesa di decisione").waitFor();
      expect(await card.getByText("Contesta la decisione").count()).toBe(0);
      // A second submit (a stale tab) is refused.
      const again = await owner.context.request.post(`${baseUrl()}/dashboard/pet-listings`, {
        headers: { origin: baseUrl() },
        form: { intent: "appeal", id, text: "Di nuovo" },
        maxRedirects: 0,
      });
      expect(again.status()).toBe(409);

      // The back office: «Contestazioni» shows the appeal with its listing, also at 360 px.
      await admin.page.setViewportSize({ width: 360, height: 740 });
      await admin.page.goto("/admin/pet-listings?appeals=pending");
      const region = admin.page.getByRole("region", { name: `Sospensione di «${word} furetto»` });
      await region.getByText("allego il certificato del veterinario").waitFor();
      expect(await admin.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(360);
      const appealId = await region.locator('input[name="appealId"]').getAttribute("value");
      await region.getByLabel("Nota per il proprietario (facoltativa)").fill("Certificato verificato, grazie.");
      const before = await outboxNames();
      await region.getByRole("button", { name: "Riattiva l'annuncio" }).click();
      await admin.page.getByText("Contestazione accolta: l'annuncio è di nuovo visibile").waitFor();
      expect((await fetch(`${baseUrl()}/pet-listing/${id}`)).status).toBe(200);
      // The owner is mailed the outcome, with the listing's link.
      expect(await linkMailedTo(account.email, `/pet-listing/${id}`, { after: before })).toBe(`${baseUrl()}/pet-listing/${id}`);
      // Another admin's decision, from a page read before: refused.
      expect(await adminPost(admin.context, "/admin/pet-listings", { intent: "decide-appeal", appealId: appealId!, decision: "uphold" })).toBe(409);
      expect((await fetch(`${baseUrl()}/pet-listing/${id}`)).status).toBe(200);
    } finally {
      expect(await adminPost(admin.context, "/admin/pet-listings", { intent: "delete", listingId: id })).toBe(200);
    }
  });

  it("works without JavaScript; the admin confirms the suspension", async () => {
    const word = `SenzaJs${Date.now()}`;
    const { account, admin, id } = await suspendedListing(word);
    try {
      const { context, page } = await browser.context({ javaScript: false });
      await signIn(context, account.email, account.password);
      await page.goto("/dashboard/pet-listings");
      const card = page.getByRole("listitem").filter({ hasText: word });
      await card.getByText("Contesta la decisione").click();
      await card.getByLabel("Perché contesti la decisione?").fill("   ");
      await card.getByRole("button", { name: "Invia la contestazione" }).click();
      await page.getByRole("listitem").filter({ hasText: word }).getByText("Scrivi perché contesti la decisione").waitFor();
      await page.getByRole("listitem").filter({ hasText: word }).getByLabel("Perché contesti la decisione?").fill("Senza JavaScript: contesto.");
      await page.getByRole("listitem").filter({ hasText: word }).getByRole("button", { name: "Invia la contestazione" }).click();
      await page.getByText("Contestazione inviata: la redazione la esaminerà e ti risponderà per e-mail").waitFor();

      await admin.page.goto("/admin/pet-listings?appeals=pending");
      const region = admin.page.getByRole("region", { name: `Sospensione di «${word} furetto»` });
      await region.getByText("Senza JavaScript: contesto.").waitFor();
      await region.getByRole("button", { name: "Conferma la sospensione" }).click();
      await admin.page.getByText("Contestazione respinta: la sospensione è confermata").waitFor();
      expect((await fetch(`${baseUrl()}/pet-listing/${id}`)).status).toBe(404);
      await page.goto("/dashboard/pet-listings");
      await page.getByRole("listitem").filter({ hasText: word }).getByText("Sospensione confermata").waitFor();
    } finally {
      expect(await adminPost(admin.context, "/admin/pet-listings", { intent: "delete", listingId: id })).toBe(200);
    }
  });
});
