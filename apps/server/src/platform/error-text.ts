import type { ErrorCode } from '@ecogrid/core/errors';
import type { AppError } from './errors.ts';
import { render, textsFor, type Language } from './i18n.ts';

/**
 * An error's message in the reader's language. English is the message the error was made with
 * (what the logs keep). In Luganda and Kiswahili: the error's own catalogue text if it has one,
 * else its code's words (`errors:codes.<code>`), else the English message, rather than nothing.
 */
export function errorMessage(error: Pick<AppError, 'code' | 'message' | 'text'>, language: Language): string {
  return codeMessage(error.code, error.message, language, error.text);
}

/** codeMessage for an error that is not an AppError (a code and an English message). */
export function codeMessage(code: ErrorCode, english: string, language: Language, text?: AppError['text']): string {
  if (language === 'english') return english;
  const texts = textsFor(language);
  if (text) return render(texts, text);
  return texts.t(`errors:codes.${code}`, { defaultValue: english });
}
