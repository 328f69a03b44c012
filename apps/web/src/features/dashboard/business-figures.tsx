import type { BusinessSummary, PeriodFigures } from '@ecogrid/core/business';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import { businessSummaryQuery } from './api.ts';

const PERIODS = ['today', 'week', 'month'] as const;
/** The chart of the 30 days, in its own chunk: Recharts never enters the first download. */
const FiguresChart = lazy(() => import('@/components/ui/figures-chart.tsx'));

/** Sales and collections over the 30 days as lines: a picture of the table below it. */
function DaysChart({ days }: { days: BusinessSummary['days'] }) {
  const { t } = useTranslation();
  const { day } = useFormats();
  return (
    <Suspense fallback={<div aria-hidden="true" className="h-48 animate-pulse rounded bg-stone-100" />}>
      <FiguresChart
        label={t('reports.chart', { title: t('reports.homeChart') })}
        kind="line"
        points={days.map((d) => day(d.day))}
        series={[
          { name: t('reports.sales'), values: days.map((d) => d.sales) },
          { name: t('reports.collections'), values: days.map((d) => d.collections) },
        ]}
        formatValue={formatUgx}
      />
    </Suspense>
  );
}
// At least 24 px tall (WCAG 2.5.8), as the lists' rows are close together.
const linkClass = 'inline-flex min-h-6 items-center font-medium text-brand-800 underline';

/** A figure that opens the list behind it. */
function Figure({ term, to, children }: { term: string; to: string; children: ReactNode }) {
  return (
    <Fact variant="figure" term={term}>
      <Link to={to} className={linkClass}>
        {children}
      </Link>
    </Fact>
  );
}

function Period({ id, title, figures }: { id: string; title: string; figures: PeriodFigures }) {
  const { t } = useTranslation();
  const total = (amount: number, count: number) => t('admin.business.total', { amount: formatUgx(amount), n: count });
  return (
    <section aria-labelledby={id} className="space-y-1 rounded-lg border border-stone-200 bg-white p-4">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      <dl className="divide-y divide-stone-100 text-sm">
        <Figure term={t('admin.business.cashSales')} to="/admin/orders?status=paid">
          {total(figures.cashSales.amount, figures.cashSales.count)}
        </Figure>
        <Figure term={t('admin.business.creditSales')} to="/admin/loans?status=active">
          {total(figures.creditSales.amount, figures.creditSales.count)}
        </Figure>
        <Figure term={t('admin.business.collections')} to="/admin/payments">
          {total(figures.collections.amount, figures.collections.count)}
        </Figure>
        <Figure term={t('admin.business.applications')} to="/admin/loans">
          {figures.applications}
        </Figure>
      </dl>
    </section>
  );
}

/** 30 days of sales and collections as a table, each amount with a bar beside it (the bars are decoration). */
function Days({ days }: { days: BusinessSummary['days'] }) {
  const { t } = useTranslation();
  const { day } = useFormats();
  const most = Math.max(1, ...days.map((d) => Math.max(d.sales, d.collections)));
  const bar = (value: number, colour: string) => (
    <span
      aria-hidden="true"
      className={`inline-block h-2 rounded ${colour}`}
      style={{ width: `${Math.round((value / most) * 100)}%`, maxWidth: '6rem' }}
    />
  );
  return (
    <table className="w-full text-sm">
      <caption className="sr-only">{t('admin.business.daysTitle')}</caption>
      <thead>
        <tr className="text-left">
          <th scope="col" className="py-1 pr-2">
            {t('admin.business.day')}
          </th>
          <th scope="col" className="py-1 pr-2">
            {t('admin.business.sales')}
          </th>
          <th scope="col" className="py-1">
            {t('admin.business.collections')}
          </th>
        </tr>
      </thead>
      <tbody>
        {[...days].reverse().map((d) => (
          <tr key={d.day} className="border-t border-stone-100 align-top">
            <th scope="row" className="py-1 pr-2 font-normal whitespace-nowrap">
              {day(d.day)}
            </th>
            <td className="py-1 pr-2">
              <span className="block tabular-nums">{formatUgx(d.sales)}</span>
              {bar(d.sales, 'bg-brand-700')}
            </td>
            <td className="py-1">
              <span className="block tabular-nums">{formatUgx(d.collections)}</span>
              {bar(d.collections, 'bg-amber-600')}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function Figures({ summary }: { summary: BusinessSummary }) {
  const { t } = useTranslation();
  const { percent, day } = useFormats();
  const par = summary.par;
  return (
    <div className="space-y-5">
      <div className="grid gap-3 md:grid-cols-3">
        {PERIODS.map((period) => (
          <Period
            key={period}
            id={`business-${period}-title`}
            title={t(`admin.business.${period}`, { day: day(summary[period].from) })}
            figures={summary[period]}
          />
        ))}
      </div>
      <section
        aria-labelledby="business-now-title"
        className="space-y-1 rounded-lg border border-stone-200 bg-white p-4"
      >
        <h3 id="business-now-title" className="font-semibold">
          {t('admin.business.nowTitle')}
        </h3>
        <dl className="divide-y divide-stone-100 text-sm">
          <Figure term={t('admin.business.loanApprovals')} to="/admin/loans/approvals">
            {summary.waiting.loanApprovals}
          </Figure>
          <Figure term={t('admin.business.identityChecks')} to="/admin/kyc">
            {summary.waiting.identityChecks}
          </Figure>
          <Figure term={t('admin.business.par1')} to="/admin/loans?status=active&minDaysPastDue=1">
            {par?.par1 == null ? t('admin.business.noPar') : percent(par.par1)}
          </Figure>
          <Figure term={t('admin.business.par30')} to="/admin/loans?status=active&minDaysPastDue=30">
            {par?.par30 == null ? t('admin.business.noPar') : percent(par.par30)}
          </Figure>
          <Figure term={t('admin.business.agentCash')} to="/admin/agents">
            {formatUgx(summary.agentCash)}
          </Figure>
          <Figure term={t('admin.business.failedJobs')} to="/admin/jobs">
            {summary.waiting.failedJobs}
          </Figure>
        </dl>
        {par && <p className="text-xs text-stone-600">{t('admin.business.parAsOf', { day: day(par.day) })}</p>}
      </section>
      <section aria-labelledby="business-days-title" className="space-y-2">
        <h3 id="business-days-title" className="font-semibold">
          {t('admin.business.daysTitle')}
        </h3>
        <DaysChart days={summary.days} />
        <Days days={summary.days} />
        <p className="text-sm">
          <Link to="/admin/reports/sales" className={linkClass}>
            {t('reports.name.sales')}
          </Link>
          {' · '}
          <Link to="/admin/reports/collections" className={linkClass}>
            {t('reports.name.collections')}
          </Link>
        </p>
      </section>
    </div>
  );
}

/**
 * The admin home's business: today, this week and this month (Kampala) of sales, collections and
 * applications; what waits now (approvals, identity checks, failed jobs), PAR and agents' cash,
 * each figure opening the list behind it; and 30 days of sales and collections.
 */
export function BusinessFigures() {
  const { t } = useTranslation();
  const summary = useQuery(businessSummaryQuery);
  return (
    <section aria-labelledby="business-title" className="space-y-3" aria-busy={summary.isFetching}>
      <h2 id="business-title" className="text-lg font-semibold">
        {t('admin.business.title')}
      </h2>
      <AdminQuery query={summary} loadingLabel={t('admin.business.loading')} count={3}>
        {(data) => <Figures summary={data} />}
      </AdminQuery>
    </section>
  );
}
