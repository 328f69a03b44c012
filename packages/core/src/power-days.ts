import { addDays, daysBetween } from './credit.ts';
import type { OpenPaygoTokenType } from './openpaygo.ts';

/** A token a device accepted: its type, the days it carries, its count and the day (in Kampala) it was issued. */
export type AcceptedToken = {
  type: OpenPaygoTokenType;
  days: number | null;
  count: number;
  /** YYYY-MM-DD in Kampala: taken as the day the customer typed it in. */
  issuedOn: string;
};

/** A device's power: unlocked for good, or the day it goes dark and the whole days until then. */
export type PowerLeft =
  { unlocked: true; endsOn: null; daysLeft: null } | { unlocked: false; endsOn: string | null; daysLeft: number };

/**
 * The days of power a device has left, worked out as an OpenPAYGO device does from the tokens it
 * accepted, in count order: ADD_TIME adds its days to the time left, or starts from the day it was
 * entered once the time has run out; SET_TIME replaces the time left with its days from that day;
 * DISABLE_PAYG unlocks the device for good; COUNTER_SYNC changes no time. Power ends at the start
 * of `endsOn`, as a loan's paid-for days run to its next due date; before any token, none.
 */
export function powerLeft(tokens: readonly AcceptedToken[], today: string): PowerLeft {
  let endsOn: string | null = null;
  for (const token of [...tokens].sort((a, b) => a.count - b.count)) {
    if (token.type === 'DISABLE_PAYG') return { unlocked: true, endsOn: null, daysLeft: null };
    const days = token.days ?? 0;
    if (token.type === 'SET_TIME') endsOn = addDays(token.issuedOn, days);
    else if (token.type === 'ADD_TIME') {
      const from = endsOn && daysBetween(token.issuedOn, endsOn) > 0 ? endsOn : token.issuedOn;
      endsOn = addDays(from, days);
    }
  }
  return { unlocked: false, endsOn, daysLeft: endsOn ? Math.max(0, daysBetween(today, endsOn)) : 0 };
}
