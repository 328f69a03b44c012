import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { formatUgx } from '@/lib/money.ts';
import { CollectionsCard } from './collections-card.tsx';
import { agentDashboardQuery, type AgentDashboard } from './field-api.ts';
import { AgentQueryView, AgentScreen } from './page-states.tsx';
import { SyncPanel } from './sync-panel.tsx';

/** Cash on hand from this share of the limit on is "close to the limit". */
const NEAR_LIMIT = 0.8;

type Figures = AgentDashboard['today'];

function FiguresCard({ title, figures }: { title: string; figures: Figures }) {
  const { t } = useTranslation();
  const row = (term: string, value: number, detail?: string) => (
    <div className="flex flex-wrap items-baseline justify-between gap-x-3">
      <dt className="text-stone-700">{term}</dt>
      <dd className="text-right font-semibold tabular-nums">
        {formatUgx(value)}
        {detail && <span className="block text-sm font-normal text-stone-700">{detail}</span>}
      </dd>
    </div>
  );
  return (
    <section aria-label={title} className="rounded-xl border border-stone-200 bg-white p-4">
      <h2 className="mb-2 text-lg font-semibold">{title}</h2>
      <dl className="space-y-2">
        {row(t('agent.dashboard.sales'), figures.sales, t('agent.dashboard.salesCount', { count: figures.salesCount }))}
        {row(
          t('agent.dashboard.collections'),
          figures.collections,
          t('agent.dashboard.collectionsCount', { count: figures.collectionsCount }),
        )}
        {row(t('agent.dashboard.commission'), figures.commission)}
      </dl>
    </section>
  );
}

/** Cash owed to EcoGrid against the limit admins set: a meter, with a warning near and past it. */
function CashMeter({ cash, limit }: { cash: number; limit: number }) {
  const { t } = useTranslation();
  const share = limit > 0 ? cash / limit : 1;
  const over = cash >= limit;
  const near = !over && share >= NEAR_LIMIT;
  return (
    <section aria-labelledby="cash-title" className="space-y-2 rounded-xl border border-stone-200 bg-white p-4">
      <h2 id="cash-title" className="text-lg font-semibold">
        {t('agent.dashboard.cash')}
      </h2>
      <meter
        aria-labelledby="cash-title"
        aria-describedby="cash-of"
        className="h-4 w-full"
        min={0}
        max={Math.max(limit, 1)}
        low={Math.round(limit * NEAR_LIMIT)}
        high={Math.max(limit - 1, 0)}
        optimum={0}
        value={Math.min(cash, limit)}
      />
      <p id="cash-of" className="tabular-nums">
        {t('agent.dashboard.cashOf', { cash: formatUgx(cash), limit: formatUgx(limit) })}
      </p>
      {(near || over) && (
        <p
          role="alert"
          className={`rounded-lg border p-3 ${over ? 'border-red-300 bg-red-50 text-red-900' : 'border-amber-300 bg-amber-50 text-amber-950'}`}
        >
          {t(over ? 'agent.dashboard.cashOver' : 'agent.dashboard.cashNear')}
        </p>
      )}
    </section>
  );
}

function TargetCard({ dashboard }: { dashboard: AgentDashboard }) {
  const { t } = useTranslation();
  const target = dashboard.target;
  const bar = (id: string, label: string, done: number, goal: number) => (
    <div className="space-y-1">
      <p id={id}>{t(label, { done: formatUgx(done), target: formatUgx(goal) })}</p>
      <progress aria-labelledby={id} className="h-3 w-full" max={Math.max(goal, 1)} value={Math.min(done, goal)} />
    </div>
  );
  return (
    <section aria-labelledby="target-title" className="space-y-3 rounded-xl border border-stone-200 bg-white p-4">
      <h2 id="target-title" className="text-lg font-semibold">
        {t('agent.dashboard.target')}
      </h2>
      {target ? (
        <>
          {bar('target-sales', 'agent.dashboard.targetSales', dashboard.month.sales, target.salesTarget)}
          {bar(
            'target-collections',
            'agent.dashboard.targetCollections',
            dashboard.month.collections,
            target.collectionsTarget,
          )}
        </>
      ) : (
        <p className="text-stone-700">{t('agent.dashboard.noTarget')}</p>
      )}
    </section>
  );
}

function Dashboard({ dashboard }: { dashboard: AgentDashboard }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="text-stone-700">
        {t('agent.dashboard.hello', { name: dashboard.agent.name })}
        {dashboard.agent.agentCode && <> · {t('agent.dashboard.code', { code: dashboard.agent.agentCode })}</>}
      </p>
      <section aria-labelledby="visits-title" className="space-y-2 rounded-xl border border-stone-200 bg-white p-4">
        <h2 id="visits-title" className="text-lg font-semibold">
          {t('agent.dashboard.visits', { count: dashboard.customersToVisit })}
        </h2>
        <Link to="/agent/visits" className={buttonClass('primary', 'w-full sm:w-auto')}>
          {t('agent.dashboard.seeVisits')}
        </Link>
      </section>
      <CollectionsCard />
      <CashMeter cash={dashboard.cashOnHand} limit={dashboard.cashLimit} />
      <FiguresCard title={t('agent.dashboard.today')} figures={dashboard.today} />
      <FiguresCard title={t('agent.dashboard.month')} figures={dashboard.month} />
      <TargetCard dashboard={dashboard} />
      <section aria-labelledby="wallet-title" className="space-y-2 rounded-xl border border-stone-200 bg-white p-4">
        <h2 id="wallet-title" className="text-lg font-semibold">
          {t('agent.dashboard.wallet')}
        </h2>
        <p className="text-2xl font-bold tabular-nums">{formatUgx(dashboard.walletBalance)}</p>
        <Link to="/customer/wallet" className={buttonClass('secondary', 'w-full sm:w-auto')}>
          {t('agent.dashboard.walletLink')}
        </Link>
      </section>
    </>
  );
}

/** /agent-dashboard and /agent: the agent's day and month, cash against the limit, what to do next. */
export default function AgentDashboardPage() {
  const { t } = useTranslation();
  const query = useQuery(agentDashboardQuery);
  return (
    <AgentScreen id="dashboard-title" title={t('agent.dashboard.title')}>
      <AgentQueryView query={query} loadingLabel={t('agent.dashboard.loading')}>
        {(dashboard) => <Dashboard dashboard={dashboard} />}
      </AgentQueryView>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Link to="/agent/register" className={buttonClass('secondary', 'w-full sm:w-auto')}>
          {t('agent.dashboard.register')}
        </Link>
        <Link to="/agent/customers" className={buttonClass('secondary', 'w-full sm:w-auto')}>
          {t('agent.dashboard.customers')}
        </Link>
        <Link to="/agent/support" className={buttonClass('secondary', 'w-full sm:w-auto')}>
          {t('agent.dashboard.tickets')}
        </Link>
      </div>
      <SyncPanel />
    </AgentScreen>
  );
}
