-- The article search also reads the meta title and description (weight D, below the content), so
-- that what the SEO manager counts as "an article using this keyword" is what /articles?q= finds,
-- and both are answered from the one index.
ALTER TABLE articles DROP COLUMN search_vector;
--> statement-breakpoint
ALTER TABLE articles ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('zampa_italian'::regconfig, coalesce(title, '')), 'A') ||
  setweight(to_tsvector('zampa_italian'::regconfig, coalesce(excerpt, '')), 'B') ||
  setweight(to_tsvector('zampa_italian'::regconfig, regexp_replace(coalesce(content, ''), '<[^>]*>', ' ', 'g')), 'C') ||
  setweight(to_tsvector('zampa_italian'::regconfig, coalesce(meta_title, '') || ' ' || coalesce(meta_description, '')), 'D')
) STORED;
--> statement-breakpoint
CREATE INDEX articles_search_idx ON articles USING gin (search_vector);
