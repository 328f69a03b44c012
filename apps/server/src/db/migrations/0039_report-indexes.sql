CREATE INDEX "stock_movements_created_idx" ON "stock_movements" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "agent_commissions_created_idx" ON "agent_commissions" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "loan_repayments_due_idx" ON "loan_repayments" USING btree ("due_date");--> statement-breakpoint
CREATE INDEX "loans_defaulted_idx" ON "loans" USING btree ("defaulted_at") WHERE "loans"."defaulted_at" is not null;--> statement-breakpoint
CREATE INDEX "loans_closed_idx" ON "loans" USING btree ("closed_at") WHERE "loans"."closed_at" is not null;