import { findLoan, loanView, myLoans, nextPaymentsOf, spaced } from '#src/features/loans/loans.service.ts';
import { customerOrders } from '#src/features/orders/orders.service.ts';
import { walletBalance } from '#src/features/wallet/ledger.service.ts';
import type { Caller } from './ussd-callers.ts';
import { checkPin, pinBlock } from './ussd-pin.ts';
import { con, end, fitLines, type Screen } from './ussd-screen.ts';
import type { UssdTurn } from './ussd-turn.ts';

/** 1 My balance and next payment: the wallet, then each running loan's next amount and day. */
export async function balanceBranch(turn: UssdTurn): Promise<Screen> {
  const { db } = turn.deps;
  const [wallet, next] = await Promise.all([walletBalance(db, turn.userId), nextPaymentsOf(db, turn.userId)]);
  const due = next.map((payment) =>
    turn.say('nextDue', {
      loan: payment.number,
      amount: turn.texts.money(payment.amount),
      date: turn.texts.day(payment.dueDate),
    }),
  );
  return end(
    fitLines(
      turn.say,
      turn.say('wallet', { amount: turn.texts.money(wallet) }),
      due.length ? due : [turn.say('nothingDue')],
    ),
  );
}

/** 4 My loans and orders in short: each loan's state and what is left, then the latest orders. */
export async function loansAndOrdersBranch(turn: UssdTurn): Promise<Screen> {
  const { db } = turn.deps;
  const [loans, orders] = await Promise.all([myLoans(db, turn.userId), customerOrders(db, turn.userId, { limit: 5 })]);
  const lines = [
    ...(loans.length ? [turn.say('loans')] : []),
    ...loans.map((loan) =>
      turn.say('loanLine', {
        loan: loan.number,
        status: turn.say(`loanStatus.${loan.status}`),
        amount: turn.texts.money(loan.outstanding),
      }),
    ),
    ...(orders.items.length ? [turn.say('orders')] : []),
    ...orders.items.map((order) =>
      turn.say('orderLine', { order: order.number, status: turn.say(`orderStatus.${order.status}`) }),
    ),
  ];
  const [head, ...rest] = lines;
  return end(head ? fitLines(turn.say, head, rest) : turn.say('nothingYet'));
}

/**
 * 3 My last tokens (behind the PIN): the newest token of each device on the customer's loans,
 * in short on the screen and each texted again to the caller's number.
 */
export async function tokensBranch(turn: UssdTurn, caller: Caller, rest: string[]): Promise<Screen> {
  const [pin] = rest;
  if (pin === undefined) return pinBlock(turn, caller) ?? con(turn.say('pinToSee'));
  const refused = await checkPin(turn, caller, pin);
  if (refused) return refused;
  const { db } = turn.deps;
  const withDevice = (await myLoans(db, turn.userId)).filter((loan) => loan.deviceSerial);
  const latest = await Promise.all(
    withDevice.map(async (loan) => {
      const view = await loanView(db, await findLoan(db, loan.id, turn.userId));
      const token = view.tokens[0];
      return token ? { loan: loan.number, serial: loan.deviceSerial!, token: spaced(token.token) } : null;
    }),
  );
  const tokens = latest.filter((t) => t !== null);
  if (tokens.length === 0) return end(turn.say('noTokens'));
  await db.transaction(async (tx) => {
    for (const t of tokens) await turn.deps.messages.sms(tx, { to: turn.phone, message: turn.say('tokenSms', t) });
  });
  const [first, ...others] = tokens.map((t) => turn.say('token', t));
  return end(fitLines(turn.say, first!, others, turn.say('tokensSent')));
}
