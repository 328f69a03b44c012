import { parsePhoneNumberFromString } from 'libphonenumber-js/min';

/**
 * A Ugandan (or other) mobile number, typed as people type it ('0772 123456', '772123456',
 * '+256 772 123 456', '256772123456'), in E.164 form ('+256772123456'); null when it is not
 * a valid number. Numbers without a country code are read as Ugandan.
 */
export function normalizePhone(input: string): string | null {
  const text = input.trim();
  if (!/^[+\d][\d\s().-]{5,24}$/.test(text)) return null;
  const withPlus = /^256\d{9}$/.test(text.replace(/\D/g, '')) && !text.startsWith('+') ? `+${text}` : text;
  const parsed = parsePhoneNumberFromString(withPlus, 'UG');
  return parsed?.isValid() ? parsed.number : null;
}

export type MobileNetwork = 'mtn' | 'airtel';

/** The mobile-money network a Ugandan number belongs to, from its prefix (the customer may change it). */
export function guessNetwork(e164: string): MobileNetwork | null {
  const match = /^\+256(7\d)/.exec(e164);
  if (!match) return null;
  const prefix = match[1];
  if (prefix === '77' || prefix === '78' || prefix === '76') return 'mtn';
  if (prefix === '70' || prefix === '74' || prefix === '75') return 'airtel';
  return null;
}
