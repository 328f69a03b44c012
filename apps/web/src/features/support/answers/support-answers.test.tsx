// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { addEnglish, changeLanguage, i18n, initI18n } from '@/lib/i18n.ts';
import english from '@/locales/en.answers.json';
import { AXE_TIMEOUT_MS, expectAccessible } from '@/test/axe.ts';
import { SupportAnswers } from './support-answers.tsx';

beforeAll(async () => {
  addEnglish(english);
  await initI18n();
});
afterEach(cleanup);
afterAll(async () => changeLanguage('en'));

function renderAnswers(path = '/ai-test') {
  return render(
    <MemoryRouter initialEntries={[path]}>
      <I18nextProvider i18n={i18n}>
        <SupportAnswers />
      </I18nextProvider>
    </MemoryRouter>,
  );
}

const search = (name = 'Search the answers') => screen.getByRole('searchbox', { name });
const status = () => screen.getByRole('status').textContent;

describe('SupportAnswers', () => {
  it(
    'lists every answer behind its question, accessibly',
    async () => {
      const { container } = renderAnswers();
      expect(status()).toBe('14 answers');
      expect(screen.getByText('How do I type a token on the keypad?').tagName).toBe('SUMMARY');
      await expectAccessible(container);
    },
    AXE_TIMEOUT_MS,
  );

  it('finds the token answer for "token"', () => {
    renderAnswers();
    fireEvent.change(search(), { target: { value: 'token' } });
    const questions = screen.getAllByRole('listitem').map((item) => item.querySelector('summary')?.textContent);
    expect(questions.slice(0, 3)).toContain('How do I type a token on the keypad?');
    expect(questions).not.toContain('What is the wallet?');
  });

  it('searches in Luganda when Luganda is chosen', async () => {
    await changeLanguage('lg');
    try {
      renderAnswers();
      fireEvent.change(search('Noonya mu byokuddamu'), { target: { value: 'koodi' } });
      expect(screen.getByText("Nkuba ntya koodi ku bappeesa b'ekyuma?").tagName).toBe('SUMMARY');
      expect(screen.queryByText('Waleti kye ki?')).toBeNull();
    } finally {
      await changeLanguage('en');
    }
  });

  it('narrows the list to a topic', () => {
    renderAnswers();
    fireEvent.click(screen.getByRole('button', { name: 'Warranty' }));
    expect(screen.getByRole('button', { name: 'Warranty' }).getAttribute('aria-pressed')).toBe('true');
    expect(status()).toBe('1 answer');
  });

  it('points to the ways to reach a person when nothing is found', () => {
    renderAnswers();
    fireEvent.change(search(), { target: { value: 'xylophone' } });
    expect(screen.getByRole('heading', { name: 'No answer found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Ways to reach us' }).getAttribute('href')).toBe('/support');
  });

  it('opens the answer the address names', () => {
    renderAnswers('/ai-test#answer-warranty');
    expect((document.getElementById('answer-warranty') as HTMLDetailsElement).open).toBe(true);
    expect((document.getElementById('answer-wallet') as HTMLDetailsElement).open).toBe(false);
  });
});
