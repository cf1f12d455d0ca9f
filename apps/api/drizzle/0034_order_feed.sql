ALTER TABLE "orders" ADD COLUMN "feed_xid" "xid8" DEFAULT pg_current_xact_id() NOT NULL;--> statement-breakpoint
CREATE INDEX "orders_feed_idx" ON "orders" USING btree ("feed_xid","id");