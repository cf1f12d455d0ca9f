ALTER TABLE "products" ADD COLUMN "national_code" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "ean" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "stock_expected_on" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "version" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- hand-written:
-- The category trees and the products' categories and tags move the pricing epoch on too, so any
-- answer kept under an epoch (the search's) is never older than the back office's last change.
CREATE TRIGGER categories_pricing_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON categories
  FOR EACH STATEMENT EXECUTE FUNCTION botica_bump_pricing_epoch();
--> statement-breakpoint
CREATE TRIGGER product_categories_pricing_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_categories
  FOR EACH STATEMENT EXECUTE FUNCTION botica_bump_pricing_epoch();
--> statement-breakpoint
CREATE TRIGGER product_tags_pricing_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON product_tags
  FOR EACH STATEMENT EXECUTE FUNCTION botica_bump_pricing_epoch();
--> statement-breakpoint
-- A change to what the edit form shows, made by anything else than the edit (the ERP's import, a
-- script), moves the version on too: an edit made before it is refused instead of undoing it.
CREATE OR REPLACE FUNCTION botica_product_version() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  IF NEW.version = OLD.version AND (NEW.name, NEW.reference, NEW.description, NEW.format, NEW.price_cents,
      NEW.vat_rate, NEW.is_active, NEW.national_code, NEW.ean, NEW.stock_expected_on)
    IS DISTINCT FROM (OLD.name, OLD.reference, OLD.description, OLD.format, OLD.price_cents,
      OLD.vat_rate, OLD.is_active, OLD.national_code, OLD.ean, OLD.stock_expected_on) THEN
    NEW.version := OLD.version + 1;
  END IF;
  RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_version BEFORE UPDATE ON products
  FOR EACH ROW EXECUTE FUNCTION botica_product_version();
