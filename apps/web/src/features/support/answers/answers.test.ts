import { describe, expect, it } from 'vitest';
import { TOPIC_OF } from '@ecogrid/core/support-answers';
import { answersIn, searchAnswers } from './answers.ts';

const ids = (language: 'en' | 'lg' | 'sw') => answersIn(language).map((answer) => answer.id);

describe('the common questions', () => {
  it('answers the same questions, in the same order, in every language', () => {
    expect(ids('en')).toEqual(Object.keys(TOPIC_OF));
    expect(ids('lg')).toEqual(ids('en'));
    expect(ids('sw')).toEqual(ids('en'));
  });

  it('words each answer in its own language, not as an English copy', () => {
    const english = new Set(answersIn('en').flatMap((answer) => [answer.question, answer.answer]));
    for (const language of ['lg', 'sw'] as const) {
      const copies = answersIn(language).filter((a) => english.has(a.question) || english.has(a.answer));
      expect(copies).toEqual([]);
    }
  });
});

describe('searchAnswers', () => {
  it('finds the token answers for "token", and how to type one with "keypad"', () => {
    expect(searchAnswers('en', 'token')[0]?.topic).toBe('tokens');
    const found = searchAnswers('en', 'token keypad').map((answer) => answer.id);
    expect(found[0]).toBe('token-type');
  });

  it('finds the token answers for the Luganda word koodi', () => {
    const found = searchAnswers('lg', 'koodi').map((answer) => answer.id);
    expect(found.slice(0, 3)).toEqual(expect.arrayContaining(['token-what', 'token-type', 'token-rejected']));
  });

  it('forgives a slip of the keyboard and finds late payment in Kiswahili', () => {
    expect(searchAnswers('sw', 'nikichelewa').map((a) => a.id)[0]).toBe('late-payment');
    expect(searchAnswers('en', 'warrenty').map((a) => a.id)[0]).toBe('warranty');
  });

  it('finds nothing for words no answer has', () => {
    expect(searchAnswers('en', 'xylophone')).toEqual([]);
  });
});
