import { formatUgx } from '@ecogrid/core';
import type { PaymentPurpose, PaymentStatus } from '@ecogrid/core/payments';

type Settled = Exclude<PaymentStatus, 'pending'>;

/** What a settled payment means to its payer, in people's words: never the status key ('successful'). */
export function paymentNews(payment: { purpose: PaymentPurpose; amount: number }, status: Settled) {
  const amount = formatUgx(payment.amount);
  if (payment.purpose === 'payout') {
    return status === 'successful'
      ? { title: 'Withdrawal sent', message: `${amount} was sent to your mobile money.` }
      : {
          title: 'Withdrawal not sent',
          message: `Your withdrawal of ${amount} did not go through. The money is back in your EcoGrid wallet.`,
        };
  }
  if (status === 'successful') {
    const message = {
      order: `We received your payment of ${amount} for your order.`,
      wallet_topup: `${amount} was added to your EcoGrid wallet.`,
      loan_repayment: `We received your loan repayment of ${amount}.`,
    }[payment.purpose];
    return { title: 'Payment received', message };
  }
  const why = {
    failed: { title: 'Payment failed', message: `Your payment of ${amount} did not go through.` },
    expired: { title: 'Payment not approved', message: `Your payment of ${amount} was not approved in time.` },
    cancelled: { title: 'Payment cancelled', message: `Your payment of ${amount} was cancelled.` },
  }[status];
  return { title: why.title, message: `${why.message} No money was taken. You can try again.` };
}
