import { smsText } from '@ecogrid/core/notifications';
import { describe, expect, it } from 'vitest';
import { cashReceiptText } from '#src/features/agents/cash-receipt-text.ts';
import { registrationSms } from '#src/features/agents/lead-texts.ts';
import { saleTermsSms } from '#src/features/agents/sales-sms.ts';
import { noticeWords } from '#src/features/notifications/notifications.service.ts';
import { nonGsm7, smsParts } from '#src/platform/gsm7.ts';
import { textsFor } from '#src/platform/i18n.ts';

/** Long but real values: the longest names, amounts and tokens an SMS carries. */
const AGENT = 'Nalubega Christine Namukwaya (AG-0042)';
const CODE = '482913';
const TOKEN = '12345678901234567890';
const AMOUNT = 1_250_000;
const PAYBILL = '1234567890';
const ACCOUNT = '1000009';

/** A loan reminder's SMS as the notifier writes it, with the paybill way to pay, and the message it carries. */
function reminder(language: string, key: string, count: number) {
  const values = {
    loan: 'LN-2026-00042',
    amount: 'UGX 1,250,000',
    count,
    context: 'paybill',
    paybill: PAYBILL,
    account: ACCOUNT,
  };
  const { title, message } = noticeWords({ text: { key: `notifications:loan.${key}`, values } }, language);
  return { sms: smsText(title, message), message };
}

const quote = {
  lines: [
    {
      name: 'Solar home system 80 W',
      quantity: 2,
      credit: { deposit: 250_000, instalments: 12, frequency: 'monthly', instalment: 104_200 },
    },
  ],
  cashSubtotal: 0,
  deliveryFee: 0,
  deposits: 500_000,
  costOfCredit: 250_000,
  waitingForApproval: 0,
  payNow: 500_000,
  total: 3_000_000,
} as unknown as Parameters<typeof saleTermsSms>[0]['quote'];

const LOAN = 'LN-0000042';
const UGX = 'UGX 1,250,000';
const SERIAL = 'SK-HOME60-2026-000123';

/** The loan notices sent by SMS as well, as the SMS carries them (title and message). */
const NOTICES = {
  paused: { key: 'loan-notices:paused', values: { loan: LOAN, until: { day: '2026-12-31' }, count: 30 } },
  extended: {
    key: 'loan-notices:extended',
    values: { loan: LOAN, added: 6, fee: UGX, instalments: 18, amount: UGX, day: { day: '2027-12-31' }, total: UGX },
  },
  swapped: {
    key: 'loan-notices:swappedCharged',
    values: {
      loan: LOAN,
      fresh: SERIAL,
      old: SERIAL,
      amount: UGX,
      next: { text: { key: 'loan-notices:swapNext.tokenDays', values: { token: TOKEN, count: 30 } } },
    },
  },
  repossessed: { key: 'loan-notices:repossessed', values: { loan: LOAN, product: 'Sun King Home 60 System' } },
  overdue: { key: 'notifications:loan.overdue', values: { loan: LOAN, amount: UGX, count: 45 } },
  ticketInfoRequest: { key: 'support:infoRequest', values: { ticket: 'TKT-1000123' } },
};

const noticeSms = (language: string) =>
  Object.fromEntries(
    Object.entries(NOTICES).map(([name, text]) => {
      const { title, message } = noticeWords({ text }, language);
      return [`notice.${name}`, smsText(title, message)];
    }),
  );

/** Every SMS the server writes itself, rendered for one language. */
function everySms(language: string): Record<string, string> {
  const { t } = textsFor(language);
  return {
    ...noticeSms(language),
    'codes.phone': t('sms:codes.phone', { code: CODE }),
    'codes.passwordReset': t('sms:codes.passwordReset', { code: CODE }),
    'codes.signIn': t('sms:codes.signIn', { code: CODE }),
    'codes.withdrawal': t('sms:codes.withdrawal', { code: CODE }),
    existingAccount: t('sms:existingAccount'),
    phoneChanged: t('sms:phoneChanged'),
    consent: t('sms:consent', { agent: AGENT, code: CODE, minutes: 10 }),
    registration: registrationSms(language, { agent: AGENT, code: CODE, minutes: 10 }),
    sale: saleTermsSms({ agent: AGENT, quote, code: CODE, minutes: 10 }, language),
    cashReceipt: cashReceiptText(language, {
      receiptNumber: 'RC-2026-000123',
      amount: AMOUNT,
      agentName: AGENT,
      what: 'loan LN-2026-00042',
      token: TOKEN,
    }),
    reminderDueSoon: reminder(language, 'dueSoon', 7).sms,
    reminderDueToday: reminder(language, 'dueToday', 0).sms,
    reminderOverdue: reminder(language, 'overdue', 30).sms,
  };
}

describe('every SMS the server writes', () => {
  for (const language of ['english', 'luganda', 'swahili']) {
    describe(`in ${language}`, () => {
      for (const [name, text] of Object.entries(everySms(language))) {
        // The sale's terms are the agreement the customer accepts: all of them are sent, and one
        // credit line already takes three parts (each further line adds about one).
        const most = name === 'sale' ? 3 : 2;
        it(`${name} is GSM-7 in at most ${most} parts, with every value filled in`, () => {
          expect(nonGsm7(text)).toEqual([]);
          expect(smsParts(text)).toBeLessThanOrEqual(most);
          expect(text).not.toMatch(/\{\{|\}\}/);
          // Whole: a notice's SMS longer than two parts would be cut, ending in dots.
          expect(text).not.toMatch(/\.\.\.$/);
        });
      }

      it('differs from English unless it is English', () => {
        const english = everySms('english');
        const texts = everySms(language);
        const same = Object.keys(texts).filter((k) => texts[k] === english[k]);
        expect(same).toEqual(language === 'english' ? Object.keys(texts) : []);
      });
    });
  }

  it.each(['english', 'luganda', 'swahili'])(
    'a loan reminder in %s carries the paybill and account numbers, whole',
    (language) => {
      for (const key of ['dueSoon', 'dueToday', 'overdue']) {
        const { sms, message } = reminder(language, key, 30);
        // Two parts cut short would lose how to pay: the whole message must fit.
        expect(sms).toContain(message);
        expect(message).toContain(PAYBILL);
        expect(message).toContain(ACCOUNT);
      }
    },
  );

  it('counts parts as the networks do', () => {
    expect(smsParts('a'.repeat(160))).toBe(1);
    expect(smsParts('a'.repeat(161))).toBe(2);
    expect(smsParts('a'.repeat(306))).toBe(2);
    expect(smsParts('€'.repeat(80))).toBe(1);
    expect(nonGsm7('ŋ ’ ×')).toEqual(['ŋ', '’', '×']);
    expect(smsText('Title', 'x'.repeat(400)).length).toBeLessThanOrEqual(306);
  });
});
