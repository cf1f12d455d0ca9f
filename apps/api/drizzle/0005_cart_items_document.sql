-- A cart's lines become one document on its row, so a save is one atomic row write.
ALTER TABLE "carts" ADD COLUMN "items" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
UPDATE "carts" SET "items" = lines.items
FROM (
	SELECT "cart_id", jsonb_agg(jsonb_build_object('product_id', "product_id", 'quantity', "quantity") ORDER BY "position") AS items
	FROM "cart_items" GROUP BY "cart_id"
) AS lines
WHERE lines."cart_id" = "carts"."id";--> statement-breakpoint
DROP TABLE "cart_items" CASCADE;
