-- The vocabulary of the typo-tolerant search (apps/api/README.md): the distinct words of the
-- products' normalised names. A mistyped word is compared with these few hundred words, not with
-- every name, and the names holding the words found are then read through the trigram index.
CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION botica_add_search_words() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO search_words (word)
    SELECT DISTINCT w FROM changed, regexp_split_to_table(changed.search_name, '[^[:alnum:]]+') AS w
    WHERE length(w) >= 4
  ON CONFLICT DO NOTHING;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_words_insert AFTER INSERT ON products
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION botica_add_search_words();
--> statement-breakpoint
CREATE TRIGGER products_search_words_update AFTER UPDATE ON products
  REFERENCING NEW TABLE AS changed FOR EACH STATEMENT EXECUTE FUNCTION botica_add_search_words();
--> statement-breakpoint
INSERT INTO search_words (word)
  SELECT DISTINCT w FROM products, regexp_split_to_table(products.search_name, '[^[:alnum:]]+') AS w
  WHERE length(w) >= 4
ON CONFLICT DO NOTHING;
