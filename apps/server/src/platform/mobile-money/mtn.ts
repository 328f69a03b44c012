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

export type MtnProductCredentials = { subscriptionKey: string; apiUser: string; apiKey: string };

export type MtnSettings = {
  baseUrl: string;
  /** X-Target-Environment: 'sandbox' at MTN's sandbox, 'mtnuganda' live. */
  targetEnvironment: string;
  currency: string;
  collection: MtnProductCredentials;
  /** Needed for payouts; without it, payouts to MTN are refused. */
  disbursement: MtnProductCredentials | null;
  /** Where MTN should send the callback for a request. */
  callbackUrl: (reference: string) => string;
  timeoutMs: number;
  fetch: Fetch;
};

/** MTN's reason, which comes as a string in callbacks and as { code, message } in status answers. */
export function mtnReason(reason: unknown): string {
  if (typeof reason === 'string' && reason) return reason;
  if (reason && typeof reason === 'object' && typeof (reason as { code?: unknown }).code === 'string') {
    return (reason as { code: string }).code;
  }
  return 'INTERNAL_PROCESSING_ERROR';
}

/** MTN's status words, as our status. */
export function mtnStatus(body: {
  status?: unknown;
  reason?: unknown;
  financialTransactionId?: unknown;
}): RemoteStatus {
  if (body.status === 'SUCCESSFUL') {
    return {
      state: 'successful',
      transactionId: typeof body.financialTransactionId === 'string' ? body.financialTransactionId : null,
    };
  }
  if (body.status === 'FAILED') return { state: 'failed', reason: mtnReason(body.reason) };
  return { state: 'pending' };
}

/** MSISDN as MTN wants it: country code and number, no plus. */
const partyId = (e164: string) => e164.replace(/^\+/, '');

/**
 * MTN MoMo Open API: Collections (request to pay) and Disbursements (transfer). Each product
 * has its own subscription key and API user; a bearer token from /{product}/token/ is kept
 * until shortly before it expires.
 */
export function createMtnMoMo(settings: MtnSettings): MobileMoneyNetwork {
  const call = (path: string, init: RequestInit, signal?: AbortSignal) =>
    fetchWithTimeout(settings.fetch, 'MTN MoMo', `${settings.baseUrl}${path}`, init, settings.timeoutMs, signal);

  const product = (name: 'collection' | 'disbursement', credentials: MtnProductCredentials) => {
    const tokens = tokenCache(async () => {
      const basic = Buffer.from(`${credentials.apiUser}:${credentials.apiKey}`).toString('base64');
      const response = await call(`/${name}/token/`, {
        method: 'POST',
        headers: { Authorization: `Basic ${basic}`, 'Ocp-Apim-Subscription-Key': credentials.subscriptionKey },
      });
      if (!response.ok) throw new NetworkUnavailable('MTN MoMo', `token refused (HTTP ${response.status})`);
      const body = (await response.json()) as { access_token: string; expires_in: number };
      return { token: body.access_token, expiresInSeconds: Number(body.expires_in) };
    });
    const headers = async (extra: Record<string, string> = {}) => ({
      Authorization: `Bearer ${await tokens.get()}`,
      'X-Target-Environment': settings.targetEnvironment,
      'Ocp-Apim-Subscription-Key': credentials.subscriptionKey,
      ...extra,
    });
    return {
      async request(
        path: string,
        request: TransferRequest,
        party: 'payer' | 'payee',
        signal?: AbortSignal,
      ): Promise<RequestOutcome> {
        const response = await call(
          path,
          {
            method: 'POST',
            headers: await headers({
              'X-Reference-Id': request.reference,
              'X-Callback-Url': settings.callbackUrl(request.reference),
              'Content-Type': 'application/json',
            }),
            body: JSON.stringify({
              amount: String(request.amount),
              currency: settings.currency,
              externalId: request.externalId,
              [party]: { partyIdType: 'MSISDN', partyId: partyId(request.msisdn) },
              payerMessage: request.note,
              payeeNote: request.note,
            }),
          },
          signal,
        );
        if (response.status === 401) tokens.clear();
        // 409: a request with this X-Reference-Id already exists, so the first attempt arrived.
        if (response.status === 202 || response.status === 409) return { accepted: true };
        const body = (await response.json().catch(() => ({}))) as { code?: string };
        return { accepted: false, reason: body.code ?? 'NOT_ALLOWED' };
      },
      async status(path: string, signal?: AbortSignal): Promise<RemoteStatus> {
        const response = await call(path, { method: 'GET', headers: await headers() }, signal);
        if (response.status === 404) return { state: 'not_found' };
        if (response.status === 401) tokens.clear();
        if (!response.ok) throw new NetworkUnavailable('MTN MoMo', `status check refused (HTTP ${response.status})`);
        return mtnStatus((await response.json()) as Record<string, unknown>);
      },
      async balance(signal?: AbortSignal): Promise<AccountAnswer> {
        const response = await call(
          `/${name}/v1_0/account/balance`,
          { method: 'GET', headers: await headers() },
          signal,
        );
        if (response.status === 401) tokens.clear();
        if (!response.ok) throw new NetworkUnavailable('MTN MoMo', `balance refused (HTTP ${response.status})`);
        const body = (await response.json().catch(() => ({}))) as { availableBalance?: unknown; currency?: unknown };
        return {
          balance: typeof body.availableBalance === 'string' ? body.availableBalance : null,
          currency: typeof body.currency === 'string' ? body.currency : null,
        };
      },
    };
  };

  const collection = product('collection', settings.collection);
  const disbursement = settings.disbursement ? product('disbursement', settings.disbursement) : null;
  return {
    network: 'mtn',
    collect: (request, signal) => collection.request('/collection/v1_0/requesttopay', request, 'payer', signal),
    collectionStatus: (reference, signal) =>
      collection.status(`/collection/v1_0/requesttopay/${encodeURIComponent(reference)}`, signal),
    async disburse(request, signal) {
      if (!disbursement) return { accepted: false, reason: 'NOT_ALLOWED' };
      return disbursement.request('/disbursement/v1_0/transfer', request, 'payee', signal);
    },
    async disbursementStatus(reference, signal) {
      if (!disbursement) return { state: 'not_found' };
      return disbursement.status(`/disbursement/v1_0/transfer/${encodeURIComponent(reference)}`, signal);
    },
    account: (signal) => collection.balance(signal),
  };
}
