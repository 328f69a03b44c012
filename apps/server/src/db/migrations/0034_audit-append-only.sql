-- The audit log is a record of what was done: nobody changes or removes an entry, the app's own
-- database role included. Row triggers refuse UPDATE and DELETE; a statement trigger refuses
-- TRUNCATE, here and on the ledger's two tables, which were append-only for rows only.
CREATE FUNCTION audit_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'The audit log is append-only: % on % is not allowed', TG_OP, TG_TABLE_NAME
    USING ERRCODE = 'insufficient_privilege';
END;
$$;
--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON "audit_log"
  FOR EACH STATEMENT EXECUTE FUNCTION audit_append_only();
--> statement-breakpoint
CREATE TRIGGER ledger_postings_no_truncate BEFORE TRUNCATE ON "ledger_postings"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
CREATE TRIGGER journal_transactions_no_truncate BEFORE TRUNCATE ON "journal_transactions"
  FOR EACH STATEMENT EXECUTE FUNCTION ledger_append_only();
--> statement-breakpoint
-- Nobody but the owner may write to them at all: no role gets UPDATE, DELETE or TRUNCATE by grant.
REVOKE UPDATE, DELETE, TRUNCATE ON "audit_log", "ledger_postings", "journal_transactions" FROM PUBLIC;
