/**
 * What a language model's answer may say of figures: only what its sources say. Checked on the
 * answer's text before anyone reads it (ask.ts); each problem found is a reason not to show it.
 *
 * - Every number (thousands written with commas or spaces; full-width digits read as 0-9; a
 *   numbered list's markers aside) must be written in a source; digits of another script are
 *   refused.
 * - A scale word or suffix (thousand, million, elfu, akakadde, 50k, 2m) must be a source's too:
 *   "1.2 million" is not "1,200,000" to a reader checking a price.
 * - A number beside a mention of money (UGX, shillings, shilingi, ssente, /=) must be an amount a
 *   source gives as money: a specification's "12" is not a price. Money in words ("fifty
 *   thousand shillings", "elfu hamsini") is refused by its scale word.
 *
 * Terms in words alone ("interest-free") are not caught here; the prompt forbids them.
 */
const NUMBER = /\p{Nd}{1,3}(?:[,\u00a0\u202f ]\p{Nd}{3})+(?:\.\p{Nd}+)?|\p{Nd}+(?:\.\p{Nd}+)?/gu;
const LIST_MARKER = /^[ \t]*\p{Nd}{1,2}[.)][ \t]/gmu;
const SCALE =
  /\b(?:thousands?|millions?|billions?|elfu|milioni|bilioni|laki|emitwalo|omutwalo|akakadde|obukadde|kawumbi)\b|\p{Nd}[ \t]?[kKmM]\b/giu;
const MONEY = /\b(?:ugx|ush|shs?|shillings?|shilingi|ssente|sente)\b|\/=/giu;
/** How near a money word an amount must be to be its amount, in characters either side. */
const NEAR = 24;

const plain = (text: string) => text.normalize('NFKC');

const value = (written: string) => String(Number(written.replace(/[,\u00a0\u202f ]/g, '')));
/** Digits of another script than 0-9 (full-width ones become 0-9 first, by NFKC). */
const OTHER_DIGITS = /[^\P{Nd}0-9]/u;

/** The numbers written in a text, as values ("1,250,000" and "1250000" are one). */
export function figuresIn(text: string): Set<string> {
  return new Set([...plain(text).replace(LIST_MARKER, '').matchAll(NUMBER)].map((m) => value(m[0])));
}

/** The amount a mention of money stands by: the number nearest it, within a few characters. */
function amountBy(text: string, money: RegExpExecArray | RegExpMatchArray): string | null {
  const start = money.index ?? 0;
  const end = start + money[0].length;
  const from = Math.max(0, start - NEAR);
  let best: { figure: string; gap: number } | null = null;
  for (const number of text
    .slice(from, end + NEAR)
    .replace(LIST_MARKER, '')
    .matchAll(NUMBER)) {
    const at = from + (number.index ?? 0);
    const gap = at >= end ? at - end : start - (at + number[0].length);
    if (gap >= 0 && (!best || gap < best.gap)) best = { figure: value(number[0]), gap };
  }
  return best?.figure ?? null;
}

/** The amounts a text writes as money. */
function amountsIn(text: string): Set<string> {
  const t = plain(text);
  return new Set([...t.matchAll(MONEY)].flatMap((money) => amountBy(t, money) ?? []));
}

/** Why an answer may not be shown, given its sources' texts; empty when every figure is theirs. */
export function unsupportedFigures(answer: string, sources: string[]): string[] {
  const source = plain(sources.join('\n'));
  const text = plain(answer);
  const problems: string[] = [];
  if (OTHER_DIGITS.test(text)) problems.push('digits of another script');
  const known = figuresIn(source);
  for (const figure of figuresIn(text)) if (!known.has(figure)) problems.push(`the figure ${figure}`);
  const scales = new Set([...source.matchAll(SCALE)].map((m) => m[0].toLowerCase()));
  for (const scale of text.matchAll(SCALE)) {
    if (!scales.has(scale[0].toLowerCase())) problems.push(`the scale "${scale[0]}"`);
  }
  const prices = amountsIn(source);
  for (const money of text.matchAll(MONEY)) {
    const amount = amountBy(text, money);
    if (amount !== null && !prices.has(amount)) problems.push(`${amount} as money ("${money[0]}")`);
  }
  return problems;
}
