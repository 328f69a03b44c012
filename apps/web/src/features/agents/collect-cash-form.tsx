import { parseUgx } from '@ecogrid/core/money';
import { useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { formatUgx } from '@/lib/money.ts';
import { agentDashboardQuery, FIELD_PATHS, type CashCollectionRequest } from './field-api.ts';
import { useAgentOutbox } from './outbox/queue-store.ts';
import { QueuedStatus } from './queued-status.tsx';
import { newClientKey, newReceiptNumber } from './receipt-number.ts';

/** What cash can be collected for: a loan (a repayment or its deposit), or an order waiting for payment. */
export type CashTarget =
  { purpose: 'loan_repayment'; loanId: string; label: string } | { purpose: 'order'; orderId: string; label: string };

const targetId = (target: CashTarget) => (target.purpose === 'order' ? target.orderId : target.loanId);

/** Largest amount one collection may record (the server checks it again). */
const MAX_AMOUNT = 100_000_000;

type Props = {
  customerId: string;
  customerName: string;
  targets: CashTarget[];
  idPrefix: string;
  /** The loan or order and amount to start with (after a sale paid in cash). */
  initial?: { target: string; amount: string };
};

/**
 * Cash the agent received: the amount and what it is for. The receipt number is made on the
 * phone and shown at once, for the agent to tell or write for the customer; the collection is
 * queued and sent when there is a network (the customer's SMS receipt comes then).
 */
export function CollectCashForm({ customerId, customerName, targets, idPrefix, initial }: Props) {
  const { t } = useTranslation();
  const { outbox, items } = useAgentOutbox();
  const agentCode = useQuery(agentDashboardQuery).data?.agent.agentCode ?? null;
  const known = initial && targets.some((one) => targetId(one) === initial.target) ? initial : undefined;
  const [chosen, setChosen] = useState(known?.target ?? (targets.length === 1 ? targetId(targets[0]!) : ''));
  const [amount, setAmount] = useState(known?.amount ?? '');
  // Straight after a sale the customer's records on screen can be the ones cached before it:
  // the loan or order the sale left due comes with the fresh ones, and is then filled in.
  const [filledIn, setFilledIn] = useState(Boolean(known));
  if (known && !filledIn) {
    setFilledIn(true);
    setChosen(known.target);
    setAmount(known.amount);
  }
  const [errors, setErrors] = useState<{ target?: string; amount?: string }>({});
  const [sentKey, setSentKey] = useState<string | null>(null);
  const sent = items.find((item) => item.key === sentKey);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const target = targets.find((one) => targetId(one) === chosen);
    const value = parseUgx(amount);
    const problems = {
      target: target ? undefined : t('agent.collect.chooseTarget'),
      amount:
        value === null || value < 1 || value > MAX_AMOUNT
          ? t('agent.collect.amountInvalid', { max: formatUgx(MAX_AMOUNT) })
          : undefined,
    };
    setErrors(problems);
    if (!target || value === null || problems.amount || !outbox) {
      document.getElementById(`${idPrefix}-${problems.target ? 'target' : 'amount'}`)?.focus();
      return;
    }
    const clientKey = newClientKey();
    const receiptNumber = newReceiptNumber(agentCode);
    const body: CashCollectionRequest = {
      clientKey,
      receiptNumber,
      customerId,
      purpose: target.purpose,
      ...(target.purpose === 'order' ? { orderId: target.orderId } : { loanId: target.loanId }),
      amount: value,
      recordedAt: new Date().toISOString(),
    };
    outbox.enqueue('collection', FIELD_PATHS.collection, body, { customerName, amount: value, receiptNumber });
    void outbox.flush();
    setSentKey(clientKey);
    setAmount('');
  };

  if (sent) {
    return (
      <div className="space-y-3" aria-labelledby={`${idPrefix}-receipt`}>
        <div role="status" className="space-y-1 rounded-lg border border-emerald-300 bg-emerald-50 p-3">
          <p id={`${idPrefix}-receipt`} className="font-semibold">
            {t('agent.collect.receipt')}{' '}
            <span className="font-mono text-lg tracking-wider">{sent.summary.receiptNumber}</span>
          </p>
          <p>
            {t('agent.collect.recorded', {
              amount: formatUgx(sent.summary.amount ?? 0),
              name: customerName,
            })}
          </p>
          <p className="text-sm text-stone-700">{t('agent.collect.tellReceipt')}</p>
        </div>
        <QueuedStatus item={sent} />
        <Button variant="secondary" className="w-full sm:w-auto" onClick={() => setSentKey(null)}>
          {t('agent.collect.another')}
        </Button>
      </div>
    );
  }

  return (
    <form onSubmit={submit} noValidate className="space-y-3">
      {targets.length === 0 ? (
        <p className="text-stone-700">{t('agent.collect.nothingDue')}</p>
      ) : (
        <>
          <SelectField
            id={`${idPrefix}-target`}
            label={t('agent.collect.for')}
            error={errors.target}
            placeholder={targets.length > 1 ? t('agent.collect.choose') : undefined}
            options={targets.map((target) => ({ value: targetId(target), label: target.label }))}
            value={chosen}
            onChange={(event) => setChosen(event.target.value)}
          />
          <TextField
            id={`${idPrefix}-amount`}
            name="amount"
            label={t('agent.collect.amount')}
            hint={t('agent.collect.amountHint')}
            error={errors.amount}
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            inputMode="numeric"
            autoComplete="off"
            maxLength={16}
          />
          <Button type="submit" className="w-full sm:w-auto">
            {t('agent.collect.record')}
          </Button>
        </>
      )}
    </form>
  );
}
