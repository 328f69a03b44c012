import { loanNumber } from '@ecogrid/core/loans';
import { onAgentApplied } from '#src/features/auth/agent-accounts.service.ts';
import { onLoanPaymentApplied, type LoanPaymentRule } from '#src/features/loans/loans.service.ts';
import { onOrderStatusChanged, type OrderStatusRule } from '#src/features/orders/orders.service.ts';
import { tellAdminsOfApplicant } from './agent-applicants.ts';
import { earnCommission, reverseCommission } from './commission.ts';

/**
 * How agents react to the other features' events: commission when a payment of something they
 * sold is applied, its reversal when a paid order is cancelled, and admins told of a new applicant. Registered by every entry
 * point (app.ts and background.ts, through src/rules.ts), never by importing this file; doing it
 * twice changes nothing. Why: docs/decisions/008-cross-feature-rules.md and 014.
 */
export function registerAgentRules(): void {
  onLoanPaymentApplied('agent-commission', loanCommission);
  onOrderStatusChanged('agent-commission', orderCommission);
  onAgentApplied('tell-admins', tellAdminsOfApplicant);
}

/** A deposit or repayment applied to a loan an agent sold earns commission on what the loan took. */
const loanCommission: LoanPaymentRule = async (tx, _deps, loan, payment) => {
  if (!loan.agentId || !loan.commissionBp) return;
  await earnCommission(tx, {
    agentId: loan.agentId,
    paymentId: payment.id,
    what: `loan ${loanNumber(loan.seq)}`,
    loanId: loan.id,
    base: payment.amount,
    rateBp: loan.commissionBp,
  });
};

/**
 * An order an agent sold, paid: commission on its total. A credit order is paid by its loan's
 * deposit, which earns on the loan instead. A paid order cancelled: the commission on its
 * payment (the deposit's, for a credit order) is taken back.
 */
const orderCommission: OrderStatusRule = async (tx, _deps, before, after) => {
  if (!after.paymentId) return;
  if (after.status === 'paid' && before.status === 'pending_payment') {
    if (after.onCredit || !after.soldBy || !after.commissionBp) return;
    await earnCommission(tx, {
      agentId: after.soldBy,
      paymentId: after.paymentId,
      what: `order ${after.number}`,
      orderId: after.id,
      base: after.total,
      rateBp: after.commissionBp,
    });
    return;
  }
  if (after.status === 'cancelled' && before.status !== 'pending_payment') {
    await reverseCommission(tx, after.paymentId, `order ${after.number} was cancelled and refunded`);
  }
};
