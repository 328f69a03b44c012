/** The topics the common questions are grouped by, in the order the page lists them. */
export const ANSWER_TOPICS = [
  'paying',
  'tokens',
  'late',
  'warranty',
  'delivery',
  'identity',
  'wallet',
  'agents',
  'choosing',
] as const;
export type AnswerTopic = (typeof ANSWER_TOPICS)[number];

/** Each answer's topic, the same in every language. */
export const TOPIC_OF = {
  'pay-mobile-money': 'paying',
  'pay-paybill': 'paying',
  'pay-ussd': 'paying',
  'token-what': 'tokens',
  'token-type': 'tokens',
  'token-rejected': 'tokens',
  'late-payment': 'late',
  'pay-early': 'late',
  warranty: 'warranty',
  delivery: 'delivery',
  identity: 'identity',
  wallet: 'wallet',
  agents: 'agents',
  'choose-system': 'choosing',
} as const satisfies Record<string, AnswerTopic>;
export type AnswerId = keyof typeof TOPIC_OF;

/** One answer as a language words it. */
export type AnswerText = { id: AnswerId; question: string; answer: string };
export type Answer = AnswerText & { topic: AnswerTopic };
