// Listing views (decision 0093): a person's GET of the page counts, cached or not; a robot's, a
// prefetch, another page or an error does not; the counts reach the database in one batch.
import { afterEach, beforeEach, describe, expect } from "vitest";
import { setCacheEnabled } from "~/cache/cache.server";
import { CACHE_QUERY_HEADER, CACHE_TAG_HEADER } from "~/cache/page-cache.server";
import { createAccount } from "../../tests/accounts";
import { itDb } from "../../tests/db";
import { createListingRow } from "../../tests/factories";
import { ownerStatsOf } from "./owner-stats.server";
import { cachedAnswerCountingViews, flushViews, servePageCountingViews, stopViewCounting, viewedListing } from "./views.server";

const PERSON = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const GOOGLEBOT = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";
const get = (path: string, headers: Record<string, string> = { "user-agent": PERSON }, method = "GET") =>
  new Request(`http://localhost:3000${path}`, { method, headers });

let renders = 0;
/** The listing page as the app renders it: cacheable under the listings' tag. */
const render = (status = 200) => async () => {
  renders += 1;
  return new Response("<html>annuncio</html>", {
    status,
    headers: { "content-type": "text/html; charset=utf-8", [CACHE_TAG_HEADER]: "listings", [CACHE_QUERY_HEADER]: "" },
  });
};

beforeEach(() => {
  setCacheEnabled(true);
  renders = 0;
});
afterEach(async () => {
  setCacheEnabled(false);
  await stopViewCounting();
});

describe("counting listing views", () => {
  itDb("counts people's page requests, cached ones too, and not robots, prefetches, other pages or errors", async () => {
    const owner = await createAccount();
    const listing = await createListingRow(owner.id);
    const other = await createListingRow(owner.id);
    const page = `/pet-listing/${listing.id}`;
    for (let i = 0; i < 3; i++) expect((await servePageCountingViews(get(page), render())).status).toBe(200);
    // The second and third came from the page cache: no loader ran, and they counted all the same.
    expect(renders).toBe(1);
    await servePageCountingViews(get(`${page}.data`, { "user-agent": PERSON, referer: "http://localhost:3000/pet-listings" }), render());
    // The page's own data reloaded after an action on it: no new view.
    await servePageCountingViews(get(`${page}.data`, { "user-agent": PERSON, referer: `http://localhost:3000${page}` }), render());
    await servePageCountingViews(get(page, { "user-agent": GOOGLEBOT }), render());
    await servePageCountingViews(get(page, { "user-agent": "" }), render());
    await servePageCountingViews(get(page, { "user-agent": PERSON, "sec-purpose": "prefetch" }), render());
    await servePageCountingViews(get(`/pet-listing/${other.id}/contatto`), render());
    await servePageCountingViews(get(`/pet-listing/${other.id}`), render(404));
    // A listing that does not exist is dropped when the batch is written.
    await servePageCountingViews(get("/pet-listing/0b7e6f3a-4c1d-4e2f-9a8b-7c6d5e4f3a2b"), render());
    await flushViews();
    const stats = await ownerStatsOf([listing.id, other.id]);
    expect(stats.get(listing.id)).toEqual({ views: 4, conversations: 0 });
    expect(stats.get(other.id)).toEqual({ views: 0, conversations: 0 });
    // The next batch adds to the count.
    await servePageCountingViews(get(page), render());
    await flushViews();
    expect((await ownerStatsOf([listing.id])).get(listing.id)?.views).toBe(5);
  });

  itDb("counts the hits the HTTP server answers before any Request exists (decision 0104) the same way", async () => {
    const owner = await createAccount();
    const listing = await createListingRow(owner.id);
    const page = `/pet-listing/${listing.id}`;
    const raw = (headers: Record<string, string>, method = "GET") => ({ method, url: page, header: (name: string) => headers[name] ?? null });
    expect(cachedAnswerCountingViews(raw({ "user-agent": PERSON }))).toBeNull();
    await servePageCountingViews(get(page), render());
    expect(cachedAnswerCountingViews(raw({ "user-agent": PERSON }))?.status).toBe(200);
    expect(cachedAnswerCountingViews(raw({ "user-agent": GOOGLEBOT }))?.status).toBe(200);
    expect(cachedAnswerCountingViews(raw({ "user-agent": PERSON, "sec-purpose": "prefetch" }))?.status).toBe(200);
    expect(cachedAnswerCountingViews(raw({ "user-agent": PERSON }, "HEAD"))?.status).toBe(200);
    await flushViews();
    // The rendered one and the person's hit; not the robot, the prefetch or the HEAD.
    expect((await ownerStatsOf([listing.id])).get(listing.id)?.views).toBe(2);
  });

  itDb("recognises only a GET of a listing's page", () => {
    const id = "0b7e6f3a-4c1d-4e2f-9a8b-7c6d5e4f3a2b";
    expect(viewedListing(get(`/pet-listing/${id}`))).toBe(id);
    expect(viewedListing(get(`/pet-listing/${id.toUpperCase()}`))).toBe(id);
    expect(viewedListing(get(`/pet-listing/${id}`, { "user-agent": PERSON }, "POST"))).toBeNull();
    expect(viewedListing(get(`/pet-listing/non-un-id`))).toBeNull();
    expect(viewedListing(get(`/pet-listings`))).toBeNull();
    return Promise.resolve();
  });
});
