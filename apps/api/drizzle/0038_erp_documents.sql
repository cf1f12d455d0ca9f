CREATE TABLE "invoice_files" (
	"invoice_id" integer PRIMARY KEY NOT NULL,
	"size" integer NOT NULL,
	"content" "bytea" NOT NULL,
	"uploaded_at" timestamp with time zone NOT NULL,
	CONSTRAINT "invoice_files_size" CHECK ("invoice_files"."size" = octet_length("invoice_files"."content"))
);
--> statement-breakpoint
ALTER TABLE "invoices" ADD COLUMN "source_digest" text;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD COLUMN "lot" text;--> statement-breakpoint
ALTER TABLE "shipment_lines" ADD COLUMN "expires_on" date;--> statement-breakpoint
ALTER TABLE "invoice_files" ADD CONSTRAINT "invoice_files_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;