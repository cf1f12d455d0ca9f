-- The pricing epoch: one number that moves on, inside the changing transaction, with every change to
-- what prices a cart (products, special prices, volume tiers, discount groups, the clients' groups,
-- the order rules). A cart save remembers the prices it read under an epoch and writes only while the
-- epoch is unchanged, instead of recomputing every price in its guard (cart-service.ts).
CREATE TABLE "pricing_epoch" (
	"id" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"epoch" bigint NOT NULL,
	CONSTRAINT "pricing_epoch_single_row" CHECK ("pricing_epoch"."id")
);
--> statement-breakpoint
INSERT INTO pricing_epoch (id, epoch) VALUES (true, 1);
--> statement-breakpoint
CREATE OR REPLACE FUNCTION botica_bump_pricing_epoch() RETURNS trigger
  LANGUAGE plpgsql
  AS $$
BEGIN
  INSERT INTO pricing_epoch (id, epoch) VALUES (true, 1)
  ON CONFLICT (id) DO UPDATE SET epoch = pricing_epoch.epoch + 1;
  RETURN NULL;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_pricing_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON products
  FOR EACH STATEMENT EXECUTE FUNCTION botica_bump_pricing_epoch();
--> statement-breakpoint
CREATE TRIGGER special_prices_pricing_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON special_prices
  FOR EACH STATEMENT EXECUTE FUNCTION botica_bump_pricing_epoch();
--> statement-breakpoint
CREATE TRIGGER volume_rules_pricing_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON volume_rules
  FOR EACH STATEMENT EXECUTE FUNCTION botica_bump_pricing_epoch();
--> statement-breakpoint
CREATE TRIGGER discount_groups_pricing_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON discount_groups
  FOR EACH STATEMENT EXECUTE FUNCTION botica_bump_pricing_epoch();
--> statement-breakpoint
CREATE TRIGGER clients_pricing_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON clients
  FOR EACH STATEMENT EXECUTE FUNCTION botica_bump_pricing_epoch();
--> statement-breakpoint
CREATE TRIGGER configurations_pricing_epoch AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON configurations
  FOR EACH STATEMENT EXECUTE FUNCTION botica_bump_pricing_epoch();
