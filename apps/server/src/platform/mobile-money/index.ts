import { createHmac, timingSafeEqual } from 'node:crypto';
import type { MobileNetwork } from '@ecogrid/core';
import type { Settings } from '#src/config.ts';
import type { Database } from '#src/db/client.ts';
import type { Jobs } from '../jobs.ts';
import type { Logger } from '../logger.ts';
import { createAirtelMoney } from './airtel.ts';
import { createMtnMoMo } from './mtn.ts';
import { africasTalkingToken } from '../africastalking-callbacks.ts';
import { SANDBOX_BASE, SANDBOX_CREDENTIALS, createSandbox } from './sandbox.ts';
import { createSandboxPaybill, type SandboxPaybill } from './sandbox-paybill.ts';
import type { MobileMoneyNetwork } from './types.ts';

export type { MobileMoneyNetwork, RemoteStatus, RequestOutcome, TransferRequest, CallbackNews } from './types.ts';
export { NetworkUnavailable } from './types.ts';
export { mtnStatus } from './mtn.ts';
export { airtelHashMatches, airtelStatus } from './airtel.ts';
export type { SandboxPaybill } from './sandbox-paybill.ts';

export type MobileMoneySettings = Pick<Settings, 'PUBLIC_URL' | 'AUTH_SECRET'> &
  Partial<Pick<Settings, 'AT_CALLBACK_TOKEN' | 'PAYBILL_NUMBER'>> &
  Partial<
    Pick<
      Settings,
      | 'MTN_MOMO_BASE_URL'
      | 'MTN_MOMO_TARGET_ENVIRONMENT'
      | 'MTN_MOMO_CURRENCY'
      | 'MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY'
      | 'MTN_MOMO_COLLECTION_API_USER'
      | 'MTN_MOMO_COLLECTION_API_KEY'
      | 'MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY'
      | 'MTN_MOMO_DISBURSEMENT_API_USER'
      | 'MTN_MOMO_DISBURSEMENT_API_KEY'
      | 'AIRTEL_MONEY_BASE_URL'
      | 'AIRTEL_MONEY_CLIENT_ID'
      | 'AIRTEL_MONEY_CLIENT_SECRET'
      | 'AIRTEL_MONEY_CALLBACK_KEY'
      | 'AIRTEL_MONEY_DISBURSEMENT_PIN'
      | 'MOBILE_MONEY_TIMEOUT_SECONDS'
      | 'PAYMENT_EXPIRY_MINUTES'
      | 'PAYMENT_RECONCILE_AFTER_SECONDS'
      | 'SANDBOX_SETTLE_SECONDS'
      | 'SANDBOX_LATE_CALLBACK_SECONDS'
      | 'MOBILE_MONEY_SANDBOX'
    >
  >;

/** How a network is reached: its real API, the built-in sandbox (test money), or not at all. */
export type NetworkMode = 'live' | 'sandbox' | 'off';

export type MobileMoney = {
  networks: Record<MobileNetwork, MobileMoneyNetwork>;
  /** Which networks go to the built-in sandbox. */
  sandbox: Record<MobileNetwork, boolean>;
  /** Each network's mode; an 'off' network takes no payment. */
  modes: Record<MobileNetwork, NetworkMode>;
  /** Minutes a collection waits for the customer's approval. */
  expiryMinutes: number;
  /** MTN signs nothing: each request's callback address carries a token only we can make. */
  mtnCallbackToken(reference: string): string;
  mtnCallbackTokenValid(reference: string, token: string): boolean;
  /** The key Airtel callbacks are hashed with. */
  airtelCallbackKey: string;
  /** The business number customers pay by paybill (PAYBILL_NUMBER), or null when none is set. */
  paybillNumber: string | null;
  /**
   * Test money only: sends the app the notification Africa's Talking sends for a paybill
   * payment. Null unless a network runs on the sandbox (never in production unless asked for).
   */
  sandboxPaybill: ((input: SandboxPaybill) => Promise<Response>) | null;
  /** Gives the sandbox the app's request handler, for its callbacks. */
  connect(appFetch: (request: Request) => Response | Promise<Response>): void;
  start(): Promise<void>;
};

export const CALLBACK_PATHS = { mtn: '/api/payments/callbacks/mtn', airtel: '/api/payments/callbacks/airtel' } as const;

const derive = (secret: string, purpose: string) => createHmac('sha256', secret).update(purpose).digest('base64url');

/** The two networks' adapters, each pointed at the real API when its base URL is set, else at the sandbox. */
export function createMobileMoney(
  settings: MobileMoneySettings,
  deps: { db: Database; jobs: Jobs; logger: Logger },
): MobileMoney {
  const callbackSecret = derive(settings.AUTH_SECRET, 'mtn-momo-callback');
  const mtnCallbackToken = (reference: string) =>
    createHmac('sha256', callbackSecret).update(reference).digest('base64url');
  const airtelCallbackKey =
    settings.AIRTEL_MONEY_CALLBACK_KEY ?? derive(settings.AUTH_SECRET, 'airtel-sandbox-callback');
  const timeoutMs = (settings.MOBILE_MONEY_TIMEOUT_SECONDS ?? 30) * 1000;
  const sandbox = createSandbox({
    ...deps,
    secret: derive(settings.AUTH_SECRET, 'mobile-money-sandbox'),
    settleSeconds: settings.SANDBOX_SETTLE_SECONDS ?? 3,
    lateCallbackSeconds: settings.SANDBOX_LATE_CALLBACK_SECONDS ?? 90,
    airtelCallbackUrl: `${settings.PUBLIC_URL}${CALLBACK_PATHS.airtel}`,
    airtelCallbackKey,
  });
  const mtnLive = Boolean(settings.MTN_MOMO_BASE_URL);
  const airtelLive = Boolean(settings.AIRTEL_MONEY_BASE_URL);
  const sandboxOn = settings.MOBILE_MONEY_SANDBOX ?? true;
  const mode = (live: boolean): NetworkMode => (live ? 'live' : sandboxOn ? 'sandbox' : 'off');
  const modes = { mtn: mode(mtnLive), airtel: mode(airtelLive) };
  const anySandbox = modes.mtn === 'sandbox' || modes.airtel === 'sandbox';
  const paybill = createSandboxPaybill({
    publicUrl: settings.PUBLIC_URL,
    token: africasTalkingToken(settings),
    paybillNumber: settings.PAYBILL_NUMBER ?? '000000',
  });
  const sandboxCredentials = {
    subscriptionKey: SANDBOX_CREDENTIALS.subscription,
    apiUser: SANDBOX_CREDENTIALS.user,
    apiKey: SANDBOX_CREDENTIALS.key,
  };
  const disbursement =
    settings.MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY &&
    settings.MTN_MOMO_DISBURSEMENT_API_USER &&
    settings.MTN_MOMO_DISBURSEMENT_API_KEY
      ? {
          subscriptionKey: settings.MTN_MOMO_DISBURSEMENT_SUBSCRIPTION_KEY,
          apiUser: settings.MTN_MOMO_DISBURSEMENT_API_USER,
          apiKey: settings.MTN_MOMO_DISBURSEMENT_API_KEY,
        }
      : null;
  const mtn = createMtnMoMo({
    baseUrl: settings.MTN_MOMO_BASE_URL?.replace(/\/$/, '') ?? SANDBOX_BASE.mtn,
    targetEnvironment: mtnLive ? (settings.MTN_MOMO_TARGET_ENVIRONMENT ?? 'mtnuganda') : 'sandbox',
    currency: mtnLive ? (settings.MTN_MOMO_CURRENCY ?? 'UGX') : 'UGX',
    collection: mtnLive
      ? {
          subscriptionKey: settings.MTN_MOMO_COLLECTION_SUBSCRIPTION_KEY!,
          apiUser: settings.MTN_MOMO_COLLECTION_API_USER!,
          apiKey: settings.MTN_MOMO_COLLECTION_API_KEY!,
        }
      : sandboxCredentials,
    disbursement: mtnLive ? disbursement : sandboxCredentials,
    callbackUrl: (reference) =>
      `${settings.PUBLIC_URL}${CALLBACK_PATHS.mtn}/${reference}?token=${mtnCallbackToken(reference)}`,
    timeoutMs,
    fetch: mtnLive ? fetch : sandbox.fetch,
  });
  const airtel = createAirtelMoney({
    baseUrl: settings.AIRTEL_MONEY_BASE_URL?.replace(/\/$/, '') ?? SANDBOX_BASE.airtel,
    clientId: airtelLive ? settings.AIRTEL_MONEY_CLIENT_ID! : SANDBOX_CREDENTIALS.user,
    clientSecret: airtelLive ? settings.AIRTEL_MONEY_CLIENT_SECRET! : SANDBOX_CREDENTIALS.key,
    encryptedPin: airtelLive ? (settings.AIRTEL_MONEY_DISBURSEMENT_PIN ?? null) : 'sandbox-pin',
    timeoutMs,
    fetch: airtelLive ? fetch : sandbox.fetch,
  });
  return {
    networks: { mtn, airtel },
    sandbox: { mtn: modes.mtn === 'sandbox', airtel: modes.airtel === 'sandbox' },
    modes,
    expiryMinutes: settings.PAYMENT_EXPIRY_MINUTES ?? 10,
    mtnCallbackToken,
    mtnCallbackTokenValid(reference, token) {
      const expected = Buffer.from(mtnCallbackToken(reference));
      const given = Buffer.from(token);
      return expected.length === given.length && timingSafeEqual(expected, given);
    },
    airtelCallbackKey,
    paybillNumber: settings.PAYBILL_NUMBER ?? null,
    sandboxPaybill: anySandbox ? (input) => paybill.send(input) : null,
    connect: (appFetch) => {
      sandbox.connect(appFetch);
      paybill.connect(appFetch);
    },
    start: () => (anySandbox ? sandbox.start() : Promise.resolve()),
  };
}
