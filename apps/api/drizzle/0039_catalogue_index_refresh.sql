-- hand-written:
-- Every API process keeps the active catalogue in memory (src/search/catalogue-index.ts) and builds
-- it again when the pricing epoch moves. The epoch's triggers also notify the channel
-- `botica_catalogue` (delivered at commit, once per transaction however many statements fired), and
-- the tags and the pictures (the address of a product's first picture) move the epoch too.
CREATE OR REPLACE FUNCTION botica_bump_pricing_epoch() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO pricing_epoch (id, epoch) VALUES (true, 1)
  ON CONFLICT (id) DO UPDATE SET epoch = pricing_epoch.epoch + 1;
  PERFORM pg_notify('botica_catalogue', '');
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER tags_pricing_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON tags
  FOR EACH STATEMENT EXECUTE FUNCTION botica_bump_pricing_epoch();
--> statement-breakpoint
CREATE TRIGGER product_pictures_pricing_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_pictures
  FOR EACH STATEMENT EXECUTE FUNCTION botica_bump_pricing_epoch();
