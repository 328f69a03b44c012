// @vitest-environment jsdom
import type { Report } from '@ecogrid/core/reports';
import { fireEvent, screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible } from '@/test/axe.ts';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import ReportsPage from './reports-page.tsx';

const SALES: Report = {
  report: 'sales',
  from: '2026-03-01',
  to: '2026-03-31',
  filters: {},
  notes: [],
  tables: [
    {
      key: 'by_mode',
      chart: 'bar',
      columns: [
        { key: 'mode', kind: 'code' },
        { key: 'amount', kind: 'money' },
        { key: 'orders', kind: 'count' },
      ],
      rows: [
        ['credit', 1_200_000, 1],
        ['cash', 700_000, 2],
      ],
    },
    {
      key: 'by_agent',
      chart: 'bar',
      columns: [
        { key: 'agent', kind: 'text' },
        { key: 'amount', kind: 'money' },
      ],
      rows: [
        ['Nambi Grace', 1_800_000],
        [null, 100_000],
      ],
    },
    { key: 'by_district', chart: 'bar', columns: [{ key: 'district', kind: 'text' }], rows: [] },
  ],
};
const AGENTS: Report = {
  report: 'agents',
  from: '2026-03-01',
  to: '2026-03-31',
  filters: {},
  notes: ['no_targets'],
  tables: [],
};

const server = fakeServer(({ url }) => {
  if (url.startsWith('/api/admin/reports/sales?')) return { body: SALES };
  if (url.startsWith('/api/admin/reports/agents?')) return { body: AGENTS };
  if (url === '/api/catalog/categories') return { body: { items: [{ slug: 'tv-kits', name: 'TV kits' }] } };
  return { status: 404, body: {} };
});
beforeEach(() => server.start());

/** The names in a chart's legend, which it draws only with its bars. */
const legend = (chart: HTMLElement) =>
  [...chart.querySelectorAll('.recharts-legend-item-text')].map((item) => item.textContent);

describe('the reports pages', () => {
  it('lists the five reports, keeping the range, and offers the system report', async () => {
    const { container } = renderPage(
      ReportsPage,
      '/admin/reports?from=2026-03-01&to=2026-03-31',
      '/admin/reports/:report?',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Reports' })).toBeTruthy();
    expect(screen.getByRole('link', { name: /^Sales/ }).getAttribute('href')).toBe(
      '/admin/reports/sales?from=2026-03-01&to=2026-03-31',
    );
    for (const name of ['Collections', 'Credit', 'Agents', 'Stock']) {
      expect(screen.getByRole('link', { name: new RegExp(`^${name}`) })).toBeTruthy();
    }
    expect(screen.getByRole('link', { name: 'Download the system report (PDF)' }).getAttribute('href')).toBe(
      '/api/system-report.pdf?from=2026-03-01&to=2026-03-31',
    );
    await expectAccessible(container);
  });

  it('shows each table with its chart, its figures and a CSV, and the report as a PDF', async () => {
    const { container } = renderPage(
      ReportsPage,
      '/admin/reports/sales?from=2026-03-01&to=2026-03-31&district=Gulu',
      '/admin/reports/:report?',
    );
    expect(screen.getByRole('status').textContent).toBe('Loading the report…');
    const modes = within(await screen.findByRole('region', { name: 'Cash and credit: figures' }));
    const credit = modes.getByRole('rowheader', { name: 'Credit' }).closest('tr')!;
    expect(
      within(credit)
        .getAllByRole('cell')
        .map((c) => c.textContent),
    ).toEqual(['UGX 1,200,000', '1']);
    const chart = await screen.findByRole('img', { name: 'Cash and credit: chart of the figures in the table below' });
    expect(legend(chart)).toEqual(['Amount']);
    const agents = within(screen.getByRole('region', { name: 'By agent: figures' }));
    expect(agents.getByRole('rowheader', { name: 'Nambi Grace' })).toBeTruthy();
    expect(agents.getByRole('rowheader', { name: '–' })).toBeTruthy();
    expect(screen.getByText('Nothing in these days.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Download Cash and credit (CSV)' }).getAttribute('href')).toBe(
      '/api/admin/reports/sales/by_mode/table.csv?from=2026-03-01&to=2026-03-31&district=Gulu',
    );
    expect(screen.getByRole('link', { name: 'Download the Sales report (PDF)' }).getAttribute('href')).toBe(
      '/api/admin/reports/sales/report.pdf?from=2026-03-01&to=2026-03-31&district=Gulu',
    );
    expect((screen.getByRole('textbox', { name: 'District' }) as HTMLInputElement).value).toBe('Gulu');
    await expectAccessible(container);
  });

  it('refuses a reversed range before asking the server', async () => {
    renderPage(ReportsPage, '/admin/reports/sales?from=2026-03-01&to=2026-03-31', '/admin/reports/:report?');
    fireEvent.change(screen.getByLabelText('From'), { target: { value: '2026-04-02' } });
    fireEvent.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText(/Choose a first day on or before the last day/)).toBeTruthy();
  });

  it('says when no agent has targets', async () => {
    renderPage(ReportsPage, '/admin/reports/agents?from=2026-03-01&to=2026-03-31', '/admin/reports/:report?');
    expect(await screen.findByText('No agent has targets set for the months of these days.')).toBeTruthy();
  });
});
