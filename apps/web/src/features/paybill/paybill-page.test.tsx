// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { PaybillReceipt } from './api.ts';
import PaybillPage from './paybill-page.tsx';
import { fakeServer, renderPage } from '@/test/admin-setup.tsx';
import { axeViolations } from '@/test/axe.ts';

const receipt: PaybillReceipt = {
  id: '3c2b1a09-8f7e-4d6c-9b5a-4f3e2d1c0b9a',
  payerPhone: '+256772555000',
  account: 'LN9999999',
  amount: 225_000,
  network: 'mtn',
  networkRef: 'MP2611271015',
  outcome: 'held',
  reason: 'unknown_account',
  paidAt: '2026-11-27T07:15:00.000Z',
};

const customer = {
  id: 'u1',
  name: 'Nakato Sarah',
  phone: '+256772123456',
  accountNumber: '1000009',
  loans: [{ id: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d', number: 'LN-000042' }],
};

let decided = false;
const server = fakeServer(({ url, method }) => {
  if (url.startsWith('/api/admin/paybill/receipts?'))
    return { body: { items: decided ? [] : [receipt], nextCursor: null } };
  if (url.startsWith('/api/admin/paybill/customers')) return { body: { items: [customer] } };
  if (method === 'POST' && url.endsWith('/assign')) {
    decided = true;
    return { body: { ...receipt, outcome: 'assigned' } };
  }
  if (method === 'POST' && url.endsWith('/return')) {
    decided = true;
    return { body: { ...receipt, outcome: 'returned' } };
  }
  return { status: 404, body: {} };
});

beforeEach(() => {
  decided = false;
  server.start();
});

describe('the paybill queue', () => {
  it('shows each waiting payment with the payer, amount, account typed, why it waits and the network reference', async () => {
    renderPage(PaybillPage, '/admin/paybill');
    const card = (await screen.findByRole('article', { name: 'UGX 225,000 from 0772 555000' })) as HTMLElement;
    expect(card.textContent).toContain('LN9999999');
    expect(card.textContent).toContain('No customer, loan or order has this account');
    expect(card.textContent).toContain('MP2611271015');
    expect(await axeViolations()).toEqual([]);
  });

  it("gives a payment to a customer's loan found by account number", async () => {
    renderPage(PaybillPage, '/admin/paybill');
    const card = (await screen.findByRole('article', { name: 'UGX 225,000 from 0772 555000' })) as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Place this payment' }));
    fireEvent.click(screen.getByRole('button', { name: 'Give UGX 225,000 to the customer' }));
    expect(await screen.findByText("Choose the customer's wallet or loan.")).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Find the customer'), { target: { value: '1000009' } });
    fireEvent.click(await screen.findByRole('radio', { name: /Nakato Sarah · loan LN-000042/ }));
    expect(await axeViolations()).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Give UGX 225,000 to the customer' }));
    expect(await screen.findByText('UGX 225,000 paid loan LN-000042 for Nakato Sarah.')).toBeTruthy();
    const sent = server.seen.find((r) => r.url.endsWith('/assign'))!;
    expect(sent.body).toEqual({ customerId: 'u1', loanId: customer.loans[0]!.id });
    await waitFor(() => expect(screen.getByText('No paybill payment is waiting.')).toBeTruthy());
  });

  it('sends a payment back to the payer with a reason', async () => {
    renderPage(PaybillPage, '/admin/paybill');
    const card = (await screen.findByRole('article', { name: 'UGX 225,000 from 0772 555000' })) as HTMLElement;
    fireEvent.click(within(card).getByRole('button', { name: 'Place this payment' }));
    const back = screen.getByRole('button', { name: 'Send UGX 225,000 back to 0772 555000' });
    fireEvent.click(back);
    expect(await screen.findByText('Give the reason (at least 3 characters).')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Or send it back: the reason'), { target: { value: 'Not our customer' } });
    fireEvent.click(back);
    expect(await screen.findByText('UGX 225,000 is marked to go back to the payer.')).toBeTruthy();
    const sent = server.seen.find((r) => r.url.endsWith('/return'))!;
    expect(sent.body).toEqual({ reason: 'Not our customer' });
  });
});
