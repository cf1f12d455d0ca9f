-- Search on the stored normalised name (0002): the trigram index moves from the expression
-- botica_normalise(name), recomputed (unaccent) on every recheck, to the stored column.
DROP INDEX IF EXISTS products_name_trgm_idx;
--> statement-breakpoint
CREATE INDEX products_search_name_trgm_idx ON products USING gin (search_name gin_trgm_ops);
