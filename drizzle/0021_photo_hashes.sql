CREATE TABLE "listing_photo_hashes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"photo_url" text NOT NULL,
	"hash" bigint NOT NULL,
	"mirrored_hash" bigint NOT NULL,
	"band0" smallint NOT NULL,
	"band1" smallint NOT NULL,
	"band2" smallint NOT NULL,
	"band3" smallint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_reports" ADD COLUMN "automatic_check" text;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD COLUMN "related_listing_id" uuid;--> statement-breakpoint
ALTER TABLE "listing_photo_hashes" ADD CONSTRAINT "listing_photo_hashes_listing_id_pet_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."pet_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_photo_hashes" ADD CONSTRAINT "listing_photo_hashes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_photo_hashes_photo_idx" ON "listing_photo_hashes" USING btree ("listing_id","photo_url");--> statement-breakpoint
CREATE INDEX "listing_photo_hashes_band0_idx" ON "listing_photo_hashes" USING btree ("band0");--> statement-breakpoint
CREATE INDEX "listing_photo_hashes_band1_idx" ON "listing_photo_hashes" USING btree ("band1");--> statement-breakpoint
CREATE INDEX "listing_photo_hashes_band2_idx" ON "listing_photo_hashes" USING btree ("band2");--> statement-breakpoint
CREATE INDEX "listing_photo_hashes_band3_idx" ON "listing_photo_hashes" USING btree ("band3");--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_related_listing_id_pet_listings_id_fk" FOREIGN KEY ("related_listing_id") REFERENCES "public"."pet_listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_reports_automatic_pair_idx" ON "listing_reports" USING btree ("automatic_check",least("listing_id", "related_listing_id"),greatest("listing_id", "related_listing_id")) WHERE "listing_reports"."automatic_check" is not null and "listing_reports"."listing_id" is not null and "listing_reports"."related_listing_id" is not null;--> statement-breakpoint
CREATE INDEX "listing_reports_related_idx" ON "listing_reports" USING btree ("related_listing_id");--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_automatic_check_check" CHECK ("listing_reports"."automatic_check" in ('duplicate_photo', 'duplicate_code'));