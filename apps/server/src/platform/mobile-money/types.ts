import type { MobileNetwork } from '@ecogrid/core';

/** A request to collect from (or pay out to) a mobile-money number. */
export type TransferRequest = {
  /** Our id for it at the network (MTN's X-Reference-Id, Airtel's transaction id); reused on a retry. */
  reference: string;
  amount: number;
  /** E.164, +2567… */
  msisdn: string;
  /** What the customer sees on the phone and statement (our payment reference). */
  externalId: string;
  note: string;
};

/** The network's immediate answer to a request; an unknown outcome is thrown as NetworkUnavailable. */
export type RequestOutcome = { accepted: true } | { accepted: false; reason: string };

/** What the network says about a request now. */
export type RemoteStatus =
  | { state: 'pending' }
  | { state: 'successful'; transactionId: string | null }
  | { state: 'failed'; reason: string }
  | { state: 'not_found' };

/** A callback, read and authenticated: which request it is about and what became of it. */
export type CallbackNews = { reference: string; status: RemoteStatus; amount: number | null };

export type MobileMoneyNetwork = {
  network: MobileNetwork;
  collect(request: TransferRequest, signal?: AbortSignal): Promise<RequestOutcome>;
  collectionStatus(reference: string, signal?: AbortSignal): Promise<RemoteStatus>;
  disburse(request: TransferRequest, signal?: AbortSignal): Promise<RequestOutcome>;
  disbursementStatus(reference: string, signal?: AbortSignal): Promise<RemoteStatus>;
  /**
   * Takes a token and asks for the collection account's balance (the system checks); throws
   * NetworkUnavailable when either is refused or does not come.
   */
  account(signal?: AbortSignal): Promise<AccountAnswer>;
};

/** The collection account's balance as the network words it. */
export type AccountAnswer = { balance: string | null; currency: string | null };

/** The network did not answer in time, or answered with a server error: the outcome is unknown. */
export class NetworkUnavailable extends Error {
  constructor(network: string, detail: string) {
    super(`${network} did not answer: ${detail}`);
    this.name = 'NetworkUnavailable';
  }
}

export type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** A fetch that gives up after `timeoutMs` (or when `signal` aborts), turning network errors into NetworkUnavailable. */
export async function fetchWithTimeout(
  fetcher: Fetch,
  network: string,
  url: string,
  init: RequestInit,
  timeoutMs: number,
  signal?: AbortSignal,
): Promise<Response> {
  const timeout = AbortSignal.timeout(timeoutMs);
  const combined = signal ? AbortSignal.any([timeout, signal]) : timeout;
  let response: Response;
  try {
    response = await fetcher(url, { ...init, signal: combined });
  } catch (error) {
    const detail = timeout.aborted ? `no answer within ${timeoutMs} ms` : (error as Error).message;
    throw new NetworkUnavailable(network, detail);
  }
  if (response.status >= 500) {
    throw new NetworkUnavailable(network, `HTTP ${response.status}`);
  }
  return response;
}

/** A bearer token kept until shortly before it expires. */
export function tokenCache(fetchToken: () => Promise<{ token: string; expiresInSeconds: number }>) {
  let cached: { token: string; until: number } | null = null;
  let inFlight: Promise<string> | null = null;
  return {
    async get(): Promise<string> {
      if (cached && cached.until > Date.now()) return cached.token;
      inFlight ??= fetchToken()
        .then(({ token, expiresInSeconds }) => {
          cached = { token, until: Date.now() + Math.max(0, expiresInSeconds - 60) * 1000 };
          return token;
        })
        .finally(() => {
          inFlight = null;
        });
      return inFlight;
    },
    clear() {
      cached = null;
    },
  };
}
