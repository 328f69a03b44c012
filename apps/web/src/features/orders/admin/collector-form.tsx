import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminError } from '@/components/admin/admin-error.tsx';
import { Button } from '@/components/ui/button.tsx';
import { SelectField } from '@/components/ui/select-field.tsx';
import { outcomeUnknown } from '@/lib/idempotency.ts';
import { adminOrderQuery, approvedAgentsQuery, setCollector, type AdminOrder } from './api.ts';

/**
 * Who brings an order paid on delivery (or meets the customer at the pickup point) and takes its
 * money: an approved, active agent, named by their districts. Saved, the agent and the customer
 * are told. Shown while the order waits for its money.
 */
export function CollectorForm({ order, onSaved }: { order: AdminOrder; onSaved: (text: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const agents = useQuery(approvedAgentsQuery);
  const [agentId, setAgentId] = useState('');
  const [error, setError] = useState<string | undefined>();
  const save = useMutation({
    mutationFn: setCollector,
    retry: (failures, problem) => failures < 1 && outcomeUnknown(problem),
    onSuccess: async (saved) => {
      await queryClient.invalidateQueries({ queryKey: adminOrderQuery(order.id).queryKey });
      onSaved(t('admin.orders.collector.saved', { name: saved.payOnDelivery?.collector?.name ?? '' }));
    },
  });
  const options = (agents.data?.items ?? [])
    .filter((agent) => agent.isActive)
    .map((agent) => ({
      value: agent.id,
      label: [agent.name, agent.districts.join(', '), agent.phone].filter(Boolean).join(' · '),
    }));
  const current = order.payOnDelivery?.collector;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!agentId) {
      setError(t('admin.orders.collector.choose'));
      document.getElementById('collector-agent')?.focus();
      return;
    }
    setError(undefined);
    save.mutate({ id: order.id, agentId });
  };

  return (
    <form onSubmit={submit} noValidate className="space-y-3" aria-busy={save.isPending}>
      <p className="text-sm text-stone-700">
        {current ? t('admin.orders.collector.current', { name: current.name }) : t('admin.orders.collector.none')}
      </p>
      <SelectField
        id="collector-agent"
        label={t('admin.orders.collector.agent')}
        error={error}
        placeholder={agents.isPending ? t('admin.orders.collector.loading') : t('admin.orders.collector.placeholder')}
        options={options}
        value={agentId}
        disabled={agents.isPending}
        onChange={(event) => setAgentId(event.target.value)}
      />
      {agents.isError && <AdminError error={agents.error} />}
      {save.isError && <AdminError error={save.error} />}
      <Button type="submit" className="w-full sm:w-auto" disabled={save.isPending} aria-busy={save.isPending}>
        {save.isPending ? t('admin.orders.collector.saving') : t('admin.orders.collector.save')}
      </Button>
    </form>
  );
}
