CREATE TABLE "bulk_jobs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"actor_id" uuid,
	"actor_name" text NOT NULL,
	"actor_role" text NOT NULL,
	"address" text,
	"area" text NOT NULL,
	"action" text NOT NULL,
	"params" jsonb NOT NULL,
	"idempotency_key" text NOT NULL,
	"total" integer DEFAULT 0 NOT NULL,
	"done" integer DEFAULT 0 NOT NULL,
	"skipped" integer DEFAULT 0 NOT NULL,
	"failed" integer DEFAULT 0 NOT NULL,
	"failures" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"reasons" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"cursor" uuid,
	"state" text DEFAULT 'queued' NOT NULL,
	"claimed_until" timestamp with time zone,
	"error" text,
	"finished_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bulk_jobs_area_check" CHECK ("bulk_jobs"."area" in ('articles', 'listings', 'contests', 'reports', 'contacts')),
	CONSTRAINT "bulk_jobs_state_check" CHECK ("bulk_jobs"."state" in ('queued', 'running', 'finished', 'failed'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_jobs_idempotency_idx" ON "bulk_jobs" USING btree ("actor_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "bulk_jobs_open_idx" ON "bulk_jobs" USING btree ("state","claimed_until");