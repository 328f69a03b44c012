// @vitest-environment jsdom
import type { ParDay, RollRates, Vintage } from '@ecogrid/core/portfolio-reports';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible } from '@/test/axe.ts';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import PortfolioReports from './portfolio-reports.tsx';

const DAYS: ParDay[] = [
  { day: '2030-01-01', loans: 16, outstanding: 9_000_000, par1: 3333, par30: 2222, par60: 1667, par90: 1333 },
  { day: '2030-01-02', loans: 0, outstanding: 0, par1: null, par30: null, par60: null, par90: null },
];
const VINTAGES: Vintage[] = [
  {
    month: '2030-03',
    loans: 2,
    creditPrice: 2_400_000,
    points: [
      { monthOnBook: 0, repaid: 600_000, share: 2500 },
      { monthOnBook: 1, repaid: 825_000, share: 3438 },
    ],
  },
];
const target = (bucket: RollRates['rows'][number]['to'][number]['bucket'], loans: number, share: number | null) => ({
  bucket,
  loans,
  share,
});
const ROLLS = (month: string): RollRates => ({
  month,
  next: '2030-03',
  rows: [
    {
      from: 'current',
      loans: 3,
      to: [target('current', 2, 6667), target('par1', 1, 3333), target('closed', 0, 0)],
    },
    { from: 'par60', loans: 0, to: [target('current', 0, null), target('par1', 0, null), target('closed', 0, null)] },
  ],
});

const server = fakeServer(({ url }) => {
  if (url.startsWith('/api/admin/portfolio/par-history?')) return { body: { days: DAYS } };
  if (url === '/api/admin/portfolio/vintages') return { body: { vintages: VINTAGES } };
  const month = /roll-rates\?month=(.+)$/.exec(url)?.[1];
  if (month) return { body: ROLLS(month) };
  return { status: 404, body: {} };
});

/** The names in a chart's legend, which it draws only with its lines. */
const legend = (chart: HTMLElement) =>
  [...chart.querySelectorAll('.recharts-legend-item-text')].map((item) => item.textContent);

beforeEach(() => server.start());

describe('portfolio reports', () => {
  it('shows PAR over time, the vintage curve and roll rates with their numbers, and the exports', async () => {
    const { container } = renderPage(PortfolioReports, '/admin/loans');
    const par = within(await screen.findByRole('region', { name: 'Portfolio at risk, last 90 days: the figures' }));
    const first = (await par.findByRole('rowheader', { name: 'Jan 1, 2030' })).closest('tr')!;
    expect([...first.querySelectorAll('td')].map((c) => c.textContent)).toEqual([
      '33.3 %',
      '22.2 %',
      '16.7 %',
      '13.3 %',
    ]);
    const empty = par.getByRole('rowheader', { name: 'Jan 2, 2030' }).closest('tr')!;
    expect(empty.querySelector('td')!.textContent).toBe('–');
    const parChart = screen.getByRole('img', { name: 'Portfolio at risk, last 90 days: chart of the figures below' });
    expect(legend(parChart)).toEqual(['At risk, PAR1', 'At risk, PAR30', 'At risk, PAR60', 'At risk, PAR90']);
    expect(parChart.querySelectorAll('.recharts-line')).toHaveLength(4);

    const vintages = within(
      await screen.findByRole('region', { name: 'Vintage curve: share of credit price repaid: the figures' }),
    );
    const march = (await vintages.findByRole('rowheader', { name: 'March 2030' })).closest('tr')!;
    expect([...march.querySelectorAll('td')].map((c) => c.textContent)).toEqual([
      '2',
      'UGX 2,400,000',
      '25.0 %',
      '34.4 %',
      '–',
      '–',
      '–',
    ]);
    const vintageChart = screen.getByRole('img', {
      name: 'Vintage curve: share of credit price repaid: chart of the figures below',
    });
    expect(legend(vintageChart)).toEqual(['March 2030']);
    expect(within(vintageChart).getByText('Month 1')).toBeTruthy();

    const rolls = within(
      await screen.findByRole('region', { name: 'Roll rates between arrears buckets: the figures' }),
    );
    const current = (await rolls.findByRole('rowheader', { name: 'Current' })).closest('tr')!;
    expect([...current.querySelectorAll('td')].map((c) => c.textContent)).toEqual(['3', '66.7 %', '33.3 %', '0.0 %']);

    expect(screen.getByRole('link', { name: 'Export loans (CSV)' }).getAttribute('href')).toBe(
      '/api/admin/exports/loans.csv',
    );
    expect(screen.getByRole('link', { name: 'Export payments (CSV)' }).getAttribute('href')).toBe(
      '/api/admin/exports/payments.csv',
    );
    await expectAccessible(container);
  }, 20_000);

  it('asks for the roll rates of the month chosen', async () => {
    renderPage(PortfolioReports, '/admin/loans');
    fireEvent.change(await screen.findByLabelText('Month'), { target: { value: '2030-02' } });
    await waitFor(() =>
      expect(server.seen.some((r) => r.url === '/api/admin/portfolio/roll-rates?month=2030-02')).toBe(true),
    );
    expect(
      await screen.findByText(
        'Where the loans in each bucket at the end of February 2030 were at the end of March 2030',
      ),
    ).toBeTruthy();
  });
});
