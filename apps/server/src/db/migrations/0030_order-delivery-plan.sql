ALTER TABLE "orders" ADD COLUMN "expected_on" date;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier_name" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "courier_phone" text;