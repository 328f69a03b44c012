import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/admin/admin-error.tsx';
import { SearchField } from '@/components/admin/search-field.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { outcomeUnknown, useAttemptKey } from '@/lib/idempotency.ts';
import { formatUgx } from '@/lib/money.ts';
import { localPhone } from '@/lib/phone.ts';
import { useDebounced } from '@/lib/use-debounced.ts';
import { decideReceipt, paybillCustomersQuery, type Decision, type PaybillReceipt } from './api.ts';

/** Where the money goes: 'wallet' or a loan's id. */
type Target = { customerId: string; to: string };

/**
 * Deciding a held paybill receipt: find the customer by name, phone or account number and give
 * the money to their wallet or one of their loans; or send it back to the payer with a reason.
 */
export function ReceiptDecision({
  receipt,
  onDone,
  onCancel,
}: {
  receipt: PaybillReceipt;
  onDone: (text: string) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const attempt = useAttemptKey();
  const [text, setText] = useState('');
  const q = useDebounced(text.trim(), 400);
  const customers = useQuery(paybillCustomersQuery(q));
  const [target, setTarget] = useState<Target | null>(null);
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<'target' | 'reason' | null>(null);
  const amount = formatUgx(receipt.amount);
  const decide = useMutation({
    mutationFn: (decision: Decision) => decideReceipt(receipt.id, decision, attempt.keyFor(decision)),
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: async (_receipt, decision) => {
      attempt.settled();
      await queryClient.invalidateQueries({ queryKey: ['admin', 'paybill'] });
      if (decision.kind === 'return') onDone(t('admin.paybill.doneReturn', { amount }));
      else {
        const customer = customers.data?.items.find((c) => c.id === decision.customerId);
        const loan = customer?.loans.find((l) => l.id === decision.loanId);
        onDone(
          loan
            ? t('admin.paybill.doneLoan', { amount, loan: loan.number, name: customer?.name ?? '' })
            : t('admin.paybill.doneWallet', { amount, name: customer?.name ?? '' }),
        );
      }
    },
    onError: (error) => attempt.settled(error),
  });

  const assign = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (!target) return setProblem('target');
    setProblem(null);
    decide.mutate(
      target.to === 'wallet'
        ? { kind: 'assign', customerId: target.customerId }
        : { kind: 'assign', customerId: target.customerId, loanId: target.to },
    );
  };
  const giveBack = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (reason.trim().length < 3) return setProblem('reason');
    setProblem(null);
    decide.mutate({ kind: 'return', reason: reason.trim() });
  };
  const busy = decide.isPending;
  const id = receipt.id;

  return (
    <div className="space-y-4 border-t border-stone-200 pt-3">
      <form onSubmit={assign} noValidate className="space-y-3">
        <SearchField
          id={`find-${id}`}
          label={t('admin.paybill.findLabel')}
          hint={t('admin.paybill.findHint')}
          value={text}
          onChange={setText}
        />
        {q.length >= 2 && customers.data?.items.length === 0 && (
          <p className="text-sm">{t('admin.paybill.noCustomer')}</p>
        )}
        {(customers.data?.items.length ?? 0) > 0 && (
          <fieldset className="space-y-2" aria-describedby={problem === 'target' ? `target-error-${id}` : undefined}>
            <legend className="text-sm font-medium">{t('admin.paybill.giveTo')}</legend>
            {customers.data!.items.flatMap((customer) =>
              [
                { to: 'wallet', label: t('admin.paybill.wallet') },
                ...customer.loans.map((l) => ({ to: l.id, label: t('admin.paybill.loan', { loan: l.number }) })),
              ].map((option) => (
                <label
                  key={`${customer.id}-${option.to}`}
                  className="flex min-h-11 items-start gap-3 rounded-lg border border-stone-300 bg-white p-3"
                >
                  <input
                    type="radio"
                    name={`target-${id}`}
                    checked={target?.customerId === customer.id && target.to === option.to}
                    onChange={() => setTarget({ customerId: customer.id, to: option.to })}
                    className="mt-1 h-5 w-5 accent-brand-800"
                  />
                  <span>
                    <span className="block font-medium">
                      {customer.name} · {option.label}
                    </span>
                    <span className="block text-sm text-stone-700">
                      {t('admin.paybill.customerLine', {
                        phone: localPhone(customer.phone),
                        account: customer.accountNumber,
                      })}
                    </span>
                  </span>
                </label>
              )),
            )}
          </fieldset>
        )}
        {problem === 'target' && (
          <p id={`target-error-${id}`} role="alert" className="text-sm font-medium text-red-800">
            {t('admin.paybill.chooseTarget')}
          </p>
        )}
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {t('admin.paybill.assign', { amount })}
        </Button>
      </form>
      <form onSubmit={giveBack} noValidate className="space-y-3">
        <TextField
          id={`reason-${id}`}
          label={t('admin.paybill.reasonLabel')}
          value={reason}
          maxLength={300}
          onChange={(event) => setReason(event.target.value)}
          error={problem === 'reason' ? t('admin.paybill.reasonShort') : undefined}
        />
        <Button type="submit" variant="danger" disabled={busy} aria-busy={busy}>
          {t('admin.paybill.return', { amount, phone: localPhone(receipt.payerPhone) })}
        </Button>
      </form>
      {decide.isError && <FormAlert>{errorText(decide.error)}</FormAlert>}
      <Button variant="secondary" onClick={onCancel} disabled={busy}>
        {t('admin.cancel')}
      </Button>
    </div>
  );
}
