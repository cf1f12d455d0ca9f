-- Recargo de equivalencia: each client's VAT regime (on by default, as Spanish
-- pharmacies run by a person or a comunidad de bienes are by law), and on each order the regime and
-- the surcharge lines it was sent with. Orders already sent keep what they were sent with: no surcharge.
ALTER TABLE "clients" ADD COLUMN "recargo_equivalencia" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "recargo_equivalencia" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "surcharges" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
-- The open carts are priced differently from now on: prices remembered under the old epoch are stale.
UPDATE pricing_epoch SET epoch = epoch + 1;
