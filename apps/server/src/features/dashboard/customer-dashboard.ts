import { kampalaDate } from '@ecogrid/core/credit';
import type { Dashboard, DashboardDevice, DashboardLoan } from '@ecogrid/core/dashboard';
import { powerLeft } from '@ecogrid/core/power-days';
import type { Database } from '#src/db/client.ts';
import { getKyc } from '#src/features/kyc/kyc.service.ts';
import { customerDevices, myLoans, spaced, type CustomerDevice } from '#src/features/loans/loans.service.ts';
import { ordersOnTheirWay } from '#src/features/orders/orders.service.ts';
import { openTicketCount } from '#src/features/support/support.service.ts';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';

/** Loans whose progress the dashboard shows: those still being paid. */
const RUNNING = new Set(['active', 'defaulted']);

function deviceView(device: CustomerDevice, today: string): DashboardDevice {
  const power = powerLeft(
    device.tokens.map((t) => ({ type: t.type, days: t.days, count: t.count, issuedOn: kampalaDate(t.createdAt) })),
    today,
  );
  const latest = device.tokens.at(-1);
  return {
    loanId: device.loanId,
    loanNumber: device.loanNumber,
    name: device.productName,
    serial: device.serial,
    unlocked: power.unlocked,
    powerEndsOn: power.endsOn,
    daysLeft: power.daysLeft,
    latestToken: latest
      ? { token: spaced(latest.token), type: latest.type, days: latest.days, issuedAt: latest.createdAt.toISOString() }
      : null,
  };
}

/**
 * Everything a customer's home screen shows, read through each feature's services in a fixed
 * number of queries whatever the number of loans, units and orders: the units and their power,
 * the next payment and any lateness, each running loan's progress, orders on their way, the
 * wallet, the identity check and how many support tickets are still open.
 */
export async function customerDashboard(db: Database, userId: string, now = new Date()): Promise<Dashboard> {
  const today = kampalaDate(now);
  const [units, summaries, orders, balance, kyc, openTickets] = await Promise.all([
    customerDevices(db, userId),
    myLoans(db, userId),
    ordersOnTheirWay(db, userId),
    walletBalance(db, userId),
    getKyc(db, userId),
    openTicketCount(db, userId),
  ]);
  const loans: DashboardLoan[] = summaries
    .filter((l) => RUNNING.has(l.status))
    .map((l) => ({
      id: l.id,
      number: l.number,
      productName: l.productName,
      status: l.status,
      paid: l.paid,
      owed: l.outstanding,
      totalCost: l.paid + l.outstanding,
      nextDue: l.nextDue,
      daysPastDue: l.daysPastDue,
    }));
  const due = loans
    .flatMap((l) => (l.nextDue ? [{ ...l.nextDue, loanId: l.id, loanNumber: l.number }] : []))
    .sort((a, b) => a.dueDate.localeCompare(b.dueDate));
  return {
    today,
    devices: units.map((u) => deviceView(u, today)),
    nextPayment: due[0] ?? null,
    daysLate: Math.max(0, ...loans.map((l) => l.daysPastDue)),
    loans,
    ordersOnTheirWay: orders,
    walletBalance: balance,
    kyc: { status: kyc.status, completion: kyc.completion },
    openTickets,
  };
}
