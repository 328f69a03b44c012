import { parseUgx } from '@ecogrid/core/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/admin/admin-error.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { newIdempotencyKey, outcomeUnknown } from '@/lib/idempotency.ts';
import { formatUgx } from '@/lib/money.ts';
import {
  HANDOVER_METHODS,
  handoverRequestSchema,
  recordHandover,
  refreshAgent,
  type AdminAgentDetail,
  type HandoverMethod,
  type HandoverRequest,
} from './api.ts';

type Field = 'amount' | 'reference' | 'note';

/**
 * Cash the agent hands over (in cash, or by a bank deposit with its reference), the cash on hand
 * to start with. The Idempotency-Key is made when the form opens: a second press, or a retry after
 * a lost answer, records the handover once. A refusal (more than the agent holds) gets a new key.
 */
export function HandoverForm({ agent, onDone }: { agent: AdminAgentDetail; onDone: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const key = useRef(newIdempotencyKey());
  const [amount, setAmount] = useState(String(agent.cashOnHand));
  const [method, setMethod] = useState<HandoverMethod>('cash');
  const [reference, setReference] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const record = useMutation({
    mutationFn: (handover: HandoverRequest) => recordHandover(agent.id, handover, key.current),
    retry: (failures, error) => failures < 1 && outcomeUnknown(error),
    onSuccess: (handover) => {
      refreshAgent(queryClient, agent.id);
      void showToast(t('admin.agents.handoverRecorded', { amount: formatUgx(handover.amount), name: agent.name }), {
        kind: 'success',
      });
      onDone();
    },
    onError: (error) => {
      if (!outcomeUnknown(error)) key.current = newIdempotencyKey();
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const typed = parseUgx(amount);
    const found: Partial<Record<Field, string>> = {};
    if (typed === null || typed < 1) found.amount = t('admin.agents.amountInvalid');
    const checked = handoverRequestSchema.safeParse({
      amount: typed ?? 0,
      method,
      reference: reference.trim() || undefined,
      note: note.trim() || undefined,
    });
    if (!checked.success) {
      for (const issue of checked.error.issues) {
        const field = issue.path[0] as Field;
        found[field] ??=
          field === 'reference'
            ? t('admin.agents.referenceRequired')
            : field === 'note'
              ? t('admin.agents.noteTooLong')
              : t('admin.agents.amountInvalid');
      }
    }
    setErrors(found);
    const first = (['amount', 'reference', 'note'] as const).find((field) => found[field]);
    if (first || !checked.success) {
      document.getElementById(`${id}-${first ?? 'amount'}`)?.focus();
      return;
    }
    record.mutate(checked.data);
  };

  const busy = record.isPending;
  return (
    <form onSubmit={submit} noValidate className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
      <p className="text-sm text-stone-700">
        {t('admin.agents.handoverIntro', { cash: formatUgx(agent.cashOnHand), name: agent.name })}
      </p>
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          id={`${id}-amount`}
          label={t('admin.agents.amountLabel')}
          error={errors.amount}
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          inputMode="numeric"
          autoComplete="off"
          data-autofocus
        />
        <SelectField
          id={`${id}-method`}
          label={t('admin.agents.methodLabel')}
          value={method}
          onChange={(event) => setMethod(event.target.value as HandoverMethod)}
          options={HANDOVER_METHODS.map((value) => ({ value, label: t(`admin.agents.method.${value}`) }))}
        />
      </div>
      <TextField
        id={`${id}-reference`}
        label={method === 'bank_deposit' ? t('admin.agents.referenceLabel') : t('admin.agents.referenceOptional')}
        error={errors.reference}
        value={reference}
        onChange={(event) => setReference(event.target.value)}
        required={method === 'bank_deposit'}
        autoComplete="off"
        maxLength={80}
      />
      <TextField
        id={`${id}-note`}
        label={t('admin.agents.noteLabel')}
        error={errors.note}
        value={note}
        onChange={(event) => setNote(event.target.value)}
        autoComplete="off"
        maxLength={500}
      />
      {record.isError && <FormAlert>{errorText(record.error)}</FormAlert>}
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={onDone} disabled={busy}>
          {t('admin.cancel')}
        </Button>
        <Button type="submit" disabled={busy} aria-busy={busy}>
          {busy ? t('admin.working') : t('admin.agents.recordHandover')}
        </Button>
      </div>
    </form>
  );
}
