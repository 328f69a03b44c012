ALTER TABLE "support_requests" ADD COLUMN "handled_by" text;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "handled_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "support_requests" ADD COLUMN "handled_note" text;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_handled_by_users_id_fk" FOREIGN KEY ("handled_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "support_requests" ADD CONSTRAINT "support_requests_handled" CHECK (("support_requests"."status" = 'handled') = ("support_requests"."handled_at" is not null));