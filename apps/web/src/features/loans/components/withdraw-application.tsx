import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { outcomeUnknown } from '@/lib/idempotency.ts';
import { loanQuery, withdrawApplication, type Loan } from '../api.ts';

/**
 * Withdrawing an application that has not started (waiting for approval, or its deposit unpaid),
 * after a confirmation: it is cancelled and nothing is owed. A retry is safe: the server answers
 * an application already withdrawn with the loan as it is.
 */
export function WithdrawApplication({ loan, onWithdrawn }: { loan: Loan; onWithdrawn: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [confirming, setConfirming] = useState(false);
  const question = useRef<HTMLParagraphElement>(null);
  const withdraw = useMutation({
    mutationFn: () => withdrawApplication(loan.id),
    // Only when no answer came: withdrawing twice is safe, a refusal is final.
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: (updated) => {
      queryClient.setQueryData(loanQuery(loan.id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: ['loans', 'mine'] });
      onWithdrawn();
    },
  });

  useEffect(() => {
    if (confirming) question.current?.focus();
  }, [confirming]);

  if (!confirming) {
    return (
      <Button variant="secondary" onClick={() => setConfirming(true)}>
        {t('loans.withdraw.button')}
      </Button>
    );
  }
  const busy = withdraw.isPending;
  return (
    <div className="space-y-3 rounded-lg border border-amber-300 bg-amber-50 p-4">
      <p ref={question} tabIndex={-1} className="text-amber-950">
        {t('loans.withdraw.confirm', { product: loan.productName })}
      </p>
      {withdraw.isError && <FormAlert>{withdraw.error.message}</FormAlert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" disabled={busy} onClick={() => setConfirming(false)}>
          {t('loans.withdraw.keep')}
        </Button>
        <Button variant="danger" disabled={busy} aria-busy={busy} onClick={() => withdraw.mutate()}>
          {busy ? t('loans.withdraw.working') : t('loans.withdraw.yes')}
        </Button>
      </div>
    </div>
  );
}
