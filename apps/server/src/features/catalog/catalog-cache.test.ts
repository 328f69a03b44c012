import { describe, expect, it } from 'vitest';
import type { Realtime } from '#src/platform/realtime.ts';
import { createCatalogCache, matchesEtag } from './catalog-cache.ts';

/** The part of realtime the cache uses, driven by the test. */
function fakeRealtime() {
  const watchers = new Set<() => void>();
  const state = { listening: true };
  const realtime = {
    onCatalogChange: (changed: () => void) => (watchers.add(changed), () => watchers.delete(changed)),
    onEnd: (end: () => void) => (watchers.add(end), () => watchers.delete(end)),
    listening: () => state.listening,
  } as unknown as Realtime;
  return { realtime, state, change: () => watchers.forEach((w) => w()) };
}

describe('the catalogue cache', () => {
  it('reads once until the catalogue changes, then again', async () => {
    const fake = fakeRealtime();
    const cache = createCatalogCache(fake.realtime);
    let reads = 0;
    const read = async () => ({ items: [++reads] });
    const first = await cache.answer('list', read);
    expect(await cache.answer('list', read)).toBe(first);
    fake.change();
    const second = await cache.answer('list', read);
    expect(second.body).toBe('{"items":[2]}');
    expect(second.etag).not.toBe(first.etag);
  });

  it('does not keep an answer read while a change was heard, nor any while not listening', async () => {
    const fake = fakeRealtime();
    const cache = createCatalogCache(fake.realtime);
    await cache.answer('racing', async () => (fake.change(), { price: 1 }));
    expect(cache.size()).toBe(0);
    fake.state.listening = false;
    await cache.answer('deaf', async () => ({ price: 1 }));
    expect(cache.size()).toBe(0);
  });

  it('keeps at most the number it is given, the oldest going first', async () => {
    const cache = createCatalogCache(fakeRealtime().realtime, 2);
    for (const key of ['a', 'b', 'c']) await cache.answer(key, async () => key);
    expect(cache.size()).toBe(2);
  });

  it('matches If-None-Match weakly, in a list, and *', () => {
    expect(matchesEtag('W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('"x", W/"abc"', 'W/"abc"')).toBe(true);
    expect(matchesEtag('*', 'W/"abc"')).toBe(true);
    expect(matchesEtag('W/"abd"', 'W/"abc"')).toBe(false);
    expect(matchesEtag(undefined, 'W/"abc"')).toBe(false);
  });
});
