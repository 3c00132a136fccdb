-- The back office's lists of issue 17 (docs/decisions/0050-listing-moderation-and-reports.md):
-- reports newest first with no status filter, listings newest first in every status, and the
-- listings' admin search (title, city, contact e-mail) by trigrams over one folded expression.
CREATE INDEX "listing_reports_created_idx" ON "listing_reports" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pet_listings_created_idx" ON "pet_listings" USING btree ("created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "pet_listings_admin_search_idx" ON "pet_listings" USING gin (zampa_fold("title" || ' ' || "location_city" || ' ' || "contact_email") gin_trgm_ops);