ALTER TABLE "clients" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "discount_groups" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "discount_groups" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_reps" ADD COLUMN "code" text;--> statement-breakpoint
ALTER TABLE "sales_reps" ADD COLUMN "is_active" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "shops" ADD COLUMN "code" text;--> statement-breakpoint
CREATE UNIQUE INDEX "shops_client_code_idx" ON "shops" USING btree ("client_id","code");--> statement-breakpoint
ALTER TABLE "discount_groups" ADD CONSTRAINT "discount_groups_code_unique" UNIQUE("code");--> statement-breakpoint
ALTER TABLE "sales_reps" ADD CONSTRAINT "sales_reps_code_unique" UNIQUE("code");