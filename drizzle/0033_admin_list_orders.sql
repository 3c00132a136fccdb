CREATE INDEX "articles_title_idx" ON "articles" USING btree ("title","id");--> statement-breakpoint
CREATE INDEX "articles_published_at_idx" ON "articles" USING btree ("published_at" DESC NULLS LAST,"id");--> statement-breakpoint
CREATE INDEX "profiles_name_idx" ON "profiles" USING btree ("full_name","id");