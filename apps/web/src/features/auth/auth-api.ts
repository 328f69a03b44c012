import { languageHeader, networkError } from '@/lib/api-client.ts';
/** Calls to the server's auth endpoints (better-auth under /api/auth), whose errors are `{ code, message }`. */
export class AuthError extends Error {
  constructor(
    readonly status: number,
    readonly code: string | undefined,
    message: string,
    /** Test mode only: a code texted on the way to this error (signing in with an unconfirmed number). */
    readonly testModeCode?: string,
  ) {
    super(message);
  }
}

/**
 * In test mode (no SMS provider, outside production) the server answers the code it texted, for
 * the screen that asks for it to show; never in production.
 */
export type CodeSent = { testModeCode?: string };

export async function authPost<T>(path: string, body: unknown): Promise<T> {
  let response: Response;
  try {
    response = await fetch(`/api/auth${path}`, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json', accept: 'application/json', ...languageHeader() },
      body: JSON.stringify(body),
    });
  } catch {
    throw new AuthError(0, 'NETWORK', networkError().message);
  }
  const data = (await response.json().catch(() => null)) as {
    code?: string;
    message?: string;
    testModeCode?: string;
  } | null;
  if (!response.ok) throw new AuthError(response.status, data?.code, data?.message ?? '', data?.testModeCode);
  return data as T;
}

export async function authGet(path: string): Promise<Response> {
  return fetch(`/api/auth${path}`, {
    credentials: 'same-origin',
    headers: { accept: 'application/json', ...languageHeader() },
  });
}

export type SignUpInput = {
  email?: string;
  phoneNumber?: string;
  password: string;
  fullName: string;
  username?: string;
  userType: 'customer' | 'agent';
  preferredLanguage: 'english' | 'luganda' | 'swahili';
};

export const signUpEmail = (input: SignUpInput) =>
  authPost('/sign-up/email', { ...input, name: input.fullName, username: input.username || undefined });

/** Creates a phone account and texts it a code; the account opens once the code is entered. */
export const signUpPhone = (input: SignUpInput) =>
  authPost<{ phoneNumber: string } & CodeSent>('/sign-up/phone', { ...input, username: input.username || undefined });

export type SignInResult = { twoFactorRedirect?: boolean; twoFactorMethods?: ('totp' | 'otp')[] };

export const signInEmail = (email: string, password: string) =>
  authPost<SignInResult>('/sign-in/email', { email, password });

export const signInPhone = (phoneNumber: string, password: string) =>
  authPost<SignInResult>('/sign-in/phone-number', { phoneNumber, password });

export const sendPhoneCode = (phoneNumber: string) => authPost<CodeSent>('/phone-number/send-otp', { phoneNumber });

/** Confirms a number with its SMS code. A new account is signed in, unless it needs its second factor. */
export const verifyPhone = (phoneNumber: string, code: string) =>
  authPost<{ status: boolean; token?: string | null; signInRequired?: boolean }>('/phone-number/verify', {
    phoneNumber,
    code,
  });

/** Moves a signed-in account to a new number: its SMS code and the account's password. */
export const changePhone = (phoneNumber: string, code: string, password: string) =>
  authPost('/phone-number/verify', { phoneNumber, code, password, updatePhoneNumber: true });

export const requestPhoneReset = (phoneNumber: string) =>
  authPost<CodeSent>('/phone-number/request-password-reset', { phoneNumber });

export const resetPasswordByPhone = (phoneNumber: string, otp: string, newPassword: string) =>
  authPost('/phone-number/reset-password', { phoneNumber, otp, newPassword });

/** The second factor at sign-in (with the challenge cookie) or while setting it up (with the session). */
export const verifyTotp = (code: string) => authPost('/two-factor/verify-totp', { code });
export const sendSmsCode = () => authPost<CodeSent>('/two-factor/send-otp', {});
export const verifySmsCode = (code: string) => authPost('/two-factor/verify-otp', { code });
export const verifyBackupCode = (code: string) => authPost('/two-factor/verify-backup-code', { code });

export const enableTotp = (password: string) =>
  authPost<{ totpURI: string; backupCodes: string[] }>('/two-factor/enable', { password });
export const disableTwoFactor = (password: string) => authPost('/two-factor/disable', { password });
export const newBackupCodes = (password: string) =>
  authPost<{ backupCodes: string[] }>('/two-factor/generate-backup-codes', { password });

export const signOut = () => authPost('/sign-out', {});

export const resendVerification = (email: string) => authPost('/send-verification-email', { email });

export const requestPasswordReset = (email: string, redirectTo: string) =>
  authPost('/request-password-reset', { email, redirectTo });

export const resetPassword = (token: string, newPassword: string) =>
  authPost('/reset-password', { token, newPassword });

/** A new password for the signed-in account; the server signs out every other device. */
export const changePassword = (currentPassword: string, newPassword: string) =>
  authPost('/change-password', { currentPassword, newPassword, revokeOtherSessions: true });

export type DeviceSession = { id: string; token: string; createdAt: string; userAgent: string | null };

export async function listSessions(): Promise<DeviceSession[]> {
  const response = await authGet('/list-sessions');
  if (!response.ok) throw new AuthError(response.status, undefined, '');
  return (await response.json()) as DeviceSession[];
}

export const revokeSession = (token: string) => authPost('/revoke-session', { token });
export const revokeOtherSessions = () => authPost('/revoke-other-sessions', {});
export const revokeAllSessions = () => authPost('/revoke-sessions', {});
