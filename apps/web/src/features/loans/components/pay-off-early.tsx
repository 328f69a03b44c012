import { paymentChoiceSchema } from '@ecogrid/core/loans';
import type { Payment } from '@ecogrid/core/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { Part } from '@/components/ui/part.tsx';
import { paymentBlockId, PayWith } from '@/components/ui/pay-with.tsx';
import { outcomeUnknown, useAttemptKey } from '@/lib/idempotency.ts';
import { formatUgx } from '@/lib/money.ts';
import { loanQuery, payOffLoan, payoffQuoteQuery, type Loan } from '../api.ts';
import { usePayWay } from './use-pay-way.ts';

const ID = 'payoff';
type Errors = { phone?: string | undefined; network?: string | undefined };

/**
 * "Pay off early": the discount and the amount that pays the loan off today, from the wallet or
 * by mobile money (the wallet first when it holds enough). From the wallet the loan completes at
 * once and the unlock token is sent; by mobile money `onStarted` gets the pending payment, and
 * the loan completes when it settles.
 */
export function PayOffEarly({ loan, onStarted }: { loan: Loan; onStarted: (payment: Payment) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const quote = useQuery({ ...payoffQuoteQuery(loan.id), enabled: open });
  const q = quote.data;
  const { mobile, block, payment: chosenPayment, fields } = usePayWay(ID, q?.payoff ?? 0);
  const [errors, setErrors] = useState<Errors>({});
  const attempt = useAttemptKey();
  const pay = useMutation({
    mutationFn: payOffLoan,
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: (paid) => {
      attempt.settled();
      queryClient.setQueryData(loanQuery(loan.id).queryKey, paid.loan);
      void queryClient.invalidateQueries({ queryKey: ['loans'] });
      void queryClient.invalidateQueries({ queryKey: ['payments'] });
      setOpen(false);
      onStarted(paid.payment);
    },
    onError: (error) => {
      attempt.settled(error);
      void quote.refetch();
    },
  });
  if (!open) {
    return (
      <Button variant="secondary" onClick={() => setOpen(true)}>
        {t('loans.change.payoff')}
      </Button>
    );
  }
  const busy = pay.isPending;

  const submit = () => {
    if (!q || busy || block) return;
    const payment = chosenPayment();
    const checked = paymentChoiceSchema.safeParse(payment);
    const found: Errors = {};
    for (const issue of checked.success ? [] : checked.error.issues) {
      const field = issue.path.includes('network') ? 'network' : 'phone';
      found[field] ??= t(`wallet.check.${field}`, { defaultValue: issue.message });
    }
    setErrors(found);
    if (found.phone || found.network) {
      document.getElementById(found.phone ? `${ID}-phone` : `${ID}-network-${mobile.network}`)?.focus();
      return;
    }
    const request = { id: loan.id, quote: q.quote, payment };
    pay.mutate({ ...request, key: attempt.keyFor(request) });
  };

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
        {q && <PayWith {...fields} errors={errors} disabled={busy} />}
        {pay.isError && <FormAlert>{pay.error.message}</FormAlert>}
        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={() => setOpen(false)}>
            {t('loans.change.cancel')}
          </Button>
          <Button
            disabled={!q || busy || Boolean(block)}
            aria-busy={busy}
            aria-describedby={block ? paymentBlockId(ID) : undefined}
            onClick={submit}
          >
            {q ? t('loans.change.payNow', { amount: formatUgx(q.payoff) }) : t('loans.change.payoff')}
          </Button>
        </div>
      </div>
    </Part>
  );
}
