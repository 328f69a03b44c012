import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { assignFollowUp, refetchFollowUps, type AgentChoice, type FollowUp } from './collections-api.ts';

/** The admins, as the assignee list names them. */
const ADMINS = 'admins';

/** Hands an open follow-up to another agent, or to the admins. */
export function FollowUpAssign({ followUp, agents }: { followUp: FollowUp; agents: AgentChoice[] }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [to, setTo] = useState('');
  const [missing, setMissing] = useState(false);
  const assign = useMutation({
    mutationFn: (agentId: string | null) => assignFollowUp(followUp.id, { agentId }),
    retry: false,
    onSuccess: async (saved) => {
      const name = saved.assigneeName ?? t('adminLoans.followUps.admins');
      void showToast(t('adminLoans.followUps.assigned', { number: followUp.loanNumber, name }), { kind: 'success' });
      await refetchFollowUps(queryClient);
    },
  });
  const id = `follow-up-${followUp.id}-assign`;
  const options = [
    ...(followUp.assignedTo === null ? [] : [{ value: ADMINS, label: t('adminLoans.followUps.admins') }]),
    ...agents
      .filter((agent) => agent.id !== followUp.assignedTo)
      .map((agent) => ({ value: agent.id, label: agent.code ? `${agent.name} (${agent.code})` : agent.name })),
  ];

  function submit(event: FormEvent) {
    event.preventDefault();
    setMissing(!to);
    if (to) assign.mutate(to === ADMINS ? null : to);
  }

  return (
    <form noValidate onSubmit={submit} className="space-y-3" aria-label={t('adminLoans.followUps.assignTitle')}>
      <SelectField
        id={id}
        label={t('adminLoans.followUps.assignTo')}
        placeholder={t('adminLoans.followUps.chooseAssignee')}
        value={to}
        error={missing ? t('adminLoans.followUps.errors.chooseAssignee') : undefined}
        onChange={(event) => setTo(event.target.value)}
        options={options}
      />
      {assign.error && <FormAlert>{assign.error.message}</FormAlert>}
      <Button type="submit" variant="secondary" disabled={assign.isPending}>
        {assign.isPending ? t('adminLoans.followUps.saving') : t('adminLoans.followUps.assign')}
      </Button>
    </form>
  );
}
