import { formatUgx } from '@ecogrid/core';
import type { SaleQuote } from '@ecogrid/core/agent-sales';
import type { LoanFrequency } from '@ecogrid/core/credit';

/** The languages a customer may choose (users.preferred_language); anything else reads English. */
type Language = 'english' | 'luganda' | 'swahili';

type Words = {
  opening: (agent: string) => string;
  total: (total: string, payNow: string) => string;
  credit: (product: string, deposit: string, count: number, every: string, instalment: string) => string;
  cost: (amount: string) => string;
  closing: (code: string, minutes: number) => string;
  every: Record<LoanFrequency, string>;
};

const WORDS: Record<Language, Words> = {
  english: {
    opening: (agent) => `EcoGrid: ${agent} is selling you these goods.`,
    total: (total, payNow) => `Total ${total}; to pay now ${payNow}.`,
    credit: (product, deposit, count, every, instalment) =>
      `${product} on credit: deposit ${deposit}, then ${count} ${every} instalments of ${instalment}.`,
    cost: (amount) => `Total cost of credit ${amount}.`,
    closing: (code, minutes) =>
      `If you accept these terms, tell the agent this code: ${code}. It works for ${minutes} minutes. Otherwise do not share it.`,
    every: { daily: 'daily', weekly: 'weekly', monthly: 'monthly' },
  },
  luganda: {
    opening: (agent) => `EcoGrid: ${agent} akutunda ebintu bino.`,
    total: (total, payNow) => `Omugatte ${total}; osasula kati ${payNow}.`,
    credit: (product, deposit, count, every, instalment) =>
      `${product} ku bbanja: omusingo ${deposit}, oluvannyuma okusasula ${count} ${every} okwa ${instalment}.`,
    cost: (amount) => `Ssente ez'enyongeza olw'ebbanja zonna ${amount}.`,
    closing: (code, minutes) =>
      `Bw'okkiriza endagaano eno, buulira omukozi koodi eno: ${code}. Ekola okumala eddakiika ${minutes}. Bw'otokkiriza, togiwa muntu yenna.`,
    every: { daily: 'buli lunaku', weekly: 'buli wiiki', monthly: 'buli mwezi' },
  },
  swahili: {
    opening: (agent) => `EcoGrid: ${agent} anakuuzia bidhaa hizi.`,
    total: (total, payNow) => `Jumla ${total}; unalipa sasa ${payNow}.`,
    credit: (product, deposit, count, every, instalment) =>
      `${product} kwa mkopo: amana ${deposit}, kisha awamu ${count} za ${every} za ${instalment}.`,
    cost: (amount) => `Gharama yote ya mkopo ${amount}.`,
    closing: (code, minutes) =>
      `Ukikubali masharti haya, mpe wakala nambari hii: ${code}. Inafanya kazi kwa dakika ${minutes}. La sivyo usiishiriki.`,
    every: { daily: 'kila siku', weekly: 'kila wiki', monthly: 'kila mwezi' },
  },
};

const languageOf = (preferred: string): Language =>
  preferred === 'luganda' || preferred === 'swahili' ? preferred : 'english';

/**
 * The SMS that carries a sale's terms to the customer, in their language: the total, what is
 * paid now, each credit line's deposit and instalments (the last absorbs the rounding, as the
 * quote read out says) and the total cost of credit, then the code that accepts them.
 */
export function saleTermsSms(
  input: { agent: string; quote: SaleQuote; code: string; minutes: number },
  preferredLanguage: string,
): string {
  const words = WORDS[languageOf(preferredLanguage)];
  const { quote } = input;
  const parts = [words.opening(input.agent), words.total(formatUgx(quote.total), formatUgx(quote.payNow))];
  for (const line of quote.lines) {
    if (!line.credit) continue;
    const c = line.credit;
    const name = line.quantity > 1 ? `${line.quantity} × ${line.name}` : line.name;
    parts.push(
      words.credit(name, formatUgx(c.deposit), c.instalments, words.every[c.frequency], formatUgx(c.instalment)),
    );
  }
  if (quote.costOfCredit > 0) parts.push(words.cost(formatUgx(quote.costOfCredit)));
  parts.push(words.closing(input.code, input.minutes));
  return parts.join(' ');
}
