import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { listingAppeals, petListings } from "~/db/schema";
import { createAppeal } from "~/listings/appeals.server";
import { suspendListing } from "~/listings/moderation.server";
import { alreadyDecided, APPEAL_MESSAGES as A, suspendConflict } from "~/listings/moderation-validation";
import AdminPetListings, { action, loader } from "~/routes/admin/pet-listings";
import { createAccount, requestAs } from "../../../tests/accounts";
import { expectAdminOnly, outcomeOf, throughAdminGate } from "../../../tests/admin-access";
import { itDb } from "../../../tests/db";
import { renderPage } from "../../../tests/render-page";
import { FORM_HEADERS, postForm } from "../../../tests/route-calls";
import { createListingRow } from "../../../tests/factories";

const URL_LISTINGS = "http://localhost:3000/admin/pet-listings";
const callLoader = (request: Request) => throughAdminGate(loader, { request });
const callAction = (request: Request) => throughAdminGate(action, { request });
const MARKUP = "<img src=x onerror=alert(1)>";

const stateOf = (id: string) => async () => db().select().from(petListings).where(eq(petListings.id, id));
const appealState = (listingId: string) => async () => [await stateOf(listingId)(), await db().select().from(listingAppeals).where(eq(listingAppeals.listingId, listingId))];

/** A suspended listing whose owner contests it. */
async function appealed() {
  const admin = await createAccount({ role: "admin" });
  const owner = await createAccount();
  const listing = await createListingRow(owner.id, { title: "Pitone reale" });
  expect((await suspendListing({ id: admin.id, email: admin.email, fullName: "A", role: "admin" }, listing.id, { rule: "species_not_allowed" })).ok).toBe(true);
  const created = await createAppeal({ id: owner.id, email: owner.email, fullName: "O", role: "user" }, listing.id, "È un animale ammesso.");
  if (!created.ok) throw new Error(created.error);
  return { admin, owner, listing, appealId: created.appeal.id };
}

describe("/admin/pet-listings is for administrators only", () => {
  itDb("the page, plain and searched", async () => {
    await expectAdminOnly({ call: callLoader, url: URL_LISTINGS });
    await expectAdminOnly({ call: callLoader, url: `${URL_LISTINGS}?q=roma&status=suspended&page=2` });
  });

  itDb("each action: suspend, reactivate, delete", async () => {
    const owner = await createAccount();
    const active = await createListingRow(owner.id);
    const suspended = await createListingRow(owner.id, { status: "suspended" });
    for (const [intent, listing] of [
      ["suspend", active],
      ["reactivate", suspended],
      ["delete", active],
      ["delete", suspended],
    ] as const) {
      await expectAdminOnly(
        { call: callAction, url: URL_LISTINGS, body: () => new URLSearchParams({ intent, listingId: listing.id, rule: "spam", reason: "no" }), headers: FORM_HEADERS, state: stateOf(listing.id) },
        owner,
      );
    }
  });
});

describe("/admin/pet-listings: the appeals", () => {
  itDb("the decision is for administrators only; nothing changes", async () => {
    const { owner, listing, appealId } = await appealed();
    await expectAdminOnly({ call: callLoader, url: `${URL_LISTINGS}?appeals=pending` });
    for (const decision of ["reverse", "uphold"]) {
      await expectAdminOnly(
        { call: callAction, url: URL_LISTINGS, body: () => new URLSearchParams({ intent: "decide-appeal", appealId, decision }), headers: FORM_HEADERS, state: appealState(listing.id) },
        owner,
      );
    }
  });

  itDb("«Contestazioni» lists the appeal with its listing; the admin reverses it once, a second decision is told (409)", async () => {
    const { admin, listing, appealId } = await appealed();
    const loaded = await outcomeOf(() => callLoader(requestAs(admin, `${URL_LISTINGS}?appeals=pending`)));
    expect(loaded.status).toBe(200);
    expect(loaded.data).toMatchObject({ appeals: true, listings: [{ id: listing.id, appeal: { id: appealId, status: "pending" } }] });
    const html = renderPage(AdminPetListings, loaded.data, "/admin/pet-listings?appeals=pending");
    expect(html).toContain("È un animale ammesso.");
    expect(html).toContain("Specie non ammessa (D.Lgs. 135/2022, art. 3)");
    expect(html).toContain("Riattiva l&#x27;annuncio");
    expect(html).toContain("Conferma la sospensione");

    const post = (fields: Record<string, string>) =>
      outcomeOf(() => callAction(postForm(admin, URL_LISTINGS, fields)));
    expect(await post({ intent: "decide-appeal", appealId, decision: "maybe" })).toMatchObject({ status: 400, data: { ok: false, error: A.decisionInvalid } });
    expect(await post({ intent: "decide-appeal", appealId, decision: "reverse", note: "Verificato" })).toMatchObject({ status: 200, data: { ok: true, message: A.reversed } });
    expect(await post({ intent: "decide-appeal", appealId, decision: "uphold" })).toMatchObject({ status: 409, data: { ok: false, error: alreadyDecided("reversed") } });
    expect((await stateOf(listing.id)())[0]!.status).toBe("active");
    const after = await outcomeOf(() => callLoader(requestAs(admin, `${URL_LISTINGS}?appeals=pending`)));
    expect(after.data).toMatchObject({ listings: [] });
  });
});

describe("/admin/pet-listings for an administrator", () => {
  itDb("suspends, refuses a second suspension with a clear message (409), reactivates, refuses an unknown intent", async () => {
    const admin = await createAccount({ role: "admin" });
    const owner = await createAccount();
    const listing = await createListingRow(owner.id);
    const post = (fields: Record<string, string>) =>
      outcomeOf(() => callAction(postForm(admin, URL_LISTINGS, fields)));
    expect(await post({ intent: "suspend", listingId: listing.id, rule: "illegal_sale", reason: "Prezzo non consentito" })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await post({ intent: "suspend", listingId: listing.id, rule: "spam" })).toMatchObject({ status: 409, data: { ok: false, error: suspendConflict("suspended") } });
    expect(await post({ intent: "reactivate", listingId: listing.id })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await post({ intent: "explode", listingId: listing.id })).toMatchObject({ status: 400 });
    expect(await post({ intent: "delete", listingId: listing.id })).toMatchObject({ status: 200, data: { ok: true } });
    expect(await stateOf(listing.id)()).toEqual([]);
  });

  itDb("a page past the last goes to the last; markup in a listing renders as text", async () => {
    const admin = await createAccount({ role: "admin" });
    const owner = await createAccount();
    await createListingRow(owner.id, { title: MARKUP, locationCity: MARKUP, contactName: MARKUP, contactEmail: "x@example.it" });
    const past = await outcomeOf(() => callLoader(requestAs(admin, `${URL_LISTINGS}?q=onerror&page=9`)));
    expect(past).toMatchObject({ status: 302, location: "/admin/pet-listings?q=onerror" });
    const loaded = await outcomeOf(() => callLoader(requestAs(admin, `${URL_LISTINGS}?q=onerror`)));
    expect(loaded.status).toBe(200);

    const html = renderPage(AdminPetListings, loaded.data, "/admin/pet-listings?q=onerror");
    expect(html).toContain("&lt;img src=x onerror=alert(1)&gt;");
    expect(html).not.toContain("<img src=x");
    expect(html).toContain('target="_blank"');
    expect(html).toContain('rel="noopener"');
  });
});
