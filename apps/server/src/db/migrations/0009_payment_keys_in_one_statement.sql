ALTER TABLE "payments" DROP CONSTRAINT "payments_provider_reference_unique";--> statement-breakpoint
DROP INDEX "payments_one_refund";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "request_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_provider_reference" ON "payments" USING btree ("provider_reference") WHERE "payments"."provider_reference" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_refund" ON "payments" USING btree ("refund_of") WHERE "payments"."refund_of" is not null;