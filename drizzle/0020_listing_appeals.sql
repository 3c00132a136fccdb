CREATE TABLE "listing_appeals" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"suspended_at" timestamp with time zone NOT NULL,
	"text" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"admin_note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_appeals_status_check" CHECK ("listing_appeals"."status" in ('pending', 'upheld', 'reversed')),
	CONSTRAINT "listing_appeals_text_check" CHECK (char_length("listing_appeals"."text") between 1 and 2000),
	CONSTRAINT "listing_appeals_decided_check" CHECK (("listing_appeals"."status" = 'pending') = ("listing_appeals"."decided_at" is null))
);
--> statement-breakpoint
ALTER TABLE "pet_listings" ADD COLUMN "suspension_rule" text;--> statement-breakpoint
ALTER TABLE "pet_listings" ADD COLUMN "suspension_reason" text;--> statement-breakpoint
ALTER TABLE "pet_listings" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "listing_appeals" ADD CONSTRAINT "listing_appeals_listing_id_pet_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."pet_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_appeals" ADD CONSTRAINT "listing_appeals_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_appeals" ADD CONSTRAINT "listing_appeals_decided_by_profiles_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "listing_appeals_suspension_idx" ON "listing_appeals" USING btree ("listing_id","suspended_at");--> statement-breakpoint
CREATE INDEX "listing_appeals_pending_idx" ON "listing_appeals" USING btree ("created_at") WHERE "listing_appeals"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "listing_appeals_user_idx" ON "listing_appeals" USING btree ("user_id");--> statement-breakpoint
ALTER TABLE "pet_listings" ADD CONSTRAINT "pet_listings_suspension_rule_check" CHECK ("pet_listings"."suspension_rule" in ('illegal_sale', 'missing_identification', 'underage', 'species_not_allowed', 'fraud', 'animal_abuse', 'inappropriate', 'spam', 'other'));--> statement-breakpoint
-- Listings suspended before the statement of reasons existed (decision 0087): their suspension
-- gets a date (the last change of the row, the best known; in whole milliseconds, as the code
-- writes it) so that their owners can contest it, and the rule "Altro", as none was recorded.
UPDATE "pet_listings" SET "suspended_at" = date_trunc('milliseconds', "updated_at"), "suspension_rule" = 'other' WHERE "status" = 'suspended';
