-- Stock by location (decision 024): warehouses, shops (pickup points) and agents hold units;
-- for every product, stock + reserved = the units its locations hold.
CREATE TABLE "stock_locations" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"kind" text NOT NULL,
	"name" text,
	"pickup_point_id" uuid,
	"agent_id" text,
	"is_main" boolean DEFAULT false NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_locations_pickup_point_id_unique" UNIQUE("pickup_point_id"),
	CONSTRAINT "stock_locations_agent_id_unique" UNIQUE("agent_id"),
	CONSTRAINT "stock_locations_kind_link" CHECK (("stock_locations"."kind" = 'warehouse' and "stock_locations"."name" is not null and "stock_locations"."pickup_point_id" is null and "stock_locations"."agent_id" is null)
        or ("stock_locations"."kind" = 'shop' and "stock_locations"."pickup_point_id" is not null and "stock_locations"."agent_id" is null)
        or ("stock_locations"."kind" = 'agent' and "stock_locations"."agent_id" is not null and "stock_locations"."pickup_point_id" is null)),
	CONSTRAINT "stock_locations_main_warehouse" CHECK (not "stock_locations"."is_main" or "stock_locations"."kind" = 'warehouse')
);
--> statement-breakpoint
ALTER TABLE "stock_locations" ADD CONSTRAINT "stock_locations_pickup_point_id_pickup_points_id_fk" FOREIGN KEY ("pickup_point_id") REFERENCES "public"."pickup_points"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_locations" ADD CONSTRAINT "stock_locations_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "stock_locations_one_main" ON "stock_locations" USING btree ("is_main") WHERE "stock_locations"."is_main";--> statement-breakpoint
CREATE TABLE "stock_levels" (
	"location_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "stock_levels_location_id_product_id_pk" PRIMARY KEY("location_id","product_id"),
	CONSTRAINT "stock_levels_quantity_nonnegative" CHECK ("stock_levels"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_levels" ADD CONSTRAINT "stock_levels_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_levels_product_idx" ON "stock_levels" USING btree ("product_id");--> statement-breakpoint
CREATE TABLE "stock_location_moves" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"product_id" uuid NOT NULL,
	"from_location_id" uuid,
	"to_location_id" uuid,
	"quantity" integer NOT NULL,
	"note" text,
	"serials" text[] DEFAULT '{}'::text[] NOT NULL,
	"order_id" uuid,
	"actor_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_location_moves_quantity" CHECK ("stock_location_moves"."quantity" > 0),
	CONSTRAINT "stock_location_moves_ends" CHECK (("stock_location_moves"."from_location_id" is not null or "stock_location_moves"."to_location_id" is not null) and "stock_location_moves"."from_location_id" is distinct from "stock_location_moves"."to_location_id")
);
--> statement-breakpoint
ALTER TABLE "stock_location_moves" ADD CONSTRAINT "stock_location_moves_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_location_moves" ADD CONSTRAINT "stock_location_moves_from_location_id_stock_locations_id_fk" FOREIGN KEY ("from_location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_location_moves" ADD CONSTRAINT "stock_location_moves_to_location_id_stock_locations_id_fk" FOREIGN KEY ("to_location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stock_location_moves_from_idx" ON "stock_location_moves" USING btree ("from_location_id","id");--> statement-breakpoint
CREATE INDEX "stock_location_moves_to_idx" ON "stock_location_moves" USING btree ("to_location_id","id");--> statement-breakpoint
CREATE INDEX "stock_location_moves_product_idx" ON "stock_location_moves" USING btree ("product_id","id");--> statement-breakpoint
ALTER TABLE "stock_movements" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "reserved" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_reserved_nonnegative" CHECK ("products"."reserved" >= 0);--> statement-breakpoint
-- Units orders took and have not handed over yet (their reservations less what they gave back)
-- are still in the warehouse: they count as reserved.
UPDATE "products" p SET "reserved" = greatest(0, coalesce((
	SELECT -sum(m."change") FROM "stock_movements" m JOIN "orders" o ON o."id" = m."order_id"
	WHERE m."product_id" = p."id" AND m."kind" IN ('order_reserved', 'order_released')
		AND o."status" NOT IN ('delivered', 'completed')
), 0));--> statement-breakpoint
-- Every unit on record so far is at the main warehouse.
INSERT INTO "stock_locations" ("kind", "name", "is_main") VALUES ('warehouse', 'Main warehouse', true);--> statement-breakpoint
INSERT INTO "stock_levels" ("location_id", "product_id", "quantity")
	SELECT l."id", p."id", p."stock" + p."reserved" FROM "products" p, "stock_locations" l
	WHERE l."is_main" AND p."stock" + p."reserved" > 0;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "location_id" uuid;--> statement-breakpoint
ALTER TABLE "devices" ADD CONSTRAINT "devices_location_id_stock_locations_id_fk" FOREIGN KEY ("location_id") REFERENCES "public"."stock_locations"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Devices not yet sold are at the main warehouse; the others are with their customers.
UPDATE "devices" SET "location_id" = (SELECT "id" FROM "stock_locations" WHERE "is_main") WHERE "status" = 'in_stock';
