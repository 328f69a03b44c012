CREATE TABLE "agent_consent_codes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"agent_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"code_hash" text NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "agent_customers" (
	"agent_id" text NOT NULL,
	"customer_id" text NOT NULL,
	"consented_at" timestamp with time zone NOT NULL,
	"consent_expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "agent_customers_agent_id_customer_id_pk" PRIMARY KEY("agent_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "kyc_documents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"content_type" text NOT NULL,
	"bytes" integer NOT NULL,
	"sha256" text NOT NULL,
	"uploaded_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"replaced_at" timestamp with time zone,
	CONSTRAINT "kyc_documents_storage_key_unique" UNIQUE("storage_key")
);
--> statement-breakpoint
CREATE TABLE "kyc_events" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"actor_id" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "kyc_records" (
	"user_id" text PRIMARY KEY NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"legal_name" text,
	"date_of_birth" date,
	"gender" text,
	"district" text,
	"sub_county" text,
	"village" text,
	"id_type" text,
	"id_number" text,
	"rejection_reason" text,
	"submitted_at" timestamp with time zone,
	"reviewed_at" timestamp with time zone,
	"reviewed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "kyc_records_rejected_has_reason" CHECK ("kyc_records"."status" <> 'rejected' or "kyc_records"."rejection_reason" is not null)
);
--> statement-breakpoint
ALTER TABLE "agent_consent_codes" ADD CONSTRAINT "agent_consent_codes_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_consent_codes" ADD CONSTRAINT "agent_consent_codes_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_customers" ADD CONSTRAINT "agent_customers_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_customers" ADD CONSTRAINT "agent_customers_customer_id_users_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_documents" ADD CONSTRAINT "kyc_documents_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_events" ADD CONSTRAINT "kyc_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "kyc_records" ADD CONSTRAINT "kyc_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "agent_consent_codes_pair_idx" ON "agent_consent_codes" USING btree ("agent_id","customer_id","created_at");--> statement-breakpoint
CREATE INDEX "agent_customers_customer_idx" ON "agent_customers" USING btree ("customer_id");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_documents_current_idx" ON "kyc_documents" USING btree ("user_id","kind") WHERE "kyc_documents"."replaced_at" is null;--> statement-breakpoint
CREATE INDEX "kyc_events_user_idx" ON "kyc_events" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "kyc_records_queue_idx" ON "kyc_records" USING btree ("status","submitted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "kyc_records_verified_id_idx" ON "kyc_records" USING btree ("id_type","id_number") WHERE "kyc_records"."status" = 'verified';