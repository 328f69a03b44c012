import { NETWORK_NAMES, PAYMENT_LIMITS } from '@ecogrid/core/payments';
import type { LoanSummary } from '@ecogrid/core/loans';
import { myLoans, repayLoan } from '#src/features/loans/loans.service.ts';
import { paymentByKey, startTopUp } from '#src/features/payments/payments.service.ts';
import { AppError } from '#src/platform/errors.ts';
import type { Caller } from './ussd-callers.ts';
import { checkPin, pinBlock } from './ussd-pin.ts';
import { choiceOf, con, end, fitLines, type Screen } from './ussd-screen.ts';
import { networkOf, type UssdTurn } from './ussd-turn.ts';

/** How many loans the pay screen lists: with the wallet and "0 Back" they fit one screen. */
const LISTED_LOANS = 4;

/** Loans that take a repayment now, newest first (the same order on every step of a session). */
const payableLoans = async (turn: UssdTurn) =>
  (await myLoans(turn.deps.db, turn.userId))
    .filter((loan) => (loan.status === 'active' || loan.status === 'defaulted') && loan.outstanding > 0)
    .slice(0, LISTED_LOANS);

/** The session's own key: a repeated last step finds the payment it started and starts none. */
const sessionKey = (turn: UssdTurn) => `ussd:${turn.sessionId}`;

/**
 * Starts the mobile-money collection through the payments service, as the app's loan
 * repayment and wallet top-up do, to the caller's own number; once per session.
 */
async function startPayment(turn: UssdTurn, loan: LoanSummary | null, amount: number): Promise<Screen> {
  const network = networkOf(turn);
  if (!network) return end(turn.say('noNetwork'));
  const prompt = end(turn.say('prompt', { network: NETWORK_NAMES[network], amount: turn.texts.money(amount) }));
  const key = sessionKey(turn);
  // repayLoan keys its payment by the loan as well; a top-up takes the key as it is.
  const paymentKey = loan ? `loan:${loan.id}:repay:${key}` : key;
  if (await paymentByKey(turn.deps.db, turn.userId, paymentKey)) return prompt;
  try {
    if (loan) {
      await repayLoan(turn.deps, {
        userId: turn.userId,
        loanId: loan.id,
        amount,
        payment: { method: 'mobile_money', phone: turn.phone, network },
        idempotency: { key, requestHash: key },
      });
    } else {
      await startTopUp(turn.deps, { userId: turn.userId, amount, phone: turn.phone, network, idempotencyKey: key });
    }
  } catch (error) {
    if (!(error instanceof AppError) || error.status >= 500) throw error;
    turn.deps.logger.info({ code: error.code, sessionId: turn.sessionId }, 'ussd payment refused');
    return end(
      turn.say(error.code === 'overpayment' && loan ? 'tooMuch' : 'notStarted', {
        amount: turn.texts.money(loan?.outstanding ?? 0),
        loan: loan?.number ?? '',
      }),
    );
  }
  return prompt;
}

/**
 * 2 Pay now: a loan or the wallet, an amount, the PIN; then a mobile-money prompt to the
 * caller's number. A session that stops before the PIN has started nothing.
 */
export async function payBranch(turn: UssdTurn, caller: Caller, rest: string[]): Promise<Screen> {
  const blocked = pinBlock(turn, caller);
  if (blocked) return blocked;
  const loans = await payableLoans(turn);
  const [pick, amountText, pin] = rest;
  if (pick === undefined) {
    const lines = [
      ...loans.map((loan, i) =>
        turn.say('payLoan', { choice: i + 1, loan: loan.number, amount: turn.texts.money(loan.outstanding) }),
      ),
      turn.say('payWallet', { choice: loans.length + 1 }),
    ];
    return con(fitLines(turn.say, turn.say('payFor'), lines, turn.say('back')));
  }
  const chosen = choiceOf(pick, loans.length + 1);
  if (chosen === null) return end(turn.say('badChoice'));
  const loan = chosen <= loans.length ? loans[chosen - 1]! : null;
  if (amountText === undefined) {
    return con(
      loan
        ? turn.say('amountLoan', {
            loan: loan.number,
            amount: turn.texts.money(loan.nextDue?.amount ?? loan.outstanding),
          })
        : turn.say('amountWallet'),
    );
  }
  const amount = /^\d{1,9}$/.test(amountText) ? Number(amountText) : NaN;
  if (!(amount >= PAYMENT_LIMITS.min && amount <= PAYMENT_LIMITS.max)) {
    const limits = { min: turn.texts.money(PAYMENT_LIMITS.min), max: turn.texts.money(PAYMENT_LIMITS.max) };
    return end(turn.say('badAmount', limits));
  }
  if (loan && amount > loan.outstanding) {
    return end(turn.say('tooMuch', { amount: turn.texts.money(loan.outstanding), loan: loan.number }));
  }
  if (pin === undefined) return con(turn.say('pinToPay', { amount: turn.texts.money(amount) }));
  return (await checkPin(turn, caller, pin)) ?? startPayment(turn, loan, amount);
}
