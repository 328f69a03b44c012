/**
 * Changes to a running loan's schedule, always quoted to the customer before they apply: an
 * extension of the term, a pause while a device fault is open, and the discount for paying off
 * early. Paid instalments never change; what is still owed is conserved (plus any fee).
 */
import { addDays, dueDateOf, type LoanFrequency } from './credit.ts';

export type ScheduleLine = { number: number; dueDate: string; amountDue: number; amountPaid: number };

const owedOn = (line: ScheduleLine) => line.amountDue - line.amountPaid;

export type ExtensionQuote = {
  /** The schedule after the extension: paid lines as they were, then the new ones. */
  schedule: ScheduleLine[];
  /** What was owed before, and the fee the extension adds to it. */
  owedBefore: number;
  fee: number;
  owedAfter: number;
  /** Each new instalment but the last, and the last (which absorbs the rounding). */
  instalment: number;
  lastInstalment: number;
};

/**
 * Spreads what is still owed, plus `feePerInstalment` for each instalment added, over the unpaid
 * instalments and `add` more, at the loan's frequency. The unpaid instalments keep their due
 * dates and the added ones follow the last; part-paid instalments keep what was paid on them (the payment stays where it went, and
 * the line's new amount is at least that).
 */
export function quoteExtension(
  lines: readonly ScheduleLine[],
  frequency: LoanFrequency,
  add: number,
  feePerInstalment: number,
): ExtensionQuote {
  if (!Number.isInteger(add) || add < 1) throw new RangeError('An extension adds at least one instalment');
  const sorted = [...lines].sort((a, b) => a.number - b.number);
  const open = sorted.filter((line) => owedOn(line) > 0);
  if (open.length === 0) throw new RangeError('Nothing is owed on this loan');
  const kept = sorted.filter((line) => owedOn(line) <= 0);
  const owedBefore = open.reduce((sum, line) => sum + owedOn(line), 0);
  const fee = add * feePerInstalment;
  const count = open.length + add;
  const owedAfter = owedBefore + fee;
  const instalment = Math.floor(owedAfter / count);
  const lastInstalment = owedAfter - instalment * (count - 1);
  // The open instalments keep their dates; the added ones follow the last, one period apart.
  const start = open[0]!;
  const last = open[open.length - 1]!.dueDate;
  const dueOf = (i: number) => (i < open.length ? open[i]!.dueDate : dueDateOf(frequency, last, i - open.length + 1));
  const fresh = Array.from({ length: count }, (_, i) => {
    const paidBefore = i < open.length ? open[i]!.amountPaid : 0;
    return {
      number: start.number + i,
      dueDate: dueOf(i),
      amountDue: (i === count - 1 ? lastInstalment : instalment) + paidBefore,
      amountPaid: paidBefore,
    };
  });
  return { schedule: [...kept, ...fresh], owedBefore, fee, owedAfter, instalment, lastInstalment };
}

/** Moves every unpaid instalment `days` later (a pause while a reported device fault is open). */
export function pauseSchedule(lines: readonly ScheduleLine[], days: number): ScheduleLine[] {
  if (!Number.isInteger(days) || days < 1) throw new RangeError('A pause is at least one day');
  return lines.map((line) => (owedOn(line) > 0 ? { ...line, dueDate: addDays(line.dueDate, days) } : line));
}

export type PayoffQuote = {
  /** Everything still owed. */
  owed: number;
  /** The part of the credit charge still ahead: the charge in proportion to what is owed. */
  chargeAhead: number;
  discount: number;
  /** What paying off today costs. */
  payoff: number;
};

/**
 * What paying a loan off today costs: what is owed less `discountBp` of the credit charge still
 * ahead (the cost of credit in proportion of the financed amount still owed), rounded down.
 */
export function quotePayoff(
  loan: { creditPrice: number; cashPrice: number; deposit: number; paid: number },
  discountBp: number,
): PayoffQuote {
  const owed = Math.max(0, loan.creditPrice - loan.paid);
  const financed = loan.creditPrice - loan.deposit;
  const charge = loan.creditPrice - loan.cashPrice;
  const chargeAhead = financed > 0 ? Math.floor((charge * Math.min(owed, financed)) / financed) : 0;
  const discount = Math.floor((chargeAhead * discountBp) / 10_000);
  return { owed, chargeAhead, discount, payoff: owed - discount };
}

/**
 * The schedule once an early-payoff discount is taken off it: from the last instalment back,
 * each unpaid amount is lowered until the discount is used up, so what the lines still ask for
 * is exactly the payoff amount.
 */
export function discountSchedule(lines: readonly ScheduleLine[], discount: number): ScheduleLine[] {
  let left = discount;
  const sorted = [...lines].sort((a, b) => a.number - b.number);
  for (let i = sorted.length - 1; i >= 0 && left > 0; i -= 1) {
    const line = sorted[i]!;
    const off = Math.min(left, owedOn(line));
    if (off > 0) sorted[i] = { ...line, amountDue: line.amountDue - off };
    left -= off;
  }
  return sorted;
}
