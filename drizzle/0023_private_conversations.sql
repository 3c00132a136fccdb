CREATE TABLE "conversation_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"conversation_id" uuid NOT NULL,
	"sender_id" uuid NOT NULL,
	"body" text NOT NULL,
	"scam_signals" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversation_messages_body_check" CHECK (char_length("conversation_messages"."body") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "conversations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid,
	"listing_title" text NOT NULL,
	"listing_deleted_at" timestamp with time zone,
	"owner_id" uuid,
	"asker_id" uuid,
	"owner_unread" integer DEFAULT 0 NOT NULL,
	"asker_unread" integer DEFAULT 0 NOT NULL,
	"owner_mailed_at" timestamp with time zone,
	"asker_mailed_at" timestamp with time zone,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "conversations_unread_check" CHECK ("conversations"."owner_unread" >= 0 and "conversations"."asker_unread" >= 0)
);
--> statement-breakpoint
CREATE TABLE "user_blocks" (
	"blocker_id" uuid NOT NULL,
	"blocked_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "user_blocks_blocker_id_blocked_id_pk" PRIMARY KEY("blocker_id","blocked_id")
);
--> statement-breakpoint
ALTER TABLE "listing_reports" DROP CONSTRAINT "listing_reports_automatic_check_check";--> statement-breakpoint
ALTER TABLE "listing_reports" DROP CONSTRAINT "listing_reports_description_check";--> statement-breakpoint
ALTER TABLE "listing_reports" ADD COLUMN "subject" text DEFAULT 'listing' NOT NULL;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD COLUMN "conversation_id" uuid;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD COLUMN "reported_user_id" uuid;--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "message_mail" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversation_messages" ADD CONSTRAINT "conversation_messages_sender_id_profiles_id_fk" FOREIGN KEY ("sender_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_listing_id_pet_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."pet_listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_owner_id_profiles_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_asker_id_profiles_id_fk" FOREIGN KEY ("asker_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocker_id_profiles_id_fk" FOREIGN KEY ("blocker_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_blocks" ADD CONSTRAINT "user_blocks_blocked_id_profiles_id_fk" FOREIGN KEY ("blocked_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "conversation_messages_conversation_idx" ON "conversation_messages" USING btree ("conversation_id","created_at","id");--> statement-breakpoint
CREATE INDEX "conversation_messages_sender_idx" ON "conversation_messages" USING btree ("sender_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "conversations_listing_asker_idx" ON "conversations" USING btree ("listing_id","asker_id") WHERE "conversations"."listing_id" is not null and "conversations"."asker_id" is not null;--> statement-breakpoint
CREATE INDEX "conversations_owner_idx" ON "conversations" USING btree ("owner_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_asker_idx" ON "conversations" USING btree ("asker_id","last_message_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "conversations_listing_deleted_idx" ON "conversations" USING btree ("listing_deleted_at") WHERE "conversations"."listing_deleted_at" is not null;--> statement-breakpoint
CREATE INDEX "user_blocks_blocked_idx" ON "user_blocks" USING btree ("blocked_id");--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_conversation_id_conversations_id_fk" FOREIGN KEY ("conversation_id") REFERENCES "public"."conversations"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_reported_user_id_profiles_id_fk" FOREIGN KEY ("reported_user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "listing_reports_conversation_idx" ON "listing_reports" USING btree ("conversation_id") WHERE "listing_reports"."conversation_id" is not null;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_subject_check" CHECK ("listing_reports"."subject" in ('listing', 'conversation'));--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_automatic_check_check" CHECK ("listing_reports"."automatic_check" in ('duplicate_photo', 'duplicate_code', 'scam_messages'));--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_description_check" CHECK ("listing_reports"."subject" = 'conversation' or char_length("listing_reports"."description") >= 50);--> statement-breakpoint
-- A deleted listing's conversations stay readable for 30 days (a job removes them then): the time of
-- the deletion is noted on the conversation by the foreign key's own SET NULL update, whoever deletes
-- the listing (owner, moderator, account erasure), without a second write to the row.
CREATE FUNCTION conversations_note_listing_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF OLD.listing_id IS NOT NULL AND NEW.listing_id IS NULL THEN
    NEW.listing_deleted_at := coalesce(NEW.listing_deleted_at, now());
  END IF;
  RETURN NEW;
END;
$$;--> statement-breakpoint
CREATE TRIGGER conversations_listing_gone BEFORE UPDATE OF listing_id ON conversations
  FOR EACH ROW EXECUTE FUNCTION conversations_note_listing_deleted();
