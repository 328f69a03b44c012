import { randomInt } from 'node:crypto';
import { takeCodeAllowance } from '#src/features/auth/phone-accounts.service.ts';
import {
  clearPinTries,
  countWrongCode,
  countWrongPin,
  keepCode,
  lockedNow,
  storePin,
  type Caller,
} from './ussd-callers.ts';
import { hashSecret, secretMatches, trivialPin } from './ussd-secrets.ts';
import { con, end, type Screen } from './ussd-screen.ts';
import type { UssdTurn } from './ussd-turn.ts';

const PIN = /^\d{4}$/;

/** The END screen of a locked PIN, saying until when. */
const lockedScreen = (turn: UssdTurn, until: Date) => end(turn.say('locked', { time: turn.texts.dateTime(until) }));

/**
 * What stops a step that needs the PIN before it is asked for: no PIN yet, or a locked one.
 * Null when the PIN may be asked for.
 */
export function pinBlock(turn: UssdTurn, caller: Caller): Screen | null {
  if (lockedNow(caller)) return lockedScreen(turn, caller.lockedUntil!);
  if (!caller.pinHash) return end(turn.say('noPin'));
  return null;
}

/**
 * Checks the PIN the caller entered: null when it is right (the count of wrong ones starts
 * again), else the screen that ends the session (tries left, or locked for 30 minutes).
 */
export async function checkPin(turn: UssdTurn, caller: Caller, pin: string): Promise<Screen | null> {
  const blocked = pinBlock(turn, caller);
  if (blocked) return blocked;
  if (PIN.test(pin) && (await secretMatches(pin, caller.pinHash!))) {
    if (caller.pinTries > 0) await clearPinTries(turn.deps.db, caller.userId);
    return null;
  }
  const { left, lockedUntil } = await countWrongPin(turn.deps.db, caller.userId, turn.sessionId);
  return lockedUntil ? lockedScreen(turn, lockedUntil) : end(turn.say('wrongPin', { count: left }));
}

/** Texts a fresh 6-digit code for setting the PIN, once per session (a repeated step sends none). */
async function sendCode(turn: UssdTurn, caller: Caller): Promise<Screen | null> {
  const fresh = caller.codeHash && caller.codeExpiresAt && caller.codeExpiresAt > new Date();
  if (fresh && caller.codeSessionId === turn.sessionId) return null;
  const allowance = await takeCodeAllowance(turn.deps.db, {
    phoneNumber: turn.phone,
    asker: 'account',
    purpose: 'ussd_pin',
    userId: caller.userId,
  });
  if (!allowance.ok) return end(turn.say('tooManyCodes', { minutes: allowance.waitMinutes }));
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  await keepCode(turn.deps.db, caller.userId, turn.sessionId, await hashSecret(code));
  await turn.deps.db.transaction((tx) =>
    turn.deps.messages.sms(tx, { to: turn.phone, message: turn.say('codeSms', { code }) }),
  );
  return null;
}

/** Whether the code entered is the one texted and still good; a wrong one is counted. */
async function codeHolds(turn: UssdTurn, caller: Caller, code: string): Promise<boolean> {
  const live = caller.codeHash && caller.codeExpiresAt && caller.codeExpiresAt > new Date();
  if (live && /^\d{6}$/.test(code) && (await secretMatches(code, caller.codeHash!))) return true;
  if (live) await countWrongCode(turn.deps.db, caller.userId);
  return false;
}

/**
 * 7 Set PIN: a code by SMS to the caller's own number, then the new PIN twice. A locked PIN
 * waits out its lock: a new PIN is no way round three wrong ones.
 */
export async function setPinBranch(turn: UssdTurn, caller: Caller, rest: string[]): Promise<Screen> {
  if (lockedNow(caller)) return lockedScreen(turn, caller.lockedUntil!);
  const [code, pin, again] = rest;
  if (code === undefined) return (await sendCode(turn, caller)) ?? con(turn.say('codeSent'));
  if (!(await codeHolds(turn, caller, code))) return end(turn.say('wrongCode'));
  if (pin === undefined) return con(turn.say('newPin'));
  if (!PIN.test(pin)) return end(turn.say('pinDigits'));
  if (trivialPin(pin)) return end(turn.say('pinEasy'));
  if (again === undefined) return con(turn.say('pinAgain'));
  if (again !== pin) return end(turn.say('pinMismatch'));
  const stored = await storePin(turn.deps.db, caller.userId, caller.codeHash!, await hashSecret(pin));
  return end(turn.say(stored ? 'pinSet' : 'wrongCode'));
}
