import { useTranslation } from 'react-i18next';
import { Badge } from '@/components/ui/badge.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import type { AdminAgent } from './api.ts';

/** A share from 0 to 1 as basis points, for the percentage formatter. */
const toBp = (share: number) => Math.round(share * 10_000);

/** How far a figure has come towards its target: the amounts in words and a bar. */
export function Progress({ label, done, target }: { label: string; done: number; target: number }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const share = target > 0 ? done / target : done > 0 ? 1 : 0;
  return (
    <div className="space-y-1">
      <p className="flex flex-wrap justify-between gap-x-2">
        <span className="text-stone-700">{label}</span>
        <span className="tabular-nums">
          {t('admin.agents.ofTarget', {
            done: formatUgx(done),
            target: formatUgx(target),
            percent: formats.percent(toBp(share)),
          })}
        </span>
      </p>
      <progress aria-label={label} value={Math.min(share, 1)} max={1} className="h-2 w-full accent-brand-800" />
    </div>
  );
}

/** Cash the agent holds for the company against their limit, flagged once it reaches the limit. */
export function CashOnHand({ agent }: { agent: Pick<AdminAgent, 'cashOnHand' | 'cashLimit'> }) {
  const { t } = useTranslation();
  const full = agent.cashOnHand >= agent.cashLimit;
  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <span className="tabular-nums">
        {t('admin.agents.cashValue', { cash: formatUgx(agent.cashOnHand), limit: formatUgx(agent.cashLimit) })}
      </span>
      {full && <Badge tone="bad">{t('admin.agents.atLimit')}</Badge>}
    </span>
  );
}

/** Portfolio at risk: the share of their customers' outstanding balance 30 or more days late. */
export function Par30({ par30 }: { par30: number | null }) {
  const { t } = useTranslation();
  const formats = useFormats();
  if (par30 === null) return <span>{t('admin.agents.noLoans')}</span>;
  const text = formats.percent(toBp(par30));
  return par30 >= 0.1 ? <Badge tone="bad">{text}</Badge> : <span className="tabular-nums">{text}</span>;
}

/** The agent's money and this month's work as a fact list: a card's body, or the top of their page. */
export function AgentFacts({ agent }: { agent: AdminAgent }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const { month, target } = agent;
  return (
    <div className="space-y-3 text-sm">
      <dl className="space-y-1">
        <Fact term={t('admin.agents.rate')}>
          {agent.commissionRateBp === null ? t('admin.agents.notSet') : formats.commission(agent.commissionRateBp)}
        </Fact>
        <Fact term={t('admin.agents.districts')}>
          {agent.districts.length ? agent.districts.join(', ') : t('admin.agents.noDistricts')}
        </Fact>
        <Fact term={t('admin.agents.cashOnHand')}>
          <CashOnHand agent={agent} />
        </Fact>
        <Fact term={t('admin.agents.sales')}>
          {t('admin.agents.salesValue', { amount: formatUgx(month.sales), count: month.salesCount })}
        </Fact>
        <Fact term={t('admin.agents.collections')}>
          {t('admin.agents.collectionsValue', { amount: formatUgx(month.collections), count: month.collectionsCount })}
        </Fact>
        <Fact term={t('admin.agents.commission')}>{formatUgx(month.commission)}</Fact>
        <Fact term={t('admin.agents.par30')}>
          <Par30 par30={agent.par30} />
        </Fact>
        <Fact term={t('admin.agents.customers')}>{agent.customers}</Fact>
      </dl>
      {target ? (
        <div className="space-y-2">
          <Progress label={t('admin.agents.salesTarget')} done={month.sales} target={target.salesTarget} />
          <Progress
            label={t('admin.agents.collectionsTarget')}
            done={month.collections}
            target={target.collectionsTarget}
          />
        </div>
      ) : (
        <p className="text-stone-700">{t('admin.agents.noTarget')}</p>
      )}
    </div>
  );
}
