CREATE TABLE "ai_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "ai_requests_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"queue" text DEFAULT 'ai' NOT NULL,
	"user_id" uuid,
	"request_type" text NOT NULL,
	"state" text DEFAULT 'waiting' NOT NULL,
	"enqueued_at" timestamp with time zone DEFAULT clock_timestamp() NOT NULL,
	"alive_until" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone,
	CONSTRAINT "ai_requests_type_check" CHECK ("ai_requests"."request_type" in ('generate-article', 'regenerate-field', 'generate-editorial-plan')),
	CONSTRAINT "ai_requests_state_check" CHECK ("ai_requests"."state" in ('waiting', 'running', 'done', 'abandoned'))
);
--> statement-breakpoint
ALTER TABLE "api_usage_daily" ADD COLUMN "rate_limited_count" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily" ADD COLUMN "prompt_tokens_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "api_usage_daily" ADD COLUMN "completion_tokens_used" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "ai_requests" ADD CONSTRAINT "ai_requests_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "ai_requests_open_idx" ON "ai_requests" USING btree ("queue","seq") WHERE "ai_requests"."state" in ('waiting', 'running');--> statement-breakpoint
CREATE INDEX "ai_requests_started_idx" ON "ai_requests" USING btree ("queue","started_at" DESC NULLS LAST) WHERE "ai_requests"."started_at" is not null;