-- Listing search (/pet-listings?q=): the words typed must appear in the title, the description or
-- the city, whatever the accents and the case ("forli" finds "Forlì"). One folded copy of those
-- texts is kept per row, indexed with trigrams so that a substring search stays fast on a large
-- catalogue. unaccent() is only STABLE (its dictionary could change), so it is wrapped in an
-- IMMUTABLE function with the dictionary named explicitly, the usual way to index it.
CREATE FUNCTION zampa_fold(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
ALTER TABLE pet_listings ADD COLUMN search_text text GENERATED ALWAYS AS (
  zampa_fold(title || ' ' || description || ' ' || location_city)
) STORED;
--> statement-breakpoint
CREATE INDEX pet_listings_search_idx ON pet_listings USING gin (search_text gin_trgm_ops);
