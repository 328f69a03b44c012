import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';

export type SessionUser = {
  id: string;
  name: string;
  email: string | null;
  userType: 'customer' | 'agent' | 'admin';
  twoFactorEnabled?: boolean | null;
};
/** The signed-in user and the id of this device's session (never its token). */
export type Session = { user: SessionUser; sessionId: string | null } | null;

/**
 * The signed-in user, as the server's auth endpoint reports it. No session, or no auth
 * service on the server, both mean "signed out": the server is the authority.
 */
export async function fetchSession(): Promise<Session> {
  const response = await fetch('/api/auth/get-session', {
    credentials: 'same-origin',
    headers: { Accept: 'application/json' },
  });
  if (response.status === 401 || response.status === 404) return null;
  if (!response.ok) throw new Error(`Session check failed (${response.status})`);
  const body = (await response.json()) as { user?: SessionUser; session?: { id?: string } } | null;
  return body?.user ? { user: body.user, sessionId: body.session?.id ?? null } : null;
}

export const sessionQuery = queryOptions({ queryKey: ['session'], queryFn: fetchSession, staleTime: 60_000 });

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
