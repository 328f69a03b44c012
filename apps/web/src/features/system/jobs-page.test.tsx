// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { JobsOverview } from './api.ts';
import JobsPage from './jobs-page.tsx';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';

const overview: JobsOverview = {
  queues: [
    { name: 'deliver-email', ready: 2, deferred: 1, active: 0, failed: 1, total: 4 },
    { name: 'deliver-sms', ready: 0, deferred: 0, active: 1, failed: 0, total: 1 },
  ],
  schedules: [
    { name: 'daily-cleanup', cron: '30 3 * * *', timezone: 'Africa/Kampala', next: '2025-01-02T00:30:00.000Z' },
  ],
  deadLetters: [
    {
      id: 'd1',
      queue: 'deliver-email',
      data: { messageId: 'm1' },
      error: 'Mailbox unavailable, try again later',
      attempts: 9,
      firstQueuedAt: '2025-01-01T06:00:00.000Z',
      failedAt: '2025-01-01T07:10:00.000Z',
    },
  ],
};

let retryReply: { status: number; body: unknown };
let current: JobsOverview;
const server = fakeServer(({ url, method }) => {
  if (url === '/api/admin/jobs' && method === 'GET') return { body: current };
  if (url === '/api/admin/jobs/dead-letters/d1/retry' && method === 'POST') {
    if (retryReply.status === 200) current = { ...current, deadLetters: [] };
    return retryReply;
  }
  if (url === '/api/admin/jobs/schedules/daily-cleanup/run' && method === 'POST')
    return { status: 202, body: { jobId: 'j1' } };
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});

beforeEach(() => {
  current = overview;
  retryReply = { status: 200, body: { retried: 1 } };
  server.start();
});

describe('the background jobs page', () => {
  it('shows the queues in words and a failed job with its attempts and last error', async () => {
    renderPage(JobsPage, '/admin/jobs');
    const failed = (await screen.findByRole('article', { name: 'Email delivery' })) as HTMLElement;
    expect(failed.textContent).toContain('Failed every retry');
    expect(failed.textContent).toContain('9');
    expect(failed.textContent).toContain('Mailbox unavailable, try again later');
    expect(within(failed).getByRole('link', { name: 'See the message in the outbox' }).getAttribute('href')).toBe(
      '/admin/outbox',
    );
    expect(screen.getByRole('heading', { name: 'SMS delivery' })).toBeTruthy();
    // 00:30 UTC is 03:30 in Kampala.
    expect(screen.getByText(/Next run: .*3:30/)).toBeTruthy();
  });

  it('sends a failed job again and refreshes the list', async () => {
    renderPage(JobsPage, '/admin/jobs');
    const failed = (await screen.findByRole('article', { name: 'Email delivery' })) as HTMLElement;
    fireEvent.click(within(failed).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(screen.getByText(/No failed jobs/)).toBeTruthy());
    expect(screen.getByText('Sent back to its queue.').getAttribute('role')).toBe('status');
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Failed jobs' }));
    expect(server.seen.some((r) => r.method === 'POST' && r.url.endsWith('/dead-letters/d1/retry'))).toBe(true);
  });

  it("shows the server's words when a retry is refused", async () => {
    retryReply = {
      status: 404,
      body: {
        error: { code: 'not_found', message: 'No dead-lettered job has this id; it may have been sent back already.' },
      },
    };
    renderPage(JobsPage, '/admin/jobs');
    const failed = (await screen.findByRole('article', { name: 'Email delivery' })) as HTMLElement;
    fireEvent.click(within(failed).getByRole('button', { name: 'Send again' }));
    expect(
      await screen.findByText('No dead-lettered job has this id; it may have been sent back already.'),
    ).toBeTruthy();
  });

  it('runs a scheduled task on request', async () => {
    renderPage(JobsPage, '/admin/jobs');
    fireEvent.click(await screen.findByRole('button', { name: 'Run now' }));
    expect(await screen.findByText('The task will run in a moment.')).toBeTruthy();
  });
});
