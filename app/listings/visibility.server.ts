// "A listing is public" as a SQL condition, from the one definition in visibility.ts.
import { sql } from "drizzle-orm";
import { petListings } from "~/db/schema";
import { PUBLIC_LISTING_STATUS } from "./visibility";

/**
 * The condition every public read of the listings (list, map, sitemap) applies. Written as a
 * literal, not a parameter: the words' index holds only these rows (drizzle/0019), and the planner
 * uses a partial index only for a condition it can see.
 */
export const isPublicListingRow = () => sql`${petListings.status} = ${sql.raw(`'${PUBLIC_LISTING_STATUS}'`)}`;
