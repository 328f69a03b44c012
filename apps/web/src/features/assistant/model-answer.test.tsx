// @vitest-environment jsdom
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import { addEnglish, i18n } from '@/lib/i18n.ts';
import english from '@/locales/en.assistant.json';
import { expectAccessible } from '@/test/axe.ts';
import { fakeServer } from '@/test/fake-server.ts';
import { AskBox, type QuotedAnswer } from './ask-box.tsx';

const WARRANTY: QuotedAnswer = {
  id: 'warranty',
  question: 'What does the warranty cover?',
  answer: 'Every system has a warranty from the day it is delivered.',
  href: '#answer-warranty',
};
let languageModel = true;
let modelReply: { status?: number; body: unknown } = {
  body: { answer: 'Yes, the battery is covered.', model: 'small-model', answerIds: ['warranty'], productIds: [] },
};
const server = fakeServer((request) => {
  if (request.url.startsWith('/api/catalog/products')) return { body: { items: [], nextCursor: null } };
  if (request.url === '/api/assistant') return { body: { languageModel } };
  if (request.url === '/api/assistant/ask') return modelReply;
  return { status: 404, body: { error: { code: 'not_found', message: 'Not found' } } };
});
beforeAll(() => addEnglish(english));

function renderBox() {
  server.start();
  return render(
    <MemoryRouter>
      <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
        <I18nextProvider i18n={i18n}>
          <AskBox findAnswers={() => [WARRANTY]} />
        </I18nextProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
}

const askAbout = (text: string) => {
  fireEvent.change(screen.getByRole('textbox', { name: 'Your question' }), { target: { value: text } });
  fireEvent.click(screen.getByRole('button', { name: 'Ask' }));
};

describe('a written answer from the language model', () => {
  it('is asked for by the reader, with the sources found, and shown as the model’s', async () => {
    languageModel = true;
    const { container } = renderBox();
    askAbout('Is the battery covered?');
    fireEvent.click(await screen.findByRole('button', { name: 'Get a written answer' }));
    expect(await screen.findByText('Yes, the battery is covered.')).toBeTruthy();
    expect(screen.getByText(/^Written by a language model \(small-model\)/)).toBeTruthy();
    // The answer took the button's place, and focus with it.
    await waitFor(() => expect(document.activeElement?.tagName).toBe('FIGURE'));
    expect(server.seen.find((r) => r.url === '/api/assistant/ask')?.body).toEqual({
      question: 'Is the battery covered?',
      language: 'en',
      answerIds: ['warranty'],
      productIds: [],
    });
    // The search's own answer stays above it.
    expect(screen.getByText(WARRANTY.answer)).toBeTruthy();
    await expectAccessible(container);
  });

  it('says why when the model’s answer is refused, and keeps the found answer', async () => {
    languageModel = true;
    modelReply = {
      status: 502,
      body: { error: { code: 'assistant_failed', message: 'The assistant could not write an answer just now.' } },
    };
    renderBox();
    askAbout('How much a month?');
    fireEvent.click(await screen.findByRole('button', { name: 'Get a written answer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('The assistant could not write an answer just now.');
    expect(screen.getByText(WARRANTY.answer)).toBeTruthy();
  });

  it('is not offered when the server has no model', async () => {
    languageModel = false;
    renderBox();
    askAbout('Is the battery covered?');
    expect(await screen.findByText(WARRANTY.answer)).toBeTruthy();
    await screen.findByText('What does the warranty cover?', { exact: false });
    expect(server.seen.some((r) => r.url === '/api/assistant')).toBe(true);
    expect(screen.queryByRole('button', { name: 'Get a written answer' })).toBeNull();
  });
});
