import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { ApiError } from '@/lib/api-client.ts';
import {
  FOLLOW_UP_OUTCOMES,
  followUpOutcomeRequestSchema,
  recordFollowUpOutcome,
  refetchFollowUps,
  type FollowUp,
  type FollowUpOutcomeRequest,
} from './collections-api.ts';

type Problems = Partial<Record<'outcome' | 'promiseDate' | 'promiseAmount', string>>;
const WHOLE = /^\d+$/;

/** The form's fields as the API takes them, or what is wrong with each (in the reader's language). */
function check(fields: { outcome: string; date: string; amount: string; note: string }) {
  const problems: Problems = {};
  const promise = fields.outcome === 'promise_to_pay';
  if (!fields.outcome) problems.outcome = 'chooseOutcome';
  if (promise && !fields.date) problems.promiseDate = 'dateNeeded';
  if (promise && (!WHOLE.test(fields.amount.trim()) || Number(fields.amount) < 1))
    problems.promiseAmount = 'amountNeeded';
  const parsed = followUpOutcomeRequestSchema.safeParse({
    outcome: fields.outcome,
    ...(fields.note.trim() ? { note: fields.note } : {}),
    ...(promise ? { promiseDate: fields.date, promiseAmount: Number(fields.amount.trim()) } : {}),
  });
  if (!parsed.success && Object.keys(problems).length === 0) problems.outcome = 'chooseOutcome';
  return parsed.success && Object.keys(problems).length === 0 ? { request: parsed.data } : { problems };
}

/** What came of an open follow-up: one of the outcomes, a promise with its date and amount, a note. */
export function FollowUpOutcomeForm({ followUp }: { followUp: FollowUp }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [fields, setFields] = useState({ outcome: '', date: '', amount: '', note: '' });
  const [problems, setProblems] = useState<Problems>({});
  const save = useMutation({
    mutationFn: (request: FollowUpOutcomeRequest) => recordFollowUpOutcome(followUp.id, request),
    retry: false,
    onSuccess: async () => {
      void showToast(t('adminLoans.followUps.outcomeSaved', { number: followUp.loanNumber }), { kind: 'success' });
      await refetchFollowUps(queryClient);
    },
    onError: (error) => {
      if (error instanceof ApiError && (error.status === 404 || error.status === 409))
        void refetchFollowUps(queryClient);
    },
  });
  const id = (name: string) => `follow-up-${followUp.id}-${name}`;
  const set = (name: keyof typeof fields) => (value: string) => setFields((before) => ({ ...before, [name]: value }));
  const error = (name: keyof Problems) =>
    problems[name] ? t(`adminLoans.followUps.errors.${problems[name]}`) : undefined;

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = check(fields);
    setProblems(checked.problems ?? {});
    if (checked.request) save.mutate(checked.request);
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-label={t('adminLoans.followUps.outcomeTitle')}>
      <SelectField
        id={id('outcome')}
        label={t('adminLoans.followUps.outcome')}
        placeholder={t('adminLoans.followUps.chooseOutcome')}
        value={fields.outcome}
        error={error('outcome')}
        onChange={(event) => set('outcome')(event.target.value)}
        options={FOLLOW_UP_OUTCOMES.map((value) => ({ value, label: t(`adminLoans.followUps.outcomes.${value}`) }))}
      />
      {fields.outcome === 'promise_to_pay' && (
        <div className="grid gap-3 sm:grid-cols-2">
          <TextField
            id={id('date')}
            type="date"
            label={t('adminLoans.followUps.promiseDate')}
            value={fields.date}
            error={error('promiseDate')}
            onChange={(event) => set('date')(event.target.value)}
          />
          <TextField
            id={id('amount')}
            inputMode="numeric"
            label={t('adminLoans.followUps.promiseAmount')}
            value={fields.amount}
            error={error('promiseAmount')}
            onChange={(event) => set('amount')(event.target.value)}
          />
        </div>
      )}
      <TextField
        id={id('note')}
        label={t('adminLoans.followUps.note')}
        maxLength={1000}
        value={fields.note}
        onChange={(event) => set('note')(event.target.value)}
      />
      {save.error && <FormAlert>{save.error.message}</FormAlert>}
      <Button type="submit" disabled={save.isPending}>
        {save.isPending ? t('adminLoans.followUps.saving') : t('adminLoans.followUps.saveOutcome')}
      </Button>
    </form>
  );
}
