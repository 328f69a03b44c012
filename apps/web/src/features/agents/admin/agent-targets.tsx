import { kampalaDate } from '@ecogrid/core/credit';
import { parseUgx } from '@ecogrid/core/money';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useErrorText } from '@/components/admin/admin-error.tsx';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { showToast } from '@/components/ui/toast.tsx';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import { Progress } from './agent-figures.tsx';
import { refreshAgent, setAgentTarget, type AdminAgentDetail } from './api.ts';

const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;
/** The server's bound on a target (agentTargetRequestSchema). */
const MAX_TARGET = 10_000_000_000;

type Field = 'month' | 'sales' | 'collections';

/** The targets set for each month, this month's with how far the agent has come. */
function TargetList({ agent, thisMonth }: { agent: AdminAgentDetail; thisMonth: string }) {
  const { t } = useTranslation();
  const formats = useFormats();
  if (agent.targets.length === 0) return <p className="text-stone-700">{t('admin.agents.noTargets')}</p>;
  return (
    <ul className="space-y-2" aria-label={t('admin.agents.targetsTitle')}>
      {agent.targets.map((target) => (
        <li key={target.month} className="space-y-2 rounded-lg border border-stone-200 bg-white p-3 text-sm">
          <p className="font-semibold">{formats.month(target.month)}</p>
          {target.month.startsWith(thisMonth) ? (
            <>
              <Progress label={t('admin.agents.salesTarget')} done={agent.month.sales} target={target.salesTarget} />
              <Progress
                label={t('admin.agents.collectionsTarget')}
                done={agent.month.collections}
                target={target.collectionsTarget}
              />
            </>
          ) : (
            <p>
              {t('admin.agents.targetValues', {
                sales: formatUgx(target.salesTarget),
                collections: formatUgx(target.collectionsTarget),
              })}
            </p>
          )}
        </li>
      ))}
    </ul>
  );
}

/** Month targets: pick a month (this one to start with), set or change its sales and collections targets. */
export function AgentTargets({ agent }: { agent: AdminAgentDetail }) {
  const { t } = useTranslation();
  const id = useId();
  const queryClient = useQueryClient();
  const errorText = useErrorText();
  const formats = useFormats();
  const thisMonth = kampalaDate(new Date()).slice(0, 7);
  const saved = (month: string) => agent.targets.find((target) => target.month.startsWith(month));
  const [month, setMonth] = useState(thisMonth);
  const [sales, setSales] = useState(String(saved(thisMonth)?.salesTarget ?? ''));
  const [collections, setCollections] = useState(String(saved(thisMonth)?.collectionsTarget ?? ''));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const save = useMutation({
    mutationFn: (body: { month: string; salesTarget: number; collectionsTarget: number }) =>
      setAgentTarget(agent.id, body.month, {
        salesTarget: body.salesTarget,
        collectionsTarget: body.collectionsTarget,
      }),
    onSuccess: (target) => {
      refreshAgent(queryClient, agent.id);
      void showToast(t('admin.agents.targetSaved', { month: formats.month(target.month) }), { kind: 'success' });
    },
  });

  const chooseMonth = (value: string) => {
    setMonth(value);
    const target = MONTH.test(value) ? saved(value) : undefined;
    if (target) {
      setSales(String(target.salesTarget));
      setCollections(String(target.collectionsTarget));
    }
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const salesTarget = parseUgx(sales);
    const collectionsTarget = parseUgx(collections);
    const found: Partial<Record<Field, string>> = {};
    const amountError = t('admin.agents.targetInvalid', { max: formatUgx(MAX_TARGET) });
    if (!MONTH.test(month)) found.month = t('admin.agents.monthInvalid');
    if (salesTarget === null || salesTarget > MAX_TARGET) found.sales = amountError;
    if (collectionsTarget === null || collectionsTarget > MAX_TARGET) found.collections = amountError;
    setErrors(found);
    const first = (['month', 'sales', 'collections'] as const).find((field) => found[field]);
    if (first || salesTarget === null || collectionsTarget === null) {
      document.getElementById(`${id}-${first}`)?.focus();
      return;
    }
    save.mutate({ month, salesTarget, collectionsTarget });
  };

  return (
    <div className="space-y-4">
      <TargetList agent={agent} thisMonth={thisMonth} />
      <form onSubmit={submit} noValidate className="space-y-3" aria-busy={save.isPending}>
        <div className="grid gap-3 sm:grid-cols-3">
          <TextField
            id={`${id}-month`}
            type="month"
            label={t('admin.agents.monthLabel')}
            hint={t('admin.agents.monthHint')}
            error={errors.month}
            value={month}
            onChange={(event) => chooseMonth(event.target.value)}
          />
          <TextField
            id={`${id}-sales`}
            label={t('admin.agents.salesTargetLabel')}
            error={errors.sales}
            value={sales}
            onChange={(event) => setSales(event.target.value)}
            inputMode="numeric"
            autoComplete="off"
          />
          <TextField
            id={`${id}-collections`}
            label={t('admin.agents.collectionsTargetLabel')}
            error={errors.collections}
            value={collections}
            onChange={(event) => setCollections(event.target.value)}
            inputMode="numeric"
            autoComplete="off"
          />
        </div>
        {save.isError && <FormAlert>{errorText(save.error)}</FormAlert>}
        <Button type="submit" disabled={save.isPending} aria-busy={save.isPending} className="w-full sm:w-auto">
          {save.isPending ? t('admin.working') : t('admin.agents.saveTarget')}
        </Button>
      </form>
    </div>
  );
}
