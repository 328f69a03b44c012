// @vitest-environment jsdom
import { amountSchema, MOBILE_NUMBER_MESSAGE, SANDBOX_SCENARIOS } from '@ecogrid/core/payments';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { Payment, StatementLine, Wallet } from './api.ts';
import { aPayment, aWallet, emptyStatement, fakeServer, renderWallet } from './test-setup.tsx';

let wallet: Wallet;
let payment: Payment;
let topUpReply: { status: number; body: unknown } | 'offline';
let statement: Record<string, { items: StatementLine[]; nextCursor: string | null }>;

const server = fakeServer(({ url, method }) => {
  if (url === '/api/wallet') return { body: wallet };
  if (url.startsWith('/api/wallet/statement')) {
    const cursor = new URL(url, 'http://x').searchParams.get('cursor') ?? '';
    return { body: statement[cursor] ?? emptyStatement };
  }
  if (url === '/api/wallet/top-ups' && method === 'POST') return topUpReply;
  if (url === `/api/payments/${payment.id}`) return { body: payment };
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});

beforeEach(() => {
  wallet = aWallet();
  payment = aPayment();
  topUpReply = { status: 202, body: payment };
  statement = { '': emptyStatement };
  server.start();
});

const schemaMessage = (value: unknown) => amountSchema.safeParse(value).error?.issues[0]?.message;
const topUpForm = async () => {
  const heading = await screen.findByRole('heading', { name: 'Top up' });
  return within(heading.closest('section')!);
};
const fill = (form: Awaited<ReturnType<typeof topUpForm>>, amount: string, phone?: string) => {
  fireEvent.change(form.getByLabelText('Amount to add (UGX)'), { target: { value: amount } });
  if (phone !== undefined) fireEvent.change(form.getByLabelText('Pay from this number'), { target: { value: phone } });
};
const posts = () => server.seen.filter((r) => r.method === 'POST');

describe('the wallet', () => {
  it("shows the balance and prefills the top-up with the account's phone and its network", async () => {
    renderWallet();
    expect((await screen.findByTestId('wallet-balance')).textContent).toBe('UGX 1,250,000');
    const form = await topUpForm();
    expect((form.getByLabelText('Pay from this number') as HTMLInputElement).value).toBe('0772 123456');
    expect((form.getByLabelText('MTN Mobile Money') as HTMLInputElement).checked).toBe(true);
    expect(screen.queryByRole('heading', { name: /Sandbox/ })).toBeNull();
  });

  it('offers a statement PDF for the days chosen, and explains a reversed or over-long period instead', async () => {
    renderWallet();
    const part = within(
      (await screen.findByRole('heading', { name: 'Statement for a period (PDF)' })).closest('section')!,
    );
    fireEvent.change(part.getByLabelText('From'), { target: { value: '2026-01-01' } });
    fireEvent.change(part.getByLabelText('To'), { target: { value: '2026-03-31' } });
    expect(part.getByRole('link', { name: 'Download statement (PDF)' }).getAttribute('href')).toBe(
      '/api/wallet/statement.pdf?from=2026-01-01&to=2026-03-31',
    );
    fireEvent.change(part.getByLabelText('From'), { target: { value: '2026-04-01' } });
    expect(part.getByRole('alert').textContent).toBe('The first day comes after the last.');
    expect(part.queryByRole('link')).toBeNull();
    fireEvent.change(part.getByLabelText('From'), { target: { value: '2025-03-30' } });
    expect(part.getByRole('alert').textContent).toBe('Choose a period of one year at most.');
  });

  it('guesses the network again as the number changes, until the customer picks one', async () => {
    wallet = aWallet({ phone: '+256701234567', network: 'airtel' });
    renderWallet();
    const form = await topUpForm();
    const radio = (name: string) => form.getByLabelText(name) as HTMLInputElement;
    expect(radio('Airtel Money').checked).toBe(true);
    fill(form, '', '0772 555666');
    expect(radio('MTN Mobile Money').checked).toBe(true);
    fill(form, '', '0752 555666');
    expect(radio('Airtel Money').checked).toBe(true);
    fireEvent.click(radio('MTN Mobile Money'));
    fill(form, '', '0701 999888');
    expect(radio('MTN Mobile Money').checked).toBe(true);
  });

  it("refuses bad amounts and numbers with the shared schemas' words, without asking the server", async () => {
    renderWallet();
    const form = await topUpForm();
    for (const [typed, expected] of [
      ['100', schemaMessage(100)],
      ['12.5', schemaMessage(12.5)],
      ['', schemaMessage(undefined)],
      ['9,000,000', schemaMessage(9_000_000)],
    ] as const) {
      fill(form, typed, '0772 12');
      fireEvent.click(form.getByRole('button', { name: 'Top up' }));
      const amount = form.getByLabelText('Amount to add (UGX)');
      expect(amount.getAttribute('aria-invalid')).toBe('true');
      expect(document.getElementById(amount.getAttribute('aria-describedby')!.split(' ')[0]!)?.textContent).toBe(
        expected,
      );
      expect(document.activeElement).toBe(amount);
    }
    expect(new Set([schemaMessage(100), schemaMessage(12.5), schemaMessage(undefined)]).size).toBe(3);
    expect(form.getByText(MOBILE_NUMBER_MESSAGE)).toBeTruthy();
    expect(posts()).toEqual([]);
  });

  it('tops up: waits for approval on the phone, then shows the new balance when the live update comes', async () => {
    const client = renderWallet();
    const form = await topUpForm();
    fill(form, '10,000');
    fireEvent.click(form.getByRole('button', { name: 'Top up' }));

    const waiting = await screen.findByRole('heading', { name: 'Approve the payment on your phone' });
    expect(document.activeElement).toBe(waiting);
    expect(screen.getByRole('progressbar', { name: 'Waiting for approval' })).toBeTruthy();
    expect(screen.getByText(/Dial \*165#/)).toBeTruthy();
    expect(screen.getByText('Reference: EG-7K2M9QXA')).toBeTruthy();
    const [post] = posts();
    expect(post?.body).toEqual({ amount: 10_000, phone: '+256772123456', network: 'mtn' });
    expect(post?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    // The network approves; the live 'payment' event refetches every 'payments' query.
    payment = { ...payment, status: 'successful', settledAt: '2026-03-02T07:16:00.000Z' };
    wallet = { ...wallet, balance: 1_260_000 };
    await act(() => client.invalidateQueries({ queryKey: ['payments'] }));

    const done = await screen.findByRole('heading', { name: 'Top-up successful' });
    await waitFor(() => expect(document.activeElement).toBe(done));
    expect(done.closest('[role="status"]')?.textContent).toContain('UGX 10,000 was added to your wallet.');
    expect(await screen.findByText('Your balance is now UGX 1,260,000.')).toBeTruthy();
    expect(screen.getByTestId('wallet-balance').textContent).toBe('UGX 1,260,000');
    expect(screen.queryByRole('progressbar')).toBeNull();
  });

  it('asks for the payment every 5 seconds when no live update comes, and stops once it settles', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    renderWallet();
    const form = await topUpForm();
    fill(form, '10000');
    fireEvent.click(form.getByRole('button', { name: 'Top up' }));
    await screen.findByRole('heading', { name: 'Approve the payment on your phone' });
    const polls = () => server.seen.filter((r) => r.url === `/api/payments/${payment.id}`).length;

    await act(() => vi.advanceTimersByTimeAsync(5_000));
    await waitFor(() => expect(polls()).toBe(1));
    expect(screen.getByRole('heading', { name: 'Approve the payment on your phone' })).toBeTruthy();

    payment = { ...payment, status: 'successful' };
    wallet = { ...wallet, balance: 1_260_000 };
    await act(() => vi.advanceTimersByTimeAsync(5_000));
    expect(await screen.findByRole('heading', { name: 'Top-up successful' })).toBeTruthy();
    expect(await screen.findByText('Your balance is now UGX 1,260,000.')).toBeTruthy();

    await act(() => vi.advanceTimersByTimeAsync(20_000));
    expect(polls()).toBe(2);
  });

  it('says why a top-up failed, and Try again brings back the details to correct', async () => {
    const client = renderWallet();
    const form = await topUpForm();
    fill(form, '20000', '0772 000101');
    fireEvent.click(form.getByRole('button', { name: 'Top up' }));
    await screen.findByRole('heading', { name: 'Approve the payment on your phone' });

    payment = {
      ...payment,
      status: 'failed',
      failureReason: 'NOT_ENOUGH_FUNDS',
      failureMessage: 'There was not enough money on the mobile-money account.',
    };
    await act(() => client.invalidateQueries({ queryKey: ['payments'] }));
    const failed = await screen.findByRole('heading', { name: 'The top-up did not go through' });
    await waitFor(() => expect(document.activeElement).toBe(failed));
    expect(failed.closest('[role="status"]')?.textContent).toContain(
      'There was not enough money on the mobile-money account. Nothing was added to your wallet.',
    );

    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    const again = await topUpForm();
    expect((again.getByLabelText('Amount to add (UGX)') as HTMLInputElement).value).toBe('20000');
    expect((again.getByLabelText('Pay from this number') as HTMLInputElement).value).toBe('0772 000101');
  });

  it('shows a top-up the network refused at once', async () => {
    payment = aPayment({ status: 'failed', failureReason: 'PAYER_NOT_FOUND', failureMessage: null });
    topUpReply = { status: 202, body: payment };
    renderWallet();
    const form = await topUpForm();
    fill(form, '5000');
    fireEvent.click(form.getByRole('button', { name: 'Top up' }));
    expect(await screen.findByRole('heading', { name: 'The top-up did not go through' })).toBeTruthy();
    expect(screen.getByText(/That number has no mobile-money account\./)).toBeTruthy();
  });

  it("sends the same submission again with the same key after a dropped connection, and a new one's with a new key", async () => {
    topUpReply = 'offline';
    renderWallet();
    const form = await topUpForm();
    fill(form, '15000');
    fireEvent.click(form.getByRole('button', { name: 'Top up' }));
    // One automatic retry, then the customer is told.
    expect((await screen.findByRole('alert')).textContent).toMatch(/Could not reach EcoGrid/);
    fireEvent.click(form.getByRole('button', { name: 'Top up' }));
    await waitFor(() => expect(posts()).toHaveLength(4));
    fill(form, '16000');
    topUpReply = { status: 422, body: { error: { code: 'limit', message: 'Top-ups are paused for maintenance.' } } };
    fireEvent.click(form.getByRole('button', { name: 'Top up' }));
    expect(await screen.findByText('Top-ups are paused for maintenance.')).toBeTruthy();

    const keys = posts().map((r) => r.idempotencyKey);
    expect(new Set(keys.slice(0, 4)).size).toBe(1);
    expect(keys[4]).not.toBe(keys[0]);
    expect(posts()).toHaveLength(5);
  });

  it('lists payments still waiting for approval, with the USSD code of their network', async () => {
    wallet = aWallet({
      pending: [
        aPayment({ id: 'p2', reference: 'EG-AIRTEL01', method: 'airtel', amount: 30_000, phone: '+256701234567' }),
      ],
    });
    renderWallet();
    const heading = await screen.findByRole('heading', { name: 'Waiting for approval' });
    const item = heading.closest('section')!;
    expect(item.textContent).toContain('UGX 30,000');
    expect(item.textContent).toContain('0701 234567 (Airtel Money)');
    expect(item.textContent).toContain('*185#');
    expect(item.textContent).toContain('Reference: EG-AIRTEL01');
  });

  it('shows the statement with signed amounts and the balance after each, and loads more with the cursor', async () => {
    const line = (id: string, amount: number, balanceAfter: number, description: string): StatementLine => ({
      id,
      createdAt: '2026-03-01T21:30:00.000Z',
      kind: amount > 0 ? 'wallet_topup' : 'payout',
      amount,
      balanceAfter,
      reference: `EG-${id.toUpperCase()}`,
      description,
    });
    statement = {
      '': {
        items: [line('l3', -50_000, 1_250_000, 'Withdrawal to 0772 123456'), line('l2', 300_000, 1_300_000, 'Top-up')],
        nextCursor: 'c2',
      },
      c2: { items: [line('l1', 1_000_000, 1_000_000, 'First top-up')], nextCursor: null },
    };
    renderWallet();
    const list = await screen.findByRole('list', { name: 'Statement' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows).toHaveLength(2);
    expect(rows[0]!.textContent).toContain('Withdrawal to 0772 123456');
    expect(rows[0]!.textContent).toContain('Money out: −UGX 50,000');
    expect(rows[0]!.textContent).toContain('Balance UGX 1,250,000');
    expect(rows[0]!.textContent).toContain('EG-L3');
    // 21:30 UTC is 00:30 the next day in Kampala.
    expect(within(rows[0]!).getByText(/Mar 2, 2026/).tagName).toBe('TIME');
    expect(rows[1]!.textContent).toContain('Money in: +UGX 300,000');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(3));
    expect(server.seen.map((r) => r.url)).toContain('/api/wallet/statement?limit=20&cursor=c2');
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says plainly when payments go to the sandbox, and lists its test numbers', async () => {
    wallet = aWallet({ sandbox: true });
    renderWallet();
    const heading = await screen.findByRole('heading', { name: 'Sandbox: no real money' });
    const notice = heading.closest('aside')!;
    expect(notice.textContent).toContain('No real money moves');
    for (const scenario of SANDBOX_SCENARIOS) expect(notice.textContent).toContain(scenario.digits);
    expect(within(notice).getByText('…000101').nextElementSibling?.textContent).toBe(
      'Fails: not enough money on the account',
    );
  });
});
