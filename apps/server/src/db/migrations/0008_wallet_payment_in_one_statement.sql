-- A payment from a wallet to a house account (sales revenue, loans receivable) as one call:
-- the journal transaction, the wallet first, the house account last (so the busy house row is
-- locked for the shortest time), and both postings. Used inside the statement that records the
-- payment, so the whole payment is one round trip. The wallet floor is the same check constraint.
CREATE FUNCTION ledger_wallet_to_house(
  p_key text, p_kind text, p_description text, p_payment uuid, p_user text, p_amount bigint, p_house text
) RETURNS uuid LANGUAGE plpgsql AS $$
DECLARE
  v_tx uuid;
  v_wallet uuid;
  v_wallet_balance bigint;
  v_house uuid;
  v_house_balance bigint;
BEGIN
  IF p_amount <= 0 THEN
    RAISE EXCEPTION 'A wallet payment must be a positive amount, got %', p_amount;
  END IF;
  INSERT INTO journal_transactions (idempotency_key, kind, description, payment_id)
    VALUES (p_key, p_kind, p_description, p_payment)
    ON CONFLICT (idempotency_key) DO NOTHING
    RETURNING id INTO v_tx;
  IF v_tx IS NULL THEN
    SELECT id INTO v_tx FROM journal_transactions WHERE idempotency_key = p_key;
    RETURN v_tx;
  END IF;
  UPDATE ledger_accounts SET balance = balance - p_amount WHERE code = 'wallet:' || p_user
    RETURNING id, balance INTO v_wallet, v_wallet_balance;
  IF v_wallet IS NULL THEN
    RAISE EXCEPTION 'new row for relation "ledger_accounts" violates check constraint "ledger_wallet_not_negative"'
      USING ERRCODE = 'check_violation', CONSTRAINT = 'ledger_wallet_not_negative';
  END IF;
  UPDATE ledger_accounts SET balance = balance + p_amount WHERE code = p_house
    RETURNING id, balance INTO v_house, v_house_balance;
  IF v_house IS NULL THEN
    RAISE EXCEPTION 'No ledger account %', p_house;
  END IF;
  INSERT INTO ledger_postings (transaction_id, account_id, amount, balance_after)
    VALUES (v_tx, v_wallet, -p_amount, v_wallet_balance), (v_tx, v_house, p_amount, v_house_balance);
  RETURN v_tx;
END
$$;
