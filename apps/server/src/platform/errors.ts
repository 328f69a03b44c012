import type { ErrorCode } from '@ecogrid/core/errors';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { CatalogueText } from './i18n.ts';

/**
 * The one error type: a machine code, a message for people, and the HTTP status it maps to.
 * The message is English: it is what the logs keep and what an English reader gets. An error
 * may also carry a catalogue key (withText) to be answered in the reader's language; without
 * one, its code's words in the errors catalogue are used when there are some (error-text.ts).
 */
export class AppError extends Error {
  text?: CatalogueText;

  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly status: ContentfulStatusCode = 400,
    /** Every problem found, when there are several to fix (each line of a file, say). */
    readonly problems?: string[],
  ) {
    super(message);
    this.name = 'AppError';
  }

  /** The same error, read from the catalogue in languages other than English. */
  withText(key: string, values?: CatalogueText['values']): this {
    this.text = { key, values };
    return this;
  }
}

export const notFound = (message: string) => new AppError('not_found', message, 404);
export const badRequest = (message: string) => new AppError('validation_failed', message, 400);

export type ErrorBody = { error: { code: ErrorCode; message: string; problems?: string[] } };

export function errorBody(code: ErrorCode, message: string, problems?: string[]): ErrorBody {
  return { error: problems ? { code, message, problems } : { code, message } };
}
