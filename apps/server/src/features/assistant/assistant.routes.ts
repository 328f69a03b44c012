import { uuidSchema } from '@ecogrid/core';
import { TOPIC_OF, type AnswerId } from '@ecogrid/core/support-answers';
import { createRoute, z } from '@hono/zod-openapi';
import { AppError } from '#src/platform/errors.ts';
import type { ChatModel } from '#src/platform/chat-model.ts';
import { createRouter, errorResponse } from '#src/platform/http.ts';
import { createRateLimitStore } from '#src/platform/rate-limit-store.ts';
import { body, json } from '#src/platform/route-helpers.ts';
import { askModel } from './ask.ts';

/** Questions one address may put to the model in a minute: a person asks a few; a script is stopped. */
export const ASK_LIMIT = { window: 60, max: 10 };

const ANSWER_IDS = Object.keys(TOPIC_OF) as [AnswerId, ...AnswerId[]];

const askInput = z
  .object({
    question: z
      .string({ error: 'Write a question.' })
      .trim()
      .min(2, 'Write a question.')
      .max(500, 'Keep the question under 500 characters.'),
    language: z.enum(['en', 'lg', 'sw']),
    answerIds: z.array(z.enum(ANSWER_IDS)).max(3).default([]),
    productIds: z.array(uuidSchema('product id')).max(3).default([]),
  })
  .openapi('AssistantQuestion');

const askAnswer = z
  .object({
    answer: z.string(),
    model: z.string(),
    answerIds: z.array(z.enum(ANSWER_IDS)),
    productIds: z.array(z.string()),
  })
  .openapi('AssistantAnswer');

const statusRoute = createRoute({
  method: 'get',
  operationId: 'getAssistant',
  path: '/assistant',
  tags: ['assistant'],
  summary: 'Whether the assistant has a language model for free-text questions (ASSISTANT_CHAT_URL)',
  responses: { 200: json(z.object({ languageModel: z.boolean() }), 'What the assistant can do') },
});

const askRoute = createRoute({
  method: 'post',
  operationId: 'askAssistant',
  path: '/assistant/ask',
  tags: ['assistant'],
  summary:
    'A free-text question answered by the language model from the common answers and products the page found (their ids) and nothing else; an answer naming a figure found in none of them is refused',
  request: { ...body(askInput) },
  responses: {
    200: json(askAnswer, 'The model’s answer, the model’s name, and the sources it was given'),
    400: errorResponse('No question, an unknown language or answer id, or more than three of either source'),
    404: errorResponse('A product named is not in the catalogue'),
    429: errorResponse(`More than ${ASK_LIMIT.max} questions from this address in a minute`),
    502: errorResponse('The model did not answer, or named a figure not in the sources'),
    422: errorResponse('No language model is set up (assistant_off): the page answers by search alone'),
  },
});

/** The assistant's language model (/api/assistant), when the settings name one. */
export function assistantRoutes(model: ChatModel | undefined) {
  return createRouter()
    .openapi(statusRoute, (c) => c.json({ languageModel: model !== undefined }, 200))
    .openapi(askRoute, async (c) => {
      if (!model) {
        throw new AppError(
          'assistant_off',
          'The assistant has no language model here. Its answers come from our common questions.',
          422,
        );
      }
      const limit = await createRateLimitStore(c.var.db).consume(
        `assistant-ask:${c.var.clientIp ?? 'unknown'}`,
        ASK_LIMIT,
      );
      if (!limit.allowed) {
        throw new AppError('too_many_requests', 'Too many questions from here. Wait a minute and try again.', 429);
      }
      return c.json(await askModel({ db: c.var.db, model }, c.req.valid('json')), 200);
    });
}
