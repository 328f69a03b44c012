CREATE SEQUENCE "public"."account_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 999999 START WITH 100000 CACHE 1;--> statement-breakpoint
-- A customer's account number: the sequence's six digits and their Luhn check digit
-- (accountNumberValid in packages/core/src/paybill.ts checks it). Adding the column with this
-- default gives every existing user one as the table is rewritten.
CREATE FUNCTION paybill_account_number(n bigint) RETURNS text LANGUAGE plpgsql IMMUTABLE AS $$
DECLARE
  digits text := n::text;
  total int := 0;
  d int;
  doubled boolean := true;
BEGIN
  FOR i IN REVERSE length(digits)..1 LOOP
    d := substr(digits, i, 1)::int;
    IF doubled THEN
      d := d * 2;
      IF d > 9 THEN d := d - 9; END IF;
    END IF;
    total := total + d;
    doubled := NOT doubled;
  END LOOP;
  RETURN digits || ((10 - total % 10) % 10)::text;
END
$$;--> statement-breakpoint
CREATE TABLE "paybill_receipts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"transaction_id" text NOT NULL,
	"provider_ref_id" text,
	"provider" text NOT NULL,
	"network" text,
	"payer_phone" text NOT NULL,
	"account" text NOT NULL,
	"currency" text NOT NULL,
	"amount" bigint NOT NULL,
	"status" text NOT NULL,
	"outcome" text NOT NULL,
	"reason" text,
	"payment_id" uuid,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"return_reason" text,
	"notification" jsonb NOT NULL,
	"paid_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "paybill_receipts_transaction_id_unique" UNIQUE("transaction_id"),
	CONSTRAINT "paybill_receipts_amount_not_negative" CHECK ("paybill_receipts"."amount" >= 0)
);
--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "account_number" text DEFAULT paybill_account_number(nextval('account_number_seq')) NOT NULL;--> statement-breakpoint
ALTER TABLE "paybill_receipts" ADD CONSTRAINT "paybill_receipts_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "paybill_receipts_held_idx" ON "paybill_receipts" USING btree ("created_at","id") WHERE "paybill_receipts"."outcome" = 'held';--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_account_number_unique" UNIQUE("account_number");