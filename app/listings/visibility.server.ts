// "A listing is public" as a SQL condition, from the one definition in visibility.ts.
import { eq } from "drizzle-orm";
import { petListings } from "~/db/schema";
import { PUBLIC_LISTING_STATUS } from "./visibility";

/** The condition every public read of the listings (list, index, map, sitemap) applies. */
export const isPublicListingRow = () => eq(petListings.status, PUBLIC_LISTING_STATUS);
