import type { QueryClient } from '@tanstack/react-query';
import { forgetSignedInUser, sessionQuery, signedInUserCopy, type Session } from '@/features/auth/api.ts';
import { clearOfflineCache, keepOfflineCache, restoreOfflineCache } from '@/lib/offline-cache.ts';

/** The signed-in user's queries: everything but the session and the public catalogue. */
const usersQuery = (key: readonly unknown[]) => key[0] !== sessionQuery.queryKey[0] && key[0] !== 'catalog';

/**
 * Offline use of a signed-in customer's data (DESIGN: Security). At start the wallet, orders and
 * loans kept on the phone for the user whose copy is kept come back into the cache, and they are
 * kept again as they change. The server stays the authority: once the session is gone (signed
 * out here, or the server's 401 to the session check or to any query) the user's copy, their kept
 * data and their queries in memory all go, so nothing of theirs shows to the next person.
 */
export function setUpOfflineSession(client: QueryClient): () => void {
  restoreOfflineCache(client, signedInUserCopy()?.id ?? null);
  const sessionUser = () => client.getQueryData<Session>(sessionQuery.queryKey)?.user.id ?? null;
  const stopKeeping = keepOfflineCache(client, sessionUser);
  let signedIn = signedInUserCopy()?.id ?? null;
  const stopWatching = client.getQueryCache().subscribe((event) => {
    if (event.type !== 'updated' || event.query.queryKey[0] !== sessionQuery.queryKey[0]) return;
    if (event.action.type !== 'success') return;
    const now = (event.query.state.data as Session | undefined)?.user.id ?? null;
    if (signedIn !== null && now !== signedIn) {
      // Signed out: the copy goes too; another user signed in: their copy was just kept.
      if (now === null) forgetSignedInUser();
      else clearOfflineCache();
      client.removeQueries({ predicate: (query) => usersQuery(query.queryKey) });
    }
    signedIn = now;
  });
  return () => {
    stopKeeping();
    stopWatching();
  };
}

export { onSignedOutAnswer } from './signed-out.ts';
