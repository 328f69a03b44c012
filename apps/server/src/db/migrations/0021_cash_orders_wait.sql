-- An order keeps until when it waits for its payment: 30 minutes for mobile money, or the days
-- an agent's sale paid in cash waits for the agent to record the cash (CASH_ORDER_DAYS). Orders
-- waiting now get what they would have been given (7 days, the setting's default, for cash).
ALTER TABLE "orders" ADD COLUMN "pay_by" timestamp with time zone;--> statement-breakpoint
UPDATE "orders" SET "pay_by" = "created_at" + CASE WHEN "payment_method" = 'cash' THEN interval '7 days' ELSE interval '30 minutes' END WHERE "status" = 'pending_payment';
