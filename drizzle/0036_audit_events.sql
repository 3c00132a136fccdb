CREATE TABLE "audit_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "audit_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"actor_role" text NOT NULL,
	"address" text,
	"area" text NOT NULL,
	"action" text NOT NULL,
	"item_id" text,
	"item_label" text,
	"changes" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "audit_events_area_check" CHECK ("audit_events"."area" in ('articles', 'schedule', 'editorial_plan', 'categories', 'users', 'contacts', 'contests', 'listings', 'breeds', 'reports', 'conversations', 'partners', 'ads', 'seo', 'settings')),
	CONSTRAINT "audit_events_action_check" CHECK ("audit_events"."action" in ('create', 'update', 'delete', 'publish', 'unpublish', 'archive', 'schedule', 'move', 'role', 'suspend', 'reinstate', 'approve', 'reject', 'review', 'resolve', 'dismiss', 'erase', 'preview_link', 'preview_revoke'))
);
--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_area_idx" ON "audit_events" USING btree ("area","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_item_idx" ON "audit_events" USING btree ("item_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "audit_events_at_idx" ON "audit_events" USING btree ("at" DESC NULLS LAST);--> statement-breakpoint
-- The log cannot be changed from the application: every UPDATE and DELETE of a row is refused
-- (decision 0107). A restore of a whole backup empties tables with TRUNCATE, which this does not stop.
CREATE FUNCTION zampa_audit_events_immutable() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'il registro delle attività non si modifica né si cancella' USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_events_immutable BEFORE UPDATE OR DELETE ON audit_events
FOR EACH ROW EXECUTE FUNCTION zampa_audit_events_immutable();
