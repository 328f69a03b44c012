import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  discountSchedule,
  pauseSchedule,
  quoteExtension,
  quotePayoff,
  type ScheduleLine,
} from './credit-restructure.ts';

const line = (number: number, dueDate: string, amountDue: number, amountPaid = 0): ScheduleLine => ({
  number,
  dueDate,
  amountDue,
  amountPaid,
});
const owed = (lines: ScheduleLine[]) => lines.reduce((sum, l) => sum + l.amountDue - l.amountPaid, 0);

describe('an extension of the term', () => {
  const schedule = [
    line(1, '2026-09-01', 50_000, 50_000),
    line(2, '2026-10-01', 50_000, 20_000),
    line(3, '2026-11-01', 50_000),
    line(4, '2026-12-01', 50_000),
  ];

  it('keeps paid lines and dates, adds the new instalments a period apart, and conserves what is owed plus the fee', () => {
    const quote = quoteExtension(schedule, 'monthly', 2, 5_000);
    expect(quote).toMatchObject({ owedBefore: 130_000, fee: 10_000, owedAfter: 140_000, instalment: 28_000 });
    expect(quote.schedule).toEqual([
      line(1, '2026-09-01', 50_000, 50_000),
      line(2, '2026-10-01', 48_000, 20_000),
      line(3, '2026-11-01', 28_000),
      line(4, '2026-12-01', 28_000),
      line(5, '2027-01-01', 28_000),
      line(6, '2027-02-01', 28_000),
    ]);
    expect(owed(quote.schedule)).toBe(owed(schedule) + quote.fee);
  });

  it('conserves the total over any schedule, frequency and fee', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.integer({ min: 1, max: 200_000 }), fc.integer({ min: 0, max: 100 })), {
          minLength: 1,
          maxLength: 40,
        }),
        fc.integer({ min: 1, max: 24 }),
        fc.integer({ min: 0, max: 20_000 }),
        fc.constantFrom('daily' as const, 'weekly' as const, 'monthly' as const),
        (rows, add, fee, frequency) => {
          const lines = rows.map(([due, paidPct], i) =>
            line(i + 1, `2026-01-${String((i % 28) + 1).padStart(2, '0')}`, due, Math.floor((due * paidPct) / 100)),
          );
          if (owed(lines) === 0) return;
          const quote = quoteExtension(lines, frequency, add, fee);
          expect(owed(quote.schedule)).toBe(owed(lines) + add * fee);
          expect(quote.schedule.every((l) => l.amountDue >= l.amountPaid)).toBe(true);
        },
      ),
    );
  });

  it('refuses a loan with nothing owed, and an extension of no instalments', () => {
    expect(() => quoteExtension([line(1, '2026-09-01', 10, 10)], 'weekly', 1, 0)).toThrow('Nothing is owed');
    expect(() => quoteExtension(schedule, 'weekly', 0, 0)).toThrow('at least one instalment');
  });
});

describe('a pause for a device fault', () => {
  it('moves only the unpaid instalments', () => {
    const paused = pauseSchedule([line(1, '2026-11-01', 10, 10), line(2, '2026-11-08', 10, 4)], 10);
    expect(paused.map((l) => l.dueDate)).toEqual(['2026-11-01', '2026-11-18']);
  });
});

describe('paying off early', () => {
  it('takes the discount share off the credit charge still ahead', () => {
    // Cash 1,000,000, credit 1,300,000, deposit 300,000: 1,000,000 financed carrying a 300,000
    // charge. Half of it owed: 150,000 of charge ahead, half of that off.
    expect(
      quotePayoff({ cashPrice: 1_000_000, creditPrice: 1_300_000, deposit: 300_000, paid: 800_000 }, 5_000),
    ).toEqual({
      owed: 500_000,
      chargeAhead: 150_000,
      discount: 75_000,
      payoff: 425_000,
    });
  });

  it('gives nothing off with no discount, and costs nothing on a paid-off loan', () => {
    const loan = { cashPrice: 900, creditPrice: 1_000, deposit: 100, paid: 550 };
    expect(quotePayoff(loan, 0).payoff).toBe(450);
    expect(quotePayoff({ ...loan, paid: 1_000 }, 5_000)).toEqual({ owed: 0, chargeAhead: 0, discount: 0, payoff: 0 });
  });
});

describe('the schedule of an early payoff', () => {
  it('takes the discount off the last unpaid instalments first, leaving paid ones alone', () => {
    const lines = [line(1, '2026-11-01', 100, 100), line(2, '2026-11-08', 100, 30), line(3, '2026-11-15', 100)];
    const after = discountSchedule(lines, 150);
    expect(after.map((l) => l.amountDue)).toEqual([100, 50, 0]);
    const stillAsked = after.reduce((sum, l) => sum + l.amountDue - l.amountPaid, 0);
    expect(stillAsked).toBe(170 - 150);
  });
});
