CREATE INDEX "products_national_code_idx" ON "products" USING btree ("national_code");--> statement-breakpoint
CREATE INDEX "products_ean_idx" ON "products" USING btree ("ean");