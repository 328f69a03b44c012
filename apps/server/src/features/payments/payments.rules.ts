import { onApproval } from '#src/features/approvals/approvals.service.ts';
import { resolvePayment } from './admin-payments.ts';
import { paymentDeps } from './request-deps.ts';

/**
 * How payments carry out what a second staff member approved (decision 020): the refund runs with
 * the approver as the actor, and the approval is marked in the refund's transaction.
 */
export function registerPaymentRules(): void {
  onApproval('refund', {
    right: 'payments.change',
    run: async (vars, approval, who) => {
      await resolvePayment(paymentDeps(vars), String(approval.payload.paymentId), 'refund', {
        adminId: who.approverId,
        reason: approval.reason,
        idempotencyKey: `approval:${approval.id}`,
        ipAddress: vars.clientIp,
        userAgent: null,
        approved: who.claim,
      });
    },
  });
}
