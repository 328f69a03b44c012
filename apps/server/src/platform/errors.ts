import type { ErrorCode } from '@ecogrid/core/errors';
import type { ContentfulStatusCode } from 'hono/utils/http-status';

/** The one error type: a machine code, a message for people, and the HTTP status it maps to. */
export class AppError extends Error {
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
}

export const notFound = (message: string) => new AppError('not_found', message, 404);
export const badRequest = (message: string) => new AppError('validation_failed', message, 400);

export type ErrorBody = { error: { code: ErrorCode; message: string; problems?: string[] } };

export function errorBody(code: ErrorCode, message: string, problems?: string[]): ErrorBody {
  return { error: problems ? { code, message, problems } : { code, message } };
}
