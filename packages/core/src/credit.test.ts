import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  allocateRepayment,
  dailyRate,
  daysBetween,
  daysBought,
  depositDays,
  LOAN_FREQUENCIES,
  PLAN_LIMITS,
  quoteLoan,
  repaymentSchedule,
  type LoanPlanTerms,
} from './credit.ts';

const terms = fc.record<LoanPlanTerms>({
  depositBp: fc.integer(PLAN_LIMITS.depositBp),
  instalments: fc.integer(PLAN_LIMITS.instalments),
  frequency: fc.constantFrom(...LOAN_FREQUENCIES),
  markupBp: fc.integer(PLAN_LIMITS.markupBp),
});
const cashPrice = fc.integer({ min: 1_000, max: 50_000_000 });
const startDate = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2030-12-31T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString().slice(0, 10));

describe('a loan quote and its schedule, over many plans', () => {
  it('has instalments that add up to the credit price less the deposit, the last absorbing the rounding', () => {
    fc.assert(
      fc.property(cashPrice, terms, startDate, (price, plan, start) => {
        const quote = quoteLoan(price, plan);
        const schedule = repaymentSchedule(quote, start);
        expect(schedule).toHaveLength(plan.instalments);
        expect(schedule.reduce((sum, i) => sum + i.amountDue, 0)).toBe(quote.creditPrice - quote.deposit);
        expect(schedule.slice(0, -1).filter((i) => i.amountDue !== quote.instalment)).toEqual([]);
        const remainder = quote.lastInstalment - quote.instalment;
        expect(remainder).toBeGreaterThanOrEqual(0);
        expect(remainder).toBeLessThan(plan.instalments);
        expect(quote.creditPrice).toBeGreaterThanOrEqual(price);
        expect(quote.costOfCredit).toBe(quote.creditPrice - price);
      }),
      { numRuns: 500 },
    );
  });

  it('falls due once per period, in order, starting one period after the deposit', () => {
    fc.assert(
      fc.property(cashPrice, terms, startDate, (price, plan, start) => {
        const schedule = repaymentSchedule(quoteLoan(price, plan), start);
        const gaps = schedule.map((instalment, i) =>
          daysBetween(i === 0 ? start : schedule[i - 1]!.dueDate, instalment.dueDate),
        );
        const allowed = plan.frequency === 'daily' ? [1] : plan.frequency === 'weekly' ? [7] : [28, 29, 30, 31];
        expect(gaps.filter((gap) => !allowed.includes(gap))).toEqual([]);
      }),
      { numRuns: 300 },
    );
  });

  it('never sells more days than the loan lasts for the whole amount', () => {
    fc.assert(
      fc.property(cashPrice, terms, startDate, (price, plan, start) => {
        const quote = quoteLoan(price, plan);
        const days = daysBetween(start, repaymentSchedule(quote, start).at(-1)!.dueDate);
        expect(daysBought(quote.financed, dailyRate(quote, start))).toBeLessThanOrEqual(days);
      }),
      { numRuns: 300 },
    );
  });
});

describe('monthly due dates', () => {
  it('keep the starting day, or the last day of a shorter month, including leap years', () => {
    const schedule = repaymentSchedule(
      quoteLoan(1_200_000, { depositBp: 2_000, instalments: 14, frequency: 'monthly', markupBp: 2_500 }),
      '2027-12-31',
    ).map((i) => i.dueDate);
    expect(schedule).toEqual([
      '2028-01-31',
      '2028-02-29',
      '2028-03-31',
      '2028-04-30',
      '2028-05-31',
      '2028-06-30',
      '2028-07-31',
      '2028-08-31',
      '2028-09-30',
      '2028-10-31',
      '2028-11-30',
      '2028-12-31',
      '2029-01-31',
      '2029-02-28',
    ]);
    expect(addMonths('2028-02-29', 12)).toBe('2029-02-28');
    expect(addMonths('2028-02-29', 48)).toBe('2032-02-29');
    expect(addMonths('2026-11-30', 3)).toBe('2027-02-28');
  });

  it('cross the end of a year for daily and weekly plans', () => {
    const daily = repaymentSchedule(
      quoteLoan(90_000, { depositBp: 1_000, instalments: 3, frequency: 'daily', markupBp: 0 }),
      '2028-02-28',
    );
    expect(daily.map((i) => i.dueDate)).toEqual(['2028-02-29', '2028-03-01', '2028-03-02']);
    const weekly = repaymentSchedule(
      quoteLoan(90_000, { depositBp: 1_000, instalments: 2, frequency: 'weekly', markupBp: 0 }),
      '2026-12-28',
    );
    expect(weekly.map((i) => i.dueDate)).toEqual(['2027-01-04', '2027-01-11']);
  });
});

describe('the days a deposit buys', () => {
  it('runs to the first due date: 1 day, 7 days, or the days of the month the loan starts in', () => {
    const plan = { depositBp: 1_000, instalments: 3, markupBp: 0 };
    expect(quoteLoan(90_000, { ...plan, frequency: 'daily' }, '2028-02-28').depositDays).toBe(1);
    expect(quoteLoan(90_000, { ...plan, frequency: 'weekly' }, '2028-02-28').depositDays).toBe(7);
    expect(quoteLoan(90_000, { ...plan, frequency: 'monthly' }, '2028-02-15').depositDays).toBe(29);
    expect(quoteLoan(90_000, { ...plan, frequency: 'monthly' }, '2027-02-15').depositDays).toBe(28);
    expect(depositDays('monthly', '2027-01-31')).toBe(28);
  });

  it('ends on the first instalment of the schedule started the same day', () => {
    fc.assert(
      fc.property(cashPrice, terms, startDate, (price, plan, start) => {
        const quote = quoteLoan(price, plan, start);
        expect(addDays(start, quote.depositDays)).toBe(repaymentSchedule(quote, start)[0]!.dueDate);
      }),
      { numRuns: 200 },
    );
  });
});

describe('a quote in figures', () => {
  it('gives a 1,000,000 home system on 20 % markup, 25 % deposit and 12 monthly instalments', () => {
    const terms = { depositBp: 2_500, instalments: 12, frequency: 'monthly', markupBp: 2_000 } as const;
    expect(quoteLoan(1_000_000, terms, '2027-01-15')).toEqual({
      cashPrice: 1_000_000,
      creditPrice: 1_200_000,
      deposit: 300_000,
      financed: 900_000,
      instalment: 75_000,
      lastInstalment: 75_000,
      instalments: 12,
      frequency: 'monthly',
      costOfCredit: 200_000,
      // 15 January to 15 February.
      depositDays: 31,
    });
    // 100,001 on 7 instalments: 14,285 six times and 14,291 last.
    const odd = quoteLoan(100_001, { depositBp: 0, instalments: 7, frequency: 'weekly', markupBp: 0 });
    expect([odd.instalment, odd.lastInstalment]).toEqual([14_285, 14_291]);
  });

  it('refuses terms out of range', () => {
    expect(() => quoteLoan(0, { depositBp: 0, instalments: 1, frequency: 'daily', markupBp: 0 })).toThrow(/cash price/);
    expect(() => quoteLoan(1_000, { depositBp: 9_500, instalments: 1, frequency: 'daily', markupBp: 0 })).toThrow(
      /depositBp/,
    );
    expect(() => quoteLoan(1_000, { depositBp: 0, instalments: 0, frequency: 'daily', markupBp: 0 })).toThrow(
      /instalments/,
    );
  });
});

describe('allocating a repayment', () => {
  const rows = [
    { id: 'c', dueDate: '2027-03-01', amountDue: 75_000, amountPaid: 0 },
    { id: 'a', dueDate: '2027-01-01', amountDue: 75_000, amountPaid: 75_000 },
    { id: 'b', dueDate: '2027-02-01', amountDue: 75_000, amountPaid: 20_000 },
  ];

  it('pays the oldest amount still due first (an underpayment)', () => {
    expect(allocateRepayment(rows, 30_000)).toEqual({ applied: [{ id: 'b', amount: 30_000 }], excess: 0 });
  });

  it('pays exactly what is due', () => {
    expect(allocateRepayment(rows, 130_000)).toEqual({
      applied: [
        { id: 'b', amount: 55_000 },
        { id: 'c', amount: 75_000 },
      ],
      excess: 0,
    });
  });

  it('returns what is left over once everything is paid (an overpayment)', () => {
    expect(allocateRepayment(rows, 200_000)).toEqual({
      applied: [
        { id: 'b', amount: 55_000 },
        { id: 'c', amount: 75_000 },
      ],
      excess: 70_000,
    });
  });

  it('never pays an instalment more than it is due, and accounts for every shilling', () => {
    fc.assert(
      fc.property(
        fc.array(
          fc.record({
            due: fc.integer({ min: 1, max: 500_000 }),
            paidShare: fc.double({ min: 0, max: 1, noNaN: true }),
          }),
          {
            minLength: 1,
            maxLength: 40,
          },
        ),
        fc.integer({ min: 1, max: 5_000_000 }),
        (spec, amount) => {
          const instalments = spec.map((s, i) => ({
            id: String(i).padStart(3, '0'),
            dueDate: addMonths('2027-01-15', i),
            amountDue: s.due,
            amountPaid: Math.floor(s.due * s.paidShare),
          }));
          const { applied, excess } = allocateRepayment(instalments, amount);
          expect(applied.reduce((sum, a) => sum + a.amount, 0) + excess).toBe(amount);
          for (const share of applied) {
            const row = instalments.find((i) => i.id === share.id)!;
            expect(share.amount).toBeGreaterThan(0);
            expect(share.amount).toBeLessThanOrEqual(row.amountDue - row.amountPaid);
          }
          // Only the last instalment paid may be paid in part.
          for (const share of applied.slice(0, -1)) {
            const row = instalments.find((i) => i.id === share.id)!;
            expect(share.amount).toBe(row.amountDue - row.amountPaid);
          }
          const owed = instalments.reduce((sum, i) => sum + i.amountDue - i.amountPaid, 0);
          expect(excess).toBe(Math.max(0, amount - owed));
        },
      ),
      { numRuns: 300 },
    );
  });
});
