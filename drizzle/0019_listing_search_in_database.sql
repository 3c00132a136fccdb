-- The list page searches the database itself (docs/decisions/0082-listing-search-in-the-database.md):
-- the per-process index of the listings, and the change log that kept it in step, are gone.
DROP TRIGGER IF EXISTS pet_listings_log_insert ON pet_listings;
--> statement-breakpoint
DROP TRIGGER IF EXISTS pet_listings_log_update ON pet_listings;
--> statement-breakpoint
DROP TRIGGER IF EXISTS pet_listings_log_delete ON pet_listings;
--> statement-breakpoint
DROP FUNCTION IF EXISTS zampa_log_listing_changes();
--> statement-breakpoint
DROP TABLE "pet_listing_changes" CASCADE;
--> statement-breakpoint
-- The words of each listing without their positions (nothing ranks or matches phrases: a third
-- smaller), and with its pet type and listing type as two more lexemes ('#pet=dog', '#type=sale':
-- a word typed is folded to letters and digits, so none can begin one of these), so that a search
-- with filters is answered inside the words' index, which holds only the public rows.
DROP INDEX pet_listings_search_idx;
--> statement-breakpoint
ALTER TABLE pet_listings DROP COLUMN search_vector;
--> statement-breakpoint
ALTER TABLE pet_listings ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  strip(to_tsvector('simple'::regconfig, zampa_fold(title || ' ' || description || ' ' || location_city)))
    || array_to_tsvector(ARRAY['#pet=' || pet_type, '#type=' || listing_type])
) STORED;
--> statement-breakpoint
CREATE INDEX pet_listings_search_idx ON pet_listings USING gin (search_vector) WHERE status = 'active';
--> statement-breakpoint
-- A visitor's search with its filters, as the query that column answers: every word typed as a
-- prefix, and the filters as whole lexemes. NULL (matches nothing) when no letter or digit was typed.
CREATE FUNCTION zampa_listing_query(words text, pet_type text, listing_type text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT CASE WHEN cardinality(zampa_query_words(words)) = 0 THEN NULL ELSE (
      SELECT string_agg(term, ' & ')::tsquery FROM (
        SELECT quote_literal(word) || ':*' AS term FROM unnest(zampa_query_words(words)) AS word
        UNION ALL SELECT quote_literal('#pet=' || pet_type) WHERE pet_type IS NOT NULL
        UNION ALL SELECT quote_literal('#type=' || listing_type) WHERE listing_type IS NOT NULL
      ) AS terms
    ) END
  $$;
--> statement-breakpoint
-- How status, pet type and listing type go together: the planner's estimate of a filtered list is
-- what the page shows ("circa") past the exact count.
CREATE STATISTICS pet_listings_filter_stats (mcv) ON status, pet_type, listing_type FROM pet_listings;
