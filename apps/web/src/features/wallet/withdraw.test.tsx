// @vitest-environment jsdom
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { Payment, Wallet } from './api.ts';
import { aPayment, aWallet, emptyStatement, fakeServer, renderWallet } from './test-setup.tsx';

let wallet: Wallet;
let payout: Payment;
let withdrawReply: { status: number; body: unknown };

const server = fakeServer(({ url, method }) => {
  if (url === '/api/wallet') return { body: wallet };
  if (url.startsWith('/api/wallet/statement')) return { body: emptyStatement };
  if (url === '/api/wallet/withdrawals/code' && method === 'POST')
    return { body: { sentTo: '+256 77• ••• 456', expiresInSeconds: 300 } };
  if (url === '/api/wallet/withdrawals' && method === 'POST') return withdrawReply;
  if (url === `/api/payments/${payout.id}`) return { body: payout };
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});

beforeEach(() => {
  wallet = aWallet({ balance: 80_000 });
  payout = aPayment({ id: 'po1', reference: 'EG-PAYOUT01', purpose: 'payout', amount: 50_000, expiresAt: null });
  withdrawReply = { status: 202, body: payout };
  server.start();
});

const section = async () => {
  const heading = await screen.findByRole('heading', { name: 'Withdraw to mobile money' });
  return within(heading.closest('section')!);
};
const fillDetails = async (amount: string) => {
  const form = await section();
  fireEvent.change(form.getByLabelText('Amount to withdraw (UGX)'), { target: { value: amount } });
  fireEvent.click(form.getByRole('button', { name: 'Continue' }));
  return form;
};
const withdrawals = () => server.seen.filter((r) => r.url === '/api/wallet/withdrawals');

describe('withdrawing to mobile money', () => {
  it('confirms with a code texted to the phone, then waits until the money is sent', async () => {
    const client = renderWallet();
    const form = await fillDetails('50,000');
    const confirm = await form.findByRole('heading', { name: 'Confirm the withdrawal' });
    expect(document.activeElement).toBe(confirm);
    expect(form.getByText('Withdraw UGX 50,000 to 0772 123456 (MTN Mobile Money).')).toBeTruthy();
    expect(form.queryByLabelText('Code from the SMS')).toBeNull();

    fireEvent.click(form.getByRole('button', { name: 'Send me a code' }));
    expect(await form.findByText('We texted a code to +256 77• ••• 456. It works for 5 minutes.')).toBeTruthy();
    expect(server.seen.filter((r) => r.url === '/api/wallet/withdrawals/code')).toHaveLength(1);
    fireEvent.change(form.getByLabelText('Code from the SMS'), { target: { value: '482 913' } });
    fireEvent.click(form.getByRole('button', { name: 'Withdraw UGX 50,000' }));

    expect(await screen.findByRole('heading', { name: 'Sending the money to your phone' })).toBeTruthy();
    const [sent] = withdrawals();
    expect(sent?.body).toEqual({ amount: 50_000, phone: '+256772123456', network: 'mtn', code: '482913' });
    expect(sent?.idempotencyKey).toMatch(/^[0-9a-f-]{36}$/);

    payout = { ...payout, status: 'successful' };
    wallet = { ...wallet, balance: 30_000 };
    await act(() => client.invalidateQueries({ queryKey: ['payments'] }));
    expect(await screen.findByRole('heading', { name: 'Withdrawal sent' })).toBeTruthy();
    expect(screen.getByText('UGX 50,000 was sent to 0772 123456 (MTN Mobile Money).')).toBeTruthy();
    expect(await screen.findByText('Your balance is now UGX 30,000.')).toBeTruthy();
  });

  it("shows the server's refusal of a wrong code and stays on the code step", async () => {
    withdrawReply = {
      status: 422,
      body: { error: { code: 'invalid_code', message: 'That code is not correct or has expired. Ask for a new one.' } },
    };
    renderWallet();
    const form = await fillDetails('50000');
    fireEvent.click(await form.findByRole('button', { name: 'Send me a code' }));
    fireEvent.change(await form.findByLabelText('Code from the SMS'), { target: { value: '111111' } });
    fireEvent.click(form.getByRole('button', { name: 'Withdraw UGX 50,000' }));
    expect((await form.findByRole('alert')).textContent).toBe(
      'That code is not correct or has expired. Ask for a new one.',
    );
    await waitFor(() => expect(document.activeElement).toBe(form.getByLabelText('Code from the SMS')));
    expect(withdrawals()).toHaveLength(1);
  });

  it('checks the code and the balance here before sending anything', async () => {
    renderWallet();
    let form = await fillDetails('90000');
    expect(form.getByText('You can withdraw at most UGX 80,000, your balance.')).toBeTruthy();
    form = await fillDetails('80000');
    fireEvent.click(await form.findByRole('button', { name: 'Send me a code' }));
    fireEvent.change(await form.findByLabelText('Code from the SMS'), { target: { value: '12345' } });
    fireEvent.click(form.getByRole('button', { name: 'Withdraw UGX 80,000' }));
    expect(form.getByText('Enter the 6-digit code')).toBeTruthy();
    expect(withdrawals()).toHaveLength(0);
  });

  it('asks for the authenticator code when the account has one, without texting', async () => {
    wallet = aWallet({ balance: 80_000, withdrawalCheck: { sms: true, authenticator: true } });
    renderWallet();
    const form = await fillDetails('50000');
    expect(form.queryByRole('button', { name: 'Send me a code' })).toBeNull();
    fireEvent.change(form.getByLabelText('Code from your authenticator app'), { target: { value: '654321' } });
    fireEvent.click(form.getByRole('button', { name: 'Withdraw UGX 50,000' }));
    await screen.findByRole('heading', { name: 'Sending the money to your phone' });
    expect(withdrawals()[0]?.body).toMatchObject({ code: '654321' });
    expect(server.seen.some((r) => r.url === '/api/wallet/withdrawals/code')).toBe(false);
  });

  it('explains that a confirmed phone number comes first when the account has no way to confirm', async () => {
    wallet = aWallet({ balance: 80_000, phone: null, withdrawalCheck: { sms: false, authenticator: false } });
    renderWallet();
    const form = await section();
    expect(form.getByText(/first confirm your phone number on My account/)).toBeTruthy();
    expect(form.getByRole('link', { name: 'Open My account' }).getAttribute('href')).toBe('/my-account');
    expect(form.queryByLabelText('Amount to withdraw (UGX)')).toBeNull();
  });

  it('offers no withdrawal from an empty wallet', async () => {
    wallet = aWallet({ balance: 0 });
    renderWallet();
    await screen.findByRole('heading', { name: 'Top up' });
    expect(screen.queryByRole('heading', { name: 'Withdraw to mobile money' })).toBeNull();
  });
});
