ALTER TABLE "rate_limits" ADD COLUMN "expires_at" timestamp with time zone DEFAULT now() + interval '1 day' NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limits_expires_idx" ON "rate_limits" USING btree ("expires_at");--> statement-breakpoint
-- Rows written before the column: kept for the longest window any counter has (30 days, the sign-in's known addresses).
UPDATE "rate_limits" SET "expires_at" = "window_start" + interval '30 days';
