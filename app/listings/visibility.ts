// The one definition of "a listing is public" (DESIGN [4], [5]): only an active listing is shown to
// everyone, listed, searched, put on the map and in the sitemap. Client-safe (no database imports):
// pages use it to say why a listing is visible to its owner only; the SQL form is in
// visibility.server.ts, built from the same constant.
import type { LISTING_STATUSES } from "~/lib/enums";

export type ListingStatus = (typeof LISTING_STATUSES.values)[number];

export const PUBLIC_LISTING_STATUS = "active" satisfies ListingStatus;

export function isPublicListing(listing: { status: ListingStatus }): boolean {
  return listing.status === PUBLIC_LISTING_STATUS;
}
