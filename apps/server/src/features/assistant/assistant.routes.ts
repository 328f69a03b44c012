import { uuidSchema } from '@ecogrid/core';
import { TOPIC_OF, type AnswerId } from '@ecogrid/core/support-answers';
import { createRoute, z } from '@hono/zod-openapi';
import { AppError } from '#src/platform/errors.ts';
import type { ChatModel } from '#src/platform/chat-model.ts';
import { createRouter, errorResponse } from '#src/platform/http.ts';
import { createRateLimitStore } from '#src/platform/rate-limit-store.ts';
import { body, json } from '#src/platform/route-helpers.ts';
import { askModel } from './ask.ts';

/**
 * Questions put to the model a minute: a signed-in person asks a few; an address, which a
 * carrier's NAT may share among thousands of phones, gets more; and all together are capped, so
 * a script cannot run up the model's bill.
 */
export const ASK_LIMITS = {
  person: { window: 60, max: 10 },
  address: { window: 60, max: 60 },
  everyone: { window: 60, max: 600 },
};

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
  security: [],
  summary: 'Whether the assistant has a language model for free-text questions (ASSISTANT_CHAT_URL)',
  responses: { 200: json(z.object({ languageModel: z.boolean() }), 'What the assistant can do') },
});

const askRoute = createRoute({
  method: 'post',
  operationId: 'askAssistant',
  path: '/assistant/ask',
  tags: ['assistant'],
  // Public, as the page is; a signed-in caller's session counts their questions.
  security: [],
  summary:
    'A free-text question answered by the language model from the common answers and products the page found (their ids) and nothing else; an answer naming a figure found in none of them is refused',
  request: { ...body(askInput) },
  responses: {
    200: json(askAnswer, 'The model’s answer, the model’s name, and the sources it was given'),
    400: errorResponse('No question, an unknown language or answer id, or more than three of either source'),
    429: errorResponse(
      `More than ${ASK_LIMITS.person.max} questions a minute from one signed-in person, ${ASK_LIMITS.address.max} from one address signed out, or ${ASK_LIMITS.everyone.max} from everyone`,
    ),
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
      const store = createRateLimitStore(c.var.db);
      const user = c.var.user?.id;
      const [own, all] = await Promise.all([
        user
          ? store.consume(`assistant-ask:user:${user}`, ASK_LIMITS.person)
          : store.consume(`assistant-ask:address:${c.var.clientIp ?? 'unknown'}`, ASK_LIMITS.address),
        store.consume('assistant-ask:everyone', ASK_LIMITS.everyone),
      ]);
      if (!own.allowed || !all.allowed) {
        throw new AppError('too_many_requests', 'Too many questions from here. Wait a minute and try again.', 429);
      }
      return c.json(await askModel({ db: c.var.db, model }, c.req.valid('json')), 200);
    });
}
