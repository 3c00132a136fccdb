DROP INDEX "pet_listings_public_idx";--> statement-breakpoint
DROP INDEX "pet_listings_filter_idx";--> statement-breakpoint
CREATE INDEX "pet_listings_public_idx" ON "pet_listings" USING btree ("status","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pet_listings_filter_idx" ON "pet_listings" USING btree ("status","pet_type","listing_type","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);