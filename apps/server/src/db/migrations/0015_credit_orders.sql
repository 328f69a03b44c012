ALTER TABLE "orders" ADD COLUMN "on_credit" boolean DEFAULT false NOT NULL;--> statement-breakpoint
UPDATE "orders" SET "on_credit" = true WHERE "request_hash" = 'loan' AND "idempotency_key" LIKE 'loan:%';
