/**
 * Pay-as-you-go credit: what a loan plan costs and when each instalment falls due, and how a
 * repayment is shared out over the instalments. Amounts are whole Uganda shillings; dates are
 * calendar dates (yyyy-mm-dd) in Kampala, where customers live and pay.
 */

export const LOAN_FREQUENCIES = ['daily', 'weekly', 'monthly'] as const;
export type LoanFrequency = (typeof LOAN_FREQUENCIES)[number];

export type LoanPlanTerms = {
  /** The deposit, in basis points of the credit price (2,500 = 25 %). */
  depositBp: number;
  /** How many instalments follow the deposit. */
  instalments: number;
  frequency: LoanFrequency;
  /** The flat markup over the cash price, in basis points (2,000 = 20 %). */
  markupBp: number;
};

/**
 * pending_approval → approved → active → completed, or cancelled (refused, or withdrawn before
 * the deposit). An active loan past the policy's days in arrears is defaulted (and active again
 * when its arrears are cleared); a defaulted loan ends repossessed (the unit recovered) or
 * written off. A plan whose deposit is 0 goes from approved to active at once.
 */
export const LOAN_STATUSES = [
  'pending_approval',
  'approved',
  'active',
  'completed',
  'defaulted',
  'cancelled',
  'repossessed',
  'written_off',
] as const;
export type LoanStatus = (typeof LOAN_STATUSES)[number];

export const LOAN_STATUS_LABELS: Record<LoanStatus, string> = {
  pending_approval: 'Waiting for approval',
  approved: 'Approved: pay the deposit',
  active: 'Active',
  completed: 'Paid off',
  defaulted: 'Defaulted',
  cancelled: 'Cancelled',
  repossessed: 'Repossessed',
  written_off: 'Written off',
};

/** The statuses that count as open against the limit: waiting, approved (deposit due) and active. */
export const OPEN_LOAN_STATUSES = ['pending_approval', 'approved', 'active'] as const satisfies readonly LoanStatus[];

export const REPAYMENT_STATUSES = ['due', 'partly_paid', 'paid'] as const;
export type RepaymentStatus = (typeof REPAYMENT_STATUSES)[number];

export const PLAN_LIMITS = {
  depositBp: { min: 0, max: 9_000 },
  instalments: { min: 1, max: 730 },
  markupBp: { min: 0, max: 20_000 },
} as const;

export type LoanQuote = {
  cashPrice: number;
  creditPrice: number;
  deposit: number;
  /** What the instalments add up to: the credit price less the deposit. */
  financed: number;
  /** Each instalment but the last. */
  instalment: number;
  /** The last instalment: the others' amount plus what rounding left over. */
  lastInstalment: number;
  instalments: number;
  frequency: LoanFrequency;
  /** What credit costs over paying cash: the credit price less the cash price. */
  costOfCredit: number;
  /** The days of use the deposit buys, for a loan started on the quote's day (see depositDays). */
  depositDays: number;
};

/** Rounds half up: shillings have no fractions. */
const roundShillings = (value: number) => Math.floor(value + 0.5);

function checkTerms(terms: LoanPlanTerms): void {
  for (const field of ['depositBp', 'instalments', 'markupBp'] as const) {
    const { min, max } = PLAN_LIMITS[field];
    const value = terms[field];
    if (!Number.isInteger(value) || value < min || value > max) {
      throw new RangeError(`${field} must be a whole number from ${min} to ${max}`);
    }
  }
  if (!LOAN_FREQUENCIES.includes(terms.frequency)) throw new RangeError('frequency must be daily, weekly or monthly');
}

/**
 * The price of a product on a plan, its deposit and its instalments, and the days the deposit
 * buys for a loan started on `startDate` (today in Kampala unless given).
 */
export function quoteLoan(
  cashPrice: number,
  terms: LoanPlanTerms,
  startDate: string = kampalaDate(new Date()),
): LoanQuote {
  if (!Number.isSafeInteger(cashPrice) || cashPrice <= 0)
    throw new RangeError('The cash price must be a whole number of shillings above 0');
  checkTerms(terms);
  const creditPrice = roundShillings((cashPrice * (10_000 + terms.markupBp)) / 10_000);
  const deposit = roundShillings((creditPrice * terms.depositBp) / 10_000);
  const financed = creditPrice - deposit;
  const instalment = Math.floor(financed / terms.instalments);
  return {
    cashPrice,
    creditPrice,
    deposit,
    financed,
    instalment,
    lastInstalment: financed - instalment * (terms.instalments - 1),
    instalments: terms.instalments,
    frequency: terms.frequency,
    costOfCredit: creditPrice - cashPrice,
    depositDays: depositDays(terms.frequency, startDate),
  };
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

function parseDate(iso: string): { y: number; m: number; d: number } {
  const match = ISO_DATE.exec(iso);
  if (!match) throw new RangeError(`Not a date: ${iso}`);
  const [y, m, d] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const check = new Date(Date.UTC(y, m - 1, d));
  if (check.getUTCMonth() !== m - 1 || check.getUTCDate() !== d) throw new RangeError(`Not a date: ${iso}`);
  return { y, m, d };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
const formatDate = (date: Date) =>
  `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1, 2)}-${pad(date.getUTCDate(), 2)}`;
const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** The calendar date in Kampala (East Africa Time, UTC+3 all year) at an instant. */
export const kampalaDate = (at: Date) => formatDate(new Date(at.getTime() + 3 * 3_600_000));

/** `iso` plus `days` calendar days. */
export function addDays(iso: string, days: number): string {
  const { y, m, d } = parseDate(iso);
  return formatDate(new Date(Date.UTC(y, m - 1, d + days)));
}

/**
 * `iso` plus `months` months, on the same day of the month, or the month's last day when it is
 * shorter (31 January → 28 or 29 February → 31 March: the day is kept from the start, not
 * carried from one short month to the next).
 */
export function addMonths(iso: string, months: number): string {
  const { y, m, d } = parseDate(iso);
  const index = y * 12 + (m - 1) + months;
  const year = Math.floor(index / 12);
  const month = (index % 12) + 1;
  return formatDate(new Date(Date.UTC(year, month - 1, Math.min(d, daysInMonth(year, month)))));
}

/** Whole days from `from` to `to`. */
export function daysBetween(from: string, to: string): number {
  const a = parseDate(from);
  const b = parseDate(to);
  return Math.round((Date.UTC(b.y, b.m - 1, b.d) - Date.UTC(a.y, a.m - 1, a.d)) / 86_400_000);
}

export type ScheduledInstalment = { number: number; dueDate: string; amountDue: number };

/**
 * The instalments of a loan whose deposit was paid on `startDate`: the first falls due one
 * period later, the last absorbs the rounding.
 */
export function repaymentSchedule(quote: LoanQuote, startDate: string): ScheduledInstalment[] {
  parseDate(startDate);
  return Array.from({ length: quote.instalments }, (_, i) => {
    const number = i + 1;
    return {
      number,
      dueDate: dueDateOf(quote.frequency, startDate, number),
      amountDue: number === quote.instalments ? quote.lastInstalment : quote.instalment,
    };
  });
}

/** When instalment `number` of a plan started on `startDate` falls due. */
export function dueDateOf(frequency: LoanFrequency, startDate: string, number: number): string {
  if (frequency === 'daily') return addDays(startDate, number);
  if (frequency === 'weekly') return addDays(startDate, 7 * number);
  return addMonths(startDate, number);
}

/**
 * The days of use the deposit buys: from the day it is paid to the day the first instalment falls
 * due, as pay-as-you-go lenders do (a daily plan's deposit buys 1 day, a weekly one's 7, a monthly
 * one's the days of that month). Repayments buy the days after those.
 */
export function depositDays(frequency: LoanFrequency, startDate: string): number {
  return daysBetween(startDate, dueDateOf(frequency, startDate, 1));
}

/**
 * What one day of use costs on a plan: the financed amount over the days the schedule spans,
 * rounded up so that paying everything never buys more days than the loan lasts.
 */
export function dailyRate(quote: LoanQuote, startDate: string): number {
  const days = daysBetween(startDate, dueDateOf(quote.frequency, startDate, quote.instalments));
  return Math.max(1, Math.ceil(quote.financed / days));
}

/** The whole days a payment buys at a daily rate. */
export const daysBought = (amount: number, rate: number) => Math.floor(amount / rate);

export type InstalmentBalance = { id: string; dueDate: string; amountDue: number; amountPaid: number };
export type Allocation = {
  /** What goes to each instalment, oldest due first; instalments that get nothing are left out. */
  applied: { id: string; amount: number }[];
  /** What is left once every instalment is paid: the loan is then paid off. */
  excess: number;
};

/**
 * Shares a repayment out: to the oldest amount still due first, then to the later instalments
 * in order of their due dates. Never pays an instalment more than it is due.
 */
export function allocateRepayment(instalments: InstalmentBalance[], amount: number): Allocation {
  if (!Number.isSafeInteger(amount) || amount <= 0)
    throw new RangeError('A repayment is a whole number of shillings above 0');
  const ordered = [...instalments].sort((a, b) => a.dueDate.localeCompare(b.dueDate) || a.id.localeCompare(b.id));
  let left = amount;
  const applied: Allocation['applied'] = [];
  for (const instalment of ordered) {
    if (left === 0) break;
    const owed = instalment.amountDue - instalment.amountPaid;
    if (owed <= 0) continue;
    const share = Math.min(owed, left);
    applied.push({ id: instalment.id, amount: share });
    left -= share;
  }
  return { applied, excess: left };
}
