import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { healthQuery, type Health } from '@/features/system/api.ts';
import { AdminError } from '@/components/admin/admin-error.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { BusinessFigures } from '@/features/dashboard/business-figures.tsx';
import { mayUse, staffAccessQuery } from '@/features/auth/staff.ts';
import type { StaffRight } from '@ecogrid/core/staff-roles';

function SystemStatus({ health }: { health: Health }) {
  const { t } = useTranslation();
  const { database, migrations, jobs } = health;
  return (
    <div className="space-y-3">
      <p role="status" className="flex items-center gap-2">
        {health.status === 'ok' ? (
          <Badge tone="good">{t('admin.home.statusOk')}</Badge>
        ) : (
          <Badge tone="bad">{t('admin.home.statusDegraded')}</Badge>
        )}
      </p>
      <dl className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white px-4">
        <Fact variant="badges" term={t('admin.home.database')}>
          {t(`admin.home.databaseKind.${database.kind}`)}
          {database.reachable ? (
            <Badge tone="good">{t('admin.home.reachable')}</Badge>
          ) : (
            <Badge tone="bad">{t('admin.home.unreachable')}</Badge>
          )}
        </Fact>
        <Fact variant="badges" term={t('admin.home.migrations')}>
          {t('admin.home.migrationsCount', { applied: migrations.applied, expected: migrations.expected })}
          {migrations.upToDate ? (
            <Badge tone="good">{t('admin.home.upToDate')}</Badge>
          ) : (
            <Badge tone="warn">{t('admin.home.behind')}</Badge>
          )}
        </Fact>
        <Fact variant="badges" term={t('admin.home.jobs')}>
          {jobs.reachable ? (
            <Badge tone="good">{t('admin.home.reachable')}</Badge>
          ) : (
            <Badge tone="bad">{t('admin.home.unreachable')}</Badge>
          )}
        </Fact>
        <Fact variant="badges" term={t('admin.home.version')}>
          <span className="font-mono">{health.version}</span>
        </Fact>
      </dl>
    </div>
  );
}

const TOOLS: { to: string; title: string; body: string; right: StaffRight }[] = [
  { to: '/admin/reports', title: 'reports.title', body: 'reports.homeBody', right: 'reports.read' },
  { to: '/admin/users', title: 'admin.users.title', body: 'admin.home.usersBody', right: 'customers.read' },
  { to: '/security-dashboard', title: 'admin.security.title', body: 'admin.home.securityBody', right: 'audit.read' },
  { to: '/admin/outbox', title: 'admin.outbox.title', body: 'admin.home.outboxBody', right: 'system.read' },
  { to: '/admin/jobs', title: 'admin.jobs.title', body: 'admin.home.jobsBody', right: 'system.read' },
  {
    to: '/system-testing',
    title: 'admin.diagnostics.title',
    body: 'admin.home.systemTestingBody',
    right: 'system.read',
  },
  { to: '/admin/approvals', title: 'admin.approvals.title', body: 'admin.home.approvalsBody', right: 'payments.read' },
  { to: '/admin/payments', title: 'admin.payments.title', body: 'admin.home.paymentsBody', right: 'payments.read' },
  { to: '/admin/paybill', title: 'admin.paybill.title', body: 'admin.home.paybillBody', right: 'payments.read' },
  { to: '/admin/support', title: 'admin.home.ticketsTitle', body: 'admin.home.ticketsBody', right: 'support.read' },
  {
    to: '/admin/support-requests',
    title: 'admin.support.title',
    body: 'admin.home.supportBody',
    right: 'support.read',
  },
  {
    to: '/admin/campaigns',
    title: 'admin.campaigns.title',
    body: 'admin.campaigns.homeBody',
    right: 'customers.read',
  },
  { to: '/admin/orders', title: 'admin.orders.title', body: 'admin.home.ordersBody', right: 'orders.read' },
  { to: '/admin/kyc', title: 'admin.home.kycTitle', body: 'admin.home.kycBody', right: 'kyc.read' },
  { to: '/admin/loans', title: 'admin.home.loansTitle', body: 'admin.home.loansBody', right: 'credit.read' },
  {
    to: '/admin/loans/approvals',
    title: 'admin.home.loanApprovalsTitle',
    body: 'admin.home.loanApprovalsBody',
    right: 'credit.read',
  },
  {
    to: '/admin/credit-policy',
    title: 'admin.home.creditPolicyTitle',
    body: 'admin.home.creditPolicyBody',
    right: 'credit.read',
  },
  {
    to: '/admin/follow-ups',
    title: 'admin.home.followUpsTitle',
    body: 'admin.home.followUpsBody',
    right: 'credit.read',
  },
  {
    to: '/admin/repossessions',
    title: 'admin.home.repossessionsTitle',
    body: 'admin.home.repossessionsBody',
    right: 'credit.read',
  },
  {
    to: '/admin/write-offs',
    title: 'admin.home.writeOffsTitle',
    body: 'admin.home.writeOffsBody',
    right: 'credit.read',
  },
  { to: '/admin/agents', title: 'admin.home.agentsTitle', body: 'admin.home.agentsBody', right: 'agents.read' },
  { to: '/admin/devices', title: 'admin.home.devicesTitle', body: 'admin.home.devicesBody', right: 'credit.read' },
  { to: '/admin/products', title: 'admin.products.title', body: 'admin.home.productsBody', right: 'catalog.read' },
  {
    to: '/admin/categories',
    title: 'admin.categories.title',
    body: 'admin.home.categoriesBody',
    right: 'catalog.read',
  },
  { to: '/admin/stock', title: 'admin.stockPlaces.title', body: 'admin.home.stockBody', right: 'catalog.read' },
];

/** /admin, the admin home: the business at a glance, whether the system is healthy, and the admin tools. */
export default function AdminHomePage() {
  const { t } = useTranslation();
  const health = useQuery(healthQuery);
  // Only the tools the staff member's role opens (the server checks each request as well).
  const accessQuery = useQuery(staffAccessQuery);
  const access = accessQuery.data;
  const tools = TOOLS.filter((tool) => mayUse(access, tool.right));
  // The figures ask the server for reports: only once the role is known to open them.
  const showFigures = !accessQuery.isPending && mayUse(access, 'reports.read');
  return (
    <section className="mx-auto max-w-4xl space-y-6 p-4" aria-labelledby="admin-title">
      <header className="space-y-1">
        <h1 id="admin-title" className="text-2xl font-bold">
          {t('admin.home.title')}
        </h1>
        <p className="text-stone-700">{t('admin.home.intro')}</p>
      </header>

      {showFigures && <BusinessFigures />}

      <section aria-labelledby="status-title" className="space-y-3" aria-busy={health.isFetching}>
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h2 id="status-title" className="text-lg font-semibold">
            {t('admin.home.statusTitle')}
          </h2>
          <Button
            variant="secondary"
            disabled={health.isFetching}
            aria-busy={health.isFetching}
            onClick={() => void health.refetch()}
          >
            {health.isFetching ? t('admin.refreshing') : t('admin.refresh')}
          </Button>
        </div>
        {health.isPending ? (
          <div className="animate-pulse space-y-2 rounded-lg border border-stone-200 bg-white p-4">
            <p role="status" className="sr-only">
              {t('admin.home.checking')}
            </p>
            <div aria-hidden="true" className="h-5 w-2/3 rounded bg-stone-200" />
            <div aria-hidden="true" className="h-5 w-1/2 rounded bg-stone-100" />
            <div aria-hidden="true" className="h-5 w-1/3 rounded bg-stone-100" />
          </div>
        ) : health.isError ? (
          <AdminError error={health.error} onRetry={() => void health.refetch()} />
        ) : (
          <SystemStatus health={health.data} />
        )}
      </section>

      <nav aria-labelledby="tools-title" className="space-y-3">
        <h2 id="tools-title" className="text-lg font-semibold">
          {t('admin.home.toolsTitle')}
        </h2>
        <ul className="grid gap-3 md:grid-cols-3">
          {tools.map((tool) => (
            <li key={tool.to}>
              <Link
                to={tool.to}
                className="flex h-full min-h-11 flex-col gap-1 rounded-lg border border-stone-200 bg-white p-4 hover:border-brand-700 hover:bg-brand-50"
              >
                <span className="text-base font-semibold text-brand-800">{t(tool.title)}</span>
                <span className="text-sm text-stone-700">{t(tool.body)}</span>
              </Link>
            </li>
          ))}
        </ul>
      </nav>
    </section>
  );
}
