import { eq, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { supportRequests } from '#src/db/schema/ussd.ts';
import { lastSmsCode, lastSmsTo } from '../../../test/auth-helpers.ts';
import { waitFor } from '../../../test/server-process.ts';
import { ussdTestApp } from './ussd-test-setup.ts';

const { app, dial, customerWithLoan, one, rows } = ussdTestApp();

/** Words each language's screens must show: the caller's choice on the first screen, then the menu's own. */
const LANGUAGES = [
  {
    name: 'English',
    choice: '1',
    menu: '2 Pay now',
    balance: 'Wallet: UGX 900,000',
    loans: 'Loans:',
    codeSent: '6-digit code by SMS',
    easy: 'too easy to guess',
    pinSet: 'Your PIN is set',
    sent: 'Sent to you by SMS',
    tokenSms: 'EcoGrid token for loan',
    payFor: 'Pay for:',
    prompt: 'A payment prompt for UGX 50,000 from MTN Mobile Money',
    topics: 'What is it about?',
    supportDone: 'Thank you.',
    saved: 'Kiwedde. EcoGrid egenda kwogera naawe mu Luganda.',
    savedChoice: '2',
  },
  {
    name: 'Luganda',
    choice: '2',
    menu: '2 Sasula kati',
    balance: 'Waleti: UGX 900,000',
    loans: 'Looni:',
    codeSent: 'koodi ya nnamba 6',
    easy: 'nnyangu nnyo',
    pinSet: 'PIN yo eteereddwawo',
    sent: 'tuzikuweerezza ku SMS',
    tokenSms: 'Tokeni ya EcoGrid',
    payFor: 'Sasulira:',
    prompt: 'Obubaka bwa MTN Mobile Money obwa UGX 50,000',
    topics: 'Kikwata ku ki?',
    supportDone: 'Webale.',
    saved: 'Imekamilika. EcoGrid itaongea nawe kwa Kiswahili sasa.',
    savedChoice: '3',
  },
  {
    name: 'Kiswahili',
    choice: '3',
    menu: '2 Lipa sasa',
    balance: 'Pochi: UGX 900,000',
    loans: 'Mikopo:',
    codeSent: 'tarakimu 6 kwa SMS',
    easy: 'rahisi mno',
    pinSet: 'PIN yako imewekwa',
    sent: 'Tumekutumia kwa SMS',
    tokenSms: 'Tokeni ya EcoGrid',
    payFor: 'Lipia:',
    prompt: 'Ombi la MTN Mobile Money la UGX 50,000',
    topics: 'Ni kuhusu nini?',
    supportDone: 'Asante.',
    saved: 'Done. EcoGrid will now speak English with you.',
    savedChoice: '1',
  },
];

describe('the USSD menu, walked screen by screen', () => {
  for (const words of LANGUAGES) {
    it(`serves a customer in ${words.name} through every branch`, async () => {
      const { ctx } = app;
      const customer = await customerWithLoan();
      const phone = customer.e164;

      // First session: the language choice, then the menu in that language.
      const first = dial(phone);
      expect(await first.start()).toMatch(/^CON Choose language.*\n1 English\n2 Luganda\n3 Kiswahili$/s);
      expect(await first.answer(words.choice)).toContain(words.menu);
      // The same session's later steps still read its first answer as the language.
      expect(await first.answer('1')).toContain(words.balance);

      // Later sessions open on the menu.
      expect(await dial(phone).start()).toMatch(new RegExp(`^CON EcoGrid\\n.*${words.menu}`, 's'));
      const loansScreen = await dial(phone).answer('4');
      expect(loansScreen).toMatch(/^END /);
      expect(loansScreen).toContain(words.loans);

      // 7 Set PIN: a code by SMS, a trivial PIN refused, then a good one twice.
      const easy = dial(phone);
      expect(await easy.answer('7')).toContain(words.codeSent);
      await easy.answer(await lastSmsCode(ctx.db, phone));
      expect(await easy.answer('1234')).toContain(words.easy);
      const setting = dial(phone);
      await setting.answer('7');
      await setting.answer(await lastSmsCode(ctx.db, phone));
      await setting.answer('4827');
      expect(await setting.answer('4827')).toContain(words.pinSet);

      // 3 My last tokens: behind the PIN, on screen and by SMS.
      const tokens = dial(phone);
      expect(await tokens.answer('3')).toMatch(/^CON /);
      const shown = await tokens.answer('4827');
      expect(shown).toMatch(new RegExp(`^END LN-\\d+: [\\d ]+\\n.*${words.sent}`));
      expect((await lastSmsTo(ctx.db, phone))?.body).toContain(words.tokenSms);

      // 2 Pay now for the loan: a prompt to this phone, once however often the last step repeats.
      const pay = dial(phone);
      expect(await pay.answer('2')).toContain(words.payFor);
      expect(await pay.answer('1')).toMatch(/^CON .*UGX/s);
      expect(await pay.answer('50000')).toMatch(/^CON .*UGX 50,000/s);
      expect(await pay.answer('4827')).toContain(words.prompt);
      await pay.again();
      const repayments = await rows<{ id: string; status: string }>(
        sql`select id, status from payments where user_id = ${customer.id} and purpose = 'loan_repayment' and method = 'mtn'`,
      );
      expect(repayments).toHaveLength(1);
      let status = repayments[0]!.status;
      await waitFor(
        () => status === 'successful',
        'the repayment to settle',
        10_000,
        async () => {
          ({ status } = await one<{ status: string }>(
            sql`select status from payments where id = ${repayments[0]!.id}`,
          ));
        },
      );
      const loan = await one<{ paid: string }>(sql`select paid from loans where id = ${customer.loanId}`);
      expect(Number(loan.paid)).toBe(300_000 + 50_000);

      // 5 Talk to us: a support request that reaches the admins.
      const talk = dial(phone);
      expect(await talk.answer('5')).toContain(words.topics);
      expect(await talk.answer('2')).toContain(words.supportDone);
      await talk.again();
      const requests = await ctx.db.select().from(supportRequests).where(eq(supportRequests.customerId, customer.id));
      expect(requests).toMatchObject([{ channel: 'ussd', topic: 'device', status: 'open' }]);
      const told = await rows<{ data: { supportRequestId: string } }>(
        sql`select data from notifications where user_id = ${app.admin.id} and type = 'support'`,
      );
      expect(told.some((n) => n.data.supportRequestId === requests[0]!.id)).toBe(true);
      const listed = await app.admin.api.get('/api/admin/support-requests');
      expect(listed.status).toBe(200);
      expect(listed.body.items).toContainEqual(
        expect.objectContaining({ id: requests[0]!.id, customerPhone: phone, topic: 'device', status: 'open' }),
      );

      // 6 Change language: said in the new one.
      const language = dial(phone);
      await language.answer('6');
      expect(await language.answer(words.savedChoice)).toBe(`END ${words.saved}`);
    });
  }
});
