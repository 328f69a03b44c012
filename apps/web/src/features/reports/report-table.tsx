import type { ReportCell, ReportColumn, ReportName, ReportTable } from '@ecogrid/core/reports';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadLink } from '@/components/ui/download-link.tsx';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import { tableCsvUrl, type ReportQuery } from './api.ts';

const FiguresChart = lazy(() => import('@/components/ui/figures-chart.tsx'));
/** The most categories a bar chart draws; the table below holds them all. */
const CHART_BARS = 12;
const NUMBERS = ['money', 'count', 'bp'];

/** A cell in the reader's words: money, counts, shares, days, months and codes. */
export function useCell() {
  const { t } = useTranslation();
  const formats = useFormats();
  return (column: ReportColumn, value: ReportCell): string => {
    if (value === null || value === '') return t('reports.none');
    if (typeof value === 'number') {
      if (column.kind === 'money') return formatUgx(value);
      if (column.kind === 'bp') return formats.percent(value);
      return value.toLocaleString();
    }
    if (column.kind === 'day') return formats.day(value);
    if (column.kind === 'month') return formats.month(value);
    if (column.kind === 'code') return t(`reports.code.${value}`, { defaultValue: value });
    return value;
  };
}

/** The columns a chart draws: the money ones, else the shares, else the counts. */
function chartColumns(table: ReportTable) {
  for (const kind of ['money', 'bp', 'count']) {
    const columns = table.columns.map((c, i) => ({ ...c, i })).filter((c) => c.kind === kind && c.i > 0);
    if (columns.length > 0) return columns;
  }
  return [];
}

function Chart({ table, title }: { table: ReportTable; title: string }) {
  const { t } = useTranslation();
  const cell = useCell();
  const formats = useFormats();
  const columns = chartColumns(table);
  if (table.chart === 'none' || columns.length === 0 || table.rows.length === 0) return null;
  const rows = table.chart === 'bar' ? table.rows.slice(0, CHART_BARS) : table.rows;
  const kind = columns[0]!.kind;
  return (
    <Suspense fallback={<div className="h-48 animate-pulse rounded bg-stone-100" aria-hidden="true" />}>
      <FiguresChart
        label={t('reports.chart', { title })}
        kind={table.chart}
        points={rows.map((row) => cell(table.columns[0]!, row[0] ?? null))}
        series={columns.map((c) => ({
          name: t(`reports.column.${c.key}`),
          values: rows.map((row) => (typeof row[c.i] === 'number' ? (row[c.i] as number) : null)),
        }))}
        formatValue={(v) => (kind === 'money' ? formatUgx(v) : kind === 'bp' ? formats.percent(v) : v.toLocaleString())}
      />
    </Suspense>
  );
}

/** One table of a report: its chart, the table itself (the chart's accessible equivalent) and its CSV. */
export function ReportTableView({ name, table, query }: { name: ReportName; table: ReportTable; query: ReportQuery }) {
  const { t } = useTranslation();
  const cell = useCell();
  const title = t(`reports.table.${table.key}`);
  const id = `report-${table.key}`;
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-3 rounded-lg border border-stone-200 bg-white p-4">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {table.rows.length === 0 ? (
        <p>{t('reports.empty')}</p>
      ) : (
        <>
          <Chart table={table} title={title} />
          {/* A scrolling region takes focus so that it scrolls by keyboard. */}
          <div
            role="region"
            aria-label={t('reports.figures', { title })}
            tabIndex={0}
            className="max-h-96 overflow-auto"
          >
            <table className="w-full text-sm tabular-nums">
              <thead>
                <tr className="text-left">
                  {table.columns.map((column) => (
                    <th
                      key={column.key}
                      scope="col"
                      className={`px-1 py-1 align-bottom ${NUMBERS.includes(column.kind) ? 'text-right' : ''}`}
                    >
                      {t(`reports.column.${column.key}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row, r) => (
                  <tr key={r} className="border-t border-stone-100 align-top">
                    {table.columns.map((column, c) =>
                      c === 0 ? (
                        <th key={column.key} scope="row" className="px-1 py-1 text-left font-normal">
                          {cell(column, row[c] ?? null)}
                        </th>
                      ) : (
                        <td
                          key={column.key}
                          className={`px-1 py-1 ${NUMBERS.includes(column.kind) ? 'text-right' : ''}`}
                        >
                          {cell(column, row[c] ?? null)}
                        </td>
                      ),
                    )}
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      )}
      <DownloadLink href={tableCsvUrl(name, table.key, query)}>{t('reports.csv', { title })}</DownloadLink>
    </section>
  );
}
