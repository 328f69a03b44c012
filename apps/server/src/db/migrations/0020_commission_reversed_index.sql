-- The commission an agent had reversed since a moment (today, this month) on their dashboard,
-- read by its own index beside the one of commission earned (agent_commissions_agent_idx).
CREATE INDEX "agent_commissions_reversed_idx" ON "agent_commissions" USING btree ("agent_id","reversed_at") WHERE "agent_commissions"."reversed_at" is not null;