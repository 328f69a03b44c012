ALTER TABLE "outbox_messages" ADD COLUMN "purpose" text DEFAULT 'other' NOT NULL;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "reference" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "provider_message_id" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivery" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "delivery_reason" text;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "reported_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "retry_of" uuid;--> statement-breakpoint
ALTER TABLE "outbox_messages" ADD COLUMN "retry_number" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE INDEX "outbox_messages_provider_message_idx" ON "outbox_messages" USING btree ("provider_message_id");