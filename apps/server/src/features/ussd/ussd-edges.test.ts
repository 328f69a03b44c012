import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { lastSmsCode, uniquePhone } from '../../../test/auth-helpers.ts';
import { textsFor } from '#src/platform/i18n.ts';
import { postUssd, ussdTestApp } from './ussd-test-setup.ts';

const { app, dial, customerWithLoan, setPin, rows } = ussdTestApp();

const paymentsOf = (userId: string) =>
  rows<{ purpose: string; amount: number; status: string }>(
    sql`select purpose, amount::int as amount, status from payments where user_id = ${userId} and method = 'mtn'`,
  );

describe('the USSD PIN', () => {
  it('locks for 30 minutes after three wrong PINs in a row, and a right one then waits too', async () => {
    const customer = await customerWithLoan();
    expect(await setPin(customer.e164, '5093', '1')).toContain('Your PIN is set');
    const first = dial(customer.e164);
    expect(await first.answer('3*1111')).toBe('END Wrong PIN. 2 tries left, then your PIN locks for 30 minutes.');
    // The gateway retrying the same step counts it once.
    expect(await first.again()).toBe('END Wrong PIN. 2 tries left, then your PIN locks for 30 minutes.');
    expect(await dial(customer.e164).answer('3*2222')).toBe(
      'END Wrong PIN. 1 try left, then your PIN locks for 30 minutes.',
    );
    const locked = await dial(customer.e164).answer('3*3333');
    expect(locked).toMatch(/^END Too many wrong PINs\. Your PIN is locked until \d{1,2} \w{3} \d{4}, \d{2}:\d{2}\.$/);
    expect(await dial(customer.e164).answer('3*5093')).toBe(locked);
    // Nor can a new PIN be set while locked.
    expect(await dial(customer.e164).answer('7')).toBe(locked);
    await app.ctx.db.execute(sql`update ussd_callers set locked_until = now() - interval '1 minute'`);
    expect(await dial(customer.e164).answer('3*5093')).toMatch(/^END LN-/);
  });

  it('starts the count again after a right PIN', async () => {
    const customer = await customerWithLoan();
    await setPin(customer.e164, '7162', '1');
    await dial(customer.e164).answer('3*1111');
    await dial(customer.e164).answer('3*2222');
    expect(await dial(customer.e164).answer('3*7162')).toMatch(/^END LN-/);
    expect(await dial(customer.e164).answer('3*1111')).toContain('2 tries left');
  });

  it('refuses a wrong SMS code, a PIN that is not 4 digits and two PINs that differ', async () => {
    const customer = await customerWithLoan();
    await dial(customer.e164).answer('1');
    expect(await dial(customer.e164).answer('7*000000')).toBe(
      'END That code is wrong or has expired. Dial again for a new one.',
    );
    const short = dial(customer.e164);
    await short.answer('7');
    await short.answer(await lastSmsCode(app.ctx.db, customer.e164));
    expect(await short.answer('12345')).toBe('END A PIN is 4 digits. Dial again and try once more.');
    const differ = dial(customer.e164);
    await differ.answer('7');
    await differ.answer(await lastSmsCode(app.ctx.db, customer.e164));
    await differ.answer('4096');
    expect(await differ.answer('4097')).toBe('END The two PINs are not the same. Dial again and try once more.');
    expect(await dial(customer.e164).answer('8')).toBe(
      'END That is not on the menu. Dial again and choose a number shown.',
    );
    expect(await dial(customer.e164).answer('2')).toBe('END You have no PIN yet. Dial again and choose 7 to set one.');
  });
});

describe('the balance screen', () => {
  it('shows the wallet and what is left of each running loan’s next instalment, with its day', async () => {
    const customer = await customerWithLoan();
    const first = dial(customer.e164);
    await first.answer('1');
    const before = await first.answer('1');
    const [due] = await rows<{ amount_due: number; due_date: string }>(
      sql`select amount_due::int as amount_due, due_date::text as due_date from loan_repayments
          where loan_id = ${customer.loanId} order by number limit 1`,
    );
    const loan = (await customer.api.get('/api/loans')).body.loans[0] as { number: string };
    const { day: dayOf, money: formatUgx } = textsFor('english');
    const day = dayOf(due!.due_date);
    expect(before).toBe(`END Wallet: UGX 900,000\n${loan.number}: ${formatUgx(due!.amount_due)} by ${day}`);
    // Part of it paid: the rest of that instalment; all of it paid, the next one.
    await app.ctx.db.execute(
      sql`update loan_repayments set amount_paid = 1000, status = 'partly_paid' where loan_id = ${customer.loanId} and number = 1`,
    );
    expect(await dial(customer.e164).answer('1')).toContain(`${formatUgx(due!.amount_due - 1000)} by ${day}`);
    await app.ctx.db.execute(
      sql`update loan_repayments set amount_paid = amount_due, status = 'paid' where loan_id = ${customer.loanId} and number = 1`,
    );
    expect(await dial(customer.e164).answer('1')).not.toContain(`by ${day}`);
    await app.ctx.db.execute(sql`update loans set status = 'completed' where id = ${customer.loanId}`);
    expect(await dial(customer.e164).answer('1')).toBe('END Wallet: UGX 900,000\nNo loan payment due.');
  });
});

describe('paying by USSD', () => {
  it('starts no payment when the session stops before the PIN', async () => {
    const customer = await customerWithLoan();
    await setPin(customer.e164, '3817', '1');
    const pay = dial(customer.e164);
    await pay.answer('2');
    await pay.answer('1');
    expect(await pay.answer('40000')).toBe('CON Enter your PIN to pay UGX 40,000:');
    expect(await paymentsOf(customer.id)).toEqual([]);
  });

  it('tops up the wallet, refuses an amount out of bounds or beyond what the loan owes, and goes back with 0', async () => {
    const customer = await customerWithLoan();
    await setPin(customer.e164, '3817', '1');
    const menu = await dial(customer.e164).answer('2');
    expect(menu).toMatch(/^CON Pay for:\n1 LN-\d+ \(UGX 900,000 left\)\n2 My wallet\n0 Back$/);
    expect(await dial(customer.e164).answer('2*1*100')).toBe(
      'END Enter a whole amount from UGX 500 to UGX 5,000,000. Dial again to pay.',
    );
    expect(await dial(customer.e164).answer('2*1*950000')).toMatch(
      /^END You owe UGX 900,000 on LN-\d+: pay at most that/,
    );
    const back = dial(customer.e164);
    await back.answer('2');
    expect(await back.answer('0')).toMatch(/^CON EcoGrid\n1 Balance/);
    expect(await back.answer('2')).toBe(menu);
    await back.answer('2');
    await back.answer('20000');
    expect(await back.answer('3817')).toBe(
      'END A payment prompt for UGX 20,000 from MTN Mobile Money is coming to this phone. Enter your mobile money PIN there to pay.',
    );
    expect(await paymentsOf(customer.id)).toMatchObject([{ purpose: 'wallet_topup', amount: 20_000 }]);
  });
});

describe('the USSD callback', () => {
  it('welcomes an unknown number in the language it picks, without saying anything of any account', async () => {
    const stranger = dial(uniquePhone().e164);
    expect(await stranger.start()).toBe(
      'CON Choose language / Londa olulimi / Chagua lugha\n1 English\n2 Luganda\n3 Kiswahili',
    );
    expect(await stranger.answer('1')).toBe(
      'END Welcome to EcoGrid solar. This number has no EcoGrid account. Any EcoGrid agent can open one for you and show you how to pay.',
    );
    expect(await dial(uniquePhone().e164).answer('2')).toMatch(
      /^END Tukwaniriza mu EcoGrid solar\. Ennamba eno tegirina akawunti/,
    );
    expect(await dial(uniquePhone().e164).answer('3')).toMatch(/^END Karibu EcoGrid solar\. Namba hii haina akaunti/);
  });

  it('refuses a wrong token (401) and a missing or malformed field (400)', async () => {
    const fields = { sessionId: 'ATUid_1', serviceCode: '*384#', phoneNumber: '+256772000001', text: '' };
    const wrong = await postUssd(app.ctx, fields, 'not-the-token');
    expect(wrong.status).toBe(401);
    expect(((await wrong.json()) as { error: { code: string } }).error.code).toBe('bad_signature');
    const { sessionId: _, ...noSession } = fields;
    const missing = await postUssd(app.ctx, noSession);
    expect(missing.status).toBe(400);
    expect(((await missing.json()) as { error: { message: string } }).error.message).toMatch(/^sessionId/);
    expect((await postUssd(app.ctx, { ...fields, text: '1*<script>' })).status).toBe(400);
  });

  it('lists call-back requests to admins only', async () => {
    const customer = await customerWithLoan();
    expect((await customer.api.get('/api/admin/support-requests')).status).toBe(403);
    expect((await app.admin.api.get('/api/admin/support-requests?status=closed')).status).toBe(400);
  });
});
