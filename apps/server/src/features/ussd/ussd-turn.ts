import type { MobileNetwork } from '@ecogrid/core';
import { guessNetwork } from '@ecogrid/core/phone';
import type { PaymentDeps } from '#src/features/payments/payments.service.ts';
import type { Texts } from '#src/platform/i18n.ts';
import type { Say } from './ussd-screen.ts';

/** One step of a session: who is calling, from which session, and the words of their language. */
export type UssdTurn = {
  deps: PaymentDeps;
  sessionId: string;
  /** The caller's number, E.164. */
  phone: string;
  networkCode: string | undefined;
  userId: string;
  texts: Texts;
  say: Say;
};

/** Africa's Talking's network codes for Uganda's mobile-money networks. */
const NETWORK_CODES: Record<string, MobileNetwork> = { '64110': 'mtn', '64101': 'airtel' };

/** The caller's mobile-money network: from the gateway's network code, else from the number. */
export const networkOf = (turn: Pick<UssdTurn, 'networkCode' | 'phone'>): MobileNetwork | null =>
  (turn.networkCode ? NETWORK_CODES[turn.networkCode] : undefined) ?? guessNetwork(turn.phone);
