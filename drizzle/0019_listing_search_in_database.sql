-- The list page searches the database itself (docs/decisions/0082-listing-search-in-the-database.md):
-- the per-process index of the listings, and the change log that kept it in step, are gone.
DROP TRIGGER IF EXISTS pet_listings_log_insert ON pet_listings;
--> statement-breakpoint
DROP TRIGGER IF EXISTS pet_listings_log_update ON pet_listings;
--> statement-breakpoint
DROP TRIGGER IF EXISTS pet_listings_log_delete ON pet_listings;
--> statement-breakpoint
DROP FUNCTION IF EXISTS zampa_log_listing_changes();
--> statement-breakpoint
DROP TABLE "pet_listing_changes" CASCADE;
--> statement-breakpoint
-- The words' index holds only the public rows, the only ones the list searches: smaller, and a
-- match needs no second look at the status.
DROP INDEX pet_listings_search_idx;
--> statement-breakpoint
CREATE INDEX pet_listings_search_idx ON pet_listings USING gin (search_vector) WHERE status = 'active';
--> statement-breakpoint
-- How status, pet type and listing type go together: the planner's estimate of a filtered list is
-- what the page shows ("circa") past the exact count.
CREATE STATISTICS pet_listings_filter_stats (mcv) ON status, pet_type, listing_type FROM pet_listings;
