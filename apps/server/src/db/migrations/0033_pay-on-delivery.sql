ALTER TABLE "orders" ADD COLUMN "pay_on_delivery" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "collector_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_collector_id_users_id_fk" FOREIGN KEY ("collector_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "orders_collector_idx" ON "orders" USING btree ("collector_id","status") WHERE "orders"."collector_id" is not null;