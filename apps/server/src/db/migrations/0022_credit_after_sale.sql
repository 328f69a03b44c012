-- Credit after the sale (issue: policy, collections, default, repossession, write-off,
-- restructuring, device swap and warranty, statements, portfolio). A versioned credit policy;
-- follow-ups of past-due loans with promises to pay; reminders by day relative to the due date;
-- repossessions; every change to a running loan's schedule with the schedule before and after;
-- device swaps and warranty; daily PAR and month-end buckets for the portfolio's charts. Loans
-- carry the fees added after the sale, what was forgiven (discounts, write-offs) and recovered.
CREATE TABLE "credit_policies" (
	"version" integer PRIMARY KEY NOT NULL,
	"rules" jsonb NOT NULL,
	"note" text,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "device_swaps" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"old_device_id" uuid NOT NULL,
	"new_device_id" uuid NOT NULL,
	"reason" text NOT NULL,
	"under_warranty" boolean NOT NULL,
	"days_carried" integer NOT NULL,
	"actor_id" text,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "loan_follow_ups" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"assigned_to" text,
	"reason" text NOT NULL,
	"opened_on" date NOT NULL,
	"outcome" text,
	"promise_date" date,
	"promise_amount" bigint,
	"promise_broken" boolean DEFAULT false NOT NULL,
	"note" text,
	"recorded_by" text,
	"recorded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_follow_ups_promise" CHECK (("loan_follow_ups"."outcome" = 'promise_to_pay') = ("loan_follow_ups"."promise_date" is not null and "loan_follow_ups"."promise_amount" > 0))
);
--> statement-breakpoint
CREATE TABLE "loan_month_ends" (
	"month" date NOT NULL,
	"loan_id" uuid NOT NULL,
	"bucket" text NOT NULL,
	"outstanding" bigint NOT NULL,
	CONSTRAINT "loan_month_ends_month_loan_id_pk" PRIMARY KEY("month","loan_id")
);
--> statement-breakpoint
CREATE TABLE "loan_reminders" (
	"repayment_id" uuid NOT NULL,
	"day_offset" integer NOT NULL,
	"sent_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "loan_reminders_repayment_id_day_offset_pk" PRIMARY KEY("repayment_id","day_offset")
);
--> statement-breakpoint
CREATE TABLE "loan_schedule_changes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"before" jsonb NOT NULL,
	"after" jsonb NOT NULL,
	"fee" bigint DEFAULT 0 NOT NULL,
	"discount" bigint DEFAULT 0 NOT NULL,
	"policy_version" integer,
	"actor_id" text,
	"idempotency_key" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "portfolio_days" (
	"day" date NOT NULL,
	"bucket" text NOT NULL,
	"loans" integer NOT NULL,
	"outstanding" bigint NOT NULL,
	CONSTRAINT "portfolio_days_day_bucket_pk" PRIMARY KEY("day","bucket")
);
--> statement-breakpoint
CREATE TABLE "repossessions" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"loan_id" uuid NOT NULL,
	"device_id" uuid,
	"status" text DEFAULT 'started' NOT NULL,
	"started_by" text,
	"reason" text NOT NULL,
	"assigned_to" text,
	"condition" text,
	"failure_reason" text,
	"attempted_by" text,
	"attempted_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "repossessions_condition" CHECK (("repossessions"."status" = 'recovered') = ("repossessions"."condition" is not null)),
	CONSTRAINT "repossessions_failure" CHECK (("repossessions"."status" = 'failed') = ("repossessions"."failure_reason" is not null))
);
--> statement-breakpoint
ALTER TABLE "loans" DROP CONSTRAINT "loans_paid_range";--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "delivered_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "devices" ADD COLUMN "warranty_until" date;--> statement-breakpoint
ALTER TABLE "loan_repayments" ADD COLUMN "late_fee" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "fees" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "forgiven" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "recovered" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "declared_income" bigint;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "policy_version" integer;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "credit_suggestion" jsonb;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "paused_until" date;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "defaulted_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "loans" ADD COLUMN "closed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "credit_policies" ADD CONSTRAINT "credit_policies_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_swaps" ADD CONSTRAINT "device_swaps_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_swaps" ADD CONSTRAINT "device_swaps_old_device_id_devices_id_fk" FOREIGN KEY ("old_device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_swaps" ADD CONSTRAINT "device_swaps_new_device_id_devices_id_fk" FOREIGN KEY ("new_device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "device_swaps" ADD CONSTRAINT "device_swaps_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_follow_ups" ADD CONSTRAINT "loan_follow_ups_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_follow_ups" ADD CONSTRAINT "loan_follow_ups_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_follow_ups" ADD CONSTRAINT "loan_follow_ups_recorded_by_users_id_fk" FOREIGN KEY ("recorded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_month_ends" ADD CONSTRAINT "loan_month_ends_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_reminders" ADD CONSTRAINT "loan_reminders_repayment_id_loan_repayments_id_fk" FOREIGN KEY ("repayment_id") REFERENCES "public"."loan_repayments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_schedule_changes" ADD CONSTRAINT "loan_schedule_changes_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "loan_schedule_changes" ADD CONSTRAINT "loan_schedule_changes_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repossessions" ADD CONSTRAINT "repossessions_loan_id_loans_id_fk" FOREIGN KEY ("loan_id") REFERENCES "public"."loans"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repossessions" ADD CONSTRAINT "repossessions_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repossessions" ADD CONSTRAINT "repossessions_started_by_users_id_fk" FOREIGN KEY ("started_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repossessions" ADD CONSTRAINT "repossessions_assigned_to_users_id_fk" FOREIGN KEY ("assigned_to") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "repossessions" ADD CONSTRAINT "repossessions_attempted_by_users_id_fk" FOREIGN KEY ("attempted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "device_swaps_loan_idx" ON "device_swaps" USING btree ("loan_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "loan_follow_ups_open_idx" ON "loan_follow_ups" USING btree ("loan_id") WHERE "loan_follow_ups"."outcome" is null;--> statement-breakpoint
CREATE INDEX "loan_follow_ups_assignee_idx" ON "loan_follow_ups" USING btree ("assigned_to","opened_on");--> statement-breakpoint
CREATE INDEX "loan_follow_ups_promise_idx" ON "loan_follow_ups" USING btree ("promise_date") WHERE "loan_follow_ups"."outcome" = 'promise_to_pay' and "loan_follow_ups"."promise_broken" = false;--> statement-breakpoint
CREATE UNIQUE INDEX "loan_schedule_changes_key_idx" ON "loan_schedule_changes" USING btree ("loan_id","idempotency_key");--> statement-breakpoint
CREATE INDEX "loan_schedule_changes_loan_idx" ON "loan_schedule_changes" USING btree ("loan_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "repossessions_open_idx" ON "repossessions" USING btree ("loan_id") WHERE "repossessions"."status" = 'started';--> statement-breakpoint
CREATE INDEX "repossessions_assignee_idx" ON "repossessions" USING btree ("assigned_to","status");--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_forgiven_range" CHECK ("loans"."forgiven" between 0 and "loans"."credit_price" + "loans"."fees" - "loans"."paid");--> statement-breakpoint
ALTER TABLE "loans" ADD CONSTRAINT "loans_paid_range" CHECK ("loans"."paid" between 0 and "loans"."credit_price" + "loans"."fees");
--> statement-breakpoint
INSERT INTO "ledger_accounts" ("code", "kind") VALUES
  ('expense:bad-debt', 'bad_debt_expense'),
  ('income:recoveries', 'recoveries'),
  ('income:loan-fees', 'fee_income'),
  ('expense:discounts', 'discounts')
ON CONFLICT ("code") DO NOTHING;
