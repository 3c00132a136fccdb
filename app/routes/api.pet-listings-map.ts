import { data } from "react-router";
import type { Route } from "./+types/api.pet-listings-map";
import { CACHE_TAGS } from "~/cache/cache.server";
import { cacheHeaders } from "~/cache/page-cache.server";
import { readQuery } from "~/lib/form.server";
import { LISTING_FILTER_PARAMS, listingMarkers, parseFilters } from "~/listings/browse.server";
import type { RateLimitHandle } from "~/lib/rate-limit-classes";

/** A text search is in the search class of the rate limits (decision 0068). */
export const handle: RateLimitHandle = { rateLimit: { search: true } };

// GET /api/pet-listings/map?q=…&petType=…&listingType=… — the markers of the map view, with the
// same filters as the list.
export async function loader({ request }: Route.LoaderArgs) {
  const markers = await listingMarkers(parseFilters(readQuery(request)));
  return data({ markers }, { headers: cacheHeaders([CACHE_TAGS.listings], LISTING_FILTER_PARAMS) });
}
