// @vitest-environment jsdom
import type { Loan } from '@ecogrid/core/loans';
import type { ExtensionQuoteView, ScheduleChanges } from '@ecogrid/core/restructure';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import { expectAccessible } from '@/test/axe.ts';
import { aLoan, aWallet, fakeServer, LOAN_ID, renderLoans } from './test-setup.tsx';

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
});
