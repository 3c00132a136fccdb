CREATE TABLE "accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"account_id" text NOT NULL,
	"provider_id" text NOT NULL,
	"user_id" uuid NOT NULL,
	"access_token" text,
	"refresh_token" text,
	"id_token" text,
	"access_token_expires_at" timestamp with time zone,
	"refresh_token_expires_at" timestamp with time zone,
	"scope" text,
	"password" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "adsense_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"html_code" text NOT NULL,
	"placement_type" text DEFAULT 'sidebar' NOT NULL,
	"page_type" text DEFAULT 'all' NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "adsense_codes_placement_check" CHECK ("adsense_codes"."placement_type" in ('header', 'banner', 'sidebar', 'content_top', 'content_bottom', 'footer')),
	CONSTRAINT "adsense_codes_page_check" CHECK ("adsense_codes"."page_type" in ('all', 'home', 'article', 'category', 'listings', 'contests')),
	CONSTRAINT "adsense_codes_priority_check" CHECK ("adsense_codes"."priority" >= 0),
	CONSTRAINT "adsense_codes_name_check" CHECK (btrim("adsense_codes"."name") <> '' and btrim("adsense_codes"."html_code") <> '')
);
--> statement-breakpoint
CREATE TABLE "allowed_breeds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"pet_type" text NOT NULL,
	"breed_name" text NOT NULL,
	"breed_name_en" text,
	"scientific_name" text,
	"is_legal" boolean DEFAULT true NOT NULL,
	"requires_cites" boolean DEFAULT false NOT NULL,
	"requires_license" boolean DEFAULT false NOT NULL,
	"requires_microchip" boolean DEFAULT false NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "allowed_breeds_pet_type_check" CHECK ("allowed_breeds"."pet_type" in ('dog', 'cat', 'bird', 'rabbit', 'rodent', 'fish', 'reptile', 'other'))
);
--> statement-breakpoint
CREATE TABLE "api_usage_daily" (
	"request_date" date NOT NULL,
	"request_type" text NOT NULL,
	"request_count" integer DEFAULT 0 NOT NULL,
	"success_count" integer DEFAULT 0 NOT NULL,
	"error_count" integer DEFAULT 0 NOT NULL,
	"total_tokens_used" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "api_usage_daily_request_date_request_type_pk" PRIMARY KEY("request_date","request_type"),
	CONSTRAINT "api_usage_daily_type_check" CHECK ("api_usage_daily"."request_type" in ('generate-article', 'regenerate-field', 'generate-editorial-plan'))
);
--> statement-breakpoint
CREATE TABLE "api_usage_log" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid,
	"request_type" text NOT NULL,
	"prompt_tokens" integer DEFAULT 0 NOT NULL,
	"completion_tokens" integer DEFAULT 0 NOT NULL,
	"total_tokens" integer DEFAULT 0 NOT NULL,
	"status" text NOT NULL,
	"error_message" text,
	"metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "api_usage_log_type_check" CHECK ("api_usage_log"."request_type" in ('generate-article', 'regenerate-field', 'generate-editorial-plan')),
	CONSTRAINT "api_usage_log_status_check" CHECK ("api_usage_log"."status" in ('success', 'error', 'rate_limited'))
);
--> statement-breakpoint
CREATE TABLE "app_secrets" (
	"name" text PRIMARY KEY NOT NULL,
	"value" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "articles" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"slug" text NOT NULL,
	"excerpt" text DEFAULT '' NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"featured_image" text,
	"category_id" uuid,
	"author_id" uuid,
	"status" text DEFAULT 'draft' NOT NULL,
	"published_at" timestamp with time zone,
	"views" integer DEFAULT 0 NOT NULL,
	"meta_title" text,
	"meta_description" text,
	"scheduled_publish_date" timestamp with time zone,
	"is_scheduled" boolean DEFAULT false NOT NULL,
	"ai_generated" boolean DEFAULT false NOT NULL,
	"generation_metadata" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "articles_slug_unique" UNIQUE("slug"),
	CONSTRAINT "articles_status_check" CHECK ("articles"."status" in ('draft', 'published', 'archived')),
	CONSTRAINT "articles_views_check" CHECK ("articles"."views" >= 0),
	CONSTRAINT "articles_scheduled_date_check" CHECK (not "articles"."is_scheduled" or "articles"."scheduled_publish_date" is not null)
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"description" text,
	"icon" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "contact_messages" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"subject" text NOT NULL,
	"message" text NOT NULL,
	"status" text DEFAULT 'new' NOT NULL,
	"read_at" timestamp with time zone,
	"replied_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contact_messages_status_check" CHECK ("contact_messages"."status" in ('new', 'read', 'replied', 'archived'))
);
--> statement-breakpoint
CREATE TABLE "contest_submissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"contest_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text,
	"pet_name" text NOT NULL,
	"pet_type" text NOT NULL,
	"image_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"votes_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contest_submissions_pet_type_check" CHECK ("contest_submissions"."pet_type" in ('dog', 'cat', 'rabbit', 'bird', 'fish', 'other')),
	CONSTRAINT "contest_submissions_status_check" CHECK ("contest_submissions"."status" in ('pending', 'approved', 'rejected')),
	CONSTRAINT "contest_submissions_votes_check" CHECK ("contest_submissions"."votes_count" >= 0)
);
--> statement-breakpoint
CREATE TABLE "contest_votes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"submission_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "contests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"prize_description" text,
	"rules" text,
	"start_date" timestamp with time zone NOT NULL,
	"end_date" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"max_submissions_per_user" integer DEFAULT 3 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contests_status_check" CHECK ("contests"."status" in ('draft', 'active', 'ended')),
	CONSTRAINT "contests_dates_check" CHECK ("contests"."end_date" > "contests"."start_date"),
	CONSTRAINT "contests_max_submissions_check" CHECK ("contests"."max_submissions_per_user" between 1 and 10)
);
--> statement-breakpoint
CREATE TABLE "listing_reports" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"listing_id" uuid,
	"reporter_user_id" uuid,
	"reporter_name" text NOT NULL,
	"reporter_email" text NOT NULL,
	"reason" text NOT NULL,
	"description" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"admin_notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "listing_reports_reason_check" CHECK ("listing_reports"."reason" in ('fraud', 'fake', 'inappropriate', 'illegal', 'animal_abuse', 'spam', 'wrong_category', 'other')),
	CONSTRAINT "listing_reports_status_check" CHECK ("listing_reports"."status" in ('pending', 'reviewed', 'resolved', 'dismissed')),
	CONSTRAINT "listing_reports_description_check" CHECK (char_length("listing_reports"."description") >= 50)
);
--> statement-breakpoint
CREATE TABLE "partners" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"logo_url" text NOT NULL,
	"website_url" text,
	"description" text,
	"display_order" integer DEFAULT 0 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pet_listings" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"title" text NOT NULL,
	"description" text NOT NULL,
	"pet_type" text NOT NULL,
	"breed" text,
	"age" text,
	"gender" text NOT NULL,
	"listing_type" text NOT NULL,
	"price" numeric(10, 2) DEFAULT 0 NOT NULL,
	"location_address" text NOT NULL,
	"location_city" text NOT NULL,
	"location_region" text NOT NULL,
	"location_lat" double precision NOT NULL,
	"location_lng" double precision NOT NULL,
	"contact_name" text NOT NULL,
	"contact_phone" text NOT NULL,
	"contact_email" text NOT NULL,
	"images" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'active' NOT NULL,
	"availability" text DEFAULT 'available' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "pet_listings_pet_type_check" CHECK ("pet_listings"."pet_type" in ('dog', 'cat', 'bird', 'rabbit', 'rodent', 'fish', 'reptile', 'other')),
	CONSTRAINT "pet_listings_gender_check" CHECK ("pet_listings"."gender" in ('male', 'female')),
	CONSTRAINT "pet_listings_listing_type_check" CHECK ("pet_listings"."listing_type" in ('adoption', 'sale', 'free')),
	CONSTRAINT "pet_listings_status_check" CHECK ("pet_listings"."status" in ('active', 'suspended', 'closed')),
	CONSTRAINT "pet_listings_availability_check" CHECK ("pet_listings"."availability" in ('available', 'pending', 'adopted')),
	CONSTRAINT "pet_listings_price_check" CHECK ("pet_listings"."price" >= 0 and ("pet_listings"."listing_type" = 'sale' or "pet_listings"."price" = 0)),
	CONSTRAINT "pet_listings_images_check" CHECK (cardinality("pet_listings"."images") <= 5),
	CONSTRAINT "pet_listings_lat_check" CHECK ("pet_listings"."location_lat" between -90 and 90 and "pet_listings"."location_lng" between -180 and 180)
);
--> statement-breakpoint
CREATE TABLE "profiles" (
	"id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"full_name" text DEFAULT '' NOT NULL,
	"role" text DEFAULT 'user' NOT NULL,
	"avatar_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "profiles_role_check" CHECK ("profiles"."role" in ('user', 'admin'))
);
--> statement-breakpoint
CREATE TABLE "publishing_logs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"article_id" uuid,
	"published_at" timestamp with time zone DEFAULT now() NOT NULL,
	"scheduled_for" timestamp with time zone,
	"status" text NOT NULL,
	"message" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "publishing_logs_status_check" CHECK ("publishing_logs"."status" in ('success', 'failed', 'skipped'))
);
--> statement-breakpoint
CREATE TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "seo_keywords" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"keyword" text NOT NULL,
	"search_volume" integer DEFAULT 0 NOT NULL,
	"difficulty" integer DEFAULT 50 NOT NULL,
	"status" text DEFAULT 'target' NOT NULL,
	"notes" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seo_keywords_status_check" CHECK ("seo_keywords"."status" in ('target', 'monitoring', 'ranked')),
	CONSTRAINT "seo_keywords_volume_check" CHECK ("seo_keywords"."search_volume" >= 0),
	CONSTRAINT "seo_keywords_difficulty_check" CHECK ("seo_keywords"."difficulty" between 1 and 100),
	CONSTRAINT "seo_keywords_keyword_check" CHECK (btrim("seo_keywords"."keyword") <> '')
);
--> statement-breakpoint
CREATE TABLE "seo_redirects" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"from_path" text NOT NULL,
	"to_path" text NOT NULL,
	"redirect_type" integer DEFAULT 301 NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"hit_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seo_redirects_from_path_unique" UNIQUE("from_path"),
	CONSTRAINT "seo_redirects_type_check" CHECK ("seo_redirects"."redirect_type" in (301, 302)),
	CONSTRAINT "seo_redirects_from_check" CHECK ("seo_redirects"."from_path" like '/%' and "seo_redirects"."from_path" not like '//%'),
	CONSTRAINT "seo_redirects_to_check" CHECK (btrim("seo_redirects"."to_path") <> '')
);
--> statement-breakpoint
CREATE TABLE "seo_settings" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"site_name" text DEFAULT 'Zampa' NOT NULL,
	"site_description" text,
	"default_og_image" text,
	"google_analytics_id" text,
	"google_search_console_code" text,
	"facebook_pixel_id" text,
	"robots_txt" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "seo_settings_single_row_check" CHECK ("seo_settings"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"token" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"ip_address" text,
	"user_agent" text,
	"user_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sessions_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"email_verified" boolean DEFAULT false NOT NULL,
	"image" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_email_unique" UNIQUE("email")
);
--> statement-breakpoint
CREATE TABLE "verifications" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"identifier" text NOT NULL,
	"value" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "accounts" ADD CONSTRAINT "accounts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "api_usage_log" ADD CONSTRAINT "api_usage_log_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "articles" ADD CONSTRAINT "articles_author_id_profiles_id_fk" FOREIGN KEY ("author_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_submissions" ADD CONSTRAINT "contest_submissions_contest_id_contests_id_fk" FOREIGN KEY ("contest_id") REFERENCES "public"."contests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_submissions" ADD CONSTRAINT "contest_submissions_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_votes" ADD CONSTRAINT "contest_votes_submission_id_contest_submissions_id_fk" FOREIGN KEY ("submission_id") REFERENCES "public"."contest_submissions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contest_votes" ADD CONSTRAINT "contest_votes_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_listing_id_pet_listings_id_fk" FOREIGN KEY ("listing_id") REFERENCES "public"."pet_listings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "listing_reports" ADD CONSTRAINT "listing_reports_reporter_user_id_profiles_id_fk" FOREIGN KEY ("reporter_user_id") REFERENCES "public"."profiles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pet_listings" ADD CONSTRAINT "pet_listings_user_id_profiles_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "profiles" ADD CONSTRAINT "profiles_id_users_id_fk" FOREIGN KEY ("id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "publishing_logs" ADD CONSTRAINT "publishing_logs_article_id_articles_id_fk" FOREIGN KEY ("article_id") REFERENCES "public"."articles"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "accounts_user_idx" ON "accounts" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "adsense_codes_lookup_idx" ON "adsense_codes" USING btree ("placement_type","page_type","priority") WHERE "adsense_codes"."is_active";--> statement-breakpoint
CREATE UNIQUE INDEX "allowed_breeds_type_name_idx" ON "allowed_breeds" USING btree ("pet_type","breed_name");--> statement-breakpoint
CREATE INDEX "allowed_breeds_legal_idx" ON "allowed_breeds" USING btree ("pet_type","breed_name") WHERE "allowed_breeds"."is_legal";--> statement-breakpoint
CREATE INDEX "api_usage_log_created_idx" ON "api_usage_log" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "api_usage_log_user_idx" ON "api_usage_log" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "articles_published_idx" ON "articles" USING btree ("status","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_category_idx" ON "articles" USING btree ("category_id","status","published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_scheduled_idx" ON "articles" USING btree ("scheduled_publish_date") WHERE "articles"."is_scheduled";--> statement-breakpoint
CREATE INDEX "articles_created_idx" ON "articles" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "articles_author_idx" ON "articles" USING btree ("author_id");--> statement-breakpoint
CREATE INDEX "contact_messages_status_idx" ON "contact_messages" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contest_submissions_contest_idx" ON "contest_submissions" USING btree ("contest_id","status","votes_count" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "contest_submissions_user_idx" ON "contest_submissions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "contest_votes_one_per_user_idx" ON "contest_votes" USING btree ("submission_id","user_id");--> statement-breakpoint
CREATE INDEX "contest_votes_user_idx" ON "contest_votes" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "contests_public_idx" ON "contests" USING btree ("status","start_date" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_reports_status_idx" ON "listing_reports" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "listing_reports_listing_idx" ON "listing_reports" USING btree ("listing_id");--> statement-breakpoint
CREATE INDEX "partners_active_idx" ON "partners" USING btree ("is_active","display_order");--> statement-breakpoint
CREATE INDEX "pet_listings_public_idx" ON "pet_listings" USING btree ("status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pet_listings_filter_idx" ON "pet_listings" USING btree ("status","pet_type","listing_type","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pet_listings_owner_idx" ON "pet_listings" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "profiles_created_idx" ON "profiles" USING btree ("created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "publishing_logs_published_idx" ON "publishing_logs" USING btree ("published_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "sessions_user_idx" ON "sessions" USING btree ("user_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "verifications_identifier_idx" ON "verifications" USING btree ("identifier");