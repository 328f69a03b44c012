import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import * as english from '@zxcvbn-ts/language-en';
import type { CatalogueText } from '#src/platform/i18n.ts';

/** OWASP ASVS 5.0 (V6.2): 8 to 128 characters, no composition rules, no common or personal passwords. */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn scores 0-4; 3 means "safely unguessable: moderate protection from offline attacks". */
const MIN_SCORE = 3;

const zxcvbn = new ZxcvbnFactory({
  dictionary: { ...common.dictionary, ...english.dictionary },
  graphs: common.adjacencyGraphs,
  translations: english.translations,
});

/** A refusal's English message, and its words in the `errors` catalogue for other readers. */
export type PasswordCheck = { ok: true } | { ok: false; message: string; text: CatalogueText };

/** The parts of a person's own details that must not make up their password. */
function personalWords(inputs: (string | null | undefined)[]): string[] {
  return inputs
    .filter((v): v is string => Boolean(v))
    .flatMap((v) => [v, ...v.split(/[\s@.+_-]+/)])
    .map((v) => v.toLowerCase())
    .filter((v) => v.length >= 3);
}

/** The server-side check run before sign-up and password changes (spec: validate_password_strength). */
export function validatePasswordStrength(
  password: string,
  userInputs: (string | null | undefined)[] = [],
): PasswordCheck {
  // Length is counted in Unicode code points, so an emoji or accented letter counts once.
  const length = [...password].length;
  if (length < PASSWORD_MIN_LENGTH) {
    return {
      ok: false,
      message: `Password must be at least ${PASSWORD_MIN_LENGTH} characters long.`,
      text: { key: 'errors:auth.passwordShort', values: { min: PASSWORD_MIN_LENGTH } },
    };
  }
  if (length > PASSWORD_MAX_LENGTH) {
    return {
      ok: false,
      message: `Password must be at most ${PASSWORD_MAX_LENGTH} characters long.`,
      text: { key: 'errors:auth.passwordLong', values: { max: PASSWORD_MAX_LENGTH } },
    };
  }
  const words = personalWords(userInputs);
  const lower = password.toLowerCase();
  if (words.some((word) => word.length >= 4 && lower.includes(word))) {
    return {
      ok: false,
      message: 'Password must not contain your name, email address or phone number.',
      text: { key: 'errors:auth.passwordPersonal' },
    };
  }
  const result = zxcvbn.check(password, words);
  if (result.score < MIN_SCORE) {
    const hint = result.feedback.warning ? ` ${result.feedback.warning}` : '';
    return {
      ok: false,
      message: `Password is too easy to guess.${hint} Use a longer phrase of unrelated words.`.replace(/\s+/g, ' '),
      // zxcvbn's hint is English only; the other languages say the rest.
      text: { key: 'errors:auth.passwordGuessable' },
    };
  }
  return { ok: true };
}
