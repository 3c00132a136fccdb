// /dashboard/pet-listings (decision 0093): each card shows its views, its conversations and the days
// left, with "Modifica" and "Rinnova"; renewing through the route, and refusing a suspended listing.
import { eq } from "drizzle-orm";
import { describe, expect } from "vitest";
import { db } from "~/db/client.server";
import { listingViewCounts, petListings } from "~/db/schema";
import { LISTING_MESSAGES as M } from "~/listings/validation";
import MyListings, { loader } from "~/routes/dashboard/pet-listings";
import { MY_LISTINGS_URL as URL_MINE, postToMyListings as post } from "~/routes/dashboard/pet-listings.testing";
import { createAccount, requestAs } from "../../../tests/accounts";
import { itDb } from "../../../tests/db";
import { createListingRow } from "../../../tests/factories";
import { renderPage } from "../../../tests/render-page";
import { callRoute } from "../../../tests/route-calls";

describe("managing from the dashboard", () => {
  itDb("the card shows views, conversations, days left, «Modifica» and «Rinnova»; renewing moves the end 60 days from now", async () => {
    const owner = await createAccount();
    const listing = await createListingRow(owner.id, { title: "Cavia dolce", expiresAt: new Date(Date.now() + 4.5 * 86_400_000) });
    await db().insert(listingViewCounts).values({ listingId: listing.id, views: 12345 });
    const html = renderPage(MyListings, (await callRoute(loader, requestAs(owner, URL_MINE))).data, "/dashboard/pet-listings");
    expect(html).toContain("12.345 visualizzazioni");
    expect(html).toContain("0 conversazioni");
    expect(html).toContain("Scade tra 5 giorni");
    expect(html).toContain(`href="/dashboard/pet-listings/${listing.id}/modifica"`);
    expect(html).toContain("Rinnova");

    expect(await post(owner, { intent: "renew", id: listing.id })).toMatchObject({ status: 200, data: { ok: true, message: M.renewed } });
    const [after] = await db().select().from(petListings).where(eq(petListings.id, listing.id));
    expect(Math.round((after!.expiresAt.getTime() - Date.now()) / 86_400_000)).toBe(60);
  });

  itDb("a suspended listing shows no «Rinnova» and is refused (409); someone else's is not found (404)", async () => {
    const owner = await createAccount();
    const suspended = await createListingRow(owner.id, { status: "suspended" });
    const html = renderPage(MyListings, (await callRoute(loader, requestAs(owner, URL_MINE))).data, "/dashboard/pet-listings");
    expect(html).not.toContain("Rinnova");
    expect(await post(owner, { intent: "renew", id: suspended.id })).toMatchObject({ status: 409, data: { error: M.renewSuspended } });
    const other = await createListingRow((await createAccount()).id);
    expect(await post(owner, { intent: "renew", id: other.id })).toMatchObject({ status: 404, data: { error: M.notFound } });
    const [untouched] = await db().select().from(petListings).where(eq(petListings.id, other.id));
    expect(untouched!.expiresAt.getTime()).toBe(other.expiresAt.getTime());
  });
});
