CREATE TABLE "diagnostic_results" (
	"run_id" uuid NOT NULL,
	"check_name" text NOT NULL,
	"position" integer NOT NULL,
	"status" text NOT NULL,
	"message" text NOT NULL,
	"duration_ms" integer NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	CONSTRAINT "diagnostic_results_run_id_check_name_pk" PRIMARY KEY("run_id","check_name")
);
--> statement-breakpoint
CREATE TABLE "diagnostic_runs" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"trigger" text NOT NULL,
	"started_by" text,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"finished_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
ALTER TABLE "diagnostic_results" ADD CONSTRAINT "diagnostic_results_run_id_diagnostic_runs_id_fk" FOREIGN KEY ("run_id") REFERENCES "public"."diagnostic_runs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "diagnostic_results_check_idx" ON "diagnostic_results" USING btree ("check_name","run_id");--> statement-breakpoint
CREATE INDEX "diagnostic_runs_started_idx" ON "diagnostic_runs" USING btree ("started_at");