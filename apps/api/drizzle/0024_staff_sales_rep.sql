ALTER TABLE "users" ADD COLUMN "sales_rep_id" integer;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_sales_rep_id_sales_reps_id_fk" FOREIGN KEY ("sales_rep_id") REFERENCES "public"."sales_reps"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- A sales rep's account already on record is linked to his row by the e-mail they share.
UPDATE "users" AS u SET "sales_rep_id" = r."id" FROM "sales_reps" AS r
WHERE u."role" = 'sales_rep' AND u."sales_rep_id" IS NULL AND lower(u."email") = lower(r."email");
