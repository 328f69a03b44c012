import { kampalaDate } from '@ecogrid/core/credit';
import { parseUgx } from '@ecogrid/core/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { formatUgx } from '@/lib/money.ts';
import {
  agentFollowUpsQuery,
  FOLLOW_UP_OUTCOMES,
  recordFollowUpOutcome,
  type FollowUp,
  type FollowUpOutcomeRequest,
} from './collections-api.ts';
import { NoteField } from './components/note-field.tsx';
import { PromiseFields } from './components/promise-fields.tsx';

type Errors = { outcome?: string; promiseAmount?: string; promiseDate?: string };
type Outcome = FollowUpOutcomeRequest['outcome'];

/**
 * What came of a follow-up: one of the outcomes, with a note; a promise to pay names a date
 * (today or later) and an amount (at most what the loan owes). Sent at once: the server checks
 * the same and its refusal is shown in its words.
 */
export function FollowUpOutcomeForm({ followUp, onSaved }: { followUp: FollowUp; onSaved: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const prefix = `outcome-${followUp.id}`;
  const [outcome, setOutcome] = useState<Outcome | ''>('');
  const [note, setNote] = useState('');
  const [promiseAmount, setPromiseAmount] = useState('');
  const [promiseDate, setPromiseDate] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const save = useMutation({
    mutationFn: recordFollowUpOutcome,
    retry: false,
    onSuccess: () => {
      onSaved();
      void queryClient.invalidateQueries({ queryKey: agentFollowUpsQuery.queryKey });
    },
  });

  const promising = outcome === 'promise_to_pay';
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = {};
    const amount = parseUgx(promiseAmount);
    if (!outcome) found.outcome = t('agent.followUps.outcomeMissing');
    if (promising) {
      if (!promiseDate) found.promiseDate = t('agent.followUps.dateMissing');
      else if (promiseDate < kampalaDate(new Date())) found.promiseDate = t('agent.followUps.datePast');
      if (amount === null || amount < 1 || amount > followUp.amountOwed) {
        found.promiseAmount = t('agent.followUps.amountInvalid', { max: formatUgx(followUp.amountOwed) });
      }
    }
    setErrors(found);
    const first = (['outcome', 'promiseAmount', 'promiseDate'] as const).find((field) => found[field]);
    if (first || !outcome) {
      if (first) document.getElementById(`${prefix}-${first}`)?.focus();
      return;
    }
    const trimmed = note.trim();
    save.mutate({
      id: followUp.id,
      outcome: {
        outcome,
        ...(trimmed ? { note: trimmed } : {}),
        ...(promising && amount !== null ? { promiseDate, promiseAmount: amount } : {}),
      },
    });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-busy={save.isPending}>
      <SelectField
        id={`${prefix}-outcome`}
        label={t('agent.followUps.outcome')}
        placeholder={t('agent.followUps.choose')}
        error={errors.outcome}
        value={outcome}
        onChange={(event) => setOutcome(event.target.value as Outcome | '')}
        options={FOLLOW_UP_OUTCOMES.map((value) => ({ value, label: t(`agent.followUps.outcomes.${value}`) }))}
      />
      {promising && (
        <PromiseFields
          idPrefix={prefix}
          amountLabel={t('agent.followUps.promiseAmount')}
          amountHint={t('agent.followUps.owed', { amount: formatUgx(followUp.amountOwed) })}
          amount={promiseAmount}
          date={promiseDate}
          minDate={kampalaDate(new Date())}
          errors={errors}
          onAmount={setPromiseAmount}
          onDate={setPromiseDate}
        />
      )}
      <NoteField id={`${prefix}-note`} label={t('agent.followUps.note')} value={note} onChange={setNote} />
      {save.error && <FormAlert>{save.error instanceof Error ? save.error.message : t('agent.failed')}</FormAlert>}
      <Button type="submit" className="w-full sm:w-auto" disabled={save.isPending} aria-busy={save.isPending}>
        {save.isPending ? t('agent.followUps.saving') : t('agent.followUps.save')}
      </Button>
    </form>
  );
}
