import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import {
  agentRepossessionsQuery,
  recordRepossessionAttempt,
  UNIT_CONDITIONS,
  type Repossession,
} from './collections-api.ts';
import { NoteField } from './components/note-field.tsx';

type Outcome = 'recovered' | 'failed';
type Condition = (typeof UNIT_CONDITIONS)[number];
type Errors = { outcome?: string; condition?: string; reason?: string };

/**
 * The agent's attempt at taking a unit back: recovered, in the condition found, or failed, with
 * the reason (3 to 300 characters, as the server asks); a note with either. Sent at once; a refusal is shown in the
 * server's words.
 */
export function RepossessionAttemptForm({
  item,
  onSaved,
}: {
  item: Repossession;
  onSaved: (outcome: Outcome) => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const prefix = `attempt-${item.id}`;
  const [outcome, setOutcome] = useState<Outcome | ''>('');
  const [condition, setCondition] = useState<Condition | ''>('');
  const [reason, setReason] = useState('');
  const [note, setNote] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const save = useMutation({
    mutationFn: recordRepossessionAttempt,
    retry: false,
    onSuccess: (_, { attempt }) => {
      onSaved(attempt.outcome);
      void queryClient.invalidateQueries({ queryKey: agentRepossessionsQuery.queryKey });
    },
  });

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found: Errors = {};
    const why = reason.trim();
    if (!outcome) found.outcome = t('agent.repossessions.outcomeMissing');
    if (outcome === 'recovered' && !condition) found.condition = t('agent.repossessions.conditionMissing');
    if (outcome === 'failed' && (why.length < 3 || why.length > 300))
      found.reason = t('agent.repossessions.reasonInvalid');
    setErrors(found);
    const first = (['outcome', 'condition', 'reason'] as const).find((field) => found[field]);
    if (first) {
      document.getElementById(`${prefix}-${first}`)?.focus();
      return;
    }
    const withNote = note.trim() ? { note: note.trim() } : {};
    if (outcome === 'recovered' && condition)
      save.mutate({ id: item.id, attempt: { outcome, condition, ...withNote } });
    if (outcome === 'failed') save.mutate({ id: item.id, attempt: { outcome, reason: why, ...withNote } });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-busy={save.isPending}>
      <SelectField
        id={`${prefix}-outcome`}
        label={t('agent.repossessions.outcome')}
        placeholder={t('agent.followUps.choose')}
        error={errors.outcome}
        value={outcome}
        onChange={(event) => setOutcome(event.target.value as Outcome | '')}
        options={(['recovered', 'failed'] as const).map((value) => ({
          value,
          label: t(`agent.repossessions.outcomes.${value}`),
        }))}
      />
      {outcome === 'recovered' && (
        <SelectField
          id={`${prefix}-condition`}
          label={t('agent.repossessions.condition')}
          placeholder={t('agent.followUps.choose')}
          error={errors.condition}
          value={condition}
          onChange={(event) => setCondition(event.target.value as Condition | '')}
          options={UNIT_CONDITIONS.map((value) => ({ value, label: t(`agent.repossessions.conditions.${value}`) }))}
        />
      )}
      {outcome === 'failed' && (
        <NoteField
          id={`${prefix}-reason`}
          label={t('agent.repossessions.reason')}
          value={reason}
          error={errors.reason}
          onChange={setReason}
        />
      )}
      {outcome && <NoteField id={`${prefix}-note`} label={t('agent.followUps.note')} value={note} onChange={setNote} />}
      {save.error && <FormAlert>{save.error instanceof Error ? save.error.message : t('agent.failed')}</FormAlert>}
      <Button type="submit" className="w-full sm:w-auto" disabled={save.isPending} aria-busy={save.isPending}>
        {save.isPending ? t('agent.followUps.saving') : t('agent.repossessions.save')}
      </Button>
    </form>
  );
}
