import { dehydrate, hydrate, type DehydratedState, type Query, type QueryClient } from '@tanstack/react-query';
import { clearOfflineCache, OFFLINE_DATA_KEY as STORAGE_KEY } from './offline-cache-key.ts';

/**
 * What a signed-in customer last saw of their money — the wallet and its statement, their orders,
 * their loans with the device tokens — kept on the phone (localStorage), so it can be shown with
 * the time it was fetched when the app opens without a network. Only answers the server gave;
 * never a session token (the session is an http-only cookie). It belongs to one user, and is
 * dropped when they sign out or the server says they are signed out (clearOfflineCache).
 *
 * TanStack's persist-client packages would do this, but their releases pin an older query-core
 * than the app's, which would put a second copy of it in the bundle; dehydrate and hydrate are
 * the same calls they make.
 */

export { clearOfflineCache };
/** A week: long enough for a phone that goes days without a network, short enough to not mislead. */
const MAX_AGE_MS = 7 * 24 * 60 * 60_000;
/** The query keys' first parts that are kept: the wallet's ('payments'), the orders' and the loans'. */
const KEPT_ROOTS = new Set(['payments', 'orders', 'loans']);

/**
 * Also kept: a query that asks for it with `meta: { keepOffline: true }` (an agent's customers,
 * dashboard and customer pages, read in villages without data).
 */
const isKept = (query: Query) => KEPT_ROOTS.has(String(query.queryKey[0])) || query.meta?.keepOffline === true;
const WRITE_DELAY_MS = 1_000;

type Stored = { userId: string; savedAt: number; queries: DehydratedState['queries'] };

function read(): Stored | null {
  try {
    const stored = JSON.parse(localStorage.getItem(STORAGE_KEY) ?? 'null') as Stored | null;
    return stored && typeof stored.userId === 'string' && Array.isArray(stored.queries) ? stored : null;
  } catch {
    return null;
  }
}

/** Forgets everything kept for offline use (sign-out, or the server's 401). */
/** Puts what was kept for this user back into the cache, each answer with the time it was fetched. */
export function restoreOfflineCache(client: QueryClient, userId: string | null): void {
  const stored = read();
  if (!stored) return;
  if (stored.userId !== userId || Date.now() - stored.savedAt > MAX_AGE_MS) {
    clearOfflineCache();
    return;
  }
  hydrate(client, { mutations: [], queries: stored.queries });
  // Kept answers show at once, but they are never taken for fresh ones: a screen that opens with
  // a network asks the server again (a device token may have come since).
  for (const { queryKey } of stored.queries) {
    void client.invalidateQueries({ queryKey, exact: true, refetchType: 'none' });
  }
}

/**
 * Keeps the cache's wallet, order and loan answers on the phone as they change (a second after
 * the last change), for `userId()`, the signed-in user (nothing is kept while nobody is). Answers
 * kept earlier and no longer in the cache (garbage-collected after 30 minutes) stay kept.
 */
export function keepOfflineCache(client: QueryClient, userId: () => string | null): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const write = () => {
    const user = userId();
    if (!user) return;
    const fresh = dehydrate(client, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' && isKept(query),
    }).queries;
    const earlier = read();
    const seen = new Set(fresh.map((q) => q.queryHash));
    const kept = earlier?.userId === user ? earlier.queries.filter((q) => !seen.has(q.queryHash)) : [];
    try {
      localStorage.setItem(
        STORAGE_KEY,
        JSON.stringify({ userId: user, savedAt: Date.now(), queries: [...kept, ...fresh] } satisfies Stored),
      );
    } catch {
      // Storage full or blocked: the app works as before, only without the offline copy.
    }
  };
  const unsubscribe = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.action.type !== 'success') return;
    if (!isKept(event.query)) return;
    clearTimeout(timer);
    timer = setTimeout(flush, WRITE_DELAY_MS);
  });
  // Leaving the page (another address, the app closed) writes what is waiting at once: an answer
  // that arrived less than a second before would otherwise never be kept.
  function flush() {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    write();
  }
  window.addEventListener('pagehide', flush);
  return () => {
    clearTimeout(timer);
    window.removeEventListener('pagehide', flush);
    unsubscribe();
  };
}
