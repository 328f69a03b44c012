import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  NetworkUnavailable,
  fetchWithTimeout,
  tokenCache,
  type AccountAnswer,
  type Fetch,
  type MobileMoneyNetwork,
  type RemoteStatus,
  type RequestOutcome,
  type TransferRequest,
} from './types.ts';

export type AirtelSettings = {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
  /** The disbursement PIN, encrypted with Airtel's public key; without it payouts are refused. */
  encryptedPin: string | null;
  timeoutMs: number;
  fetch: Fetch;
};

/** Airtel's response codes (status.response_code) that say why a payment failed, in MTN's words. */
const AIRTEL_FAILURES: Record<string, string> = {
  DP00800001002: 'APPROVAL_REJECTED', // wrong PIN
  DP00800001003: 'NOT_ALLOWED', // over the account's limit
  DP00800001007: 'NOT_ENOUGH_FUNDS',
  DP00800001008: 'APPROVAL_REJECTED',
  DP00800001010: 'NOT_ALLOWED',
  DP00800001024: 'EXPIRED',
  DP00800001029: 'EXPIRED',
  DP00800001026: 'NOT_ALLOWED',
  DP00800001009: 'PAYER_NOT_FOUND',
};

export function airtelReason(code: unknown): string {
  return (typeof code === 'string' && AIRTEL_FAILURES[code]) || 'TRANSACTION_NOT_COMPLETED';
}

/** Airtel's transaction status: TS success, TF failed, TIP in progress, TA ambiguous (ask again later). */
export function airtelStatus(
  transaction: { status?: unknown; airtel_money_id?: unknown },
  responseCode?: unknown,
): RemoteStatus {
  if (transaction.status === 'TS') {
    return {
      state: 'successful',
      transactionId: typeof transaction.airtel_money_id === 'string' ? transaction.airtel_money_id : null,
    };
  }
  if (transaction.status === 'TF') return { state: 'failed', reason: airtelReason(responseCode) };
  return { state: 'pending' };
}

/** Airtel's callback hash: base64 HMAC-SHA256 of the callback's transaction object, with the callback key. */
export function airtelCallbackHash(key: string, transaction: unknown): string {
  return createHmac('sha256', key).update(JSON.stringify(transaction)).digest('base64');
}

export function airtelHashMatches(key: string, transaction: unknown, hash: string): boolean {
  const expected = Buffer.from(airtelCallbackHash(key, transaction));
  const given = Buffer.from(hash);
  return expected.length === given.length && timingSafeEqual(expected, given);
}

/** Airtel wants the number without the country code. */
const localMsisdn = (e164: string) => e164.replace(/^\+256/, '');

/**
 * Airtel Money Open API: OAuth client-credentials token, USSD-push collection
 * (/merchant/v1/payments/) with enquiry, and disbursements (/standard/v1/disbursements/).
 */
export function createAirtelMoney(settings: AirtelSettings): MobileMoneyNetwork {
  const call = (path: string, init: RequestInit, signal?: AbortSignal) =>
    fetchWithTimeout(settings.fetch, 'Airtel Money', `${settings.baseUrl}${path}`, init, settings.timeoutMs, signal);
  const tokens = tokenCache(async () => {
    const response = await call('/auth/oauth2/token', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: '*/*' },
      body: JSON.stringify({
        client_id: settings.clientId,
        client_secret: settings.clientSecret,
        grant_type: 'client_credentials',
      }),
    });
    if (!response.ok) throw new NetworkUnavailable('Airtel Money', `token refused (HTTP ${response.status})`);
    const body = (await response.json()) as { access_token: string; expires_in: string | number };
    return { token: body.access_token, expiresInSeconds: Number(body.expires_in) };
  });
  const headers = async () => ({
    Authorization: `Bearer ${await tokens.get()}`,
    'X-Country': 'UG',
    'X-Currency': 'UGX',
    'Content-Type': 'application/json',
    Accept: '*/*',
  });

  type Answer = {
    data?: { transaction?: Record<string, unknown> };
    status?: { success?: boolean; response_code?: string; code?: string };
  };

  const request = async (path: string, body: unknown, signal?: AbortSignal): Promise<RequestOutcome> => {
    const response = await call(path, { method: 'POST', headers: await headers(), body: JSON.stringify(body) }, signal);
    if (response.status === 401) tokens.clear();
    const answer = (await response.json().catch(() => ({}))) as Answer;
    if (response.ok && answer.status?.success) return { accepted: true };
    return { accepted: false, reason: airtelReason(answer.status?.response_code) };
  };
  const status = async (path: string, signal?: AbortSignal): Promise<RemoteStatus> => {
    const response = await call(path, { method: 'GET', headers: await headers() }, signal);
    if (response.status === 401) tokens.clear();
    if (response.status === 404) return { state: 'not_found' };
    const answer = (await response.json().catch(() => ({}))) as Answer;
    if (answer.status?.response_code === 'DP00800001025') return { state: 'not_found' };
    if (!response.ok || !answer.data?.transaction) {
      throw new NetworkUnavailable('Airtel Money', `enquiry refused (HTTP ${response.status})`);
    }
    return airtelStatus(answer.data.transaction, answer.status?.response_code);
  };

  return {
    network: 'airtel',
    collect: (r: TransferRequest, signal) =>
      request(
        '/merchant/v1/payments/',
        {
          reference: r.note.slice(0, 64),
          subscriber: { country: 'UG', currency: 'UGX', msisdn: localMsisdn(r.msisdn) },
          transaction: { amount: r.amount, country: 'UG', currency: 'UGX', id: r.reference },
        },
        signal,
      ),
    collectionStatus: (reference, signal) => status(`/standard/v1/payments/${encodeURIComponent(reference)}`, signal),
    async disburse(r, signal) {
      if (!settings.encryptedPin) return { accepted: false, reason: 'NOT_ALLOWED' };
      return request(
        '/standard/v1/disbursements/',
        {
          payee: { msisdn: localMsisdn(r.msisdn) },
          reference: r.note.slice(0, 64),
          pin: settings.encryptedPin,
          transaction: { amount: r.amount, id: r.reference },
        },
        signal,
      );
    },
    disbursementStatus: (reference, signal) =>
      status(`/standard/v1/disbursements/${encodeURIComponent(reference)}`, signal),
    async account(signal): Promise<AccountAnswer> {
      const response = await call('/standard/v1/users/balance', { method: 'GET', headers: await headers() }, signal);
      if (response.status === 401) tokens.clear();
      const answer = (await response.json().catch(() => ({}))) as {
        data?: { balance?: unknown; currency?: unknown };
        status?: { success?: boolean };
      };
      if (!response.ok || answer.status?.success === false) {
        throw new NetworkUnavailable('Airtel Money', `balance refused (HTTP ${response.status})`);
      }
      return {
        balance: typeof answer.data?.balance === 'string' ? answer.data.balance : null,
        currency: typeof answer.data?.currency === 'string' ? answer.data.currency : null,
      };
    },
  };
}
