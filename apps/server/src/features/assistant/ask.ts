import type { Product } from '@ecogrid/core';
import type { AnswerId, AnswerText } from '@ecogrid/core/support-answers';
import { answersEn } from '@ecogrid/core/support-answers-en';
import { answersLg } from '@ecogrid/core/support-answers-lg';
import { answersSw } from '@ecogrid/core/support-answers-sw';
import type { Database } from '#src/db/client.ts';
import { AppError } from '#src/platform/errors.ts';
import { ChatModelError, type ChatMessage, type ChatModel } from '#src/platform/chat-model.ts';
import { getProduct } from '#src/features/catalog/catalog.service.ts';

export type AskLanguage = 'en' | 'lg' | 'sw';
export type AskInput = { question: string; language: AskLanguage; answerIds: AnswerId[]; productIds: string[] };

const ANSWERS: Record<AskLanguage, AnswerText[]> = { en: answersEn, lg: answersLg, sw: answersSw };
const LANGUAGE_NAMES: Record<AskLanguage, string> = { en: 'English', lg: 'Luganda', sw: 'Kiswahili' };

const ugx = (amount: number) => `UGX ${amount.toLocaleString('en-US')}`;

function productFacts(product: Product): string {
  const { specs } = product;
  return [
    `${product.name} (${product.brand}): ${product.description}`,
    `Cash price: ${ugx(product.price)}.${product.loanEligible ? ' Can be bought on credit: the product page shows each plan.' : ''}`,
    `Panel ${specs.panelWatts} W, battery ${specs.batteryWh} Wh, ${specs.lights} lights` +
      (specs.appliancesIncluded.length ? `, includes ${specs.appliancesIncluded.join(', ')}` : '') +
      (specs.warrantyMonths ? `, warranty ${specs.warrantyMonths} months` : '') +
      '.',
  ].join('\n');
}

/** Every number written in a text (thousands separators removed), to check an answer's figures against its sources. */
export function figuresIn(text: string): Set<string> {
  return new Set(
    [...text.matchAll(/\d[\d,.\u00a0 ]*\d|\d/g)].map((m) => m[0].replace(/[,\u00a0 ]/g, '').replace(/\.0+$/, '')),
  );
}

/**
 * The model's answer to a free-text question, from our sources only: the common answers the
 * page found (in the reader's language, from the server's own copy) and the products it found
 * (their facts and cash price from the catalogue). An answer that names a figure (a price, an
 * amount, a number of days) found in none of the sources or the question is not shown: 502.
 */
export async function askModel(deps: { db: Database; model: ChatModel }, input: AskInput) {
  const answers = ANSWERS[input.language].filter((a) => input.answerIds.includes(a.id));
  const products: Product[] = [];
  for (const id of input.productIds) {
    products.push(await getProduct(deps.db, id));
  }
  const sources = [
    ...answers.map((a, i) => `[A${i + 1}] ${a.question}\n${a.answer}`),
    ...products.map((p, i) => `[P${i + 1}] ${productFacts(p)}`),
  ].join('\n\n');
  const messages: ChatMessage[] = [
    {
      role: 'system',
      content: [
        'You answer customers of EcoGrid, a seller of solar home systems in Uganda, on a phone screen.',
        `Answer in ${LANGUAGE_NAMES[input.language]}, in at most four short sentences, in plain words.`,
        'Use only the sources below. Never state a price, amount, fee, interest, number of days or any other term that is not written in them; for credit plans send the reader to the product page.',
        'If the sources do not answer the question, say so and suggest the Support page.',
        'Sources:',
        sources || '(none found)',
      ].join('\n'),
    },
    { role: 'user', content: input.question },
  ];
  let answer: string;
  try {
    answer = await deps.model.complete(messages);
  } catch (error) {
    if (!(error instanceof ChatModelError)) throw error;
    throw new AppError(
      'assistant_failed',
      'The assistant could not write an answer just now. Read the answers found below.',
      502,
    );
  }
  const allowed = figuresIn(`${sources}\n${input.question}`);
  const invented = [...figuresIn(answer)].filter((figure) => !allowed.has(figure));
  if (invented.length > 0) {
    throw new AppError(
      'assistant_failed',
      'The assistant’s answer named a figure that is not in our answers or the catalogue, so it is not shown. Read the answers found below.',
      502,
    );
  }
  return {
    answer,
    model: deps.model.model,
    answerIds: answers.map((a) => a.id),
    productIds: products.map((p) => p.id),
  };
}
