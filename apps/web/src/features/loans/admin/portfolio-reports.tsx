import { addDays, addMonths, kampalaDate } from '@ecogrid/core/credit';
import { formatBp } from '@ecogrid/core/loans';
import type { ParDay, RollRates, Vintage } from '@ecogrid/core/portfolio-reports';
import { useQuery } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminQuery } from '@/components/admin/admin-query.tsx';
import { DownloadLink } from '@/components/ui/download-link.tsx';
import { TextField } from '@/components/ui/text-field.tsx';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import { LineChart } from './line-chart.tsx';
import { EXPORT_URLS, parHistoryQuery, rollRatesQuery, vintagesQuery } from './reports-api.ts';

/** How far back the PAR history goes on the page. */
const PAR_DAYS = 90;
/** The months on book the vintage table shows, when a vintage has reached them. */
const ON_BOOK = [0, 1, 3, 6, 12];

const share = (bp: number | null) => (bp === null ? '–' : formatBp(bp));

function Report({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="min-w-0 space-y-3 rounded-lg border border-stone-200 bg-white p-4">
      <h3 id={id} className="font-semibold">
        {title}
      </h3>
      {children}
    </section>
  );
}

/** A table that may be wider than a phone scrolls inside its own box, reachable by keyboard. */
function Scroll({ label, children }: { label: string; children: ReactNode }) {
  const { t } = useTranslation();
  return (
    // A scrolling region takes focus so that it scrolls by keyboard.
    <div
      role="region"
      aria-label={t('adminLoans.reports.figures', { title: label })}
      tabIndex={0}
      className="max-h-96 overflow-auto"
    >
      {children}
    </div>
  );
}

function ParHistory({ days }: { days: ParDay[] }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const keys = ['par1', 'par30', 'par60', 'par90'] as const;
  if (days.length === 0) return <p>{t('adminLoans.reports.noDays')}</p>;
  return (
    <>
      <LineChart
        label={t('adminLoans.reports.chart', { title: t('adminLoans.reports.parTitle') })}
        points={days.map((d) => d.day)}
        formatPoint={formats.day}
        lines={keys.map((k) => ({ name: t(`adminLoans.figures.${k}`), values: days.map((d) => d[k]) }))}
      />
      <Scroll label={t('adminLoans.reports.parTitle')}>
        <table className="w-full text-sm tabular-nums">
          <thead>
            <tr className="text-left">
              <th scope="col">{t('adminLoans.reports.day')}</th>
              {keys.map((k) => (
                <th key={k} scope="col" className="text-right">
                  {t(`adminLoans.figures.${k}`)}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {[...days].reverse().map((d) => (
              <tr key={d.day} className="border-t border-stone-100">
                <th scope="row" className="text-left font-normal">
                  {formats.day(d.day)}
                </th>
                {keys.map((k) => (
                  <td key={k} className="text-right">
                    {share(d[k])}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
    </>
  );
}

function Vintages({ vintages }: { vintages: Vintage[] }) {
  const { t } = useTranslation();
  const formats = useFormats();
  if (vintages.length === 0) return <p>{t('adminLoans.reports.noVintages')}</p>;
  const shown = vintages.slice(-6);
  const months = Math.max(...shown.map((v) => v.points.length));
  return (
    <>
      <LineChart
        label={t('adminLoans.reports.chart', { title: t('adminLoans.reports.vintageTitle') })}
        points={Array.from({ length: months }, (_, m) => String(m))}
        formatPoint={(m) => t('adminLoans.reports.monthOnBook', { month: m })}
        max={10_000}
        lines={shown.map((v) => ({ name: formats.month(v.month), values: v.points.map((p) => p.share) }))}
      />
      <Scroll label={t('adminLoans.reports.vintageTitle')}>
        <table className="w-full text-sm tabular-nums">
          <thead>
            <tr className="text-left">
              <th scope="col">{t('adminLoans.reports.activated')}</th>
              <th scope="col" className="text-right">
                {t('adminLoans.reports.loans')}
              </th>
              <th scope="col" className="text-right">
                {t('adminLoans.reports.creditPrice')}
              </th>
              {ON_BOOK.map((m) => (
                <th key={m} scope="col" className="text-right">
                  {t('adminLoans.reports.monthOnBook', { month: m })}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {vintages.map((v) => (
              <tr key={v.month} className="border-t border-stone-100">
                <th scope="row" className="text-left font-normal">
                  {formats.month(v.month)}
                </th>
                <td className="text-right">{v.loans}</td>
                <td className="text-right">{formatUgx(v.creditPrice)}</td>
                {ON_BOOK.map((m) => (
                  <td key={m} className="text-right">
                    {share(v.points[m]?.share ?? null)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </Scroll>
    </>
  );
}

function RollTable({ rates }: { rates: RollRates }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const targets = rates.rows[0]?.to.map((cell) => cell.bucket) ?? [];
  return (
    <Scroll label={t('adminLoans.reports.rollTitle')}>
      <table className="w-full text-sm tabular-nums">
        <caption className="text-left text-stone-700">
          {t('adminLoans.reports.rollCaption', { month: formats.month(rates.month), next: formats.month(rates.next) })}
        </caption>
        <thead>
          <tr className="text-left">
            <th scope="col">{t('adminLoans.reports.from')}</th>
            <th scope="col" className="text-right">
              {t('adminLoans.reports.loans')}
            </th>
            {targets.map((b) => (
              <th key={b} scope="col" className="text-right">
                {t(`adminLoans.reports.bucket.${b}`)}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rates.rows.map((row) => (
            <tr key={row.from} className="border-t border-stone-100">
              <th scope="row" className="text-left font-normal">
                {t(`adminLoans.reports.bucket.${row.from}`)}
              </th>
              <td className="text-right">{row.loans}</td>
              {row.to.map((cell) => (
                <td key={cell.bucket} className="text-right">
                  {share(cell.share)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </Scroll>
  );
}

/**
 * The portfolio over time on the admin loans page, loaded in a chunk of its own: PAR over the last
 * 90 days, the vintage curve, the roll rates of a month, each a chart with its numbers in a table,
 * and the CSV exports.
 */
export default function PortfolioReports() {
  const { t } = useTranslation();
  const today = kampalaDate(new Date());
  const [month, setMonth] = useState(addMonths(today, -1).slice(0, 7));
  const par = useQuery(parHistoryQuery(addDays(today, -(PAR_DAYS - 1)), today));
  const vintages = useQuery(vintagesQuery);
  const validMonth = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const rolls = useQuery({ ...rollRatesQuery(month), enabled: validMonth });
  return (
    <section aria-labelledby="reports-title" className="space-y-4">
      <h2 id="reports-title" className="text-lg font-semibold">
        {t('adminLoans.reports.title')}
      </h2>
      <div className="flex flex-wrap gap-3">
        <DownloadLink href={EXPORT_URLS.loans}>{t('adminLoans.reports.exportLoans')}</DownloadLink>
        <DownloadLink href={EXPORT_URLS.payments}>{t('adminLoans.reports.exportPayments')}</DownloadLink>
      </div>
      <div className="grid gap-4 lg:grid-cols-2">
        <Report id="par-history-title" title={t('adminLoans.reports.parTitle')}>
          <AdminQuery query={par} loadingLabel={t('adminLoans.reports.loading')}>
            {(data) => <ParHistory days={data.days} />}
          </AdminQuery>
        </Report>
        <Report id="vintage-title" title={t('adminLoans.reports.vintageTitle')}>
          <AdminQuery query={vintages} loadingLabel={t('adminLoans.reports.loading')}>
            {(data) => <Vintages vintages={data.vintages} />}
          </AdminQuery>
        </Report>
      </div>
      <Report id="roll-title" title={t('adminLoans.reports.rollTitle')}>
        <TextField
          id="roll-month"
          type="month"
          label={t('adminLoans.reports.month')}
          value={month}
          max={today.slice(0, 7)}
          onChange={(e) => setMonth(e.target.value)}
        />
        {validMonth && (
          <AdminQuery query={rolls} loadingLabel={t('adminLoans.reports.loading')}>
            {(data) => <RollTable rates={data} />}
          </AdminQuery>
        )}
      </Report>
    </section>
  );
}
