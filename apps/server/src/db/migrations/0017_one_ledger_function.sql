-- One way to post to the ledger: every journal transaction, from postJournal or inside the
-- statement of a wallet payment, is one call of ledger_post, so the rules of decision 006 are
-- written once. It replaces ledger_wallet_to_house (migration 0008), which did the same for
-- one wallet-to-house payment only.
--
-- p_postings is a JSON array of {"wallet": <user id>} or {"account": <code>} with "amount"
-- (and "opens": the wallet's kind, for a wallet that is credited and may not exist yet).
-- The key is claimed first: a key already used writes nothing and answers the first
-- transaction with created = false. Accounts move in one fixed order for every caller (wallets,
-- then house accounts, each by code), so no two transactions wait on each other in a circle and
-- the busy house rows are locked last, for the shortest time. A wallet debit that finds no
-- wallet fails like one that would go below zero. The postings' sum is checked at commit by the
-- ledger_postings_balance trigger.
DROP FUNCTION ledger_wallet_to_house(text, text, text, uuid, text, bigint, text);--> statement-breakpoint
CREATE FUNCTION ledger_post(
  p_key text, p_kind text, p_description text, p_payment uuid, p_reverses uuid, p_created_by text, p_postings jsonb,
  OUT journal_id uuid, OUT created boolean
) LANGUAGE plpgsql AS $$
DECLARE
  v_line record;
  v_account uuid;
  v_balance bigint;
  v_accounts uuid[] := '{}';
  v_amounts bigint[] := '{}';
  v_balances bigint[] := '{}';
BEGIN
  INSERT INTO journal_transactions (idempotency_key, kind, description, payment_id, reverses_id, created_by)
    VALUES (p_key, p_kind, p_description, p_payment, p_reverses, p_created_by)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id INTO journal_id;
  IF journal_id IS NULL THEN
    SELECT id INTO journal_id FROM journal_transactions WHERE idempotency_key = p_key;
    created := false;
    RETURN;
  END IF;
  created := true;
  FOR v_line IN
    SELECT l.wallet, coalesce('wallet:' || l.wallet, l.account) AS code, l.amount, l.opens
      FROM jsonb_to_recordset(p_postings) AS l(account text, wallet text, amount bigint, opens text)
     ORDER BY l.wallet IS NULL, coalesce('wallet:' || l.wallet, l.account) COLLATE "C"
  LOOP
    v_account := NULL;
    IF v_line.wallet IS NOT NULL AND v_line.amount > 0 THEN
      INSERT INTO ledger_accounts (code, kind, user_id, balance)
        VALUES (v_line.code, v_line.opens, v_line.wallet, v_line.amount)
        ON CONFLICT (code) DO UPDATE SET balance = ledger_accounts.balance + excluded.balance
        RETURNING id, balance INTO v_account, v_balance;
    ELSE
      UPDATE ledger_accounts SET balance = balance + v_line.amount WHERE code = v_line.code
        RETURNING id, balance INTO v_account, v_balance;
    END IF;
    IF v_account IS NULL AND v_line.wallet IS NOT NULL THEN
      RAISE EXCEPTION 'new row for relation "ledger_accounts" violates check constraint "ledger_wallet_not_negative"'
        USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_wallet_not_negative';
    ELSIF v_account IS NULL THEN
      RAISE EXCEPTION 'No ledger account %', v_line.code;
    END IF;
    v_accounts := v_accounts || v_account;
    v_amounts := v_amounts || v_line.amount;
    v_balances := v_balances || v_balance;
  END LOOP;
  INSERT INTO ledger_postings (transaction_id, account_id, amount, balance_after)
    SELECT journal_id, a, m, b FROM unnest(v_accounts, v_amounts, v_balances) AS t(a, m, b);
END
$$;
