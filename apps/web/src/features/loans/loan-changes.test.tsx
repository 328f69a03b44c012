// @vitest-environment jsdom
import type { Loan } from '@ecogrid/core/loans';
import type { ExtensionQuoteView, ScheduleChanges } from '@ecogrid/core/restructure';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible } from '@/test/axe.ts';
import { aLoan, aPayment, aWallet, fakeServer, LOAN_ID, renderLoans } from './test-setup.tsx';

const QUOTE = 'a'.repeat(32);
let loan: Loan;
let history: ScheduleChanges;
const quote = (instalments: number): ExtensionQuoteView => ({
  loanId: LOAN_ID,
  instalments,
  schedule: [
    { number: 1, dueDate: '2026-03-02', amountDue: 45_000, amountPaid: 45_000 },
    { number: 2, dueDate: '2026-03-09', amountDue: 30_000, amountPaid: 0 },
    { number: 3, dueDate: '2026-03-16', amountDue: 30_000, amountPaid: 0 },
  ],
  owedBefore: 58_000,
  fee: 2_000 * instalments,
  owedAfter: 60_000,
  instalment: 30_000,
  lastInstalment: 30_000,
  totalBefore: 540_000,
  totalAfter: 540_000 + 2_000 * instalments,
  policyVersion: 1,
  quote: QUOTE,
});
const server = fakeServer(({ url, method }) => {
  if (url === `/api/loans/${LOAN_ID}` && method === 'GET') return { body: loan };
  if (url === '/api/wallet') return { body: aWallet() };
  if (url.startsWith(`/api/loans/${LOAN_ID}/extension-quote?instalments=`)) {
    return { body: quote(Number(url.split('=')[1])) };
  }
  if (url === `/api/loans/${LOAN_ID}/schedule-changes`) return { body: history };
  if (url === `/api/loans/${LOAN_ID}/payoff-quote`) {
    return {
      body: { loanId: LOAN_ID, owed: 450_000, discount: 12_000, payoff: 438_000, policyVersion: 1, quote: QUOTE },
    };
  }
  if (url === `/api/loans/${LOAN_ID}/payoff` && method === 'POST') {
    const payment = aPayment({ method: 'mtn', status: 'pending', amount: 438_000, phone: '+256772123456' });
    const waiting = { ...payment, kind: 'repayment' as const, feesPaid: 0 };
    loan = aLoan({ payments: [waiting, ...aLoan().payments] });
    return { body: { loan, payment } };
  }
  if (url === `/api/loans/${LOAN_ID}/extension` && method === 'POST') {
    history = {
      pausedUntil: null,
      changes: [
        {
          id: '3c2b1a00-0000-4000-8000-000000000001',
          kind: 'extension',
          createdAt: '2026-03-05T07:00:00.000Z',
          fee: 4_000,
          discount: 0,
          totalBefore: 540_000,
          totalAfter: 544_000,
          before: [],
          after: [],
          actorName: 'Nakato Sarah',
        },
      ],
    };
    return { body: loan };
  }
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});

beforeEach(() => {
  loan = aLoan();
  history = { pausedUntil: null, changes: [] };
  server.start();
});

describe('changing a running loan', () => {
  it('quotes an extension with its new schedule and total cost, accepts it, and shows it in the history', async () => {
    renderLoans(`/customer/loan/${LOAN_ID}`);
    expect(await screen.findByText('The schedule has not changed since the loan started.')).toBeTruthy();
    fireEvent.click(await screen.findByRole('button', { name: 'Extend my loan' }));
    fireEvent.change(screen.getByLabelText('Instalments to add'), { target: { value: '2' } });
    expect(
      await screen.findByText(
        'You would pay 2 instalments of about UGX 30,000. Fee: UGX 4,000. The loan would cost UGX 544,000 in all (now UGX 540,000).',
      ),
    ).toBeTruthy();
    const schedule = screen.getByRole('list', { name: 'The new schedule' });
    expect(within(schedule).getAllByRole('listitem')).toHaveLength(2);
    await expectAccessible(document.body);

    fireEvent.click(screen.getByRole('button', { name: 'Accept the new schedule' }));
    await waitFor(() => expect(server.seen.some((r) => r.method === 'POST')).toBe(true));
    const sent = server.seen.find((r) => r.method === 'POST')!;
    expect(sent.body).toEqual({ instalments: 2, quote: QUOTE });
    expect(await screen.findByText('Extended · Mar 5, 2026')).toBeTruthy();
    expect(screen.getByText('Schedule total: UGX 540,000 before, UGX 544,000 after')).toBeTruthy();
    await expectAccessible(document.body);
  }, 30_000);

  it('pays the loan off early by mobile money and waits for the approval on the phone', async () => {
    renderLoans(`/customer/loan/${LOAN_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Pay off early' }));
    expect(
      await screen.findByText(
        'You owe UGX 450,000. Paying it all today takes UGX 12,000 off: pay UGX 438,000 from your wallet or by mobile money and the loan is paid off.',
      ),
    ).toBeTruthy();
    const part = within(screen.getByRole('region', { name: 'Pay off early' }));
    fireEvent.click(part.getByLabelText(/^Mobile money/));
    expect((part.getByLabelText('Pay from this number') as HTMLInputElement).value).toBe('0772 123456');
    await expectAccessible(document.body);

    fireEvent.click(part.getByRole('button', { name: 'Pay UGX 438,000 now' }));
    expect(await screen.findByRole('heading', { name: 'Approve the payment on your phone' })).toBeTruthy();
    const sent = server.seen.find((r) => r.method === 'POST')!;
    expect(sent.url).toBe(`/api/loans/${LOAN_ID}/payoff`);
    expect(sent.body).toEqual({
      quote: QUOTE,
      payment: { method: 'mobile_money', phone: '+256772123456', network: 'mtn' },
    });
    expect(screen.queryByRole('button', { name: 'Pay off early' })).toBeNull();
    await expectAccessible(document.body);
  }, 30_000);
});
