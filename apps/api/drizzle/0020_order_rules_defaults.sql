-- The order rules' first values, so that a new installation takes orders before anyone has set them:
-- no minimum order (0 €) and a monthly cap of 10.000 € per pharmacy. An installation that already has
-- its own values keeps them. Change them with `node configurations.js set <key> <euros>` (the bundle)
-- or `pnpm --filter @botica/api configurations set …`; see apps/api/README.md.
INSERT INTO "configurations" ("key", "value") VALUES
	('order_minimum_amount', '0'),
	('maximum_purchase_per_month', '10000')
ON CONFLICT ("key") DO NOTHING;
