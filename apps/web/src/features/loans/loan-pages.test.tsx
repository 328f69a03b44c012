// @vitest-environment jsdom
import type { Loan, LoanSummary } from '@ecogrid/core/loans';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Reply } from '@/test/fake-server.ts';
import { aLoan, aPayment, aSummary, aWallet, fakeServer, LOAN_ID, renderLoans } from './test-setup.tsx';

let summaries: LoanSummary[];
let loan: Loan;
let payReplies: Reply[];
const server = fakeServer(({ url, method }) => {
  if (url === '/api/loans' && method === 'GET') return { body: { loans: summaries } };
  if (url === `/api/loans/${LOAN_ID}` && method === 'GET') return { body: loan };
  if (url === '/api/wallet') return { body: aWallet() };
  if (url.startsWith(`/api/loans/${LOAN_ID}/`) && method === 'POST')
    return payReplies.shift() ?? { status: 500, body: {} };
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});

beforeEach(() => {
  summaries = [];
  loan = aLoan();
  payReplies = [];
  server.start();
  // Thursday 5 March 2026 in Kampala: the second instalment (9 March) is the next one due.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-05T07:00:00.000Z'));
});

const posts = () => server.seen.filter((r) => r.method === 'POST');
const part = async (name: string) => within((await screen.findByRole('heading', { name })).closest('section')!);

describe('the loan tracker', () => {
  it('lists the loans with what is owed, the next payment and any arrears, each opening to its page', async () => {
    summaries = [
      aSummary({ daysPastDue: 3, nextDue: { dueDate: '2026-03-02', amount: 45_000 } }),
      aSummary({
        id: '8b2c3d4e-5f6a-4b7c-9d8e-0f1a2b3c4d5e',
        number: 'LN-000008',
        status: 'pending_approval',
        productName: 'Solar TV kit 24"',
        outstanding: 1_740_000,
        nextDue: null,
      }),
    ];
    renderLoans('/customer/loan');
    const [late, waiting] = await screen.findAllByRole('listitem');
    expect(late!.textContent).toContain('ActiveLN-000007 · Weekly, 12 weeks');
    expect(late!.textContent).toContain('Still to payUGX 495,000');
    expect(late!.textContent).toContain('Next paymentUGX 45,000 on Mar 2, 2026');
    expect(within(late!).getByText('3 days late')).toBeTruthy();
    expect(waiting!.textContent).toContain('Waiting for approval');
    expect(waiting!.textContent).not.toContain('late');

    fireEvent.click(within(late!).getByRole('link', { name: 'SunKing Home 60 kit' }));
    expect(await screen.findByRole('heading', { name: 'SunKing Home 60 kit', level: 1 })).toBeTruthy();
  });

  it('says when there are no loans, with the way to the marketplace', async () => {
    renderLoans('/customer/loan');
    expect((await screen.findByText('You have no loans yet.')).closest('[role="status"]')).toBeTruthy();
    fireEvent.click(screen.getByRole('link', { name: 'Browse the marketplace' }));
    expect(await screen.findByText('Marketplace page at /marketplace')).toBeTruthy();
  });

  it('shows the schedule, the payments, the terms and the newest token large, in groups of three', async () => {
    renderLoans(`/customer/loan/${LOAN_ID}`);
    const schedule = await part('Payment schedule');
    const rows = schedule.getAllByRole('row');
    expect(rows).toHaveLength(13);
    expect(
      within(rows[0]!)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['No.', 'Due date', 'Amount due', 'Paid', 'Status']);
    expect(
      within(rows[1]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['1', 'Mar 2, 2026', 'UGX 45,000', 'UGX 45,000', 'Paid']);
    expect(
      within(rows[2]!)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['2', 'Mar 9, 2026', 'UGX 45,000', 'UGX 0', 'Due']);

    const tokens = await part('Device tokens');
    expect(tokens.getByTestId('newest-token').textContent).toBe('482 913 075');
    expect(tokens.getByText('Adds 7 days of use')).toBeTruthy();
    expect(tokens.getByText('1 earlier token').tagName).toBe('SUMMARY');
    expect(tokens.getByText('130 582 746')).toBeTruthy();

    const payments = await part('Payments');
    expect(payments.getAllByRole('listitem').map((item) => item.textContent)).toEqual([
      expect.stringContaining('Repayment · EcoGrid walletUGX 45,000Successful'),
      expect.stringContaining('Deposit · MTN Mobile MoneyUGX 180,000Successful'),
    ]);
    const terms = await part('Terms of the plan: Weekly, 12 weeks');
    expect(terms.getByText('Total cost of credit').nextElementSibling?.textContent).toBe('UGX 120,000');
    expect(terms.getByText('Your deposit gives 7 days of power, up to the first instalment.')).toBeTruthy();
    expect(terms.getByText('Device serial number: SK60-00042')).toBeTruthy();
    expect(terms.getByText('Under warranty until Mar 12, 2028')).toBeTruthy();
  });

  it("offers the loan's statement as a PDF", async () => {
    renderLoans(`/customer/loan/${LOAN_ID}`);
    const link = await screen.findByRole('link', { name: 'Download statement (PDF)' });
    expect(link.getAttribute('href')).toBe(`/api/loans/${LOAN_ID}/statement.pdf`);
    expect(link.hasAttribute('download')).toBe(true);
  });

  it('says plainly how late a loan in arrears is', async () => {
    loan = aLoan({ daysPastDue: 4, nextDue: { dueDate: '2026-03-09', amount: 45_000 } });
    vi.setSystemTime(new Date('2026-03-13T07:00:00.000Z'));
    renderLoans(`/customer/loan/${LOAN_ID}`);
    expect((await screen.findByRole('alert')).textContent).toBe(
      '4 days late UGX 45,000 was due on Mar 9, 2026. Pay it to keep your device working.',
    );
    const late = within((await part('Payment schedule')).getAllByRole('row')[2]!);
    expect(late.getByText('Late')).toBeTruthy();
  });

  it('labels the unlock token of a paid-off loan, and offers no payment', async () => {
    loan = aLoan({
      status: 'completed',
      outstanding: 0,
      nextDue: null,
      tokens: [{ token: '111222333', type: 'DISABLE_PAYG', days: null, count: 9, createdAt: '2026-05-18T09:00:00Z' }],
    });
    renderLoans(`/customer/loan/${LOAN_ID}`);
    const tokens = await part('Device tokens');
    expect(tokens.getByText('Unlock token')).toBeTruthy();
    expect(tokens.getByTestId('newest-token').textContent).toBe('111 222 333');
    expect(tokens.getByText('Unlocks the device for good: no more tokens are needed.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Make a payment' })).toBeNull();
  });

  it('repays from the wallet: the next amount due suggested, sent with an idempotency key, the outcome said', async () => {
    const paid = aPayment();
    payReplies = [
      {
        status: 201,
        body: {
          loan: aLoan({
            paid: 270_000,
            outstanding: 450_000,
            payments: [
              { ...paid, kind: 'repayment', method: 'wallet', feesPaid: 0, status: 'successful' },
              ...aLoan().payments,
            ],
            tokens: [
              { token: '907153264', type: 'ADD_TIME', days: 7, count: 5, createdAt: '2026-03-05T07:00:01.000Z' },
              ...aLoan().tokens,
            ],
          }),
          payment: paid,
        },
      },
    ];
    renderLoans(`/customer/loan/${LOAN_ID}`);
    const form = await part('Make a payment');
    const amount = form.getByLabelText('Amount to pay (UGX)') as HTMLInputElement;
    expect(amount.value).toBe('45000');
    await waitFor(() => expect(form.getByText('Balance: UGX 1,250,000')).toBeTruthy());
    fireEvent.click(form.getByRole('button', { name: 'Pay UGX 45,000' }));

    const outcome = await screen.findByRole('heading', { name: 'Payment received: UGX 45,000' });
    await waitFor(() => expect(document.activeElement).toBe(outcome));
    expect(screen.getByText('Still to pay on this loan: UGX 450,000.')).toBeTruthy();
    expect(screen.getByTestId('newest-token').textContent).toBe('907 153 264');
    const [post] = posts();
    expect(post?.url).toBe(`/api/loans/${LOAN_ID}/repayments`);
    expect(post?.body).toEqual({ amount: 45_000, payment: { method: 'wallet' } });
    expect(post?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);
  });

  it('repays by mobile money: asks for the approval on the phone, then says how it ended once the loan changes', async () => {
    const pending = aPayment({ method: 'mtn', status: 'pending', amount: 20_000, phone: '+256772123456' });
    const asLoanPayment = (status: string) => ({
      id: pending.id,
      reference: pending.reference,
      kind: 'repayment' as const,
      method: 'mtn',
      amount: 20_000,
      feesPaid: 0,
      status,
      createdAt: pending.createdAt,
    });
    payReplies = [
      {
        status: 201,
        body: { loan: aLoan({ payments: [asLoanPayment('pending'), ...aLoan().payments] }), payment: pending },
      },
    ];
    const client = renderLoans(`/customer/loan/${LOAN_ID}`);
    const form = await part('Make a payment');
    fireEvent.change(form.getByLabelText('Amount to pay (UGX)'), { target: { value: '20,000' } });
    fireEvent.click(form.getByLabelText(/^Mobile money/));
    expect((form.getByLabelText('Pay from this number') as HTMLInputElement).value).toBe('0772 123456');
    fireEvent.click(form.getByRole('button', { name: 'Pay UGX 20,000' }));

    const waiting = await screen.findByRole('heading', { name: 'Approve the payment on your phone' });
    await waitFor(() => expect(document.activeElement).toBe(waiting));
    expect(screen.getByRole('progressbar', { name: 'Waiting for approval' })).toBeTruthy();
    expect(screen.getByText(/Dial \*165#/)).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Make a payment' })).toBeNull();
    expect(posts()[0]?.body).toEqual({
      amount: 20_000,
      payment: { method: 'mobile_money', phone: '+256772123456', network: 'mtn' },
    });

    // The network approves; the live 'loan' event refetches every 'loans' query.
    loan = aLoan({ outstanding: 475_000, payments: [asLoanPayment('successful'), ...aLoan().payments] });
    await act(() => client.invalidateQueries({ queryKey: ['loans'] }));
    const done = await screen.findByRole('heading', { name: 'Payment received: UGX 20,000' });
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(screen.getByText('Still to pay on this loan: UGX 475,000.')).toBeTruthy();
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it("checks the amount against what is owed before sending, and shows the server's refusal", async () => {
    payReplies = [
      {
        status: 422,
        body: { error: { code: 'loan_not_active', message: 'This loan is not active: it cannot take repayments.' } },
      },
    ];
    renderLoans(`/customer/loan/${LOAN_ID}`);
    const form = await part('Make a payment');
    const amount = form.getByLabelText('Amount to pay (UGX)');
    fireEvent.change(amount, { target: { value: '600000' } });
    fireEvent.click(form.getByRole('button', { name: 'Pay UGX 600,000' }));
    expect(document.getElementById(amount.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(
      'You owe UGX 495,000 on this loan: pay at most that.',
    );
    expect(document.activeElement).toBe(amount);
    expect(posts()).toEqual([]);

    fireEvent.change(amount, { target: { value: '1000' } });
    fireEvent.click(form.getByRole('button', { name: 'Pay UGX 1,000' }));
    expect((await form.findByRole('alert')).textContent).toBe('This loan is not active: it cannot take repayments.');
    expect(posts()).toHaveLength(1);
  });

  it('pays the deposit of an approved loan', async () => {
    loan = aLoan({
      status: 'approved',
      schedule: [],
      payments: [],
      tokens: [],
      paid: 0,
      outstanding: 720_000,
      nextDue: null,
    });
    payReplies = [{ status: 201, body: { loan: aLoan(), payment: aPayment({ amount: 180_000 }) } }];
    renderLoans(`/customer/loan/${LOAN_ID}`);
    expect(
      await screen.findByText('Your application is approved. Pay the deposit of UGX 180,000 to start the loan.'),
    ).toBeTruthy();
    expect(screen.getByText('The payment dates are fixed when the deposit is paid.')).toBeTruthy();
    const form = await part('Pay the deposit');
    fireEvent.click(form.getByRole('button', { name: 'Pay deposit · UGX 180,000' }));
    expect(await screen.findByRole('heading', { name: 'Payment received: UGX 180,000' })).toBeTruthy();
    expect(posts().map((r) => [r.url, r.body])).toEqual([
      [`/api/loans/${LOAN_ID}/deposit`, { payment: { method: 'wallet' } }],
    ]);
  });

  it('withdraws an application after a confirmation, and offers it on no running loan', async () => {
    loan = aLoan({ status: 'pending_approval', schedule: [], payments: [], tokens: [], paid: 0, nextDue: null });
    payReplies = [
      {
        body: aLoan({
          status: 'cancelled',
          schedule: [],
          payments: [],
          tokens: [],
          paid: 0,
          nextDue: null,
          decisionNote: null,
        }),
      },
    ];
    renderLoans(`/customer/loan/${LOAN_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw this application' }));
    const question = screen.getByText(/^Withdraw your application for SunKing Home 60 kit\?/);
    expect(document.activeElement).toBe(question);
    fireEvent.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(posts()).toEqual([]);

    fireEvent.click(screen.getByRole('button', { name: 'Withdraw this application' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, withdraw' }));
    const done = await screen.findByText(
      'Your application is withdrawn. You owe nothing; apply again whenever you like.',
    );
    expect(document.activeElement).toBe(done);
    expect(screen.getByText('This application was cancelled.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw this application' })).toBeNull();
    expect(posts().map((r) => r.url)).toEqual([`/api/loans/${LOAN_ID}/withdraw`]);
  });

  it('offers no withdrawal on a running loan', async () => {
    renderLoans(`/customer/loan/${LOAN_ID}`);
    expect(await screen.findByRole('heading', { name: 'SunKing Home 60 kit', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Withdraw this application' })).toBeNull();
  });

  it("shows the server's refusal to withdraw, and the loan as it was", async () => {
    loan = aLoan({
      status: 'approved',
      schedule: [],
      payments: [],
      tokens: [],
      paid: 0,
      nextDue: null,
      depositDueBy: '2026-03-19',
    });
    payReplies = [
      {
        status: 409,
        body: { error: { code: 'loan_not_withdrawable', message: 'This loan has started: it cannot be withdrawn.' } },
      },
    ];
    renderLoans(`/customer/loan/${LOAN_ID}`);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw this application' }));
    fireEvent.click(screen.getByRole('button', { name: 'Yes, withdraw' }));
    expect(await screen.findByText('This loan has started: it cannot be withdrawn.')).toBeTruthy();
    // The loan as it was, with the last day to pay its deposit.
    expect(
      screen.getByText(
        'Your application is approved. Pay the deposit of UGX 180,000 by Mar 19, 2026 to start the loan; after that day the application is closed.',
      ),
    ).toBeTruthy();
  });
});
