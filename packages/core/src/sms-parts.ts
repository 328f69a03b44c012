/** The GSM 03.38 basic alphabet: each of these costs one of an SMS part's 160 (153 when split) places. */
const BASIC =
  '@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&\'()*+,-./0123456789:;<=>?¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà';
/** The extension table: each costs two places (an escape and the character). */
const EXTENDED = '^{}\\[~]|€\f';

/** Characters outside GSM-7 (a curly quote, an emoji, ŋ): any one of them turns the SMS into UCS-2. */
export function nonGsm7(text: string): string[] {
  return [...new Set([...text].filter((c) => !BASIC.includes(c) && !EXTENDED.includes(c)))];
}

/** How many SMS parts a GSM-7 text takes: 160 places in one, 153 in each part of a longer one. */
export function smsParts(text: string): number {
  const places = [...text].reduce((n, c) => n + (EXTENDED.includes(c) ? 2 : 1), 0);
  return places <= 160 ? 1 : Math.ceil(places / 153);
}

export type SmsShape = {
  encoding: 'gsm7' | 'ucs2';
  /** Places the text takes: GSM-7 characters (two for the extension table), or UTF-16 units in UCS-2. */
  length: number;
  parts: number;
};

/**
 * How a text travels and what it costs: GSM-7 holds 160 places in one part and 153 in each part
 * of a longer message; a single character outside GSM-7 makes it UCS-2, 70 in one and 67 each.
 */
export function smsShape(text: string): SmsShape {
  if (nonGsm7(text).length === 0) {
    const length = [...text].reduce((n, c) => n + (EXTENDED.includes(c) ? 2 : 1), 0);
    return { encoding: 'gsm7', length, parts: length <= 160 ? 1 : Math.ceil(length / 153) };
  }
  // UCS-2 counts 16-bit units: an emoji outside the basic plane takes two.
  const length = text.length;
  return { encoding: 'ucs2', length, parts: length <= 70 ? 1 : Math.ceil(length / 67) };
}
