import { describe, expect, it } from 'vitest';
import { containsPattern, escapeLike, startsWithPattern } from './sql-text.ts';

describe('LIKE patterns', () => {
  it('escapes the wildcards and the escape character so they match themselves', () => {
    expect(escapeLike('50%_off\\now')).toBe('50\\%\\_off\\\\now');
  });

  it('leaves ordinary text as it is', () => {
    expect(escapeLike('Solar lamp 3W')).toBe('Solar lamp 3W');
  });

  it('matches the text anywhere, or at the start only', () => {
    expect(containsPattern('a_b')).toBe('%a\\_b%');
    expect(startsWithPattern('key%1:')).toBe('key\\%1:%');
  });
});
