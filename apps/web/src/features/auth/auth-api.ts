/** Calls to the server's auth endpoints (better-auth under /api/auth), whose errors are `{ code, message }`. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

export async function authPost<T>(path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json' },
      body: JSON.stringify(body),
    });
  } catch {
    throw new AuthError(0, 'NETWORK', 'Could not reach EcoGrid. Check your connection and try again.');
  }
  const data = (await response.json().catch(() => null)) as { code?: string; message?: string } | null;
  if (!response.ok) throw new AuthError(response.status, data?.code, data?.message ?? '');
  return data as T;
}

export async function authGet(path: string): Promise<Response> {
  return fetch(`/api/auth${path}`, { credentials: 'same-origin', headers: { accept: 'application/json' } });
}

export type SignUpInput = {
  email: string;
  password: string;
  fullName: string;
  username?: string;
  userType: 'customer' | 'agent';
  preferredLanguage: 'english' | 'luganda' | 'swahili';
};

export const signUpEmail = (input: SignUpInput) =>
  authPost('/sign-up/email', { ...input, name: input.fullName, username: input.username || undefined });

export const signInEmail = (email: string, password: string) =>
  authPost<{ twoFactorRedirect?: boolean }>('/sign-in/email', { email, password });

export const signOut = () => authPost('/sign-out', {});

export const resendVerification = (email: string) => authPost('/send-verification-email', { email });

export const requestPasswordReset = (email: string, redirectTo: string) =>
  authPost('/request-password-reset', { email, redirectTo });

export const resetPassword = (token: string, newPassword: string) =>
  authPost('/reset-password', { token, newPassword });

export type DeviceSession = { id: string; token: string; createdAt: string; userAgent: string | null };

export async function listSessions(): Promise<DeviceSession[]> {
  const response = await authGet('/list-sessions');
  if (!response.ok) throw new AuthError(response.status, undefined, '');
  return (await response.json()) as DeviceSession[];
}

export const revokeSession = (token: string) => authPost('/revoke-session', { token });
export const revokeOtherSessions = () => authPost('/revoke-other-sessions', {});
export const revokeAllSessions = () => authPost('/revoke-sessions', {});
