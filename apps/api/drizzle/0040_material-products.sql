CREATE TABLE "material_products" (
	"material_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "material_products_material_id_product_id_pk" PRIMARY KEY("material_id","product_id")
);
--> statement-breakpoint
ALTER TABLE "material_products" ADD CONSTRAINT "material_products_material_id_materials_id_fk" FOREIGN KEY ("material_id") REFERENCES "public"."materials"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "material_products" ADD CONSTRAINT "material_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "material_products_product_idx" ON "material_products" USING btree ("product_id");