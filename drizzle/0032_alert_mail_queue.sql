CREATE TABLE "alert_mails" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"saved_search_id" uuid NOT NULL,
	"listing_ids" uuid[] NOT NULL,
	"total" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "listing_alert_queue" ADD COLUMN "matched_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "alert_mails" ADD CONSTRAINT "alert_mails_saved_search_id_saved_searches_id_fk" FOREIGN KEY ("saved_search_id") REFERENCES "public"."saved_searches"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alert_mails_created_idx" ON "alert_mails" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "alert_mails_search_idx" ON "alert_mails" USING btree ("saved_search_id");--> statement-breakpoint
CREATE INDEX "listing_alert_queue_waiting_idx" ON "listing_alert_queue" USING btree ("queued_at") WHERE "listing_alert_queue"."matched_at" is null;--> statement-breakpoint
CREATE INDEX "listing_alert_queue_matched_idx" ON "listing_alert_queue" USING btree ("matched_at") WHERE "listing_alert_queue"."matched_at" is not null;