// Favourites through their routes (decision 0092), as a form posted with or without JavaScript
// reaches them: the heart's action (who may touch which row, bad ids, non-public listings, double
// submits, the way back), /dashboard/preferiti (paging, "Non più disponibile", removal), the owner's
// count, and the anonymous list page, which must be the same for every visitor whatever anyone keeps.
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { listingFavourites, petListings } from "~/db/schema";
import { FAVOURITE_LIMITS, FAVOURITE_TEXTS as T } from "~/favourites/texts";
import { loginPathBackTo } from "~/lib/return-path";
import PetListings, { loader as browseLoader } from "~/routes/listings/browse";
import { loader as createLoader } from "~/routes/listings/create";
import { loader as detailLoader } from "~/routes/listings/detail";
import { action as favouriteAction } from "~/routes/listings/favourite";
import Favourites, { action as dashboardAction, loader as dashboardLoader } from "~/routes/dashboard/favourites";
import { loader as ownListingsLoader } from "~/routes/dashboard/pet-listings";
import { createAccount, requestAs, type TestAccount } from "../../../tests/accounts";
import { outcomeOf } from "../../../tests/admin-access";
import { itDb } from "../../../tests/db";
import { createListingRow } from "../../../tests/factories";
import { renderPage } from "../../../tests/render-page";

const BASE = "http://localhost:3000";
const FORM = { "content-type": "application/x-www-form-urlencoded" };
const args = (request: Request, params: Record<string, string> = {}) => ({ request, params, context: {}, url: new URL(request.url) }) as never;

/** The heart pressed: `reply: "stay"` is what the page's script adds (the fetcher). */
const press = (account: TestAccount | null, id: string, fields: Record<string, string>) =>
  outcomeOf(() =>
    favouriteAction(args(requestAs(account, `${BASE}/pet-listing/${id}/preferito`, { method: "POST", body: new URLSearchParams(fields), headers: FORM }), { id })),
  );
const keptBy = async (userId: string) =>
  (await db().select({ listingId: listingFavourites.listingId }).from(listingFavourites).where(eq(listingFavourites.userId, userId))).map((r) => r.listingId).sort();
const suspend = (id: string) => db().update(petListings).set({ status: "suspended" }).where(eq(petListings.id, id));
const dashboard = (account: TestAccount | null, query = "") => outcomeOf(() => dashboardLoader(args(requestAs(account, `${BASE}/dashboard/preferiti${query}`))));
const removeOnDashboard = (account: TestAccount, listingId: string) =>
  outcomeOf(() =>
    dashboardAction(args(requestAs(account, `${BASE}/dashboard/preferiti`, { method: "POST", body: new URLSearchParams({ intent: "remove", listingId }), headers: FORM }))),
  );

async function people() {
  const owner = await createAccount({ fullName: "Olga Proprietaria" });
  const giulia = await createAccount({ fullName: "Giulia Bianchi" });
  const marco = await createAccount({ fullName: "Marco Verdi" });
  const listing = await createListingRow(owner.id, { title: `Gatto da amare ${Date.now()}` });
  return { owner, giulia, marco, listing };
}

describe("the heart's action", () => {
  itDb("adds and removes the signed-in person's favourite, with and without JavaScript, only ever their own row", async () => {
    const { giulia, marco, listing } = await people();
    // With JavaScript: the state itself.
    expect(await press(giulia, listing.id, { intent: "add", reply: "stay" })).toMatchObject({ status: 200, data: { ok: true, favourite: true } });
    expect(await keptBy(giulia.id)).toEqual([listing.id]);
    // Without: back to the page the heart was on, a same-site path only.
    expect(await press(marco, listing.id, { intent: "add", back: "/pet-listings?page=2" })).toMatchObject({ status: 302, location: "/pet-listings?page=2" });
    expect(await keptBy(marco.id)).toEqual([listing.id]);

    // Marco's "remove" of the same listing touches his row only: there is no way to name Giulia's.
    expect(await press(marco, listing.id, { intent: "remove", userId: giulia.id, reply: "stay" })).toMatchObject({ status: 200, data: { ok: true, favourite: false } });
    expect(await keptBy(marco.id)).toEqual([]);
    expect(await keptBy(giulia.id)).toEqual([listing.id]);
    expect(await removeOnDashboard(marco, listing.id)).toMatchObject({ status: 200, data: { ok: true } });
    expect(await keptBy(giulia.id)).toEqual([listing.id]);

    expect(await press(giulia, listing.id, { intent: "remove", back: `/pet-listing/${listing.id}` })).toMatchObject({ status: 302, location: `/pet-listing/${listing.id}` });
    expect(await keptBy(giulia.id)).toEqual([]);
  });

  itDb("keeps one row for a double submit", async () => {
    const { giulia, listing } = await people();
    const [first, second] = await Promise.all([press(giulia, listing.id, { intent: "add", reply: "stay" }), press(giulia, listing.id, { intent: "add", reply: "stay" })]);
    expect([first.data, second.data]).toEqual([
      { ok: true, favourite: true },
      { ok: true, favourite: true },
    ]);
    expect(await press(giulia, listing.id, { intent: "add" })).toMatchObject({ status: 302 });
    expect(await keptBy(giulia.id)).toEqual([listing.id]);
  });

  itDb("sends a visitor to sign in and back, writing nothing", async () => {
    const { listing } = await people();
    expect(await press(null, listing.id, { intent: "add", back: "/pet-listings?petType=cat" })).toMatchObject({ status: 302, location: loginPathBackTo("/pet-listings?petType=cat") });
    expect(await press(null, listing.id, { intent: "add" })).toMatchObject({ status: 302, location: loginPathBackTo(`/pet-listing/${listing.id}`) });
    expect(await db().select().from(listingFavourites).where(eq(listingFavourites.listingId, listing.id))).toEqual([]);
  });

  itDb("refuses a malformed id (400), an unknown listing (404) and a wrong intent (400)", async () => {
    const { giulia, listing } = await people();
    expect(await press(giulia, "non-un-id", { intent: "add", reply: "stay" })).toMatchObject({ status: 400, data: { ok: false, error: T.badId } });
    expect(await press(giulia, "non-un-id", { intent: "add" })).toMatchObject({ status: 400, data: { ok: false, error: T.badId } });
    const unknown = "0b6f0c5e-3a1d-4b8e-9a0e-2f1c3d4e5f60";
    expect(await press(giulia, unknown, { intent: "add", reply: "stay" })).toMatchObject({ status: 404, data: { error: T.notFound } });
    expect(await press(giulia, unknown, { intent: "remove", reply: "stay" })).toMatchObject({ status: 404, data: { error: T.notFound } });
    expect(await press(giulia, listing.id, { intent: "toggle", reply: "stay" })).toMatchObject({ status: 400, data: { error: T.badIntent } });
    expect(await keptBy(giulia.id)).toEqual([]);
  });

  itDb("cannot add a listing that is not public, but can let one go that was suspended after it was kept", async () => {
    const { giulia, marco, listing } = await people();
    expect((await press(giulia, listing.id, { intent: "add", reply: "stay" })).status).toBe(200);
    await suspend(listing.id);
    expect(await press(marco, listing.id, { intent: "add", reply: "stay" })).toMatchObject({ status: 404, data: { error: T.notFound } });
    // Already kept before the suspension: adding again is refused too (it is not public now).
    expect(await press(giulia, listing.id, { intent: "add", reply: "stay" })).toMatchObject({ status: 404 });
    expect(await keptBy(marco.id)).toEqual([]);
    expect(await press(giulia, listing.id, { intent: "remove", reply: "stay" })).toMatchObject({ status: 200, data: { ok: true, favourite: false } });
    expect(await keptBy(giulia.id)).toEqual([]);
  });

  itDb("never sends anyone to another site", async () => {
    const { giulia, listing } = await people();
    for (const back of ["//evil.example", "/\\evil.example", "https://evil.example/", "/%2F%2Fevil.example", "/%5Cevil.example"]) {
      expect(await press(giulia, listing.id, { intent: "add", back }), back).toMatchObject({ status: 302, location: `/pet-listing/${listing.id}` });
      expect(await press(null, listing.id, { intent: "add", back }), back).toMatchObject({ status: 302, location: loginPathBackTo(`/pet-listing/${listing.id}`) });
    }
  });
});

describe("the owner's count", () => {
  itDb("shows on /dashboard/pet-listings how many other people keep each listing", async () => {
    const { owner, giulia, marco, listing } = await people();
    const other = await createListingRow(owner.id);
    for (const who of [giulia, marco, owner]) await press(who, listing.id, { intent: "add", reply: "stay" });
    await press(giulia, other.id, { intent: "add", reply: "stay" });
    const loaded = await outcomeOf(() => ownListingsLoader(args(requestAs(owner, `${BASE}/dashboard/pet-listings`))));
    const counts = Object.fromEntries((loaded.data as { listings: { id: string; favourites: number }[] }).listings.map((l) => [l.id, l.favourites]));
    // The owner's own heart on their listing is not counted.
    expect(counts).toEqual({ [listing.id]: 2, [other.id]: 1 });
  });
});

describe("/dashboard/preferiti", () => {
  itDb("lists the newest first, in pages; a listing no longer public says so and can be removed", async () => {
    const owner = await createAccount();
    const reader = await createAccount();
    const listings: { id: string }[] = [];
    for (let i = 0; i < FAVOURITE_LIMITS.pageSize + 1; i++) listings.push(await createListingRow(owner.id, { title: `Preferito numero ${i}` }));
    // One a minute, the last the newest.
    await db()
      .insert(listingFavourites)
      .values(listings.map((l, i) => ({ userId: reader.id, listingId: l.id, createdAt: new Date(Date.UTC(2026, 10, 1, 10, i)) })));
    await suspend(listings[0]!.id);

    const first = await dashboard(reader);
    const firstItems = (first.data as { items: { title: string }[]; pageCount: number }).items;
    expect(first).toMatchObject({ status: 200, data: { page: 1, pageCount: 2, total: FAVOURITE_LIMITS.pageSize + 1 } });
    expect(firstItems[0]!.title).toBe(`Preferito numero ${FAVOURITE_LIMITS.pageSize}`);
    const second = await dashboard(reader, "?page=2");
    expect(second.data).toMatchObject({ page: 2, items: [{ title: "Preferito numero 0", available: false, image: null }] });
    const html = renderPage(Favourites, second.data, "/dashboard/preferiti?page=2", "/dashboard/preferiti");
    expect(html).toContain(T.unavailable);
    // No link to a listing the public cannot see.
    expect(html).not.toContain(`href="/pet-listing/${listings[0]!.id}"`);
    // Past the last page: back to it.
    expect(await dashboard(reader, "?page=3")).toMatchObject({ status: 302, location: "/dashboard/preferiti?page=2" });

    expect(await removeOnDashboard(reader, listings[0]!.id)).toMatchObject({ status: 200, data: { ok: true, message: T.removed } });
    expect(await dashboard(reader)).toMatchObject({ data: { pageCount: 1, total: FAVOURITE_LIMITS.pageSize } });
    // Only "remove" here; a malformed id changes nothing.
    const add = await outcomeOf(() =>
      dashboardAction(args(requestAs(reader, `${BASE}/dashboard/preferiti`, { method: "POST", body: new URLSearchParams({ intent: "add", listingId: listings[0]!.id }), headers: FORM }))),
    );
    expect(add).toMatchObject({ status: 400, data: { ok: false, message: T.badIntent } });
    expect(await removeOnDashboard(reader, "x")).toMatchObject({ status: 400, data: { message: T.badId } });
  });

  itDb("sends a visitor to sign in with the way back to the page asked for", async () => {
    expect(await dashboard(null, "?page=2")).toMatchObject({ status: 302, location: loginPathBackTo("/dashboard/preferiti?page=2") });
  });
});

describe("the cached pages", () => {
  itDb("render the same anonymous list and listing page whether or not someone keeps favourites", async () => {
    const { giulia, listing } = await people();
    const anonymousList = async () => {
      const loaded = await outcomeOf(() => browseLoader(args(requestAs(null, `${BASE}/pet-listings`))));
      expect((loaded.data as { favourites: unknown }).favourites).toBeNull();
      return renderPage(PetListings, loaded.data, "/pet-listings");
    };
    const anonymousDetail = async () => (await outcomeOf(() => detailLoader(args(requestAs(null, `${BASE}/pet-listing/${listing.id}`), { id: listing.id })))).data;
    const listBefore = await anonymousList();
    const detailBefore = await anonymousDetail();
    expect(listBefore).toContain(`href="${loginPathBackTo("/pet-listings")}"`);
    expect(listBefore).not.toContain("aria-pressed");

    await press(giulia, listing.id, { intent: "add", reply: "stay" });
    expect(await anonymousList()).toBe(listBefore);
    expect(await anonymousDetail()).toEqual(detailBefore);
    expect((detailBefore as { favourite: unknown }).favourite).toBeNull();

    // Giulia's own page (never cached: it carries her session) shows her heart pressed.
    const hers = await outcomeOf(() => browseLoader(args(requestAs(giulia, `${BASE}/pet-listings`))));
    expect((hers.data as { favourites: string[] }).favourites).toEqual([listing.id]);
    const html = renderPage(PetListings, hers.data, "/pet-listings");
    expect(html).toContain('aria-pressed="true"');
    expect(html).toContain(T.remove);
    const detail = await outcomeOf(() => detailLoader(args(requestAs(giulia, `${BASE}/pet-listing/${listing.id}`), { id: listing.id })));
    expect((detail.data as { favourite: unknown }).favourite).toBe(true);
  });
});

describe("Pubblica annuncio", () => {
  itDb("sends a visitor to sign in with the way back to the form", async () => {
    expect(await outcomeOf(() => createLoader(args(requestAs(null, `${BASE}/create-pet-listing`))))).toMatchObject({
      status: 302,
      location: "/login?redirectTo=%2Fcreate-pet-listing",
    });
    const user = await createAccount();
    expect(await outcomeOf(() => createLoader(args(requestAs(user, `${BASE}/create-pet-listing`))))).toMatchObject({ status: 200, data: { user: { email: user.email } } });
  });
});
