import type { LanguageCode } from '@/lib/i18n.ts';
import { textIndex } from '@/lib/text-search.ts';
import { TOPIC_OF, type Answer, type AnswerText } from '@ecogrid/core/support-answers';
import { answersEn } from '@ecogrid/core/support-answers-en';
import { answersLg } from '@ecogrid/core/support-answers-lg';
import { answersSw } from '@ecogrid/core/support-answers-sw';

export type { Answer, AnswerId, AnswerTopic } from '@ecogrid/core/support-answers';
export { ANSWER_TOPICS } from '@ecogrid/core/support-answers';

// Every language ships in the bundle: the answers are read offline, in whichever language is chosen.
const TEXTS: Record<LanguageCode, AnswerText[]> = { en: answersEn, lg: answersLg, sw: answersSw };

const withTopic = (text: AnswerText): Answer => ({ ...text, topic: TOPIC_OF[text.id] });

/** The common questions in a language, in the order they are listed. */
export const answersIn = (language: LanguageCode): Answer[] => TEXTS[language].map(withTopic);

const indexes = new Map<LanguageCode, ReturnType<typeof textIndex<Answer>>>();

function indexFor(language: LanguageCode) {
  let index = indexes.get(language);
  if (!index) {
    index = textIndex<Answer>(['question', 'answer'], answersIn(language));
    indexes.set(language, index);
  }
  return index;
}

/** The answers that best match what the reader typed, best first; words in the question count double. */
export function searchAnswers(language: LanguageCode, text: string, limit = 5): Answer[] {
  const byId = new Map(answersIn(language).map((answer) => [answer.id, answer]));
  return indexFor(language)
    .search(text, { boost: { question: 2 } })
    .slice(0, limit)
    .flatMap((hit) => byId.get(hit.id as Answer['id']) ?? []);
}
