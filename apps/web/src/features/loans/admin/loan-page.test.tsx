// @vitest-environment jsdom
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { showToast } from '@/components/ui/toast.tsx';
import { anAdminLoan, aSummary, LOAN_ID } from '@/test/loan-fixtures.ts';
import { expectAccessible } from '@/test/axe.ts';
import LoanPage from './loan-page.tsx';
import type { AdminLoan, CreditHistory } from './api.ts';
import { errorOf, fakeServer, renderPage } from '@/test/admin-setup.tsx';

vi.mock('@/components/ui/toast.tsx', () => ({ showToast: vi.fn(async () => {}) }));

const DECISION = `/api/admin/loans/${LOAN_ID}/decision`;
const waiting = () =>
  anAdminLoan({
    status: 'pending_approval',
    schedule: [],
    payments: [],
    tokens: [],
    paid: 0,
    outstanding: 1_200_000,
    nextDue: null,
    daysPastDue: 0,
    startDate: null,
    deviceSerial: null,
  });

let loan: AdminLoan;
let history: CreditHistory;
const newCustomer = (): CreditHistory => ({
  policyVersion: 0,
  declaredIncome: null,
  suggestion: {
    outcome: 'approve',
    reasons: [],
    score: null,
    facts: { openLoans: 1, loansInArrears: 0, monthlyInstalments: 75_000, declaredMonthlyIncome: null, score: null },
  },
  score: { score: null, due: 0, onTime: 0, worstDaysLate: 0 },
  otherLoans: [],
  recentPayments: [],
});
let decisionReply: { status: number; body: unknown } | null;
const server = fakeServer(({ url, method, body }) => {
  if (url === `/api/admin/loans/${LOAN_ID}` && method === 'GET') return { body: loan };
  if (url === `/api/admin/loans/${LOAN_ID}/credit-history`) return { body: history };
  if (url === DECISION && method === 'POST') {
    if (decisionReply) return decisionReply;
    const { decision, note } = body as { decision: 'approve' | 'reject'; note?: string };
    const { customerName: _n, customerPhone: _p, district: _d, agentCode: _a, ...rest } = loan;
    loan = { ...loan, status: decision === 'approve' ? 'approved' : 'cancelled', decisionNote: note ?? null };
    return { body: { ...rest, status: loan.status, decisionNote: loan.decisionNote } };
  }
  return { status: 404, body: { error: { code: 'not_found', message: 'No such route.' } } };
});

beforeEach(() => {
  loan = anAdminLoan();
  history = newCustomer();
  decisionReply = null;
  vi.mocked(showToast).mockClear();
  server.start();
});

const render = () => renderPage(LoanPage, `/admin/loans/${LOAN_ID}`, '/admin/loans/:id');
const section = (name: string) => screen.getByRole('heading', { name, level: 2 }).closest('section')!;
const posts = () => server.seen.filter((r) => r.method === 'POST');
const reasonLabel = 'Reason for rejecting (the customer reads it)';

describe('one loan', () => {
  it('shows the customer, the product and plan, the schedule, the payments and the tokens', async () => {
    render();
    expect(await screen.findByRole('heading', { name: 'LN-100042', level: 1 })).toBeTruthy();
    const status = section('Status').textContent!;
    expect(status).toContain('Active');
    expect(status).toContain('OutstandingUGX 825,000');
    expect(status).toContain('12 days late');
    const customer = section('Customer').textContent!;
    expect(customer).toContain('Nakato Sarah');
    expect(customer).toContain('Phone+256772123456');
    expect(customer).toContain('DistrictMukono');
    expect(customer).toContain('AgentAG-001');
    const terms = section('Product and plan').textContent!;
    expect(terms).toContain('Sun King Home 60');
    expect(terms).toContain('PlanPay monthly for a year');
    expect(terms).toContain('Credit priceUGX 1,200,000');
    expect(terms).toContain('12 monthly instalments of UGX 75,000');
    expect(terms).toContain('Cost of creditUGX 200,000');
    expect(terms).toContain('SK60-000123');
    expect(terms).toContain('WarrantyUnder warranty until Mar 12, 2028');
    expect(within(section('Product and plan')).getByRole('link', { name: 'SK60-000123' }).getAttribute('href')).toBe(
      '/admin/devices?serial=SK60-000123',
    );

    const table = within(section('Repayment schedule')).getByRole('table', {
      name: 'Repayment schedule of loan LN-100042',
    });
    const rows = within(table)
      .getAllByRole('row')
      .map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['No.', 'Due date', 'Due', 'Paid', 'Status'],
      ['1', 'Mar 2, 2026', 'UGX 75,000', 'UGX 75,000', 'Paid'],
      ['2', 'Apr 2, 2026', 'UGX 75,000', 'UGX 20,000', 'Partly paid'],
    ]);
    expect(table.closest('[role="region"]')?.getAttribute('tabindex')).toBe('0');
    const payments = section('Payments').textContent!;
    expect(payments).toContain('RepaymentUGX 75,000');
    expect(payments).toContain('MTN Mobile Money · Successful');
    expect(payments).toContain('EG-DEPOSIT1');
    const tokens = section('Device tokens').textContent!;
    expect(tokens).toContain('123 456 789');
    expect(tokens).toContain('Adds days · 30 days · count 2');
    expect(screen.queryByRole('heading', { name: 'Decision' })).toBeNull();
  });

  it("offers the loan's statement as a PDF", async () => {
    render();
    const link = await screen.findByRole('link', { name: 'Download statement (PDF)' });
    expect(link.getAttribute('href')).toBe(`/api/admin/loans/${LOAN_ID}/statement.pdf`);
  });

  it('will not reject without a reason, and sends nothing', async () => {
    loan = waiting();
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Reject' }));
    const reason = screen.getByLabelText(reasonLabel);
    const error = 'Say why the application is refused (at least 3 characters).';
    expect(errorOf(reason)).toBe(error);
    expect(document.activeElement).toBe(reason);
    fireEvent.change(reason, { target: { value: '  no ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    expect(errorOf(reason)).toBe(error);
    expect(posts()).toEqual([]);
  });

  it('rejects with the reason, and shows the loan cancelled with it', async () => {
    loan = waiting();
    render();
    fireEvent.change(await screen.findByLabelText(reasonLabel), {
      target: { value: ' Two loans are already in arrears. ' },
    });
    fireEvent.click(screen.getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(section('Status').textContent).toContain('Cancelled'));
    expect(posts().map((r) => [r.url, r.body])).toEqual([
      [DECISION, { decision: 'reject', note: 'Two loans are already in arrears.' }],
    ]);
    expect(section('Status').textContent).toContain('Decision noteTwo loans are already in arrears.');
    expect(vi.mocked(showToast)).toHaveBeenCalledWith('Loan LN-100042 was rejected. The customer is told why.', {
      kind: 'success',
    });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
    // The customer, which the decision does not answer with, stays on the page.
    expect(section('Customer').textContent).toContain('Mukono');
  });

  it('approves, showing progress while the server decides', async () => {
    loan = waiting();
    // The decision's answer is held until the test has seen the progress.
    const answer = globalThis.fetch;
    let release = () => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    vi.stubGlobal('fetch', async (input: RequestInfo | URL, init?: RequestInit) => {
      if (String(input) === DECISION) await held;
      return answer(input, init);
    });
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('button', { name: 'Approving…' })).getAttribute('aria-busy')).toBe('true');
    expect(screen.getByRole('button', { name: 'Reject' })).toHaveProperty('disabled', true);
    release();
    await waitFor(() => expect(section('Status').textContent).toContain('Approved, deposit not paid yet'));
    expect(posts().map((r) => r.body)).toEqual([{ decision: 'approve' }]);
    expect(vi.mocked(showToast)).toHaveBeenCalledWith('Loan LN-100042 is approved. The customer is told.', {
      kind: 'success',
    });
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it("shows the server's refusal and the loan as it is now", async () => {
    loan = waiting();
    decisionReply = {
      status: 409,
      body: { error: { code: 'conflict', message: 'This loan is no longer waiting for approval.' } },
    };
    render();
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    expect((await screen.findByRole('alert')).textContent).toBe('This loan is no longer waiting for approval.');
    expect(posts()).toHaveLength(1);
    await waitFor(() =>
      expect(server.seen.filter((r) => r.url === `/api/admin/loans/${LOAN_ID}` && r.method === 'GET')).toHaveLength(2),
    );
    expect(vi.mocked(showToast)).not.toHaveBeenCalled();
  });
});

describe('the credit history beside the decision', () => {
  it('shows the suggestion with its reasons and policy version, the score, other loans and payments', async () => {
    loan = waiting();
    history = {
      policyVersion: 3,
      declaredIncome: 200_000,
      suggestion: {
        outcome: 'review',
        reasons: [
          { check: 'in_arrears', outcome: 'review' },
          { check: 'low_score', outcome: 'review' },
        ],
        score: 52,
        facts: {
          openLoans: 2,
          loansInArrears: 1,
          monthlyInstalments: 120_000,
          declaredMonthlyIncome: 200_000,
          score: 52,
        },
      },
      score: { score: 52, due: 10, onTime: 6, worstDaysLate: 24 },
      otherLoans: [{ ...aSummary({ id: 'c1d2e3f4-0000-4000-8000-000000000001', daysPastDue: 12 }) }],
      recentPayments: [
        { loanNumber: 'LN-000007', kind: 'repayment', amount: 45_000, createdAt: '2026-03-09T09:00:00.000Z' },
      ],
    };
    const { container } = render();
    const part = (await screen.findByRole('heading', { name: 'Credit history', level: 2 })).closest('section')!;
    await waitFor(() => expect(part.textContent).toContain('The policy suggests: A person decides'));
    expect(part.textContent).toContain('Judged by credit policy version 3.');
    const reasons = within(part).getByRole('list', { name: 'Why' });
    expect(
      within(reasons)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['A loan in arrears: A person decides', 'Repayment score below the lowest: A person decides']);
    expect(part.textContent).toContain('Declared monthly incomeUGX 200,000');
    expect(part.textContent).toContain('Repayment score: 52 of 100');
    expect(part.textContent).toContain('6 of 10 instalments paid on time. At worst 24 days late.');
    const others = within(part).getByRole('list', { name: 'Other loans' });
    expect(within(others).getByRole('link', { name: 'SunKing Home 60 kit' }).getAttribute('href')).toBe(
      '/admin/loans/c1d2e3f4-0000-4000-8000-000000000001',
    );
    expect(others.textContent).toContain('OutstandingUGX 495,000');
    expect(others.textContent).toContain('12 days late');
    expect(within(part).getByRole('list', { name: 'Latest payments' }).textContent).toContain('Repayment LN-000007');
    expect(screen.getByRole('button', { name: 'Approve' })).toBeTruthy();
    await expectAccessible(container);
  }, 20_000);

  it('says a new customer has no score and no other loans', async () => {
    loan = waiting();
    render();
    const part = (await screen.findByRole('heading', { name: 'Credit history', level: 2 })).closest('section')!;
    await waitFor(() => expect(part.textContent).toContain('The policy suggests: Approve at once'));
    expect(part.textContent).toContain('Every check passed.');
    expect(part.textContent).toContain('Declared monthly incomeNot declared');
    expect(part.textContent).toContain('New customer: no instalment due yet, so no repayment score');
    expect(part.textContent).toContain('No other loans.');
    expect(part.textContent).toContain('No payments yet.');
  });
});

describe('a loan not started yet', () => {
  it('shows the deposit then the instalments as what falls due, and the day rate as an estimate', async () => {
    loan = { ...waiting(), status: 'approved' };
    render();
    const status = within(await screen.findByText('Next due', { selector: 'dt' }).then((dt) => dt.closest('dl')!));
    expect(status.getByText('Deposit UGX 300,000 first, then UGX 75,000 a month')).toBeTruthy();
    expect(screen.queryByText('Nothing more due')).toBeNull();
    const rate = screen.getByText('One day of use costs', { selector: 'dt' }).nextElementSibling?.textContent;
    expect(rate).toMatch(/^About UGX [1-9][\d,]*, fixed when the deposit is paid$/);
  });
});
