import { paymentChoiceSchema } from '@ecogrid/core/loans';
import { defaultNetwork, type Payment } from '@ecogrid/core/payments';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import type { MobileNumber } from '@/components/ui/mobile-number-fields.tsx';
import { Part } from '@/components/ui/part.tsx';
import { paymentBlock, paymentBlockId, paymentChoice, PayWith, type PayMethod } from '@/components/ui/pay-with.tsx';
import { outcomeUnknown, useAttemptKey } from '@/lib/idempotency.ts';
import { formatUgx } from '@/lib/money.ts';
import { localPhone } from '@/lib/phone.ts';
import { loanQuery, payOffLoan, payoffQuoteQuery, walletQuery, type Loan } from '../api.ts';

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
  const wallet = useQuery({ ...walletQuery, enabled: open });
  const [method, setMethod] = useState<PayMethod | null>(null);
  const [number, setNumber] = useState<MobileNumber | null>(null);
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
      void queryClient.invalidateQueries({ queryKey: walletQuery.queryKey });
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
  const q = quote.data;
  const amount = q?.payoff ?? 0;
  const phone = wallet.data?.phone ?? null;
  const chosen: PayMethod = method ?? (wallet.data && wallet.data.balance < amount ? 'mobile_money' : 'wallet');
  const mobile = number ?? { phone: localPhone(phone), network: defaultNetwork(phone), networkChosen: false };
  const block = paymentBlock(chosen, [amount], wallet.data?.balance);
  const busy = pay.isPending;

  const submit = () => {
    if (!q || busy || block) return;
    const payment = paymentChoice(chosen, mobile);
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
        {q && (
          <PayWith
            idPrefix={ID}
            amounts={[amount]}
            what="payment"
            wallet={wallet}
            method={chosen}
            onMethod={setMethod}
            number={mobile}
            onNumber={setNumber}
            errors={errors}
            disabled={busy}
          />
        )}
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
