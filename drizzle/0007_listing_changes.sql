CREATE TABLE "pet_listing_changes" (
	"tx" bigint DEFAULT (pg_current_xact_id()::text::bigint) NOT NULL,
	"listing_id" uuid NOT NULL,
	"changed_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "pet_listing_changes_tx_idx" ON "pet_listing_changes" USING btree ("tx");--> statement-breakpoint
CREATE INDEX "pet_listing_changes_changed_at_idx" ON "pet_listing_changes" USING btree ("changed_at");--> statement-breakpoint
-- One row per listing a statement inserted, updated or deleted, written by the statement's own
-- transaction (docs/decisions/0041-listing-changes.md). Statement triggers with transition tables:
-- a bulk write logs its rows with one INSERT.
CREATE FUNCTION zampa_log_listing_changes() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
  BEGIN
    IF TG_OP = 'DELETE' THEN
      INSERT INTO pet_listing_changes (listing_id) SELECT id FROM old_rows;
    ELSE
      INSERT INTO pet_listing_changes (listing_id) SELECT id FROM new_rows;
    END IF;
    RETURN NULL;
  END
  $$;
--> statement-breakpoint
CREATE TRIGGER pet_listings_log_insert AFTER INSERT ON pet_listings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION zampa_log_listing_changes();
--> statement-breakpoint
CREATE TRIGGER pet_listings_log_update AFTER UPDATE ON pet_listings
  REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION zampa_log_listing_changes();
--> statement-breakpoint
CREATE TRIGGER pet_listings_log_delete AFTER DELETE ON pet_listings
  REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION zampa_log_listing_changes();
