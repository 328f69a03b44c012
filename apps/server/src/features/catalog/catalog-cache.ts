import { createHash } from 'node:crypto';
import type { Realtime } from '#src/platform/realtime.ts';

/** One public catalogue answer as sent: its JSON text and the ETag naming it. */
export type CachedAnswer = { body: string; etag: string };

const MAX_ANSWERS = 2_000;
const caches = new WeakMap<Realtime, ReturnType<typeof createCatalogCache>>();

/**
 * The public catalogue's answers this process sent lately, by what was asked. The database tells
 * every process through `realtime.onCatalogChange` (a statement trigger on products and
 * categories, on commit) whenever the catalogue changes, stock included, and all of them go at
 * once; while the process is not listening nothing is kept. An answer read while a change was
 * heard is sent but not kept.
 */
export function createCatalogCache(realtime: Realtime, max = MAX_ANSWERS) {
  const answers = new Map<string, CachedAnswer>();
  let heard = 0;
  const forget = () => {
    heard++;
    answers.clear();
  };
  realtime.onCatalogChange(forget);
  realtime.onEnd(forget);
  return {
    async answer(key: string, read: () => Promise<unknown>): Promise<CachedAnswer> {
      const kept = answers.get(key);
      if (kept) return kept;
      const started = heard;
      const body = JSON.stringify(await read());
      const answer = { body, etag: `W/"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"` };
      if (realtime.listening() && heard === started) {
        answers.set(key, answer);
        if (answers.size > max) answers.delete(answers.keys().next().value!);
      }
      return answer;
    },
    /** Drops every answer kept: this process just changed something, perhaps the catalogue. */
    forget,
    size: () => answers.size,
  };
}

/** The cache of the app whose realtime fan-out this is (one per app, made on first use). */
export function catalogCacheOf(realtime: Realtime) {
  let cache = caches.get(realtime);
  if (!cache) caches.set(realtime, (cache = createCatalogCache(realtime)));
  return cache;
}

/** Whether an If-None-Match header names this ETag (compared weakly, as RFC 9110 says for GET). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const bare = (tag: string) => tag.trim().replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => tag.trim() === '*' || bare(tag) === bare(etag));
}
