CREATE TABLE "article_preview_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid NOT NULL,
	"token_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "article_preview_links_expiry_check" CHECK ("article_preview_links"."expires_at" > "article_preview_links"."created_at")
);
--> statement-breakpoint
ALTER TABLE "article_preview_links" ADD CONSTRAINT "article_preview_links_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "article_preview_links" ADD CONSTRAINT "article_preview_links_created_by_profiles_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "article_preview_links_token_idx" ON "article_preview_links" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "article_preview_links_article_idx" ON "article_preview_links" USING btree ("article_id","expires_at") WHERE "article_preview_links"."revoked_at" is null;--> statement-breakpoint
CREATE INDEX "contest_submissions_pending_idx" ON "contest_submissions" USING btree ("contest_id") WHERE "contest_submissions"."status" = 'pending';