// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { expectAccessible } from '@/test/axe.ts';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import type { DiagnosticRun, DiagnosticRunSummary } from './api.ts';
import DiagnosticsPage from './diagnostics-page.tsx';

const OLDER = '1c2d3e4f-5a6b-4c7d-8e9f-0a1b2c3d4e5f';
const LATEST = '0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b';
const NEW = '2d3e4f5a-6b7c-4d8e-9f0a-1b2c3d4e5f6a';

const run = (id: string, changes: Partial<DiagnosticRun>): DiagnosticRun => ({
  id,
  trigger: 'schedule',
  startedByName: null,
  status: 'ok',
  startedAt: '2026-03-02T07:00:00.000Z',
  finishedAt: '2026-03-02T07:00:02.000Z',
  counts: { ok: 2, warn: 0, fail: 0 },
  results: [
    {
      check: 'database',
      status: 'ok',
      message: 'The database answers; all 39 migrations are applied.',
      durationMs: 12,
      details: { expected: 39, missing: [] },
    },
    { check: 'ledger', status: 'ok', message: 'Every journal entry balances.', durationMs: 30, details: {} },
  ],
  ...changes,
});

const runs: Record<string, DiagnosticRun> = {
  [LATEST]: run(LATEST, {
    status: 'fail',
    counts: { ok: 1, warn: 0, fail: 1 },
    results: [
      { check: 'smtp', status: 'fail', message: 'connect ECONNREFUSED 127.0.0.1:2525', durationMs: 40, details: {} },
      {
        check: 'database',
        status: 'ok',
        message: 'The database answers; all 39 migrations are applied.',
        durationMs: 12,
        details: {},
      },
    ],
  }),
  [OLDER]: run(OLDER, { startedAt: '2026-03-02T06:00:00.000Z', finishedAt: '2026-03-02T06:00:02.000Z' }),
};
const summary = ({ results: _, ...rest }: DiagnosticRun): DiagnosticRunSummary => rest;
const fresh = run(NEW, {
  trigger: 'manual',
  startedByName: 'Grace Namutebi',
  status: 'warn',
  startedAt: '2026-03-02T07:30:00.000Z',
  counts: { ok: 1, warn: 1, fail: 0 },
  results: [
    {
      check: 'sms',
      status: 'warn',
      message: 'No SMS provider is set up (AT_USERNAME): SMS waits in the outbox.',
      durationMs: 1,
      details: {},
    },
    {
      check: 'database',
      status: 'ok',
      message: 'The database answers; all 39 migrations are applied.',
      durationMs: 9,
      details: {},
    },
  ],
});

let history: DiagnosticRun[];
const server = fakeServer(({ url, method }) => {
  if (url.startsWith('/api/admin/diagnostics/runs?') && method === 'GET') {
    return { body: { items: history.map(summary), nextCursor: null } };
  }
  if (url === '/api/admin/diagnostics/runs' && method === 'POST') {
    history = [fresh, ...history];
    return { status: 201, body: fresh };
  }
  const id = url.split('/').at(-1)!;
  if (url.startsWith('/api/admin/diagnostics/runs/') && runs[id]) return { body: runs[id] };
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});

beforeEach(() => {
  history = [runs[LATEST]!, runs[OLDER]!];
  server.start();
});

describe('the system testing page', () => {
  it("shows the latest run's checks with their status in words, and the runs before it", async () => {
    const { container } = renderPage(DiagnosticsPage, '/system-testing');
    const latest = await screen.findByRole('region', { name: 'Latest run' });
    expect(within(latest).getByText('Some checks failed')).toBeTruthy();
    const checks = within(latest).getByRole('list', { name: 'Checks' });
    const [smtp, database] = within(checks).getAllByRole('listitem');
    expect(within(smtp!).getByRole('heading', { name: 'Email (SMTP)' })).toBeTruthy();
    expect(within(smtp!).getByText('Failed')).toBeTruthy();
    expect(within(smtp!).getByText('connect ECONNREFUSED 127.0.0.1:2525')).toBeTruthy();
    expect(within(database!).getByText('Passed')).toBeTruthy();
    expect(within(latest).getByText(/Hourly run/)).toBeTruthy();
    const all = screen.getByRole('list', { name: 'All runs' });
    expect(within(all).getAllByRole('listitem')).toHaveLength(2);
    expect(document.title).toBe('System testing · EcoGrid');
    await expectAccessible(container);
  });

  it('opens an earlier run from the history, and goes back to the latest', async () => {
    renderPage(DiagnosticsPage, '/system-testing');
    const all = await screen.findByRole('list', { name: 'All runs' });
    const [, older] = within(all).getAllByRole('listitem');
    fireEvent.click(within(older!).getByRole('link', { name: /Open/ }));
    const opened = await screen.findByRole('region', { name: /^Run of / });
    expect(within(opened).getByText('All checks passed')).toBeTruthy();
    expect(within(opened).getByRole('heading', { name: 'Ledger' })).toBeTruthy();
    expect(server.seen.some((r) => r.url === `/api/admin/diagnostics/runs/${OLDER}`)).toBe(true);
    fireEvent.click(screen.getByRole('link', { name: 'Back to the latest run' }));
    expect(await screen.findByRole('region', { name: 'Latest run' })).toBeTruthy();
  });

  it('runs the checks now, showing progress until they are done, then the new run on top', async () => {
    let release: () => void = () => {};
    const answered = new Promise<void>((resolve) => (release = resolve));
    const fake = globalThis.fetch;
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init: RequestInit = {}) => {
      if (init.method === 'POST') await answered;
      return fake(input, init);
    });
    const { container } = renderPage(DiagnosticsPage, '/system-testing');
    await screen.findByRole('region', { name: 'Latest run' });
    fireEvent.click(screen.getByRole('button', { name: 'Run the checks now' }));
    const busy = await screen.findByRole('button', { name: 'Running the checks…' });
    expect(busy.getAttribute('aria-busy')).toBe('true');
    expect((busy as HTMLButtonElement).disabled).toBe(true);
    expect(screen.getByRole('progressbar', { name: 'Running the checks…' })).toBeTruthy();
    expect(screen.getByText(/The checks are running\./).getAttribute('role')).toBe('status');
    await expectAccessible(container);
    release();
    const done = await screen.findByText('Checks done: 1 passed, 1 with a warning, 0 failed.');
    expect(done.getAttribute('role')).toBe('status');
    const latest = screen.getByRole('region', { name: 'Latest run' });
    expect(within(latest).getByText('Passed, with warnings')).toBeTruthy();
    expect(within(latest).getByText(/Run now by Grace Namutebi/)).toBeTruthy();
    expect(within(latest).getByRole('heading', { name: "SMS (Africa's Talking)" })).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
    await waitFor(() =>
      expect(within(screen.getByRole('list', { name: 'All runs' })).getAllByRole('listitem')).toHaveLength(3),
    );
  });

  it('says so when the checks have never run', async () => {
    history = [];
    renderPage(DiagnosticsPage, '/system-testing');
    expect(
      await screen.findByText('The checks have not run yet. Run them now, or wait for the hourly run.'),
    ).toBeTruthy();
    expect(screen.getByText('No runs yet.')).toBeTruthy();
  });
});
