// How many times each listing's page was seen (decision 0093), for its owner's dashboard. Counted
// where every page request passes, in front of the page cache (a cached page runs no loader), so a
// cached view counts like any other. A view costs the page nothing: it adds one to a number in this
// process's memory; every few seconds the numbers gathered go to the database in one statement
// (listing_view_counts, upserted), whatever the traffic. A crash loses at most those seconds' views.
import { isbot } from "isbot";
import { sql } from "drizzle-orm";
import { cachedAnswer, servePage, type RawRequest } from "~/cache/page-cache.server";
import type { PlainParts } from "~/lib/http-headers";
import { queryRows } from "~/db/client.server";
import { logger } from "~/lib/logger.server";

/** How often the gathered views are written. */
export const VIEW_FLUSH_MS = 5_000;
/** At most this many listings' counts wait in memory (a flood of made-up ids cannot grow it further). */
const MAX_PENDING = 10_000;

// The listing page and its client-side navigation data (/pet-listing/<id>.data).
const LISTING_PAGE = /^\/pet-listing\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})(?:\.data)?\/?$/i;

let pending = new Map<string, number>();
let timer: NodeJS.Timeout | undefined;
let flushing: Promise<void> | undefined;

/** The listing a request views, or null: only a person's GET of the page, not a robot's or a prefetch. */
export function viewedListing(request: Request): string | null {
  if (request.method !== "GET") return null;
  return viewedListingAt(new URL(request.url).pathname, (name) => request.headers.get(name));
}

/** The same for a GET of `path`, its headers read through `header`. */
function viewedListingAt(path: string, header: (name: string) => string | null): string | null {
  const match = LISTING_PAGE.exec(path);
  if (!match?.[1]) return null;
  const agent = header("user-agent") ?? "";
  if (agent.trim() === "" || isbot(agent)) return null;
  // A link the browser fetched ahead in case it is followed has not been seen.
  const purpose = header("sec-purpose") ?? header("purpose") ?? "";
  if (purpose.includes("prefetch")) return null;
  const id = match[1].toLowerCase();
  // The page's data asked for by the page itself (reloaded after an action on it) is no new view.
  if (path.endsWith(".data") && refererPath(header("referer"))?.toLowerCase() === `/pet-listing/${id}`) return null;
  return id;
}

function refererPath(referer: string | null): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).pathname.replace(/\/$/, "");
  } catch {
    return null;
  }
}

/** Adds one view to the listing, to be written with the next batch. */
export function countView(listingId: string): void {
  const current = pending.get(listingId);
  if (current === undefined && pending.size >= MAX_PENDING) return;
  pending.set(listingId, (current ?? 0) + 1);
  if (!timer) {
    timer = setTimeout(() => {
      timer = undefined;
      void flushViews();
    }, VIEW_FLUSH_MS);
    timer.unref();
  }
}

/**
 * Writes the views gathered so far, in one statement: ids of listings that no longer exist are
 * dropped by the join. A failed write is logged and its views are given up (a statistic, not a record).
 */
export async function flushViews(): Promise<void> {
  await flushing;
  if (pending.size === 0) return;
  const batch = pending;
  pending = new Map();
  const values = sql.join(
    [...batch].map(([id, views]) => sql`(${id}::uuid, ${views}::bigint)`),
    sql`, `,
  );
  flushing = queryRows(sql`
    insert into listing_view_counts (listing_id, views)
    select v.id, v.views from (values ${values}) as v(id, views) join pet_listings l on l.id = v.id
    on conflict (listing_id) do update set views = listing_view_counts.views + excluded.views`)
    .then(() => undefined)
    .catch((error: unknown) => logger.error({ err: error, listings: batch.size }, "annunci: visualizzazioni non salvate"));
  await flushing;
  flushing = undefined;
}

/** Stops the timer and writes what is left (shutdown, before the database closes). */
export async function stopViewCounting(): Promise<void> {
  clearTimeout(timer);
  timer = undefined;
  await flushViews();
}

/**
 * The page cache with the views counted in front of it: the page answered, cached or not, counts (a
 * 304 too: the browser shows the page it kept).
 */
export async function servePageCountingViews(request: Request, render: (request: Request) => Promise<Response>): Promise<Response> {
  const response = await servePage(request, render);
  if (response.status === 200 || response.status === 304) {
    const id = viewedListing(request);
    if (id) countView(id);
  }
  return response;
}

/** cachedAnswer (the HTTP server's way for cache hits), with the listing's view counted the same way. */
export function cachedAnswerCountingViews(raw: RawRequest): PlainParts | null {
  const answer = cachedAnswer(raw);
  if (answer && raw.method === "GET") {
    const id = viewedListingAt(raw.url, raw.header);
    if (id) countView(id);
  }
  return answer;
}
