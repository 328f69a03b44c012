CREATE TABLE "device_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"device_id" uuid NOT NULL,
	"count" integer NOT NULL,
	"type" text NOT NULL,
	"days" integer,
	"token" text NOT NULL,
	"reference" text NOT NULL,
	"issued_by" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "devices" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"serial_number" text NOT NULL,
	"starting_code" integer NOT NULL,
	"secret_key_encrypted" text NOT NULL,
	"token_count" integer DEFAULT 0 NOT NULL,
	"time_divider" integer DEFAULT 1 NOT NULL,
	"restricted_digit_set" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'in_stock' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "devices_serial_number_unique" UNIQUE("serial_number"),
	CONSTRAINT "devices_starting_code_range" CHECK ("devices"."starting_code" between 0 and 999999999),
	CONSTRAINT "devices_token_count_range" CHECK ("devices"."token_count" >= 0),
	CONSTRAINT "devices_time_divider_range" CHECK ("devices"."time_divider" between 1 and 1000)
);
--> statement-breakpoint
ALTER TABLE "device_tokens" ADD CONSTRAINT "device_tokens_device_id_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."devices"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "device_tokens_count_idx" ON "device_tokens" USING btree ("device_id","count");--> statement-breakpoint
CREATE UNIQUE INDEX "device_tokens_reference_idx" ON "device_tokens" USING btree ("device_id","reference");--> statement-breakpoint
CREATE INDEX "device_tokens_device_idx" ON "device_tokens" USING btree ("device_id","created_at");