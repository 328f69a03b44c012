import { addDays, kampalaDate } from '@ecogrid/core/credit';
import { REPORTS, type ReportName } from '@ecogrid/core/reports';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { DownloadLink } from '@/components/ui/download-link.tsx';
import { usePageTitle } from '@/lib/use-page-title.ts';
import { reportPdfUrl, reportQuery, systemReportUrl, type ReportQuery } from './api.ts';
import { goodRange, ReportRange } from './report-range.tsx';
import { ReportTableView } from './report-table.tsx';

const FILTERS = ['district', 'category', 'lowStock'] as const;

/** The range and filters in the URL; the last 30 days (Kampala) when it has none or a bad one. */
function useReportQuery(): [ReportQuery, (query: ReportQuery) => void] {
  const [params, setParams] = useSearchParams();
  const today = kampalaDate(new Date());
  const from = params.get('from') ?? '';
  const to = params.get('to') ?? '';
  const good = goodRange(from, to);
  const query: ReportQuery = { from: good ? from : addDays(today, -29), to: good ? to : today };
  for (const key of FILTERS) {
    const value = params.get(key);
    if (value) query[key] = value;
  }
  const show = (next: ReportQuery) =>
    setParams(Object.fromEntries(Object.entries(next).filter((entry): entry is [string, string] => Boolean(entry[1]))));
  return [query, show];
}

function ReportView({ name, query }: { name: ReportName; query: ReportQuery }) {
  const { t } = useTranslation();
  const report = useQuery(reportQuery(name, query));
  return (
    <div className="space-y-4" aria-busy={report.isFetching}>
      <DownloadLink href={reportPdfUrl(name, query)}>
        {t('reports.pdf', { report: t(`reports.name.${name}`) })}
      </DownloadLink>
      <AdminQuery query={report} loadingLabel={t('reports.loading')} count={3}>
        {(data) => (
          <div className="space-y-4">
            {data.notes.includes('no_targets') && (
              <p className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
                {t('reports.noTargets')}
              </p>
            )}
            {data.tables.map((table) => (
              <ReportTableView key={table.key} name={name} table={table} query={query} />
            ))}
          </div>
        )}
      </AdminQuery>
    </div>
  );
}

function ReportList({ query }: { query: ReportQuery }) {
  const { t } = useTranslation();
  const range = `?from=${query.from}&to=${query.to}`;
  return (
    <nav aria-labelledby="reports-list-title" className="space-y-3">
      <h2 id="reports-list-title" className="text-lg font-semibold">
        {t('reports.allReports')}
      </h2>
      <ul className="grid gap-3 md:grid-cols-2">
        {REPORTS.map((name) => (
          <li key={name}>
            <Link
              to={`/admin/reports/${name}${range}`}
              className="flex h-full min-h-11 flex-col gap-1 rounded-lg border border-stone-200 bg-white p-4 hover:border-brand-700 hover:bg-brand-50"
            >
              <span className="text-base font-semibold text-brand-800">{t(`reports.name.${name}`)}</span>
              <span className="text-sm text-stone-700">{t(`reports.about.${name}`)}</span>
            </Link>
          </li>
        ))}
      </ul>
      <p className="text-stone-700">{t('reports.systemAdminIntro')}</p>
      <DownloadLink href={systemReportUrl({ from: query.from, to: query.to })}>
        {t('reports.systemAdminDownload')}
      </DownloadLink>
    </nav>
  );
}

/**
 * /admin/reports and /admin/reports/:report: the five reports over the days chosen (Kampala), each
 * table with its chart, the table itself and a CSV; a PDF of each report, and the system report.
 */
export default function ReportsPage() {
  const { t } = useTranslation();
  const param = useParams().report;
  const name = REPORTS.find((r) => r === param) ?? null;
  const [query, show] = useReportQuery();
  const title = name ? t(`reports.name.${name}`) : t('reports.title');
  usePageTitle(title);
  return (
    <section className="mx-auto max-w-4xl space-y-5 p-4" aria-labelledby="reports-title">
      <header className="space-y-1">
        {name && (
          <Link
            to={`/admin/reports?from=${query.from}&to=${query.to}`}
            className="font-medium text-brand-800 underline"
          >
            {t('reports.allReports')}
          </Link>
        )}
        <h1 id="reports-title" className="text-2xl font-bold">
          {title}
        </h1>
        <p className="text-stone-700">{name ? t(`reports.about.${name}`) : t('reports.intro')}</p>
      </header>
      <ReportRange key={`${name}-${JSON.stringify(query)}`} name={name} query={query} onShow={show} />
      {name ? <ReportView name={name} query={query} /> : <ReportList query={query} />}
    </section>
  );
}
