import { paymentChoiceSchema, repaySchema } from '@ecogrid/core/loans';
import { parseUgx } from '@ecogrid/core/money';
import type { Payment } from '@ecogrid/core/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { paymentBlockId, PayWith } from '@/components/ui/pay-with.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { outcomeUnknown, useAttemptKey } from '@/lib/idempotency.ts';
import { formatUgx } from '@/lib/money.ts';
import { loanQuery, payLoan, type Loan } from '../api.ts';
import { usePayWay } from './use-pay-way.ts';

const ID = 'loan-pay';
/** Where focus goes to pay again: the form's button. */
export const PAY_FOCUS = `${ID}-submit`;
type Errors = { amount?: string | undefined; phone?: string | undefined; network?: string | undefined };

/** What the customer is asked to pay first: the deposit, or the next amount due (at most what is owed). */
const suggested = (loan: Loan) =>
  loan.status === 'approved' ? loan.deposit : Math.min(loan.nextDue?.amount ?? loan.outstanding, loan.outstanding);

/**
 * Pay the deposit of an approved loan, or repay an active one: any amount up to what is owed
 * (the next amount due is suggested), from the wallet or by mobile money. Each submission is one
 * attempt with its own Idempotency-Key, kept when a lost answer is tried again. `onStarted`
 * gets the payment: settled at once from the wallet, pending on the phone by mobile money.
 */
export function PayLoan({ loan, onStarted }: { loan: Loan; onStarted: (payment: Payment) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const attempt = useAttemptKey();
  const deposit = loan.status === 'approved';
  const [amountText, setAmountText] = useState(() => String(suggested(loan)));
  const [errors, setErrors] = useState<Errors>({});
  const pay = useMutation({
    mutationFn: payLoan,
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: ({ loan: updated, payment }) => {
      attempt.settled();
      queryClient.setQueryData(loanQuery(loan.id).queryKey, updated);
      void queryClient.invalidateQueries({ queryKey: ['loans', 'mine'] });
      void queryClient.invalidateQueries({ queryKey: ['payments'] });
      onStarted(payment);
    },
    onError: (error) => attempt.settled(error),
  });

  const amount = deposit ? loan.deposit : parseUgx(amountText);
  const { mobile, block, payment: chosenPayment, fields } = usePayWay(ID, amount ?? 0);
  const busy = pay.isPending;

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (busy || block) return;
    const payment = chosenPayment();
    const checked = deposit
      ? paymentChoiceSchema.safeParse(payment)
      : repaySchema.safeParse({ amount: amount ?? Number.NaN, payment });
    const found: Errors = {};
    for (const issue of checked.success ? [] : checked.error.issues) {
      const field = issue.path.includes('phone') ? 'phone' : issue.path.includes('network') ? 'network' : 'amount';
      found[field] ??=
        field === 'amount' ? t('loans.pay.amountInvalid') : t(`wallet.check.${field}`, { defaultValue: issue.message });
    }
    if (!deposit && !found.amount && amount !== null && amount > loan.outstanding) {
      found.amount = t('loans.pay.amountMax', { amount: formatUgx(loan.outstanding) });
    }
    const first = (['amount', 'phone', 'network'] as const).find((field) => found[field]);
    setErrors(found);
    if (first) {
      document.getElementById(first === 'network' ? `${ID}-network-${mobile.network}` : `${ID}-${first}`)?.focus();
      return;
    }
    const request = {
      id: loan.id,
      kind: deposit ? ('deposit' as const) : ('repayment' as const),
      amount: amount!,
      payment,
    };
    pay.mutate({ request, key: attempt.keyFor(request) });
  };

  const label = deposit
    ? t('loans.pay.payDeposit', { amount: formatUgx(loan.deposit) })
    : t('loans.pay.repay', { amount: amount ? formatUgx(amount) : '' });
  return (
    <section aria-labelledby="pay-title" className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
      <h2 id="pay-title" className="text-lg font-semibold">
        {deposit ? t('loans.pay.depositTitle') : t('loans.pay.repayTitle')}
      </h2>
      <form onSubmit={submit} noValidate className="space-y-4" aria-busy={busy}>
        {deposit ? (
          <p>{t('loans.pay.depositBody', { amount: formatUgx(loan.deposit) })}</p>
        ) : (
          <TextField
            id={`${ID}-amount`}
            name="amount"
            label={t('loans.pay.amount')}
            hint={t('loans.pay.amountHint', { owed: formatUgx(loan.outstanding) })}
            error={errors.amount}
            value={amountText}
            onChange={(event) => setAmountText(event.target.value)}
            inputMode="numeric"
            autoComplete="off"
            maxLength={20}
            disabled={busy}
          />
        )}
        <PayWith {...fields} errors={errors} disabled={busy} />
        {pay.isError && <FormAlert>{pay.error.message}</FormAlert>}
        <Button
          id={PAY_FOCUS}
          type="submit"
          className="w-full sm:w-auto"
          disabled={busy || Boolean(block)}
          aria-busy={busy}
          aria-describedby={block ? paymentBlockId(ID) : undefined}
        >
          {busy ? t('loans.pay.paying') : label}
        </Button>
        <p role="status" aria-live="polite" className="sr-only">
          {busy ? t('loans.pay.paying') : ''}
        </p>
      </form>
    </section>
  );
}
