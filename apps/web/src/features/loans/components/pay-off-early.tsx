import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { Part } from '@/components/ui/part.tsx';
import { outcomeUnknown, useAttemptKey } from '@/lib/idempotency.ts';
import { formatUgx } from '@/lib/money.ts';
import { loanQuery, payOffLoan, payoffQuoteQuery, type Loan } from '../api.ts';

/**
 * "Pay off early": the discount and the amount that pays the loan off today, paid from the
 * wallet; the loan then completes and the unlock token is sent.
 */
export function PayOffEarly({ loan }: { loan: Loan }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const quote = useQuery({ ...payoffQuoteQuery(loan.id), enabled: open });
  const attempt = useAttemptKey();
  const pay = useMutation({
    mutationFn: payOffLoan,
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: (paid) => {
      queryClient.setQueryData(loanQuery(loan.id).queryKey, paid.loan);
      void queryClient.invalidateQueries({ queryKey: ['loans'] });
      void queryClient.invalidateQueries({ queryKey: ['payments'] });
      setOpen(false);
    },
    onError: () => void quote.refetch(),
  });
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('loans.change.payoff')}
      </Button>
    );
  }
  const q = quote.data;
  return (
    <Part id="payoff-title" title={t('loans.change.payoffTitle')}>
      <div className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
        {quote.isPending ? (
          <p role="status">{t('loans.change.quoting')}</p>
        ) : quote.isError ? (
          <FormAlert>{quote.error.message}</FormAlert>
        ) : (
          q && (
            <p>
              {t('loans.change.payoffSummary', {
                owed: formatUgx(q.owed),
                discount: formatUgx(q.discount),
                amount: formatUgx(q.payoff),
              })}
            </p>
          )
        )}
        {pay.isError && <FormAlert>{pay.error.message}</FormAlert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('loans.change.cancel')}
          </Button>
          <Button
            disabled={!q || pay.isPending}
            aria-busy={pay.isPending}
            onClick={() => {
              if (!q) return;
              const request = { id: loan.id, quote: q.quote, payment: { method: 'wallet' as const } };
              pay.mutate({ ...request, key: attempt.keyFor(request) });
            }}
          >
            {q ? t('loans.change.payNow', { amount: formatUgx(q.payoff) }) : t('loans.change.payoff')}
          </Button>
        </div>
      </div>
    </Part>
  );
}
