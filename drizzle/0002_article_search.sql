-- Full-text search over published articles (DESIGN [1]): Italian stemming, accent-insensitive.
-- The configuration strips accents before stemming, so "perche" finds "perché" and "gatto" finds
-- "gatti". Title weighs most, then excerpt, then the text of the content without its HTML tags.
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TEXT SEARCH CONFIGURATION zampa_italian (COPY = pg_catalog.italian);
--> statement-breakpoint
ALTER TEXT SEARCH CONFIGURATION zampa_italian
  ALTER MAPPING FOR hword, hword_part, word WITH unaccent, italian_stem;
--> statement-breakpoint
ALTER TABLE articles ADD COLUMN search_vector tsvector GENERATED ALWAYS AS (
  setweight(to_tsvector('zampa_italian'::regconfig, coalesce(title, '')), 'A') ||
  setweight(to_tsvector('zampa_italian'::regconfig, coalesce(excerpt, '')), 'B') ||
  setweight(to_tsvector('zampa_italian'::regconfig, regexp_replace(coalesce(content, ''), '<[^>]*>', ' ', 'g')), 'C')
) STORED;
--> statement-breakpoint
CREATE INDEX articles_search_idx ON articles USING gin (search_vector);
