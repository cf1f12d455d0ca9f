CREATE TABLE "lab_message_clients" (
	"message_id" integer NOT NULL,
	"client_id" integer NOT NULL,
	CONSTRAINT "lab_message_clients_message_id_client_id_pk" PRIMARY KEY("message_id","client_id")
);
--> statement-breakpoint
CREATE TABLE "showcase_products" (
	"product_id" integer PRIMARY KEY NOT NULL,
	"featured" boolean NOT NULL,
	"position" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banners" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_messages" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "lab_message_clients" ADD CONSTRAINT "lab_message_clients_message_id_lab_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."lab_messages"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lab_message_clients" ADD CONSTRAINT "lab_message_clients_client_id_clients_id_fk" FOREIGN KEY ("client_id") REFERENCES "public"."clients"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "showcase_products" ADD CONSTRAINT "showcase_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lab_message_clients_client_idx" ON "lab_message_clients" USING btree ("client_id");