import { formatUgx } from '@ecogrid/core';
import { addDays, daysBetween, kampalaDate } from '@ecogrid/core/credit';
import type { SwapReason } from '@ecogrid/core/collections';
import { loanNumber } from '@ecogrid/core/loans';
import { MAX_ACTIVATION_VALUE } from '@ecogrid/core/openpaygo';
import { eq, sql } from 'drizzle-orm';
import type { Tx } from '#src/db/client.ts';
import { devices, loanRepayments, loans, type LoanRow } from '#src/db/schema/loans.ts';
import { AppError } from '#src/platform/errors.ts';
import type { CatalogueText } from '#src/platform/i18n.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { productForSale } from '#src/features/catalog/stock.service.ts';
import { recordDeviceSwap } from '#src/features/credit/device-swaps.service.ts';
import { sendNotification } from '#src/features/notifications/notifications.service.ts';
import { HOUSE_ACCOUNTS, postJournal } from '#src/features/wallet/ledger.service.ts';
import { issueToken, takeDeviceForDelivery } from './devices.service.ts';
import { loanEvent, lockLoan, type LoanDeps } from './loan-rows.ts';
import { loanView } from './loan-views.ts';
import { spaced } from './tokens.ts';
import { mainStockLocationId } from '#src/features/catalog/stock-places.service.ts';

export type SwapInput = {
  /** The replacement's serial number; without one, the oldest unit of the product in stock. */
  newSerial?: string | undefined;
  reason: SwapReason;
  note?: string | undefined;
  /** What an out-of-warranty swap costs the customer (UGX), added to what they owe. */
  charge: number;
  /** The admin accepts the quoted charge; a swap that costs something is refused without it. */
  confirmCharge?: boolean | undefined;
};

const SWAPPABLE: readonly LoanRow['status'][] = ['active', 'defaulted', 'completed'];

/**
 * What a swap would do, worked out in the caller's transaction: the unit in (picked as delivery
 * picks one), whether the unit out is under warranty (its last warranty day is today or later),
 * the charge (none for a fault under warranty), and the days of use the new unit gets: those paid
 * for and not yet used, from today to the day the payments reach.
 */
async function planSwap(tx: Tx, loan: LoanRow, input: SwapInput) {
  if (!SWAPPABLE.includes(loan.status) || !loan.deviceId) {
    throw new AppError(
      'loan_not_swappable',
      'Only a running or paid-off loan with a unit delivered can move to another unit.',
      409,
    );
  }
  const [old] = await tx.select().from(devices).where(eq(devices.id, loan.deviceId));
  const today = kampalaDate(new Date());
  const underWarranty = old!.warrantyUntil !== null && old!.warrantyUntil >= today;
  const free = underWarranty && input.reason === 'fault';
  const product = await productForSale(tx, loan.productId);
  const unit = await takeDeviceForDelivery(tx, {
    productId: loan.productId,
    productName: product?.name ?? loan.productName,
    serial: input.newSerial ?? null,
    forWhat: `loan ${loanNumber(loan.seq)}`,
    warrantyMonths: product?.warrantyMonths ?? 0,
  });
  const [fresh] = await tx.select().from(devices).where(eq(devices.id, unit.id));
  const paidUntil = addDays(loan.startDate!, loan.daysBought);
  const remaining = Math.max(0, daysBetween(today, paidUntil));
  // One SET_TIME token carries at most 995 units of the device's time divider; the rest follows
  // with the next repayment's ADD_TIME token.
  const daysCarried = Math.min(remaining, Math.floor(MAX_ACTIVATION_VALUE / fresh!.timeDivider));
  const charge = free ? 0 : input.charge;
  if (charge > 0 && loan.status === 'completed') {
    throw new AppError(
      'swap_charge_paid_off',
      'This loan is paid off, so a charge cannot be added to it: swap without a charge and sell the work separately.',
      409,
    );
  }
  return {
    old: old!,
    fresh: fresh!,
    underWarranty,
    charge,
    daysCarried,
    daysLeftOver: remaining - daysCarried,
  };
}

type SwapPlan = Awaited<ReturnType<typeof planSwap>>;

/** A charge on the loan joins the oldest unpaid instalment as its fee, so repayments collect it. */
async function chargeNextInstalment(tx: Tx, loanId: string, charge: number) {
  await tx.execute(sql`
    update loan_repayments set amount_due = amount_due + ${charge}, late_fee = late_fee + ${charge},
      status = case when status = 'paid' then 'partly_paid' else status end, paid_at = null
    where id = (select id from loan_repayments where loan_id = ${loanId} and status <> 'paid'
                order by number limit 1)`);
}

const quoteOf = (loan: LoanRow, plan: SwapPlan) => ({
  loanId: loan.id,
  oldSerial: plan.old.serialNumber,
  newSerial: plan.fresh.serialNumber,
  warrantyUntil: plan.old.warrantyUntil,
  underWarranty: plan.underWarranty,
  charge: plan.charge,
  token: loan.status === 'completed' ? ('DISABLE_PAYG' as const) : ('SET_TIME' as const),
  daysCarried: loan.status === 'completed' ? 0 : plan.daysCarried,
  owedAfter: loan.creditPrice + loan.fees + plan.charge - loan.paid - loan.forgiven,
});

export type SwapQuote = ReturnType<typeof quoteOf>;

/** Rolls the preview's transaction back once it is read, so the unit picked stays in stock. */
class Preview extends Error {
  constructor(readonly quote: SwapQuote) {
    super('swap preview');
  }
}

/** What a swap would do, changing nothing: the admin reads it before confirming. */
export async function previewSwap(deps: LoanDeps, loanId: string, input: SwapInput): Promise<SwapQuote> {
  try {
    await deps.db.transaction(async (tx) => {
      const loan = await lockLoan(tx, loanId, null);
      throw new Preview(quoteOf(loan, await planSwap(tx, loan, input)));
    });
  } catch (error) {
    if (error instanceof Preview) return error.quote;
    throw error;
  }
  throw new Error('unreachable');
}

/**
 * Moves a loan to a replacement unit (audited; the customer is texted the new token): the old
 * unit is returned, the new one assigned and sent the days paid for and not yet used by a
 * SET_TIME token (or the unlock, for a loan paid off), later repayments' tokens go to it, and the
 * schedule is unchanged. A charge is owed on top of the loan (receivable to fee income), as a
 * fee on the next unpaid instalment: repayments pay it first and it buys no days of use.
 */
export async function swapDevice(deps: LoanDeps, input: SwapInput & { loanId: string; actorId: string }) {
  if (!deps.deviceKeys) throw new Error('Issuing a device token needs the device-key box');
  const box = deps.deviceKeys;
  return deps.db.transaction(async (tx) => {
    const loan = await lockLoan(tx, input.loanId, null);
    const plan = await planSwap(tx, loan, input);
    const quote = quoteOf(loan, plan);
    if (plan.charge > 0 && !input.confirmCharge) {
      throw new AppError(
        'swap_charge_unconfirmed',
        `This swap costs ${formatUgx(plan.charge)}: the unit is ${plan.underWarranty ? 'under warranty but the reason is not a fault' : 'out of warranty'}. Confirm the charge to swap.`,
        409,
      );
    }
    const number = loanNumber(loan.seq);
    const schedule = await tx.select().from(loanRepayments).where(eq(loanRepayments.loanId, loan.id));
    const swapId = await recordDeviceSwap(tx, {
      loanId: loan.id,
      oldDeviceId: plan.old.id,
      newDeviceId: plan.fresh.id,
      reason: input.reason,
      underWarranty: plan.underWarranty,
      daysCarried: quote.daysCarried,
      charge: plan.charge,
      actorId: input.actorId,
      note: input.note ?? null,
      schedule: schedule.map((r) => ({ number: r.number, dueDate: r.dueDate, amountDue: r.amountDue })),
    });
    // Returned units are checked at the main warehouse (decision 024).
    const locationId = await mainStockLocationId(tx);
    await tx
      .update(devices)
      .set({ status: 'returned', locationId, updatedAt: new Date() })
      .where(eq(devices.id, plan.old.id));
    // The loan's device column is unique: the old unit leaves it as the new one arrives.
    await tx
      .update(loans)
      .set({
        deviceId: plan.fresh.id,
        fees: sql`${loans.fees} + ${plan.charge}`,
        daysIssued: loan.daysBought - plan.daysLeftOver,
        updatedAt: new Date(),
      })
      .where(eq(loans.id, loan.id));
    if (plan.charge > 0) {
      await chargeNextInstalment(tx, loan.id, plan.charge);
      await postJournal(tx, {
        idempotencyKey: `loan:${loan.id}:swap:${swapId}`,
        kind: 'loan_fee',
        description: `Unit swap on loan ${number}: ${plan.old.serialNumber} for ${plan.fresh.serialNumber}`,
        postings: [
          { account: HOUSE_ACCOUNTS.loansReceivable, amount: -plan.charge },
          { account: HOUSE_ACCOUNTS.loanFees, amount: plan.charge },
        ],
      });
    }
    const token = await sendSwapToken(tx, box, loan, plan, swapId);
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'loan.device_swap',
      entityType: 'loan',
      entityId: loan.id,
      reason: input.note ?? null,
      details: { number, ...quote, reason: input.reason },
    });
    await sendNotification(tx, deps, {
      userId: loan.userId,
      type: 'loan_update',
      text: swapText(number, plan, token, quote.daysCarried),
      data: { loanId: loan.id },
      // The token is typed into the new unit to make it work.
      sms: true,
    });
    const [moved] = await tx.select().from(loans).where(eq(loans.id, loan.id));
    await loanEvent(tx, deps, moved!);
    return { swap: quote, loan: await loanView(tx, moved!) };
  });
}

async function sendSwapToken(
  tx: Tx,
  box: NonNullable<LoanDeps['deviceKeys']>,
  loan: LoanRow,
  plan: SwapPlan,
  swapId: string,
) {
  const reference = `loan:${loan.id}:swap:${swapId}`;
  if (loan.status === 'completed') {
    return issueToken(tx, box, plan.fresh.id, { type: 'DISABLE_PAYG', reference, issuedBy: 'loan' });
  }
  if (plan.daysCarried === 0) return null;
  return issueToken(tx, box, plan.fresh.id, { type: 'SET_TIME', days: plan.daysCarried, reference, issuedBy: 'loan' });
}

/** The customer's notice of a swap: the units, any charge, and the token for the new unit or when it comes. */
function swapText(number: string, plan: SwapPlan, token: { token: string } | null, days: number): CatalogueText {
  const next: CatalogueText = !token
    ? { key: 'loan-notices:swapNext.nextPayment' }
    : days > 0
      ? { key: 'loan-notices:swapNext.tokenDays', values: { token: spaced(token.token), count: days } }
      : { key: 'loan-notices:swapNext.tokenUnlock', values: { token: spaced(token.token) } };
  const values = { loan: number, fresh: plan.fresh.serialNumber, old: plan.old.serialNumber, next: { text: next } };
  return plan.charge > 0
    ? { key: 'loan-notices:swappedCharged', values: { ...values, amount: formatUgx(plan.charge) } }
    : { key: 'loan-notices:swapped', values };
}
