-- A typed word still matches the words it begins (decision 0112), but the index now holds every
-- beginning of every word, so that the match is a whole lexeme of the GIN index instead of a prefix
-- scan: GIN reads all the posting lists a prefix covers into a bitmap, while whole lexemes are
-- intersected by skipping through them, which keeps a search's cost from growing with the catalogue.
CREATE FUNCTION zampa_word_prefixes(words tsvector) RETURNS tsvector
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT coalesce(array_to_tsvector(array_agg(DISTINCT left(word, n))), ''::tsvector)
    FROM unnest(tsvector_to_array(words)) AS word, generate_series(1, length(word)) AS n
  $$;
--> statement-breakpoint
DROP INDEX pet_listings_search_idx;
--> statement-breakpoint
ALTER TABLE pet_listings DROP COLUMN search_vector;
--> statement-breakpoint
ALTER TABLE pet_listings ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  zampa_word_prefixes(to_tsvector('simple'::regconfig, zampa_fold(title || ' ' || description || ' ' || location_city)))
    || array_to_tsvector(ARRAY['#pet=' || pet_type, '#type=' || listing_type])
) STORED;
--> statement-breakpoint
CREATE INDEX pet_listings_search_idx ON pet_listings USING gin (search_vector) WHERE status = 'active';
--> statement-breakpoint
-- Every word typed as one whole lexeme: the vector holds its beginnings, so a word typed matches
-- the words it begins, as before.
CREATE OR REPLACE FUNCTION zampa_word_query(words text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT string_agg(quote_literal(word), ' & ')::tsquery
    FROM unnest(zampa_query_words(words)) AS word
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION zampa_listing_query(words text, pet_type text, listing_type text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$
    SELECT CASE WHEN cardinality(zampa_query_words(words)) = 0 THEN NULL ELSE (
      SELECT string_agg(term, ' & ')::tsquery FROM (
        SELECT quote_literal(word) AS term FROM unnest(zampa_query_words(words)) AS word
        UNION ALL SELECT quote_literal('#pet=' || pet_type) WHERE pet_type IS NOT NULL
        UNION ALL SELECT quote_literal('#type=' || listing_type) WHERE listing_type IS NOT NULL
      ) AS terms
    ) END
  $$;
--> statement-breakpoint
-- The saved searches' queries, as the new rule builds them (the old prefix queries would still
-- match the same listings, more slowly).
UPDATE saved_searches SET words = zampa_word_query(words_text) WHERE words_text IS NOT NULL;
