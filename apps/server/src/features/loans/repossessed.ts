import type { UnitCondition } from '@ecogrid/core/collections';
import { loanNumber } from '@ecogrid/core/loans';
import { eq, inArray } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { devices, loans } from '#src/db/schema/loans.ts';
import { AppError } from '#src/platform/errors.ts';
import { sendNotification } from '#src/features/notifications/notifications.service.ts';
import { amountOwed, lockLoan, loanEvent, type LoanDeps } from './loan-rows.ts';
import { closeAsLoss } from './write-offs.ts';
import { mainStockLocationId } from '#src/features/catalog/stock-places.service.ts';

/** A defaulted loan, locked, for a repossession to start on (409 on any other). */
export async function lockDefaultedLoan(tx: Tx, loanId: string) {
  const loan = await lockLoan(tx, loanId, null);
  if (loan.status !== 'defaulted') {
    throw new AppError(
      'loan_not_defaulted',
      `Loan ${loanNumber(loan.seq)} is ${loan.status.replace('_', ' ')}: only a defaulted loan's unit is taken back.`,
      409,
    );
  }
  return loan;
}

/** What a repossession shows of its loan: number, customer, product, device serial and what is owed. */
export async function loanFacts(db: Database | Tx, loanIds: string[]) {
  if (loanIds.length === 0)
    return new Map<
      string,
      { number: string; userId: string; productName: string; serial: string | null; owed: number }
    >();
  const rows = await db
    .select({
      id: loans.id,
      seq: loans.seq,
      userId: loans.userId,
      productName: loans.productName,
      serial: devices.serialNumber,
      creditPrice: loans.creditPrice,
      fees: loans.fees,
      paid: loans.paid,
      forgiven: loans.forgiven,
    })
    .from(loans)
    .leftJoin(devices, eq(devices.id, loans.deviceId))
    .where(inArray(loans.id, loanIds));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        number: loanNumber(r.seq),
        userId: r.userId,
        productName: r.productName,
        serial: r.serial,
        owed: amountOwed(r),
      },
    ]),
  );
}

/**
 * The unit is back: it leaves the loan as returned (in good condition) or for refurbishing,
 * the loan closes as repossessed with what is still owed written off (deposit and instalments
 * kept), and the customer is told.
 */
export async function closeOnRepossession(
  tx: Tx,
  deps: LoanDeps,
  input: { loanId: string; condition: UnitCondition; actorId: string },
): Promise<void> {
  const loan = await lockDefaultedLoan(tx, input.loanId);
  const now = new Date();
  if (loan.deviceId) {
    await tx
      .update(devices)
      .set({ status: input.condition === 'good' ? 'returned' : 'refurbishing', updatedAt: now })
      .where(eq(devices.id, loan.deviceId));
  }
  await closeAsLoss(tx, [loan], { status: 'repossessed', actorId: input.actorId, now });
  await tx.update(loans).set({ deviceId: null }).where(eq(loans.id, loan.id));
  await sendNotification(tx, deps, {
    userId: loan.userId,
    type: 'loan_update',
    text: { key: 'loan-notices:repossessed', values: { loan: loanNumber(loan.seq), product: loan.productName } },
    data: { loanId: loan.id },
    sms: true,
  });
  await loanEvent(tx, deps, { ...loan, status: 'repossessed' });
}

/** An admin puts a refurbished unit back in stock (409 unless it is returned or refurbishing). */
export async function restockDevice(tx: Tx, deviceId: string): Promise<void> {
  const [device] = await tx.select().from(devices).where(eq(devices.id, deviceId)).for('update');
  if (!device) throw new AppError('not_found', 'No device has this id.', 404);
  if (device.status !== 'returned' && device.status !== 'refurbishing') {
    throw new AppError('device_not_returned', `Device ${device.serialNumber} is not back from a customer.`, 409);
  }
  // Back on sale from the main warehouse (decision 024).
  const locationId = await mainStockLocationId(tx);
  await tx
    .update(devices)
    .set({ status: 'in_stock', locationId, updatedAt: new Date() })
    .where(eq(devices.id, deviceId));
}
