import { describe, expect, it } from 'vitest';
import type { Realtime } from '#src/platform/realtime.ts';
import { createSessionCache } from './session-cache.ts';

/** The part of realtime the cache uses, driven by the test: changes heard, connection lost, listening or not. */
function fakeRealtime() {
  const watchers = new Set<(userId: string) => void>();
  const enders = new Set<() => void>();
  const state = { listening: true };
  const realtime = {
    onSessionChange: (changed: (userId: string) => void) => (watchers.add(changed), () => watchers.delete(changed)),
    onEnd: (end: () => void) => (enders.add(end), () => enders.delete(end)),
    listening: () => state.listening,
  } as unknown as Realtime;
  return {
    realtime,
    state,
    change: (userId: string) => watchers.forEach((w) => w(userId)),
    lose: () => enders.forEach((e) => e()),
  };
}

const LATER = new Date(Date.UTC(2030, 0, 1));

function counted(userId: string, expiresAt = LATER) {
  const calls = { count: 0 };
  const lookUp = async () => {
    calls.count++;
    return { user: { id: userId, language: 'english' }, expiresAt };
  };
  return { calls, lookUp };
}

describe('the session cache', () => {
  it('asks the database once for a session checked lately, and again after the time it is trusted for', async () => {
    let now = 1_000;
    const { realtime } = fakeRealtime();
    const cache = createSessionCache(realtime, { ttlMs: 60_000, clock: () => now });
    const { calls, lookUp } = counted('u1');
    expect(await cache.get('cookie-1', lookUp)).toEqual({ id: 'u1', language: 'english' });
    expect(await cache.get('cookie-1', lookUp)).toEqual({ id: 'u1', language: 'english' });
    expect(calls.count).toBe(1);
    now += 60_001;
    await cache.get('cookie-1', lookUp);
    expect(calls.count).toBe(2);
  });

  it('never keeps a session past its own end', async () => {
    let now = Date.UTC(2029, 11, 31, 23, 59, 30);
    const { realtime } = fakeRealtime();
    const cache = createSessionCache(realtime, { ttlMs: 60_000, clock: () => now });
    const { calls, lookUp } = counted('u1', LATER);
    await cache.get('c', lookUp);
    now = LATER.getTime();
    await cache.get('c', lookUp);
    expect(calls.count).toBe(2);
  });

  it('forgets every session of a user whose session or account changed, and only theirs', async () => {
    const fake = fakeRealtime();
    const cache = createSessionCache(fake.realtime);
    const phone = counted('u1');
    const laptop = counted('u1');
    const other = counted('u2');
    await cache.get('phone', phone.lookUp);
    await cache.get('laptop', laptop.lookUp);
    await cache.get('other', other.lookUp);
    fake.change('u1');
    expect(cache.size()).toBe(1);
    await cache.get('phone', phone.lookUp);
    await cache.get('laptop', laptop.lookUp);
    await cache.get('other', other.lookUp);
    expect([phone.calls.count, laptop.calls.count, other.calls.count]).toEqual([2, 2, 1]);
  });

  it('does not keep an answer read before a change to its user that was heard while it was read', async () => {
    const fake = fakeRealtime();
    const cache = createSessionCache(fake.realtime);
    let calls = 0;
    const slow = async () => {
      calls++;
      // The sign-out commits and is heard while this look-up is on its way back.
      fake.change('u1');
      return { user: { id: 'u1' }, expiresAt: LATER };
    };
    await cache.get('c', slow);
    await cache.get('c', slow);
    expect(calls).toBe(2);
    expect(cache.size()).toBe(0);
  });

  it('keeps nothing while not listening, and drops all it kept when the connection is lost', async () => {
    const fake = fakeRealtime();
    const cache = createSessionCache(fake.realtime);
    const { calls, lookUp } = counted('u1');
    await cache.get('c', lookUp);
    fake.state.listening = false;
    fake.lose();
    expect(cache.size()).toBe(0);
    await cache.get('c', lookUp);
    await cache.get('c', lookUp);
    expect(calls.count).toBe(3);
    fake.state.listening = true;
    await cache.get('c', lookUp);
    await cache.get('c', lookUp);
    expect(calls.count).toBe(4);
  });

  it('keeps no answer for a cookie that is no session, and the most recently used when full', async () => {
    const fake = fakeRealtime();
    const cache = createSessionCache(fake.realtime, { max: 2 });
    let misses = 0;
    expect(
      await cache.get('forged', async () => {
        misses++;
        return null;
      }),
    ).toBeNull();
    await cache.get('forged', async () => (misses++, null));
    expect(misses).toBe(2);

    const a = counted('a');
    const b = counted('b');
    const c = counted('c');
    await cache.get('a', a.lookUp);
    await cache.get('b', b.lookUp);
    await cache.get('a', a.lookUp);
    await cache.get('c', c.lookUp);
    expect(cache.size()).toBe(2);
    await cache.get('a', a.lookUp);
    await cache.get('b', b.lookUp);
    expect([a.calls.count, b.calls.count]).toEqual([1, 2]);
  });
});
