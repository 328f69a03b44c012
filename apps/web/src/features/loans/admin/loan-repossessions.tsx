import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { useFormats } from '@/lib/formats.ts';
import type { AdminLoan } from './api.ts';
import { agentChoicesQuery } from './collections-api.ts';
import {
  loanRepossessionsQuery,
  refetchRepossessions,
  startRepossession,
  startRepossessionSchema,
  type Repossession,
  type StartRepossession,
} from './repossessions-api.ts';

/** One attempt: under way, recovered with the unit's condition, or failed with the reason. */
function Attempt({ attempt }: { attempt: Repossession }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <li className="rounded-lg border border-stone-200 bg-white p-3">
      <dl className="space-y-1 text-sm">
        <Fact term={t('adminLoans.repossess.state')}>
          <strong>{t(`adminLoans.repossess.states.${attempt.status}`)}</strong>
          {attempt.condition && ` · ${t(`adminLoans.repossess.conditions.${attempt.condition}`)}`}
          {attempt.failureReason && ` · ${attempt.failureReason}`}
        </Fact>
        <Fact term={t('adminLoans.agent')}>{attempt.agentName ?? t('adminLoans.followUps.admins')}</Fact>
        <Fact term={t('adminLoans.repossess.reason')}>{attempt.reason}</Fact>
        <Fact term={t('adminLoans.repossess.when')}>
          <time dateTime={attempt.attemptedAt ?? attempt.createdAt}>
            {formats.dateTime(attempt.attemptedAt ?? attempt.createdAt)}
          </time>
        </Fact>
      </dl>
    </li>
  );
}

/** Starts a repossession: the agent who goes (or the loan's own) and why. */
function StartForm({ loan }: { loan: AdminLoan }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const agents = useQuery(agentChoicesQuery);
  const [agentId, setAgentId] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const start = useMutation({
    mutationFn: (input: StartRepossession) => startRepossession(loan.id, input),
    retry: false,
    onSuccess: async () => {
      setReason('');
      void showToast(t('adminLoans.repossess.started', { number: loan.number }), { kind: 'success' });
      await refetchRepossessions(queryClient, loan.id);
    },
  });

  function submit(event: FormEvent) {
    event.preventDefault();
    const parsed = startRepossessionSchema.safeParse({ reason, ...(agentId ? { agentId } : {}) });
    setInvalid(!parsed.success);
    if (parsed.success) start.mutate(parsed.data);
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-labelledby="repossess-start-title">
      <h3 id="repossess-start-title" className="font-semibold">
        {t('adminLoans.repossess.startTitle')}
      </h3>
      <SelectField
        id="repossess-agent"
        label={t('adminLoans.repossess.agent')}
        value={agentId}
        onChange={(event) => setAgentId(event.target.value)}
        options={[
          { value: '', label: t('adminLoans.repossess.loanAgent') },
          ...(agents.data ?? []).map((a) => ({ value: a.id, label: a.code ? `${a.name} (${a.code})` : a.name })),
        ]}
      />
      <TextField
        id="repossess-reason"
        label={t('adminLoans.repossess.note')}
        maxLength={300}
        value={reason}
        error={invalid ? t('adminLoans.repossess.reasonNeeded') : undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      {start.error && <FormAlert>{start.error.message}</FormAlert>}
      <Button type="submit" variant="danger" disabled={start.isPending}>
        {start.isPending ? t('admin.working') : t('adminLoans.repossess.start')}
      </Button>
    </form>
  );
}

/** The loan's repossessions and attempts; a defaulted loan with none under way can start one. */
export function LoanRepossessions({ loan }: { loan: AdminLoan }) {
  const { t } = useTranslation();
  const list = useQuery(loanRepossessionsQuery(loan.id));
  const underWay = list.data?.some((r) => r.status === 'started') ?? true;
  return (
    <div className="space-y-4">
      <AdminQuery query={list} loadingLabel={t('adminLoans.repossess.loading')} count={1}>
        {(items) =>
          items.length === 0 ? (
            <p>{t('adminLoans.repossess.none')}</p>
          ) : (
            <ul className="space-y-2" aria-label={t('adminLoans.repossess.title')}>
              {items.map((attempt) => (
                <Attempt key={attempt.id} attempt={attempt} />
              ))}
            </ul>
          )
        }
      </AdminQuery>
      {loan.status === 'defaulted' && !underWay && <StartForm loan={loan} />}
    </div>
  );
}
