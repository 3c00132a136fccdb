ALTER TABLE "pet_listings" DROP CONSTRAINT "pet_listings_status_check";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "suspended_reason" text;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "suspended_by" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_suspended_by_profiles_id_fk" FOREIGN KEY ("suspended_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_reports_reporter_idx" ON "listing_reports" USING btree ("reporter_user_id","created_at" DESC NULLS LAST) WHERE "listing_reports"."reporter_user_id" is not null;--> statement-breakpoint
CREATE INDEX "listing_reports_reported_user_idx" ON "listing_reports" USING btree ("reported_user_id","created_at" DESC NULLS LAST) WHERE "listing_reports"."reported_user_id" is not null;--> statement-breakpoint
CREATE INDEX "profiles_suspended_idx" ON "profiles" USING btree ("suspended_at" DESC NULLS LAST,"id") WHERE "profiles"."suspended_at" is not null;--> statement-breakpoint
ALTER TABLE "pet_listings" ADD CONSTRAINT "pet_listings_status_check" CHECK ("pet_listings"."status" in ('active', 'suspended', 'closed', 'withheld'));--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_suspension_check" CHECK (("profiles"."suspended_at" is null) = ("profiles"."suspended_reason" is null));--> statement-breakpoint
-- hand-written:
-- A suspended account's listing is never public (decision 0110): whichever code path makes a
-- listing active (publishing, a renewal, a moderator's reactivation, an appeal upheld, a bulk
-- action) while its owner is suspended, it is stored as "withheld" instead, and comes back with
-- the account. The owner's profile row is read FOR SHARE, so a suspension committing at the same
-- moment waits for this write (and then withholds it) or is waited for (and is seen here).
CREATE FUNCTION zampa_withhold_suspended_listing() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
    DECLARE
      held boolean;
    BEGIN
      IF NEW.status = 'active' AND (TG_OP = 'INSERT' OR OLD.status IS DISTINCT FROM 'active') THEN
        SELECT suspended_at IS NOT NULL INTO held FROM profiles WHERE id = NEW.user_id FOR SHARE;
        IF held THEN
          NEW.status := 'withheld';
        END IF;
      END IF;
      RETURN NEW;
    END
  $$;
--> statement-breakpoint
CREATE TRIGGER pet_listings_withhold_suspended BEFORE INSERT OR UPDATE OF status ON pet_listings
  FOR EACH ROW EXECUTE FUNCTION zampa_withhold_suspended_listing();
