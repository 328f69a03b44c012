import { useRef } from 'react';
import { ApiError } from './api-client.ts';

/** A random UUID v4; crypto.randomUUID is missing on older Android browsers and outside HTTPS. */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = (bytes[6]! & 0x0f) | 0x40;
  bytes[8] = (bytes[8]! & 0x3f) | 0x80;
  const hex = [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** True when the server may or may not have acted: no answer reached us, or it failed (5xx). */
export const outcomeUnknown = (error: unknown): boolean =>
  !(error instanceof ApiError) || error.status === 0 || error.status >= 500;

/**
 * The Idempotency-Key of one attempt at a money request. The same submission sent again after
 * a dropped connection keeps its key, so the server applies it once; once the server has
 * answered (done, or refused) the next submission is a new attempt with a new key.
 */
export function useAttemptKey() {
  const last = useRef<{ body: string; key: string } | null>(null);
  return {
    keyFor(body: unknown): string {
      const text = JSON.stringify(body);
      if (last.current?.body !== text) last.current = { body: text, key: newIdempotencyKey() };
      return last.current.key;
    },
    settled(error?: unknown): void {
      if (error === undefined || !outcomeUnknown(error)) last.current = null;
    },
  };
}
