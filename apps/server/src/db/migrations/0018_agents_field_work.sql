-- Field agents (issue: register customers, sell, collect cash, earn commission, work offline).
-- Cash an agent collects sits in a ledger account of kind agent_cash, code 'cash:<agent id>'
-- (a business account: what the agent owes the company), until an admin records the handover.
-- A cash payment names the agent who took it; orders and loans name the agent who sold them and
-- the commission rate then. Leads and visit notes carry a key made on the agent's phone, so an
-- action queued offline and sent twice is applied once.
CREATE TABLE "agent_commissions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" text NOT NULL,
	"payment_id" uuid NOT NULL,
	"order_id" uuid,
	"loan_id" uuid,
	"base" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"amount" bigint NOT NULL,
	"journal_id" uuid NOT NULL,
	"reversal_journal_id" uuid,
	"reversed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_commissions_payment_id_unique" UNIQUE("payment_id"),
	CONSTRAINT "agent_commissions_amounts" CHECK ("agent_commissions"."amount" >= 0 and "agent_commissions"."base" > 0 and "agent_commissions"."rate_bp" between 0 and 10000)
);
--> statement-breakpoint
CREATE TABLE "agent_handovers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" text NOT NULL,
	"amount" bigint NOT NULL,
	"method" text NOT NULL,
	"reference" text,
	"note" text,
	"recorded_by" text NOT NULL,
	"journal_id" uuid NOT NULL,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_handovers_idempotency_key_unique" UNIQUE("idempotency_key"),
	CONSTRAINT "agent_handovers_amount" CHECK ("agent_handovers"."amount" > 0),
	CONSTRAINT "agent_handovers_reference" CHECK ("agent_handovers"."method" = 'cash' or "agent_handovers"."reference" is not null)
);
--> statement-breakpoint
CREATE TABLE "agent_leads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" text NOT NULL,
	"client_key" text NOT NULL,
	"full_name" text NOT NULL,
	"phone" text NOT NULL,
	"district" text NOT NULL,
	"sub_county" text NOT NULL,
	"village" text NOT NULL,
	"preferred_language" text NOT NULL,
	"national_id" text,
	"status" text DEFAULT 'waiting_code' NOT NULL,
	"customer_id" text,
	"code_hash" text,
	"attempts" integer DEFAULT 0 NOT NULL,
	"code_expires_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"recorded_at" timestamp with time zone NOT NULL,
	"confirmed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "agent_profiles" (
	"agent_id" text PRIMARY KEY NOT NULL,
	"districts" text[] DEFAULT '{}'::text[] NOT NULL,
	"cash_limit" bigint DEFAULT 500000 NOT NULL,
	"updated_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_profiles_cash_limit" CHECK ("agent_profiles"."cash_limit" >= 0)
);
--> statement-breakpoint
CREATE TABLE "agent_targets" (
	"agent_id" text NOT NULL,
	"month" date NOT NULL,
	"sales_target" bigint DEFAULT 0 NOT NULL,
	"collections_target" bigint DEFAULT 0 NOT NULL,
	"set_by" text,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_targets_agent_id_month_pk" PRIMARY KEY("agent_id","month"),
	CONSTRAINT "agent_targets_amounts" CHECK ("agent_targets"."sales_target" >= 0 and "agent_targets"."collections_target" >= 0)
);
--> statement-breakpoint
CREATE TABLE "agent_visit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"loan_id" uuid,
	"client_key" text NOT NULL,
	"note" text NOT NULL,
	"promise_date" date,
	"promise_amount" bigint,
	"recorded_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "agent_visit_notes_promise" CHECK (("agent_visit_notes"."promise_date" is null) = ("agent_visit_notes"."promise_amount" is null) and coalesce("agent_visit_notes"."promise_amount", 1) > 0)
);
--> statement-breakpoint
ALTER TABLE "payments" DROP CONSTRAINT "payments_mobile_has_phone";--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "collected_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "sold_by" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "commission_bp" integer;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "commission_bp" integer;--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_journal_id_journal_transactions_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journal_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_commissions" ADD CONSTRAINT "agent_commissions_reversal_journal_id_journal_transactions_id_fk" FOREIGN KEY ("reversal_journal_id") REFERENCES "public"."journal_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_handovers" ADD CONSTRAINT "agent_handovers_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_handovers" ADD CONSTRAINT "agent_handovers_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_handovers" ADD CONSTRAINT "agent_handovers_journal_id_journal_transactions_id_fk" FOREIGN KEY ("journal_id") REFERENCES "public"."journal_transactions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_leads" ADD CONSTRAINT "agent_leads_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_leads" ADD CONSTRAINT "agent_leads_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_profiles" ADD CONSTRAINT "agent_profiles_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_targets" ADD CONSTRAINT "agent_targets_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_visit_notes" ADD CONSTRAINT "agent_visit_notes_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_visit_notes" ADD CONSTRAINT "agent_visit_notes_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_visit_notes" ADD CONSTRAINT "agent_visit_notes_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_commissions_agent_idx" ON "agent_commissions" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_handovers_agent_idx" ON "agent_handovers" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_leads_client_key" ON "agent_leads" USING btree ("agent_id","client_key");--> statement-breakpoint
CREATE INDEX "agent_leads_agent_idx" ON "agent_leads" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "agent_visit_notes_client_key" ON "agent_visit_notes" USING btree ("agent_id","client_key");--> statement-breakpoint
CREATE INDEX "agent_visit_notes_customer_idx" ON "agent_visit_notes" USING btree ("customer_id","created_at");--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_collected_by_users_id_fk" FOREIGN KEY ("collected_by") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_sold_by_users_id_fk" FOREIGN KEY ("sold_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payments_collector_idx" ON "payments" USING btree ("collected_by","created_at") WHERE "payments"."collected_by" is not null;--> statement-breakpoint
CREATE INDEX "orders_sold_by_idx" ON "orders" USING btree ("sold_by","created_at") WHERE "orders"."sold_by" is not null;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_cash_has_collector" CHECK (("payments"."method" = 'cash') = ("payments"."collected_by" is not null));--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_mobile_has_phone" CHECK ("payments"."method" in ('wallet', 'cash') or "payments"."phone" is not null);--> statement-breakpoint
-- Every approved agent gets the default profile; loans an agent sold keep the agent's rate today,
-- and the order that delivers such a loan is marked as sold by the same agent at that rate.
INSERT INTO "agent_profiles" ("agent_id")
  SELECT "id" FROM "users" WHERE "user_type" = 'agent' ON CONFLICT DO NOTHING;--> statement-breakpoint
UPDATE "loans" SET "commission_bp" = coalesce(u."commission_rate_bp", 0)
  FROM "users" u WHERE u."id" = "loans"."agent_id";--> statement-breakpoint
UPDATE "orders" SET "sold_by" = l."agent_id", "commission_bp" = l."commission_bp"
  FROM "loans" l WHERE l."order_id" = "orders"."id" AND l."agent_id" IS NOT NULL;
