ALTER TABLE "products" ADD COLUMN "search_reference" text GENERATED ALWAYS AS (regexp_replace(botica_normalise(reference), '[^a-z0-9]+', '', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reference_digits" text GENERATED ALWAYS AS (regexp_replace(reference, '[^0-9]+', '', 'g')) STORED;--> statement-breakpoint
-- References as pharmacists type them (apps/api/README.md "Search: matching
-- rules"): 'bt10399', 'bt 10399' and 'BT-10399' compare on search_reference ('bt10399'), a query of
-- digits only ('10399') on reference_digits; both by prefix, hence text_pattern_ops. They replace the
-- index on lower(reference).
CREATE INDEX products_search_reference_prefix_idx ON products (search_reference text_pattern_ops);
--> statement-breakpoint
CREATE INDEX products_reference_digits_prefix_idx ON products (reference_digits text_pattern_ops);
--> statement-breakpoint
DROP INDEX IF EXISTS products_reference_prefix_idx;
--> statement-breakpoint
-- Typo tolerance: the fewest typos that turn `typed` into the start of `word` (the whole word
-- included), a typo being a missing, extra or wrong letter or two neighbouring letters swapped
-- (Damerau–Levenshtein, optimal string alignment). The search compares a typed word with the
-- vocabulary of the names (search_words) through it. Only the band of `max_typos` around the diagonal
-- is computed and it gives up as soon as a row exceeds `max_typos`: any answer above `max_typos` is
-- `max_typos + 1`.
CREATE OR REPLACE FUNCTION botica_prefix_typos(typed text, word text, max_typos integer) RETURNS integer
  LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE STRICT
  AS $$
DECLARE
  a text[] := string_to_array(typed, NULL);
  b text[] := string_to_array(word, NULL);
  n integer := coalesce(array_length(a, 1), 0);
  -- A start of `word` longer than n + max_typos needs more than max_typos extra letters.
  m integer := least(coalesce(array_length(b, 1), 0), n + max_typos);
  over integer := max_typos + 1;
  before_previous integer[];
  previous integer[];
  current integer[];
  best integer;
  value integer;
BEGIN
  IF m < n - max_typos THEN
    RETURN over;
  END IF;
  -- Row i holds the typos between a[1..i] and b[1..j], j = 0..m (arrays from index 0).
  previous := array_fill(over, ARRAY[m + 1], ARRAY[0]);
  FOR j IN 0 .. least(m, max_typos) LOOP
    previous[j] := j;
  END LOOP;
  before_previous := previous;
  FOR i IN 1 .. n LOOP
    current := array_fill(over, ARRAY[m + 1], ARRAY[0]);
    IF i <= max_typos THEN
      current[0] := i;
    END IF;
    best := current[0];
    FOR j IN greatest(1, i - max_typos) .. least(m, i + max_typos) LOOP
      value := least(previous[j] + 1, current[j - 1] + 1,
                     previous[j - 1] + CASE WHEN a[i] = b[j] THEN 0 ELSE 1 END);
      IF i > 1 AND j > 1 AND a[i] = b[j - 1] AND a[i - 1] = b[j] THEN
        value := least(value, before_previous[j - 2] + 1);
      END IF;
      current[j] := least(value, over);
      best := least(best, current[j]);
    END LOOP;
    IF best > max_typos THEN
      RETURN over;
    END IF;
    before_previous := previous;
    previous := current;
  END LOOP;
  -- The closest start of the word: the best of the last row.
  best := over;
  FOR j IN 0 .. m LOOP
    best := least(best, previous[j]);
  END LOOP;
  RETURN best;
END
$$;
