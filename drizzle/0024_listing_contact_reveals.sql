CREATE TABLE "listing_contact_stats" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"phone_reveals" integer DEFAULT 0 NOT NULL,
	"email_reveals" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "listing_contact_stats_counts_check" CHECK ("listing_contact_stats"."phone_reveals" >= 0 and "listing_contact_stats"."email_reveals" >= 0)
);
--> statement-breakpoint
ALTER TABLE "pet_listings" ADD COLUMN "messages_only" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_contact_stats" ADD CONSTRAINT "listing_contact_stats_listing_id_pet_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."pet_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_listings" ADD CONSTRAINT "pet_listings_contact_check" CHECK ("pet_listings"."messages_only" or ("pet_listings"."contact_phone" <> '' and "pet_listings"."contact_email" <> ''));