-- /admin/users searches one stored, lower-cased "name e-mail" text with one trigram index, instead of
-- ILIKE over two columns with two indexes (docs/decisions/0057).
DROP INDEX "profiles_name_trgm_idx";--> statement-breakpoint
DROP INDEX "profiles_email_trgm_idx";--> statement-breakpoint
ALTER TABLE "profiles" ADD COLUMN "admin_search" text GENERATED ALWAYS AS (lower(full_name || ' ' || email)) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "profiles_admin_search_idx" ON "profiles" USING gin ("admin_search" gin_trgm_ops);