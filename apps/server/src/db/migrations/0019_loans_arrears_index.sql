-- The loans in arrears, most days past due first: an agent's customers to visit and the count on
-- their dashboard read these (a small share of all loans) and join them to the agent's
-- customers, instead of looking up every loan of thousands of customers by user.
CREATE INDEX "loans_arrears_idx" ON "loans" USING btree ("days_past_due" DESC NULLS FIRST,"id") WHERE "loans"."days_past_due" > 0 and "loans"."status" in ('active', 'defaulted');