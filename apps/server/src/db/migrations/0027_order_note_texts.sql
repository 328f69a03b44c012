ALTER TABLE "order_events" ADD COLUMN "note_text" jsonb;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "cancel_reason_text" jsonb;