import type { Tx } from '#src/db/client.ts';
import { postJournal } from './ledger.service.ts';

/**
 * Gives money the house holds back to a customer's wallet, as a refund: the price of a cancelled
 * order (out of sales revenue), a payment that arrived for an order or loan no longer taking it,
 * or what a repayment paid beyond what the loan owed (out of loans receivable). The key makes it
 * happen once.
 */
export async function refundToWallet(
  tx: Tx,
  input: {
    idempotencyKey: string;
    description: string;
    paymentId: string | null;
    /** The house account the money was booked to. */
    from: string;
    userId: string;
    amount: number;
  },
): Promise<void> {
  await postJournal(tx, {
    idempotencyKey: input.idempotencyKey,
    kind: 'refund',
    description: input.description,
    paymentId: input.paymentId,
    postings: [
      { account: input.from, amount: -input.amount },
      { wallet: input.userId, amount: input.amount },
    ],
  });
}
