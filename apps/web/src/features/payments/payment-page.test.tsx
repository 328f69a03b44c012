// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PaymentDetail } from './api.ts';
import PaymentPage from './payment-page.tsx';
import { anAdminPayment, fakeServer, renderPage } from '@/test/admin-setup.tsx';

const ID = '0b6f1c2e-4a5d-4e8f-9a7b-1c2d3e4f5a6b';
const PATH = `/admin/payments/${ID}`;

const paid = (): PaymentDetail => ({
  payment: anAdminPayment({
    purpose: 'order',
    status: 'successful',
    orderId: 'ord-1',
    settledAt: '2026-03-02T07:16:00.000Z',
  }),
  events: [
    {
      id: 1,
      kind: 'requested',
      status: 'pending',
      detail: { providerReference: 'mtn-884422' },
      actorId: null,
      actor: null,
      createdAt: '2026-03-02T07:15:00.000Z',
    },
    {
      id: 2,
      kind: 'callback',
      status: 'successful',
      detail: { financialTransactionId: '7788' },
      actorId: null,
      actor: null,
      createdAt: '2026-03-02T07:16:00.000Z',
    },
  ],
  journal: [
    {
      id: 'j1',
      kind: 'order_payment',
      description: 'Payment EG-7K2M9QXA for order ord-1',
      createdAt: '2026-03-02T07:16:00.000Z',
      postings: [
        { account: 'clearing:mtn', amount: 250_000, balanceAfter: 900_000 },
        { account: 'revenue:sales', amount: -250_000, balanceAfter: -4_000_000 },
      ],
    },
  ],
  audit: [],
  actions: { markFailed: false, refund: true },
});

let detail: PaymentDetail;
let resolveReply: { status: number; body: unknown };
const server = fakeServer(({ url, method, body }) => {
  if (url === `/api/admin/payments/${ID}` && method === 'GET') return { body: detail };
  if (url === `/api/admin/payments/${ID}/resolve` && method === 'POST') {
    if (resolveReply.status === 200) {
      const { reason } = body as { reason: string };
      detail = {
        ...detail,
        actions: { markFailed: false, refund: false },
        audit: [
          {
            id: 'a1',
            action: 'payment_refunded',
            actorId: 'admin-1',
            actor: { id: 'admin-1', name: 'Admin Grace', role: 'admin' },
            reason,
            details: {},
            createdAt: '2026-03-03T09:00:00.000Z',
          },
        ],
      };
    }
    return resolveReply;
  }
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});

beforeEach(() => {
  detail = paid();
  resolveReply = {
    status: 200,
    body: { payment: detail.payment, refund: anAdminPayment({ id: 'r1', reference: 'EG-REFUND01' }) },
  };
  server.start();
});

const part = (name: string) => within(screen.getByRole('heading', { name }).closest('section')!);

describe('the admin payment page', () => {
  it('shows the payment, its customer, its history, its ledger postings and its audit', async () => {
    renderPage(PaymentPage, PATH, '/admin/payments/:id');
    expect((await screen.findByText('EG-7K2M9QXA', { selector: 'h1' })).id).toBe('payment-title');
    const summary = screen.getByRole('heading', { name: 'Payment' }).closest('section')!;
    expect(summary.textContent).toContain('UGX 250,000');
    expect(summary.textContent).toContain('Successful');
    expect(summary.textContent).toContain('Order payment');
    expect(part('Customer').getByText('Nakato Sarah')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Find this customer in Users' }).getAttribute('href')).toBe(
      '/admin/users?q=sarah%40example.ug',
    );

    const history = part('History').getAllByRole('listitem');
    expect(history.map((item) => item.textContent)).toEqual([
      expect.stringContaining('requested'),
      expect.stringContaining('callback'),
    ]);
    expect(history[1]!.textContent).toContain('financialTransactionId');
    expect(history[1]!.textContent).toContain('EcoGrid (automatic)');

    const postings = part('Ledger postings').getByRole('table', { name: /Payment EG-7K2M9QXA for order ord-1/ });
    const rows = within(postings).getAllByRole('row').slice(1);
    expect(
      rows.map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
    ).toEqual([
      ['clearing:mtn', 'UGX 250,000', 'UGX 900,000'],
      ['revenue:sales', '-UGX 250,000', '-UGX 4,000,000'],
    ]);
    expect(part('Admin actions').getByText('No admin has acted on this payment.')).toBeTruthy();
  });

  it('sends a top-up back to its mobile-money number, saying so, after a reason and a confirmation', async () => {
    renderPage(PaymentPage, PATH, '/admin/payments/:id');
    const resolve = await screen.findByRole('heading', { name: 'Resolve this payment' });
    const form = within(resolve.closest('section')!);
    // Only what the server allows is offered; the one choice is already made.
    expect(form.queryByLabelText(/Mark failed/)).toBeNull();
    const refund = form.getByLabelText(/Send back to mobile money/) as HTMLInputElement;
    expect(refund.checked).toBe(true);
    expect(refund.closest('label')?.textContent).toContain(
      "The amount is taken out of the customer's EcoGrid wallet and sent back by MTN Mobile Money to 0772 123456, the number it came from.",
    );

    fireEvent.change(form.getByLabelText(/Reason/), { target: { value: ' ok ' } });
    fireEvent.click(form.getByRole('button', { name: 'Continue' }));
    expect(form.getByText('Write at least 5 characters.')).toBeTruthy();
    expect(document.activeElement).toBe(form.getByLabelText(/Reason/));

    fireEvent.change(form.getByLabelText(/Reason/), { target: { value: 'Order cancelled; MTN statement checked' } });
    fireEvent.click(form.getByRole('button', { name: 'Continue' }));
    const question = form.getByText(
      'Send UGX 250,000 of top-up EG-7K2M9QXA back by MTN Mobile Money to 0772 123456? It is taken out of the wallet of Nakato Sarah. This cannot be undone.',
    );
    expect(document.activeElement).toBe(question);
    expect(server.seen.some((r) => r.method === 'POST')).toBe(false);

    fireEvent.click(form.getByRole('button', { name: 'Yes, send it back' }));
    const done = await screen.findByText(
      'UGX 250,000 is on its way back to 0772 123456 (EG-REFUND01), taken out of the wallet.',
    );
    expect(done.getAttribute('role')).toBe('status');
    await waitFor(() => expect(document.activeElement).toBe(done));
    const post = server.seen.find((r) => r.method === 'POST');
    expect(post?.body).toEqual({ action: 'refund', reason: 'Order cancelled; MTN statement checked' });
    expect(post?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
    // Fetched again: nothing left to resolve, and the audit shows who did it and why.
    await waitFor(() => expect(screen.queryByRole('heading', { name: 'Resolve this payment' })).toBeNull());
    expect(part('Admin actions').getByText('Admin Grace', { exact: false }).textContent).toBe('by Admin Grace (Admin)');
    expect(part('Admin actions').getByText('Order cancelled; MTN statement checked')).toBeTruthy();
  });

  it("marks a stuck payment failed, and shows the server's refusal in its words", async () => {
    detail = { ...paid(), payment: anAdminPayment(), actions: { markFailed: true, refund: false } };
    resolveReply = {
      status: 409,
      body: { error: { code: 'already_settled', message: 'The network settled this payment a moment ago.' } },
    };
    renderPage(PaymentPage, PATH, '/admin/payments/:id');
    const resolve = await screen.findByRole('heading', { name: 'Resolve this payment' });
    const form = within(resolve.closest('section')!);
    expect(form.queryByLabelText(/Send back to mobile money/)).toBeNull();
    fireEvent.change(form.getByLabelText(/Reason/), { target: { value: 'No answer from MTN after 2 days' } });
    fireEvent.click(form.getByRole('button', { name: 'Continue' }));
    expect(form.getByText('Mark EG-7K2M9QXA (UGX 250,000) failed? This cannot be undone.')).toBeTruthy();
    fireEvent.click(form.getByRole('button', { name: 'Yes, mark failed' }));
    expect((await form.findByRole('alert')).textContent).toBe('The network settled this payment a moment ago.');
    expect(server.seen.find((r) => r.method === 'POST')?.body).toEqual({
      action: 'mark_failed',
      reason: 'No answer from MTN after 2 days',
    });
  });
});
