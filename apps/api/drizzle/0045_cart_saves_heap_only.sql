DROP INDEX "carts_client_version_idx";--> statement-breakpoint
CREATE INDEX "carts_client_idx" ON "carts" USING btree ("client_id");