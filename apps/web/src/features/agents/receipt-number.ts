import { newIdempotencyKey } from '@/lib/idempotency.ts';

/** RFC 4648 base32: no 0, 1, 8 or 9, so a receipt read aloud is not mistaken for O, I or B. */
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** An agent without a code yet (it is given on approval) still writes valid receipts. */
const NO_CODE = 'EG';

/**
 * A receipt number made on the phone, at once and offline: the agent's code, a dash and six
 * random base32 characters (core's RECEIPT_NUMBER_PATTERN), e.g. AG-0001-K3F9Q2.
 */
export function newReceiptNumber(agentCode: string | null | undefined): string {
  const bytes = crypto.getRandomValues(new Uint8Array(6));
  const suffix = [...bytes].map((byte) => BASE32[byte % 32]).join('');
  const code = (agentCode ?? '').toUpperCase().replace(/[^A-Z0-9-]/g, '') || NO_CODE;
  return `${code}-${suffix}`;
}

/** The key the server applies an action once by, made on the phone when the form is sent. */
export const newClientKey = newIdempotencyKey;
