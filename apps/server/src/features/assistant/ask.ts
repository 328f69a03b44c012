import type { Product } from '@ecogrid/core';
import type { AnswerId, AnswerText } from '@ecogrid/core/support-answers';
import { answersEn } from '@ecogrid/core/support-answers-en';
import { answersLg } from '@ecogrid/core/support-answers-lg';
import { answersSw } from '@ecogrid/core/support-answers-sw';
import type { Database } from '#src/db/client.ts';
import { AppError } from '#src/platform/errors.ts';
import { ChatModelError, type ChatMessage, type ChatModel } from '#src/platform/chat-model.ts';
import { getProduct } from '#src/features/catalog/catalog.service.ts';
import { unsupportedFigures } from './figure-guard.ts';

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

/**
 * The model's answer to a free-text question, from our sources only: the common answers the
 * page found (in the reader's language, from the server's own copy) and the products it found
 * (their facts and cash price from the catalogue). An answer that names a figure (a price, an
 * amount, a number of days) or money the sources do not give is not shown: 502 (figure-guard.ts).
 */
export async function askModel(deps: { db: Database; model: ChatModel }, input: AskInput) {
  const answers = ANSWERS[input.language].filter((a) => input.answerIds.includes(a.id));
  // A phone's catalogue copy may name a product since removed: it is left out, not an error.
  const found = await Promise.all(
    input.productIds.map((id) =>
      getProduct(deps.db, id).catch((error: unknown) => {
        if (error instanceof AppError && error.status === 404) return null;
        throw error;
      }),
    ),
  );
  const products = found.filter((product): product is Product => product !== null);
  const texts = [...answers.map((a) => `${a.question}\n${a.answer}`), ...products.map(productFacts)];
  const sources = texts
    .map((text, i) => `[${i < answers.length ? `A${i + 1}` : `P${i - answers.length + 1}`}] ${text}`)
    .join('\n\n');
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
  // Checked against the sources' own texts: not their labels, and not the question, which may
  // carry any figure the asker likes.
  if (unsupportedFigures(answer, texts).length > 0) {
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
