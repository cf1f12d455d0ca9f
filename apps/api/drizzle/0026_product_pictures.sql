-- The pictures the laboratory uploads, one row per picture and size (WebP bytes), in the database so
-- that every API instance serves the same ones. A product's image_count follows its number of pictures;
-- that update moves the pricing epoch on (0007), so the instances' cached search answers are dropped.
CREATE TABLE "product_pictures" (
	"product_id" integer NOT NULL,
	"position" smallint NOT NULL,
	"size" text NOT NULL,
	"bytes" "bytea" NOT NULL,
	"content_type" text NOT NULL,
	"width" smallint NOT NULL,
	"height" smallint NOT NULL,
	"digest" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "product_pictures_product_id_position_size_pk" PRIMARY KEY("product_id","position","size"),
	CONSTRAINT "product_pictures_position" CHECK ("product_pictures"."position" >= 1),
	CONSTRAINT "product_pictures_size" CHECK ("product_pictures"."size" IN ('thumbnail', 'miniproduct', 'full'))
);
--> statement-breakpoint
ALTER TABLE "product_pictures" ADD CONSTRAINT "product_pictures_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;