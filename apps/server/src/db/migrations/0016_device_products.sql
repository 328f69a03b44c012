ALTER TABLE "devices" ADD COLUMN "product_id" uuid;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "devices_product_stock_idx" ON "devices" USING btree ("product_id","status","created_at");--> statement-breakpoint
-- A device on a loan is the product the loan is for.
UPDATE "devices" SET "product_id" = "loans"."product_id" FROM "loans" WHERE "loans"."device_id" = "devices"."id";--> statement-breakpoint
-- The demo units (DEMO000001 …) are shared out in turn among the products sold on credit, by SKU,
-- as the seed now does; any other unit's product is unknown and it waits, unassigned, until set.
UPDATE "devices" SET "product_id" = "credit"."id"
FROM (
  SELECT "id", row_number() OVER (ORDER BY "sku") - 1 AS "turn", count(*) OVER () AS "products"
  FROM "products" WHERE "loan_eligible"
) AS "credit"
WHERE "devices"."product_id" IS NULL
  AND "devices"."serial_number" ~ '^DEMO[0-9]{6}$'
  AND (substring("devices"."serial_number" from 5)::integer - 1) % "credit"."products" = "credit"."turn";
