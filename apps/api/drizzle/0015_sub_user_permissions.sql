-- Sub-users' permissions (issue 17 item 7): the main user sets them; a main user always has both.
ALTER TABLE "users" ADD COLUMN "can_send_orders" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "can_view_invoices" boolean DEFAULT true NOT NULL;