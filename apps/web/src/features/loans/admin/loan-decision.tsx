import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { showToast } from '@/components/ui/toast.tsx';
import { ApiError } from '@/lib/api-client.ts';
import {
  afterLoanDecision,
  decideLoan,
  loanDecisionSchema,
  refetchLoan,
  type AdminLoan,
  type LoanDecision as Decision,
} from './api.ts';
import { DecisionPart } from '@/components/admin/decision-part.tsx';

/** The reason's bounds, as loanDecisionSchema (and the server) checks them. */
const REASON = { min: 3, max: 300 } as const;

/**
 * Approve a waiting application, or refuse it with the reason the customer reads (checked with
 * loanDecisionSchema before it is sent). Kept on screen with the server's refusal after one.
 */
export function LoanDecision({ loan, onDecided }: { loan: AdminLoan; onDecided: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const decide = useMutation({
    mutationFn: (decision: Decision) => decideLoan(loan.id, decision),
    // A second decision is refused (409), never applied twice, so a lost answer is not sent again blind.
    retry: false,
    onSuccess: async (after, decision) => {
      await afterLoanDecision(queryClient, loan.id, after);
      void showToast(t(`adminLoans.decision.done.${decision.decision}`, { number: loan.number }), { kind: 'success' });
      onDecided();
    },
    onError: (error) => {
      // Another admin decided it meanwhile: show the loan as it is now.
      if (error instanceof ApiError && error.status === 409) void refetchLoan(queryClient, loan.id);
    },
  });

  return (
    <DecisionPart
      title={t('adminLoans.decision.title')}
      intro={t('adminLoans.decision.intro')}
      strings="adminLoans.decision"
      id="loan-reason"
      reason={REASON}
      waiting={loan.status === 'pending_approval'}
      decide={decide}
      approval={{ decision: 'approve' }}
      rejection={(reason) => loanDecisionSchema.safeParse({ decision: 'reject', note: reason })}
    />
  );
}
