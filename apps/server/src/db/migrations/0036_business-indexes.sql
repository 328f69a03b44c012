CREATE INDEX "orders_paid_idx" ON "orders" USING btree ("paid_at") WHERE "orders"."paid_at" is not null;--> statement-breakpoint
CREATE INDEX "loan_payments_created_idx" ON "loan_payments" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "loans_created_idx" ON "loans" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "loans_activated_idx" ON "loans" USING btree ("activated_at") WHERE "loans"."activated_at" is not null;