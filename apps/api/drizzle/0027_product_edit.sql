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
