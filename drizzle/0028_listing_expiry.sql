CREATE TABLE "listing_view_counts" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"views" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_view_counts_views_check" CHECK ("listing_view_counts"."views" >= 0)
);
--> statement-breakpoint
ALTER TABLE "pet_listings" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '60 days' NOT NULL;--> statement-breakpoint
ALTER TABLE "pet_listings" ADD COLUMN "expiry_notified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "pet_listings" ADD COLUMN "expired_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_view_counts" ADD CONSTRAINT "listing_view_counts_listing_id_pet_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."pet_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "pet_listings_expiry_idx" ON "pet_listings" USING btree ("expires_at") WHERE "pet_listings"."status" = 'active';--> statement-breakpoint
-- Listings already online count their 60 days from publishing (decision 0093), but none closes
-- before its owner has had the 7 days' notice: at least a week is left from the migration.
UPDATE "pet_listings" SET "expires_at" = greatest("created_at" + interval '60 days', now() + interval '7 days');
