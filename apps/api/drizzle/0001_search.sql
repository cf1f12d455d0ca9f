-- Search: trigram similarity on names without accents or case, reference prefixes (apps/api/README.md).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE EXTENSION IF NOT EXISTS unaccent;
--> statement-breakpoint
-- unaccent() is only STABLE; the two-argument form with an explicit dictionary can be wrapped as IMMUTABLE for indexes.
CREATE OR REPLACE FUNCTION botica_normalise(value text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(public.unaccent('public.unaccent'::regdictionary, value)) $$;
--> statement-breakpoint
CREATE INDEX products_name_trgm_idx ON products USING gin (botica_normalise(name) gin_trgm_ops);
--> statement-breakpoint
CREATE INDEX products_reference_prefix_idx ON products (lower(reference) text_pattern_ops);
