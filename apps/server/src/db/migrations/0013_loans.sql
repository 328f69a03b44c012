CREATE TABLE "loan_payments" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"loan_id" uuid NOT NULL,
	"payment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"amount" bigint NOT NULL,
	"allocation" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_payments_payment_id_unique" UNIQUE("payment_id")
);
--> statement-breakpoint
CREATE TABLE "loan_plans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"deposit_bp" integer NOT NULL,
	"instalments" integer NOT NULL,
	"frequency" text NOT NULL,
	"markup_bp" integer NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_plans_deposit_range" CHECK ("loan_plans"."deposit_bp" between 0 and 9000),
	CONSTRAINT "loan_plans_instalments_range" CHECK ("loan_plans"."instalments" between 1 and 730),
	CONSTRAINT "loan_plans_markup_range" CHECK ("loan_plans"."markup_bp" between 0 and 20000)
);
--> statement-breakpoint
CREATE TABLE "loan_repayments" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"number" integer NOT NULL,
	"due_date" date NOT NULL,
	"amount_due" bigint NOT NULL,
	"amount_paid" bigint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'due' NOT NULL,
	"reminded_at" timestamp with time zone,
	"paid_at" timestamp with time zone,
	CONSTRAINT "loan_repayments_paid_range" CHECK ("loan_repayments"."amount_paid" between 0 and "loan_repayments"."amount_due")
);
--> statement-breakpoint
CREATE TABLE "loans" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigserial NOT NULL,
	"user_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"plan_id" uuid NOT NULL,
	"plan_name" text NOT NULL,
	"product_name" text NOT NULL,
	"agent_id" text,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"cash_price" bigint NOT NULL,
	"credit_price" bigint NOT NULL,
	"deposit" bigint NOT NULL,
	"instalment" bigint NOT NULL,
	"last_instalment" bigint NOT NULL,
	"instalments" integer NOT NULL,
	"frequency" text NOT NULL,
	"markup_bp" integer NOT NULL,
	"deposit_bp" integer NOT NULL,
	"daily_rate" bigint,
	"paid" bigint DEFAULT 0 NOT NULL,
	"days_bought" integer DEFAULT 0 NOT NULL,
	"days_issued" integer DEFAULT 0 NOT NULL,
	"days_past_due" integer DEFAULT 0 NOT NULL,
	"district" text,
	"fulfilment" jsonb NOT NULL,
	"device_id" uuid,
	"deposit_payment_id" uuid,
	"decision_note" text,
	"decided_by" text,
	"start_date" date,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone,
	"activated_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loans_seq_unique" UNIQUE("seq"),
	CONSTRAINT "loans_order_id_unique" UNIQUE("order_id"),
	CONSTRAINT "loans_device_id_unique" UNIQUE("device_id"),
	CONSTRAINT "loans_paid_range" CHECK ("loans"."paid" between 0 and "loans"."credit_price"),
	CONSTRAINT "loans_days_issued" CHECK ("loans"."days_issued" <= "loans"."days_bought")
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "loan_id" uuid;--> statement-breakpoint
ALTER TABLE "loan_payments" ADD CONSTRAINT "loan_payments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_plans" ADD CONSTRAINT "loan_plans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD CONSTRAINT "loan_repayments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_plan_id_loan_plans_id_fk" FOREIGN KEY ("plan_id") REFERENCES "public"."loan_plans"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "loan_payments_loan_idx" ON "loan_payments" USING btree ("loan_id","created_at");--> statement-breakpoint
CREATE INDEX "loan_plans_product_idx" ON "loan_plans" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_repayments_number_idx" ON "loan_repayments" USING btree ("loan_id","number");--> statement-breakpoint
CREATE INDEX "loan_repayments_open_idx" ON "loan_repayments" USING btree ("due_date") WHERE "loan_repayments"."status" <> 'paid';--> statement-breakpoint
CREATE INDEX "loan_repayments_user_idx" ON "loan_repayments" USING btree ("user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "loans_user_key_idx" ON "loans" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "loans_user_idx" ON "loans" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "loans_status_idx" ON "loans" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "loans_agent_idx" ON "loans" USING btree ("agent_id") WHERE "loans"."agent_id" is not null;--> statement-breakpoint
CREATE INDEX "payments_loan_idx" ON "payments" USING btree ("loan_id","created_at") WHERE "payments"."loan_id" is not null;