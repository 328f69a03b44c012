import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { clearOfflineCache } from '@/lib/offline-cache-key.ts';

export type SessionUser = {
  id: string;
  name: string;
  email: string | null;
  userType: 'customer' | 'agent' | 'admin';
  twoFactorEnabled?: boolean | null;
  /** users.preferred_language (english, luganda or swahili); not kept in the offline copy. */
  preferredLanguage?: string;
};
/**
 * The signed-in user and the id of this device's session (never its token). `offline`: the
 * server could not be asked, and this is the copy kept on the phone from its last answer.
 */
export type Session = { user: SessionUser; sessionId: string | null; offline?: boolean } | null;

const USER_COPY_KEY = 'ecogrid.signed-in-user';

/** The signed-in user as the server last reported them, kept for display when it cannot be asked. */
export function signedInUserCopy(): SessionUser | null {
  try {
    const user = JSON.parse(localStorage.getItem(USER_COPY_KEY) ?? 'null') as SessionUser | null;
    return user && typeof user.id === 'string' && typeof user.name === 'string' ? user : null;
  } catch {
    return null;
  }
}

function keepUserCopy(user: SessionUser) {
  const { id, name, email, userType, twoFactorEnabled } = user;
  try {
    localStorage.setItem(USER_COPY_KEY, JSON.stringify({ id, name, email, userType, twoFactorEnabled }));
  } catch {
    // Storage blocked: the app only loses the offline copy.
  }
}

/** The server says nobody is signed in: nothing of the last user stays on the phone. */
export function forgetSignedInUser() {
  try {
    localStorage.removeItem(USER_COPY_KEY);
  } catch {
    // Nothing was kept.
  }
  clearOfflineCache();
}

/** The kept copy, when the server cannot be asked (no network, or it is down); else the failure stands. */
function offlineSession(error: unknown): Session {
  const user = signedInUserCopy();
  if (!user) throw error;
  return { user, sessionId: null, offline: true };
}

/**
 * The signed-in user, as the server's auth endpoint reports it. No session, or no auth
 * service on the server, both mean "signed out": the server is the authority, and the copy
 * kept on the phone goes. Without an answer (offline, or a 5xx) the kept copy stands in, so a
 * signed-in customer stays signed in offline; the next answer decides.
 */
export async function fetchSession(): Promise<Session> {
  let response: Response;
  try {
    response = await fetch('/api/auth/get-session', {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
  } catch (error) {
    return offlineSession(error);
  }
  if (response.status === 401 || response.status === 404) {
    forgetSignedInUser();
    return null;
  }
  if (!response.ok) return offlineSession(new Error(`Session check failed (${response.status})`));
  const body = (await response.json()) as { user?: SessionUser; session?: { id?: string } } | null;
  if (!body?.user) {
    forgetSignedInUser();
    return null;
  }
  keepUserCopy(body.user);
  return { user: body.user, sessionId: body.session?.id ?? null };
}

export const sessionQuery = queryOptions({
  queryKey: ['session'],
  queryFn: fetchSession,
  staleTime: 60_000,
  // Asked even with the browser offline (the kept copy answers then), and again as soon as the
  // network is back, whatever its age: the server's answer replaces the copy.
  networkMode: 'always',
  refetchOnReconnect: 'always',
});

/** After signing in or out, ask the server again and put its answer in the cache at once. */
export async function refreshSession(queryClient: QueryClient): Promise<Session> {
  await queryClient.cancelQueries({ queryKey: sessionQuery.queryKey });
  const session = await fetchSession();
  queryClient.setQueryData(sessionQuery.queryKey, session);
  return session;
}

export function useSession() {
  return useQuery(sessionQuery);
}

/** The sign-in page, remembering where the visitor was going. */
export function authPath(origin: string): string {
  return origin && origin !== '/' ? `/auth?redirect=${encodeURIComponent(origin)}` : '/auth';
}

/** A redirect target is only ever a path on this site, never another origin. */
export function safeRedirect(value: string | null): string {
  if (!value || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return '/marketplace';
  return value;
}
