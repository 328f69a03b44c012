import type { Realtime } from '#src/platform/realtime.ts';

type Entry<U> = { user: U; until: number };

export type SessionCacheOptions = {
  /** How long a checked session is trusted without asking the database again. */
  ttlMs?: number;
  /** The most sessions kept; the least recently checked go first. */
  max?: number;
  clock?: () => number;
};

/**
 * The sessions this process has checked lately, by session cookie, so a signed-in request does
 * not look its session up in the database each time. Nothing stale is let in: the database
 * tells every process through `realtime.onSessionChange` (a trigger on sessions and users, on
 * commit) whenever a user's session or account changes, and that user's entries go at once;
 * while the process is not listening (its connection is being replaced) nothing is kept, and
 * whatever was kept goes. A look-up that started before a change to its user is not kept
 * either, so a reply read just before a sign-out cannot come back after it. Entries also end
 * with the session itself and after `ttlMs` whatever happens.
 */
export function createSessionCache<U extends { id: string }>(realtime: Realtime, options: SessionCacheOptions = {}) {
  const ttlMs = options.ttlMs ?? 60_000;
  const max = options.max ?? 50_000;
  const clock = options.clock ?? Date.now;
  const entries = new Map<string, Entry<U>>();
  const keysOf = new Map<string, Set<string>>();
  // Every change heard moves the count on; a look-up is kept only if no change to its user (or,
  // after `changedAt` was emptied to bound it, no change at all) was heard since it began.
  let heard = 0;
  let forgottenUpTo = 0;
  const changedAt = new Map<string, number>();

  const drop = (key: string) => {
    const entry = entries.get(key);
    if (!entry) return;
    entries.delete(key);
    const keys = keysOf.get(entry.user.id);
    keys?.delete(key);
    if (keys?.size === 0) keysOf.delete(entry.user.id);
  };
  const forgetUser = (userId: string) => {
    heard++;
    changedAt.set(userId, heard);
    if (changedAt.size > max) {
      changedAt.clear();
      forgottenUpTo = heard;
    }
    for (const key of [...(keysOf.get(userId) ?? [])]) drop(key);
  };
  const forgetAll = () => {
    heard++;
    changedAt.clear();
    forgottenUpTo = heard;
    entries.clear();
    keysOf.clear();
  };
  realtime.onSessionChange(forgetUser);
  realtime.onEnd(forgetAll);

  return {
    /**
     * The user of the session `key` (the session cookie's value), from memory when it was
     * checked lately, else from `lookUp` (null: no such session), kept for the next request.
     * `expiresAt` is when the session itself ends.
     */
    async get(key: string, lookUp: () => Promise<{ user: U; expiresAt: Date } | null>): Promise<U | null> {
      const now = clock();
      const entry = entries.get(key);
      if (entry && entry.until > now) {
        // Most recently used last: the oldest are the first to go when the cache is full.
        entries.delete(key);
        entries.set(key, entry);
        return entry.user;
      }
      if (entry) drop(key);
      const started = heard;
      const found = await lookUp();
      if (!found) return null;
      const changedSince = started < forgottenUpTo || (changedAt.get(found.user.id) ?? 0) > started;
      if (realtime.listening() && !changedSince) {
        entries.set(key, { user: found.user, until: Math.min(clock() + ttlMs, found.expiresAt.getTime()) });
        const keys = keysOf.get(found.user.id) ?? new Set<string>();
        keys.add(key);
        keysOf.set(found.user.id, keys);
        if (entries.size > max) drop(entries.keys().next().value!);
      }
      return found.user;
    },
    /**
     * Forgets the session `key` and its user's others at once, for a change this process makes
     * itself (signing out): the database's notice follows, but the next request may come first.
     */
    forget(key: string) {
      const entry = entries.get(key);
      if (entry) forgetUser(entry.user.id);
    },
    /** Forgets every session of the user: a change this process made to their account. */
    forgetUser,
    /** Forgets every session kept: a staff member changed something, perhaps someone's account. */
    forgetAll,
    /** Sessions kept now. */
    size: () => entries.size,
  };
}

export type SessionCache<U extends { id: string }> = ReturnType<typeof createSessionCache<U>>;
