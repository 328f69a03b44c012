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
