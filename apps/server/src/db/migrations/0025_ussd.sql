CREATE TABLE "support_requests" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"customer_id" text NOT NULL,
	"channel" text NOT NULL,
	"session_id" text,
	"topic" text NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "support_requests_session_id_unique" UNIQUE("session_id")
);
--> statement-breakpoint
CREATE TABLE "ussd_callers" (
	"user_id" text PRIMARY KEY NOT NULL,
	"first_session_id" text NOT NULL,
	"pin_hash" text,
	"pin_tries" integer DEFAULT 0 NOT NULL,
	"pin_tried_in" text,
	"locked_until" timestamp with time zone,
	"code_hash" text,
	"code_expires_at" timestamp with time zone,
	"code_tries" integer DEFAULT 0 NOT NULL,
	"code_session_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ussd_callers_tries" CHECK ("ussd_callers"."pin_tries" >= 0 and "ussd_callers"."code_tries" >= 0)
);
--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ussd_callers" ADD CONSTRAINT "ussd_callers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "support_requests_status_created_idx" ON "support_requests" USING btree ("status","created_at");