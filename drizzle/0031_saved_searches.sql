CREATE TABLE "listing_alert_queue" (
	"listing_id" uuid PRIMARY KEY NOT NULL,
	"queued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"name" text NOT NULL,
	"query" text NOT NULL,
	"alert" text DEFAULT 'daily' NOT NULL,
	"unsubscribe_token" text NOT NULL,
	"pet_type" text,
	"listing_type" text,
	"region" text,
	"price_min" numeric(10, 2),
	"price_max" numeric(10, 2),
	"age_band" text,
	"with_photos" boolean DEFAULT false NOT NULL,
	"words_text" text,
	"words" "tsquery",
	"area_south" double precision,
	"area_west" double precision,
	"area_north" double precision,
	"area_east" double precision,
	"pending_since" timestamp with time zone,
	"last_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_alert_check" CHECK ("saved_searches"."alert" in ('none', 'instant', 'daily')),
	CONSTRAINT "saved_searches_name_check" CHECK (char_length("saved_searches"."name") between 1 and 80)
);
--> statement-breakpoint
CREATE TABLE "search_alert_matches" (
	"user_id" uuid NOT NULL,
	"listing_id" uuid NOT NULL,
	"saved_search_id" uuid,
	"matched_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	CONSTRAINT "search_alert_matches_user_id_listing_id_pk" PRIMARY KEY("user_id","listing_id")
);
--> statement-breakpoint
ALTER TABLE "listing_alert_queue" ADD CONSTRAINT "listing_alert_queue_listing_id_pet_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."pet_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alert_matches" ADD CONSTRAINT "search_alert_matches_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alert_matches" ADD CONSTRAINT "search_alert_matches_listing_id_pet_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."pet_listings"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "search_alert_matches" ADD CONSTRAINT "search_alert_matches_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_user_query_idx" ON "saved_searches" USING btree ("user_id","query");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_searches_unsubscribe_idx" ON "saved_searches" USING btree ("unsubscribe_token");--> statement-breakpoint
CREATE INDEX "saved_searches_match_idx" ON "saved_searches" USING btree (coalesce("pet_type", ''),coalesce("listing_type", ''),coalesce("region", '')) WHERE "saved_searches"."alert" <> 'none';--> statement-breakpoint
CREATE INDEX "saved_searches_pending_idx" ON "saved_searches" USING btree ("alert","pending_since") WHERE "saved_searches"."pending_since" is not null;--> statement-breakpoint
CREATE INDEX "search_alert_matches_unsent_idx" ON "search_alert_matches" USING btree ("saved_search_id") WHERE "search_alert_matches"."sent_at" is null;--> statement-breakpoint
CREATE INDEX "search_alert_matches_listing_idx" ON "search_alert_matches" USING btree ("listing_id");
--> statement-breakpoint
-- Every way a listing becomes public (published, renewed, reinstated) queues it for the saved
-- searches' alert matcher (app/saved-searches/matcher.server.ts), whichever code path wrote it.
CREATE FUNCTION zampa_queue_listing_alert() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    BEGIN
      IF NEW.status = 'active' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'active') THEN
        INSERT INTO listing_alert_queue (listing_id) VALUES (NEW.id) ON CONFLICT DO NOTHING;
      END IF;
      RETURN NULL;
    END
  $$;
--> statement-breakpoint
CREATE TRIGGER pet_listings_queue_alert AFTER INSERT OR UPDATE OF status ON pet_listings
  FOR EACH ROW EXECUTE FUNCTION zampa_queue_listing_alert();
