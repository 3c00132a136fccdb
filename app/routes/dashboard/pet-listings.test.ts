// /dashboard/pet-listings: the statement of reasons on the owner's card and the appeal's action
// (decision 0087), through the route as a form posted without JavaScript reaches it.
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import type { CurrentUser } from "~/accounts/session.server";
import { db } from "~/db/client.server";
import { listingAppeals } from "~/db/schema";
import { suspendListing } from "~/listings/moderation.server";
import { revealContact } from "~/listings/contact-reveal.server";
import { CONTACT_TEXTS } from "~/listings/contact-texts";
import { APPEAL_MESSAGES as A } from "~/listings/moderation-validation";
import MyListings, { loader } from "~/routes/dashboard/pet-listings";
import { MY_LISTINGS_URL as URL_MINE, postToMyListings as post } from "~/routes/dashboard/pet-listings.testing";
import { createAccount, requestAs, type TestAccount } from "../../../tests/accounts";
import { itDb } from "../../../tests/db";
import { createListingRow } from "../../../tests/factories";
import { renderPage } from "../../../tests/render-page";
import { callRoute } from "../../../tests/route-calls";

const appealsOf = (listingId: string) => db().select().from(listingAppeals).where(eq(listingAppeals.listingId, listingId));

async function suspendedListing() {
  const owner = await createAccount();
  const admin = await createAccount({ role: "admin" });
  const listing = await createListingRow(owner.id, { title: "Cocorita <b>blu</b>" });
  const adminActor: CurrentUser = { id: admin.id, email: admin.email, fullName: "Admin", role: "admin" };
  expect((await suspendListing(adminActor, listing.id, { rule: "species_not_allowed", reason: "Specie non in elenco.\nVedi DM 252/2022." })).ok).toBe(true);
  return { owner, listing };
}

describe("the appeal from the dashboard", () => {
  itDb("the card states the rule and the reason and offers «Contesta la decisione»; after the appeal it shows its status", async () => {
    const { owner, listing } = await suspendedListing();
    const loaded = await callRoute(loader, requestAs(owner, URL_MINE));
    const html = renderPage(MyListings, loaded.data, "/dashboard/pet-listings");
    expect(html).toContain("Annuncio sospeso dalla redazione");
    expect(html).toContain("Specie non ammessa (D.Lgs. 135/2022, art. 3)");
    expect(html).toContain("Specie non in elenco.\nVedi DM 252/2022.");
    expect(html).toContain("Contesta la decisione");
    expect(html).toMatch(/<textarea[^>]*name="text"[^>]*required/);
    expect(html).toContain('maxLength="2000"');

    expect(await post(owner, { intent: "appeal", id: listing.id, text: "La specie è ammessa." })).toMatchObject({ status: 200, data: { ok: true, message: A.sent } });
    const after = renderPage(MyListings, (await callRoute(loader, requestAs(owner, URL_MINE))).data, "/dashboard/pet-listings");
    expect(after).toContain("In attesa di decisione");
    expect(after).not.toContain("Contesta la decisione");
  });

  itDb("empty, too long, a second time, someone else's: the status and the Italian message; nothing more stored", async () => {
    const { owner, listing } = await suspendedListing();
    const stranger = await createAccount();
    expect(await post(owner, { intent: "appeal", id: listing.id, text: "   " })).toMatchObject({ status: 400, data: { ok: false, id: listing.id, error: A.textRequired } });
    expect(await post(owner, { intent: "appeal", id: listing.id })).toMatchObject({ status: 400, data: { error: A.textRequired } });
    const long = "y".repeat(2_001);
    expect(await post(owner, { intent: "appeal", id: listing.id, text: long })).toMatchObject({ status: 400, data: { error: A.textTooLong, text: long } });
    expect(await post(stranger, { intent: "appeal", id: listing.id, text: "Mio" })).toMatchObject({ status: 404, data: { error: A.notFound } });
    expect(await appealsOf(listing.id)).toEqual([]);
    expect((await post(owner, { intent: "appeal", id: listing.id, text: "Prima" })).status).toBe(200);
    expect(await post(owner, { intent: "appeal", id: listing.id, text: "Seconda" })).toMatchObject({ status: 409, data: { error: A.alreadyAppealed } });
    expect(await appealsOf(listing.id)).toHaveLength(1);
  });

  itDb("a visitor is sent to /login", async () => {
    const { listing } = await suspendedListing();
    expect(await post(null, { intent: "appeal", id: listing.id, text: "x" })).toMatchObject({ status: 302, location: "/login?redirectTo=%2Fdashboard%2Fpet-listings" });
    expect(await appealsOf(listing.id)).toEqual([]);
  });
});

describe("the reveal figures on the owner's cards (decision 0089)", () => {
  itDb("say how often the number and the e-mail were shown to others, or «Solo messaggi»", async () => {
    const owner = await createAccount();
    const asker = await createAccount({ verified: true });
    const listing = await createListingRow(owner.id, { title: "Contata" });
    await createListingRow(owner.id, { title: "Silenziosa", messagesOnly: true });
    const requester = { clientIp: "192.0.2.77", userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36" };
    const asUser = (a: TestAccount): CurrentUser => ({ id: a.id, email: a.email, fullName: "Prova", role: "user" });
    expect((await revealContact(asUser(asker), listing.id, "phone", requester)).ok).toBe(true);
    // The owner's own look does not count.
    expect((await revealContact(asUser(owner), listing.id, "email", requester)).ok).toBe(true);
    const html = renderPage(MyListings, (await callRoute(loader, requestAs(owner, URL_MINE))).data, "/dashboard/pet-listings");
    expect(html).toContain("Numero mostrato 1 volta · Email mostrata 0 volte");
    expect(html).toContain(CONTACT_TEXTS.messagesOnlyLabel);
  });
});
