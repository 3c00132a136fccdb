-- The listings' admin search text stored, folded once per write (docs/decisions/0049): the trigram
-- index moves from the expression of 0009 to the stored column, so a common word's candidates are
-- re-checked against stored text instead of unaccenting each row again.
DROP INDEX "pet_listings_admin_search_idx";--> statement-breakpoint
ALTER TABLE "pet_listings" ADD COLUMN "admin_search" text GENERATED ALWAYS AS (zampa_fold(title || ' ' || location_city || ' ' || contact_email)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "pet_listings_admin_search_idx" ON "pet_listings" USING gin ("admin_search" gin_trgm_ops);