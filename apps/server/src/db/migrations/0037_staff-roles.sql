ALTER TABLE "users" ADD COLUMN "staff_role" text;--> statement-breakpoint
-- Everyone who is staff today keeps every right they had: the full admin role.
UPDATE "users" SET "staff_role" = 'admin' WHERE "user_type" = 'admin';
