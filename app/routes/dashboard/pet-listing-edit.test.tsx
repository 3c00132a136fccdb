// /dashboard/pet-listings/:id/modifica and POST /api/pet-listings/:id (decision 0093): the owner's
// form starts from the stored listing; anyone else is told it does not exist (an admin too), a
// visitor is sent to sign in; the form sent without JavaScript keeps what was typed on an error.
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { petListings } from "~/db/schema";
import { editableListing } from "~/listings/edit.server";
import { LISTING_MESSAGES as M } from "~/listings/validation";
import EditPetListing, { action, loader } from "~/routes/dashboard/pet-listing-edit";
import { action as apiAction } from "~/routes/api.pet-listing-edit";
import { createAccount, requestAs, type TestAccount } from "../../../tests/accounts";
import { outcomeOf } from "../../../tests/admin-access";
import { itDb } from "../../../tests/db";
import { createListingRow, VALID_LISTING_FIELDS } from "../../../tests/factories";
import { renderPage } from "../../../tests/render-page";

const pageUrl = (id: string) => `http://localhost:3000/dashboard/pet-listings/${id}/modifica`;
const args = (request: Request, id: string) => ({ request, params: { id }, context: {}, url: new URL(request.url) }) as never;
const multipart = (fields: Record<string, string>) => {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  return form;
};
const postTo = (handler: typeof action | typeof apiAction, url: string, account: TestAccount | null, id: string, fields: Record<string, string>) =>
  outcomeOf(() => handler(args(requestAs(account, url, { method: "POST", body: multipart(fields) }), id)));
const row = async (id: string) => (await db().select().from(petListings).where(eq(petListings.id, id)))[0]!;

describe("the edit page", () => {
  itDb("shows the owner's listing in the creation form, ready to save", async () => {
    const owner = await createAccount();
    const listing = await createListingRow(owner.id, { title: "Gattina <b>grigia</b>", messagesOnly: true, contactPhone: "", status: "suspended" });
    const loaded = await outcomeOf(() => loader(args(requestAs(owner, pageUrl(listing.id)), listing.id)));
    expect(loaded.status).toBe(200);
    const html = renderPage(EditPetListing, loaded.data, `/dashboard/pet-listings/${listing.id}/modifica`, "/dashboard/pet-listings/:id/modifica");
    expect(html).toContain("Modifica annuncio");
    expect(html).toContain('value="Gattina &lt;b&gt;grigia&lt;/b&gt;"');
    expect(html).toMatch(/name="messagesOnly"[^>]*checked/);
    expect(html).toContain("Salva le modifiche");
    expect(html).toContain("Salvare le modifiche non cambia lo stato");
    expect(html).toMatch(/name="version" value="\d+"/);
  });

  itDb("another user and an admin get 404, a visitor is sent to sign in; the API says the same and changes nothing", async () => {
    const owner = await createAccount();
    const listing = await createListingRow(owner.id);
    const { version } = (await editableListing({ id: owner.id, email: owner.email, fullName: "", role: "user" }, listing.id))!;
    const fields = { ...VALID_LISTING_FIELDS, version, title: "Preso da altri" };
    for (const stranger of [await createAccount(), await createAccount({ role: "admin" })]) {
      expect((await outcomeOf(() => loader(args(requestAs(stranger, pageUrl(listing.id)), listing.id)))).status).toBe(404);
      expect(await postTo(action, pageUrl(listing.id), stranger, listing.id, fields)).toMatchObject({ status: 404, data: { error: M.notFound } });
      expect(await postTo(apiAction, `http://localhost:3000/api/pet-listings/${listing.id}`, stranger, listing.id, fields)).toMatchObject({
        status: 404,
        data: { ok: false, error: M.notFound },
      });
    }
    const visitor = await outcomeOf(() => loader(args(requestAs(null, pageUrl(listing.id)), listing.id)));
    expect(visitor.status).toBe(302);
    expect(visitor.location).toContain("/login");
    expect(await postTo(apiAction, `http://localhost:3000/api/pet-listings/${listing.id}`, null, listing.id, fields)).toMatchObject({ status: 401 });
    expect(await row(listing.id)).toEqual(listing);
  });

  itDb("without JavaScript: a wrong field answers 400 with its message and the page keeps what was typed; a right form saves", async () => {
    const owner = await createAccount();
    const listing = await createListingRow(owner.id);
    const { version } = (await editableListing({ id: owner.id, email: owner.email, fullName: "", role: "user" }, listing.id))!;
    const typed = { ...VALID_LISTING_FIELDS, version, title: "Nuovo titolo scritto", contactPhone: "abc" };
    const failed = await postTo(action, pageUrl(listing.id), owner, listing.id, typed);
    expect(failed).toMatchObject({ status: 400, data: { ok: false, error: M.phoneInvalid, values: { title: "Nuovo titolo scritto", contactPhone: "abc" } } });
    expect(await row(listing.id)).toEqual(listing);
    const loaded = await outcomeOf(() => loader(args(requestAs(owner, pageUrl(listing.id)), listing.id)));
    const html = renderPage(() => <EditPetListing loaderData={loaded.data as never} actionData={failed.data as never} params={{ id: listing.id }} matches={[] as never} />, loaded.data, "/x");
    expect(html).toContain('value="Nuovo titolo scritto"');
    expect(html).toContain(M.phoneInvalid);
    const saved = await postTo(action, pageUrl(listing.id), owner, listing.id, { ...typed, contactPhone: "+39 333 999 8888" });
    expect(saved).toMatchObject({ status: 200, data: { ok: true } });
    expect(await row(listing.id)).toMatchObject({ title: "Nuovo titolo scritto", contactPhone: "+39 333 999 8888" });
  });
});
