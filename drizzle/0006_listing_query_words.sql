-- The words of a visitor's search, split and folded as the listings' own words are, as an array:
-- the in-memory search index (app/listings/listing-index.server.ts) matches them itself, and
-- zampa_word_query builds the database's query from the same array, so both answer alike
-- (docs/decisions/0032-listing-search-index.md). An empty array when there is no letter or digit.
CREATE FUNCTION zampa_query_words(words text) RETURNS text[]
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT coalesce(array_agg(lexeme), '{}')
    FROM unnest(to_tsvector('simple'::regconfig, zampa_fold(words)))
  $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION zampa_word_query(words text) RETURNS tsquery
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
    SELECT string_agg(quote_literal(word) || ':*', ' & ')::tsquery
    FROM unnest(zampa_query_words(words)) AS word
  $$;
