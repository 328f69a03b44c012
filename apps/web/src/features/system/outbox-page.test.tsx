// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { OutboxMessage } from './api.ts';
import OutboxPage from './outbox-page.tsx';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import { AXE_TIMEOUT_MS, expectAccessible } from '@/test/axe.ts';

const noReport = {
  purpose: 'other',
  delivery: null,
  deliveryReason: null,
  reportedAt: null,
  retryOf: null,
  resendable: false,
} as const;

const sms: OutboxMessage = {
  id: 'a1',
  channel: 'sms',
  recipient: '+256772123456',
  subject: null,
  body: 'Your EcoGrid code is 482913.\nIt works for 5 minutes.',
  status: 'stored',
  provider: 'outbox',
  error: null,
  attempts: 1,
  expiresAt: null,
  ...noReport,
  purpose: 'code',
  createdAt: '2025-01-01T21:30:00.000Z',
  updatedAt: '2025-01-01T21:30:01.000Z',
};
const email: OutboxMessage = {
  id: 'a2',
  channel: 'email',
  recipient: 'john@example.ug',
  subject: 'Confirm your email',
  body: null,
  status: 'sent',
  provider: 'smtp',
  error: null,
  attempts: 1,
  expiresAt: null,
  ...noReport,
  createdAt: '2025-01-01T08:00:00.000Z',
  updatedAt: '2025-01-01T08:00:01.000Z',
};

const older: OutboxMessage = {
  ...sms,
  id: 'a3',
  body: 'Your EcoGrid code is 100200.',
  createdAt: '2024-12-31T08:00:00.000Z',
};

/** A token SMS the network could not deliver: its text is gone, but it can be written again. */
const failedToken: OutboxMessage = {
  ...sms,
  id: 'a4',
  body: null,
  status: 'sent',
  provider: 'africastalking',
  purpose: 'token',
  delivery: 'failed',
  deliveryReason: 'AbsentSubscriber',
  reportedAt: '2025-01-02T09:00:00.000Z',
  resendable: true,
};

let outboxReply: { status: number; body: unknown };
let resendReply: { status: number; body: unknown };
const server = fakeServer(({ url, method }) => {
  if (method === 'POST' && url === '/api/admin/outbox/a4/resend') return resendReply;
  if (!url.startsWith('/api/admin/outbox')) return { status: 404, body: {} };
  return url.includes('cursor=next-page') ? { body: { items: [older], nextCursor: null } } : outboxReply;
});

beforeEach(() => {
  outboxReply = { status: 200, body: { items: [sms, email], nextCursor: 'next-page' } };
  resendReply = { status: 201, body: { id: 'a5' } };
  server.start();
});

describe('the outbox page', () => {
  it('shows an SMS with its whole text, so an operator can read the code', async () => {
    renderPage(OutboxPage, '/admin/outbox');
    const smsCard = (await screen.findByRole('article', { name: 'SMS to +256772123456' })) as HTMLElement;
    const body = within(smsCard).getByLabelText('Message text');
    expect(body.tagName).toBe('PRE');
    expect(body.textContent).toBe('Your EcoGrid code is 482913.\nIt works for 5 minutes.');
    expect(smsCard.textContent).toContain('Kept here');
    // 21:30 UTC is 00:30 the next day in Kampala.
    expect(within(smsCard).getByText(/Jan 2, 2025/).tagName).toBe('TIME');

    const emailCard = screen.getByRole('article', { name: 'Confirm your email' });
    expect(emailCard.textContent).toContain('The text is not kept once a message is handed');
  });

  it('filters by channel and loads the next page with the cursor', async () => {
    renderPage(OutboxPage, '/admin/outbox');
    await screen.findByRole('article', { name: 'SMS to +256772123456' });
    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    expect(await screen.findByText('Your EcoGrid code is 100200.')).toBeTruthy();
    expect(server.seen.map((r) => r.url)).toContain('/api/admin/outbox?limit=25&cursor=next-page');
    expect(screen.getAllByRole('article')).toHaveLength(3);
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Channel'), { target: { value: 'sms' } });
    await waitFor(() => expect(server.seen.map((r) => r.url)).toContain('/api/admin/outbox?channel=sms&limit=25'));
  });

  it('looks again by itself while a message is waiting to send, and shows its text once kept', async () => {
    outboxReply = {
      status: 200,
      body: { items: [{ ...sms, status: 'queued', body: null, attempts: 0 }], nextCursor: null },
    };
    renderPage(OutboxPage, '/admin/outbox');
    const card = (await screen.findByRole('article', { name: 'SMS to +256772123456' })) as HTMLElement;
    expect(card.textContent).toContain('Waiting to send');
    outboxReply = { status: 200, body: { items: [sms], nextCursor: null } };
    await waitFor(
      () => expect(within(screen.getByRole('article')).getByLabelText('Message text').textContent).toContain('482913'),
      { timeout: 5_000 },
    );
  });

  it(
    'shows what the network reported, with the reason in words, and filters the failed deliveries',
    async () => {
      outboxReply = { status: 200, body: { items: [failedToken, email], nextCursor: null } };
      const { container } = renderPage(OutboxPage, '/admin/outbox');
      const card = (await screen.findByRole('article', { name: 'SMS to +256772123456' })) as HTMLElement;
      expect(within(card).getByText('Not delivered')).toBeTruthy();
      expect(within(card).getByText('The phone is off or out of network')).toBeTruthy();
      expect(within(screen.getByRole('article', { name: 'Confirm your email' })).queryByText('Send again')).toBeNull();
      await expectAccessible(container);

      fireEvent.change(screen.getByLabelText('Delivery'), { target: { value: 'failed' } });
      await waitFor(() =>
        expect(server.seen.map((r) => r.url)).toContain('/api/admin/outbox?delivery=failed&limit=25'),
      );
    },
    AXE_TIMEOUT_MS,
  );

  it('sends a token SMS again, and says why when the server refuses', async () => {
    outboxReply = { status: 200, body: { items: [failedToken], nextCursor: null } };
    renderPage(OutboxPage, '/admin/outbox');
    const card = (await screen.findByRole('article', { name: 'SMS to +256772123456' })) as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Send again' }));
    expect((await within(card).findByRole('status')).textContent).toBe('Queued to send again.');
    expect(server.seen.filter((r) => r.method === 'POST').map((r) => r.url)).toEqual(['/api/admin/outbox/a4/resend']);

    resendReply = {
      status: 409,
      body: { error: { code: 'message_not_rebuildable', message: 'Server words.' } },
    };
    fireEvent.click(within(card).getByRole('button', { name: 'Send again' }));
    expect((await within(card).findByRole('alert')).textContent).toContain(
      'The text of this message was not kept once it was sent, and it cannot be written again.',
    );

    resendReply = { status: 500, body: { error: { code: 'internal_error', message: 'Something went wrong.' } } };
    fireEvent.click(within(card).getByRole('button', { name: 'Send again' }));
    await waitFor(() => expect(within(card).getByRole('alert').textContent).toContain('Something went wrong.'));
  });

  it("shows the server's refusal for a non-admin instead of the list", async () => {
    outboxReply = { status: 403, body: { error: { code: 'forbidden', message: 'This is for admins only.' } } };
    renderPage(OutboxPage, '/admin/outbox');
    expect((await screen.findByRole('alert')).textContent).toBe('This is for admins only.');
    expect(screen.queryByRole('article')).toBeNull();
  });
});
