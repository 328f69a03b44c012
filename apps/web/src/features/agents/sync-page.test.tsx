// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { OUTBOX_STORAGE_KEY, renderAgentPage } from '@/test/agent-setup.tsx';
import { expectAccessible } from '@/test/axe.ts';
import { fakeServer } from '@/test/fake-server.ts';
import type { OutboxItem } from './outbox/queue-store.ts';
import AgentSyncPage from './sync-page.tsx';

const queued = (key: string, changes: Partial<OutboxItem>): OutboxItem => ({
  key,
  kind: 'collection',
  path: '/api/agent/collections',
  body: { clientKey: key },
  summary: { customerName: 'Nakato Sarah', amount: 20_000, receiptNumber: 'AG-0001-K3F9Q2' },
  recordedAt: '2026-03-02T07:15:00.000Z',
  status: 'waiting',
  attempts: 0,
  ...changes,
});

const server = fakeServer(() => 'offline');

beforeEach(() => {
  localStorage.setItem(
    OUTBOX_STORAGE_KEY,
    JSON.stringify([
      queued('0b6f8f0e-4a1c-4d2b-9e3f-5a6b7c8d9e0f', {}),
      queued('1c7a9b1f-5b2d-4e3c-8f4a-6b7c8d9e0f1a', {
        kind: 'visit-note',
        summary: { customerName: 'Okello John' },
        status: 'refused',
        reason: 'This customer is not yours.',
      }),
    ]),
  );
  server.start();
});

describe('what waits on the phone to be sent', () => {
  it('lists what waits and what was refused with the reason, and keeps trying', async () => {
    const { container } = renderAgentPage('/agent/sync', { '/agent/sync': <AgentSyncPage /> });
    const list = within(screen.getByRole('list', { name: 'Waiting to sync' }));
    const [cash, note] = list.getAllByRole('listitem');
    expect(within(cash!).getByRole('heading', { name: 'Cash collected · Nakato Sarah' })).toBeTruthy();
    expect(cash!.textContent).toContain('UGX 20,000 · Receipt number AG-0001-K3F9Q2');
    expect(within(cash!).getByText(/Waiting to send/)).toBeTruthy();
    expect(screen.getByText('1 action waiting to send')).toBeTruthy();
    // Sent at once, and again on Send now, with the same key.
    await waitFor(() => expect(server.seen).toHaveLength(1));
    fireEvent.click(screen.getByRole('button', { name: 'Send now' }));
    await waitFor(() => expect(server.seen).toHaveLength(2));
    expect(new Set(server.seen.map((r) => r.idempotencyKey))).toEqual(
      new Set(['0b6f8f0e-4a1c-4d2b-9e3f-5a6b7c8d9e0f']),
    );

    expect(within(note!).getByRole('alert').textContent).toContain('Refused: This customer is not yours.');
    await expectAccessible(container);
    fireEvent.click(within(note!).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText('Okello John', { exact: false })).toBeNull();
    expect(JSON.parse(localStorage.getItem(OUTBOX_STORAGE_KEY)!)).toHaveLength(1);
  });
});
