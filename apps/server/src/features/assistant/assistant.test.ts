import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { answersLg } from '@ecogrid/core/support-answers-lg';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openAiCompatibleModel } from '#src/platform/chat-model.ts';
import { newProduct, signedInAdmin, signedInCustomer } from '../../../test/catalog-admin.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';

/** A chat-completions server of the OpenAI shape: it keeps what it was sent and answers what a test sets. */
type Seen = {
  authorization: string | undefined;
  body: { model: string; messages: { role: string; content: string }[] };
};
const seen: Seen[] = [];
let reply: { status: number; content: string } = { status: 200, content: 'Yes.' };
let server: Server;
let ctx: TestContext;
let offCtx: TestContext;
let productId: string;
let price: number;

const read = async (request: IncomingMessage) => {
  let text = '';
  for await (const chunk of request) text += String(chunk);
  return text;
};

beforeAll(async () => {
  server = createServer((request, response) => {
    void read(request).then((text) => {
      if (request.url !== '/v1/chat/completions' || request.method !== 'POST') {
        response.writeHead(404).end();
        return;
      }
      seen.push({ authorization: request.headers.authorization, body: JSON.parse(text) as Seen['body'] });
      response.writeHead(reply.status, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ choices: [{ index: 0, message: { role: 'assistant', content: reply.content } }] }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  const model = openAiCompatibleModel({
    baseUrl: `http://127.0.0.1:${port}/v1/`,
    apiKey: 'sk-test',
    model: 'small-model',
  });
  ctx = await createTestContext({ assistantModel: model });
  offCtx = await createTestContext();
  const admin = await signedInAdmin(ctx);
  const made = await admin.api.post('/api/admin/catalog/products', newProduct({ price: 1_250_000 }));
  expect(made.status).toBe(201);
  productId = made.body.id as string;
  price = made.body.price as number;
}, 60_000);

afterAll(async () => {
  await Promise.all([ctx.close(), offCtx.close()]);
  await new Promise((resolve) => server.close(resolve));
});

beforeEach(() => {
  seen.length = 0;
  reply = { status: 200, content: 'Yes.' };
});

let address = 0;
const ask = (context: TestContext, body: unknown, ip = `198.51.100.${++address}`) =>
  context.request('/api/assistant/ask', {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: TEST_ORIGIN, 'x-client-ip': ip },
    body: JSON.stringify(body),
  });

describe('the assistant without a language model', () => {
  it('says it has none, and refuses a question (422) so the page keeps to search', async () => {
    const status = await offCtx.request('/api/assistant');
    expect(await status.json()).toEqual({ languageModel: false });
    const answer = await ask(offCtx, { question: 'Does the warranty cover the battery?', language: 'en' });
    expect(answer.status).toBe(422);
    expect(((await answer.json()) as { error: { code: string } }).error.code).toBe('assistant_off');
  });
});

describe('the assistant with a language model', () => {
  it('gives the model only our sources, in the reader’s language, and answers with its words and name', async () => {
    expect(await (await ctx.request('/api/assistant')).json()).toEqual({ languageModel: true });
    reply = { status: 200, content: 'Ggaranti ekola.' };
    const answer = await ask(ctx, {
      question: 'Ggaranti ekola ku bbaatule?',
      language: 'lg',
      answerIds: ['warranty'],
      productIds: [productId],
    });
    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({
      answer: 'Ggaranti ekola.',
      model: 'small-model',
      answerIds: ['warranty'],
      productIds: [productId],
    });
    expect(seen).toHaveLength(1);
    const [call] = seen;
    expect(call!.authorization).toBe('Bearer sk-test');
    expect(call!.body.model).toBe('small-model');
    const [system, user] = call!.body.messages;
    expect(user).toEqual({ role: 'user', content: 'Ggaranti ekola ku bbaatule?' });
    expect(system!.content).toContain('Answer in Luganda');
    expect(system!.content).toContain(answersLg.find((a) => a.id === 'warranty')!.answer);
    expect(system!.content).toContain(`Cash price: UGX ${price.toLocaleString('en-US')}.`);
  });

  it('shows a price the catalogue gave, and refuses an answer that names one it did not', async () => {
    reply = { status: 200, content: `It costs UGX ${price.toLocaleString('en-US')} in cash.` };
    const good = await ask(ctx, { question: 'How much is it?', language: 'en', productIds: [productId] });
    expect(good.status).toBe(200);

    reply = { status: 200, content: 'It costs UGX 99,000 a month over 12 months.' };
    const invented = await ask(ctx, { question: 'How much a month?', language: 'en', productIds: [productId] });
    expect(invented.status).toBe(502);
    expect(((await invented.json()) as { error: { code: string; message: string } }).error).toMatchObject({
      code: 'assistant_failed',
      message: expect.stringMatching(/figure that is not in our answers/),
    });
  });

  it('answers 502 when the model fails, and 400 for sources it does not know, asking nothing', async () => {
    reply = { status: 500, content: '' };
    expect((await ask(ctx, { question: 'Hello?', language: 'en' })).status).toBe(502);
    seen.length = 0;
    expect((await ask(ctx, { question: 'Hello?', language: 'en', answerIds: ['made-up'] })).status).toBe(400);
    expect((await ask(ctx, { question: 'Hello?', language: 'xx' })).status).toBe(400);
    expect((await ask(ctx, { question: ' ', language: 'en' })).status).toBe(400);
    expect(seen).toEqual([]);
  });

  it('leaves out a product no longer sold (a phone’s old catalogue), and answers from the rest', async () => {
    const gone = '7c9e6679-7425-40de-944b-e07fc1f90ae7';
    const answer = await ask(ctx, { question: 'Which lamp?', language: 'en', productIds: [gone, productId] });
    expect(answer.status).toBe(200);
    expect(((await answer.json()) as { productIds: string[] }).productIds).toEqual([productId]);
  });

  it('refuses an answer whose figure came only from the question', async () => {
    reply = { status: 200, content: 'Yes, it is UGX 99,000.' };
    const answer = await ask(ctx, { question: 'Is it UGX 99,000?', language: 'en', productIds: [productId] });
    expect(answer.status).toBe(502);
  });

  it('takes ten questions a minute from a signed-in person and sixty from an address signed out', async () => {
    const customer = await signedInCustomer(ctx);
    const personal = [];
    for (let i = 0; i < 11; i++) {
      personal.push((await customer.api.post('/api/assistant/ask', { question: `Mine ${i}?`, language: 'en' })).status);
    }
    expect(personal).toEqual([...Array(10).fill(200), 429]);

    const ip = '203.0.113.200';
    const shared = [];
    for (let i = 0; i < 61; i++)
      shared.push((await ask(ctx, { question: `Question ${i}?`, language: 'en' }, ip)).status);
    expect(shared).toEqual([...Array(60).fill(200), 429]);
    expect((await ask(ctx, { question: 'And from elsewhere?', language: 'en' })).status).toBe(200);
  }, 60_000);
});
