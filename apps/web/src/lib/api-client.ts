import type { ErrorCode } from '@ecogrid/core/errors';
import { i18n, shownLanguage } from './i18n.ts';

/**
 * The server's error codes (listed in core; the contract test holds the server to them) and the
 * two the app gives itself: no answer at all, or an answer without a code.
 */
export type ApiErrorCode = ErrorCode | 'network_error' | 'http_error';

/** An API failure with the server's code and message (`{ error: { code, message } }`). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    /** Every problem the server found, when there are several (a file's bad lines). */
    readonly problems: string[] = [],
  ) {
    super(message);
    this.name = 'ApiError';
  }
}

/** The error body every API route answers with (the OpenAPI document's `Error`). */
export type ErrorBody = { error?: { code?: ErrorCode; message?: string; problems?: string[] } };

declare global {
  interface Window {
    __ecogridEarly?: Record<string, Promise<Response>>;
  }
}

/** A GET that index.html started before the app loaded, handed over once. */
function takeEarly(path: string, init: RequestInit): Promise<Response> | undefined {
  const early = typeof window === 'undefined' ? undefined : window.__ecogridEarly;
  const pending = !init.method || init.method === 'GET' ? early?.[path] : undefined;
  if (pending) delete early![path];
  return pending;
}

/** Sent with every API request: the server writes its error messages in the language on screen. */
export const languageHeader = (): { 'Accept-Language': string } => ({ 'Accept-Language': shownLanguage() });

/** No answer at all, said in the language on screen. */
export const networkError = () => new ApiError(0, 'network_error', i18n.t('errors.network'));

/** An answer with no message of its own. */
export const requestFailed = (status: number) => i18n.t('errors.requestFailed', { status });

export async function apiFetch<T>(path: string, init: RequestInit = {}): Promise<T> {
  let response: Response;
  const request = () =>
    fetch(path, {
      credentials: 'same-origin',
      ...init,
      headers: { Accept: 'application/json', ...languageHeader(), ...init.headers },
    });
  try {
    response = await (takeEarly(path, init)?.catch(request) ?? request());
  } catch {
    throw networkError();
  }
  if (!response.ok) {
    const body = (await response.json().catch(() => ({}))) as ErrorBody;
    throw new ApiError(
      response.status,
      body.error?.code ?? 'http_error',
      body.error?.message ?? requestFailed(response.status),
      body.error?.problems ?? [],
    );
  }
  return (await response.json()) as T;
}

/** Builds a query string from defined values only. */
export function toSearch(params: Record<string, string | number | undefined | null>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(params)) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}
