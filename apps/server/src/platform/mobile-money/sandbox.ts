import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { sandboxScenario, ugandanMobile, type SandboxScenario } from '@ecogrid/core/payments';
import { and, eq } from 'drizzle-orm';
import { Hono, type Context } from 'hono';
import type { Database } from '#src/db/client.ts';
import { sandboxTransactions } from '#src/db/schema/mobile-money.ts';
import type { Jobs } from '../jobs.ts';
import type { Logger } from '../logger.ts';
import { airtelCallbackHash } from './airtel.ts';
import type { Fetch } from './types.ts';

/** Where the adapters reach the sandbox: an address that never leaves the process. */
export const SANDBOX_BASE = { mtn: 'http://sandbox.invalid/mtn', airtel: 'http://sandbox.invalid/airtel' } as const;
/** The credentials the adapters present to the sandbox (it checks they are there and right). */
export const SANDBOX_CREDENTIALS = {
  user: 'sandbox-user',
  key: 'sandbox-key',
  subscription: 'sandbox-subscription',
} as const;

const FAILURES: Partial<Record<SandboxScenario, string>> = {
  NOT_ENOUGH_FUNDS: 'NOT_ENOUGH_FUNDS',
  PAYER_NOT_FOUND: 'PAYER_NOT_FOUND',
  APPROVAL_REJECTED: 'APPROVAL_REJECTED',
  EXPIRED: 'EXPIRED',
};
/** Airtel's response codes for the same failures. */
const AIRTEL_CODES: Record<string, string> = {
  NOT_ENOUGH_FUNDS: 'DP00800001007',
  PAYER_NOT_FOUND: 'DP00800001009',
  PAYEE_NOT_FOUND: 'DP00800001009',
  APPROVAL_REJECTED: 'DP00800001008',
  EXPIRED: 'DP00800001024',
};

type SandboxRow = typeof sandboxTransactions.$inferSelect;
type SettleJob = { id: string };
type CallbackJob = { id: string };

export type SandboxOptions = {
  db: Database;
  jobs: Jobs;
  logger: Logger;
  /** Signs the sandbox's bearer tokens, so any app process accepts another's. */
  secret: string;
  settleSeconds: number;
  lateCallbackSeconds: number;
  /** Airtel's callbacks go to one address set in Airtel's portal; the sandbox's to this one. */
  airtelCallbackUrl: string;
  airtelCallbackKey: string;
};

export type Sandbox = {
  /** The adapters' fetch: requests to SANDBOX_BASE answered in-process. */
  fetch: Fetch;
  /** Callbacks are sent through the app's own HTTP handling, given here once the app exists. */
  connect(appFetch: (request: Request) => Response | Promise<Response>): void;
  /** Works the sandbox's queues (settling requests, late callbacks) in this process. */
  start(): Promise<void>;
};

/**
 * A mobile-money network inside the app, for development, demos and tests. It answers the
 * same requests as MTN MoMo and Airtel Money (tokens, request to pay / USSD push, status
 * enquiry, transfers), settles a few seconds later as a job, and then calls the app's callback
 * route over HTTP the way the network would. The number decides what happens
 * (SANDBOX_SCENARIOS in core): approval, each failure, a request that times out, one that stays
 * pending, a callback twice, late, or never.
 */
export function createSandbox(options: SandboxOptions): Sandbox {
  const { db, jobs, logger } = options;
  let appFetch: ((request: Request) => Response | Promise<Response>) | null = null;

  const sign = (value: string) => createHmac('sha256', options.secret).update(value).digest('base64url');
  const issueToken = () => {
    const id = randomBytes(12).toString('base64url');
    return `${id}.${sign(id)}`;
  };
  const tokenValid = (header: string | undefined) => {
    const match = /^Bearer ([\w-]+)\.([\w-]+)$/.exec(header ?? '');
    if (!match) return false;
    const expected = Buffer.from(sign(match[1]!));
    const given = Buffer.from(match[2]!);
    return expected.length === given.length && timingSafeEqual(expected, given);
  };

  const record = async (row: typeof sandboxTransactions.$inferInsert) => {
    const [inserted] = await db.insert(sandboxTransactions).values(row).onConflictDoNothing().returning();
    if (!inserted) return 'duplicate' as const;
    if (inserted.scenario !== 'pending' && inserted.scenario !== 'timeout') {
      await jobs.send(db, 'sandbox-settle', { id: inserted.id } satisfies SettleJob, {
        startAfterSeconds: options.settleSeconds,
      });
    }
    return inserted;
  };

  /** A request that "times out": the network takes it (and approves it) but the answer never comes back. */
  const hangUntilAborted = (c: Context) =>
    new Promise<Response>((resolve) => {
      const signal = c.req.raw.signal;
      const done = () => resolve(c.json({ message: 'gateway timeout' }, 504));
      if (signal.aborted) done();
      signal.addEventListener('abort', done, { once: true });
      setTimeout(done, 10 * 60_000).unref();
    });

  const newRow = (
    network: 'mtn' | 'airtel',
    kind: 'collection' | 'disbursement',
    fields: {
      id: string;
      msisdn: string;
      amount: number;
      currency: string;
      externalId: string | null;
      callbackUrl: string | null;
    },
  ) => {
    const scenario = sandboxScenario(fields.msisdn);
    return {
      ...fields,
      network,
      kind,
      scenario,
      status: scenario === 'timeout' ? ('SUCCESSFUL' as const) : ('PENDING' as const),
      financialTransactionId: scenario === 'timeout' ? financialId() : null,
    };
  };

  const app = new Hono();

  // --- MTN MoMo Open API ---------------------------------------------------------------
  app.post('/mtn/:product/token/', (c) => {
    const basic = Buffer.from(`${SANDBOX_CREDENTIALS.user}:${SANDBOX_CREDENTIALS.key}`).toString('base64');
    if (c.req.header('Authorization') !== `Basic ${basic}` || !c.req.header('Ocp-Apim-Subscription-Key')) {
      return c.json({ error: 'login_failed' }, 401);
    }
    return c.json({ access_token: issueToken(), token_type: 'access_token', expires_in: 3600 });
  });
  app.use('/mtn/:product/v1_0/*', async (c, next) => {
    if (!tokenValid(c.req.header('Authorization')) || !c.req.header('Ocp-Apim-Subscription-Key')) {
      return c.json({ code: 'UNAUTHORIZED', message: 'Access denied due to invalid subscription key or token' }, 401);
    }
    if (!c.req.header('X-Target-Environment')) return c.json({ code: 'INVALID_TARGET_ENVIRONMENT' }, 400);
    await next();
  });
  const mtnRequest = (kind: 'collection' | 'disbursement', party: 'payer' | 'payee') => async (c: Context) => {
    const reference = c.req.header('X-Reference-Id') ?? '';
    if (!/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(reference)) {
      return c.json({ code: 'INVALID_REFERENCE_ID', message: 'X-Reference-Id must be a UUID' }, 400);
    }
    const body = (await c.req.json().catch(() => null)) as {
      amount?: string;
      currency?: string;
      externalId?: string;
      payer?: { partyId?: string };
      payee?: { partyId?: string };
    } | null;
    const msisdn = ugandanMobile(`+${body?.[party]?.partyId ?? ''}`);
    const amount = Number(body?.amount);
    if (!body || !msisdn || !Number.isSafeInteger(amount) || amount <= 0 || !body.currency) {
      return c.json({ code: 'INVALID_PAYLOAD', message: 'amount, currency and a valid MSISDN are required' }, 400);
    }
    const row = await record(
      newRow('mtn', kind, {
        id: reference.toLowerCase(),
        msisdn,
        amount,
        currency: body.currency,
        externalId: body.externalId ?? null,
        callbackUrl: c.req.header('X-Callback-Url') ?? null,
      }),
    );
    if (row === 'duplicate') return c.json({ code: 'RESOURCE_ALREADY_EXIST', message: 'Duplicated reference id' }, 409);
    if (row.scenario === 'timeout') return hangUntilAborted(c);
    return c.body(null, 202);
  };
  const mtnStatus = (kind: 'collection' | 'disbursement', party: 'payer' | 'payee') => async (c: Context) => {
    const [row] = await db
      .select()
      .from(sandboxTransactions)
      .where(
        and(
          eq(sandboxTransactions.id, c.req.param('id')!.toLowerCase()),
          eq(sandboxTransactions.kind, kind),
          eq(sandboxTransactions.network, 'mtn'),
        ),
      );
    if (!row) return c.json({ code: 'RESOURCE_NOT_FOUND', message: 'Requested resource was not found.' }, 404);
    return c.json(mtnBody(row, party));
  };
  app.post('/mtn/collection/v1_0/requesttopay', mtnRequest('collection', 'payer'));
  app.get('/mtn/collection/v1_0/requesttopay/:id', mtnStatus('collection', 'payer'));
  app.post('/mtn/disbursement/v1_0/transfer', mtnRequest('disbursement', 'payee'));
  app.get('/mtn/disbursement/v1_0/transfer/:id', mtnStatus('disbursement', 'payee'));
  // The sandbox's accounts hold test money only: their balance is always nought.
  app.get('/mtn/collection/v1_0/account/balance', (c) => c.json({ availableBalance: '0', currency: 'UGX' }));

  // --- Airtel Money Open API -----------------------------------------------------------
  app.post('/airtel/auth/oauth2/token', async (c) => {
    const body = (await c.req.json().catch(() => ({}))) as Record<string, unknown>;
    if (
      body.client_id !== SANDBOX_CREDENTIALS.user ||
      body.client_secret !== SANDBOX_CREDENTIALS.key ||
      body.grant_type !== 'client_credentials'
    ) {
      return c.json({ error: 'invalid_client' }, 401);
    }
    return c.json({ access_token: issueToken(), expires_in: '180', token_type: 'bearer' });
  });
  app.use('/airtel/merchant/*', airtelAuth);
  app.use('/airtel/standard/*', airtelAuth);
  async function airtelAuth(c: Context, next: () => Promise<void>) {
    if (!tokenValid(c.req.header('Authorization'))) return c.json({ error: 'invalid_token' }, 401);
    if (c.req.header('X-Country') !== 'UG' || c.req.header('X-Currency') !== 'UGX') {
      return c.json(airtelAnswer(null, false, 'DP00800001026', 'X-Country and X-Currency must be UG and UGX'), 400);
    }
    await next();
  }
  const airtelRequest = (kind: 'collection' | 'disbursement') => async (c: Context) => {
    const body = (await c.req.json().catch(() => null)) as {
      subscriber?: { msisdn?: string };
      payee?: { msisdn?: string };
      transaction?: { amount?: number | string; id?: string };
      pin?: string;
    } | null;
    const local = kind === 'collection' ? body?.subscriber?.msisdn : body?.payee?.msisdn;
    const msisdn = ugandanMobile(`+256${local ?? ''}`);
    const amount = Number(body?.transaction?.amount);
    const id = body?.transaction?.id;
    if (
      !body ||
      !msisdn ||
      !id ||
      !Number.isSafeInteger(amount) ||
      amount <= 0 ||
      (kind === 'disbursement' && !body.pin)
    ) {
      return c.json(airtelAnswer(null, false, 'DP00800001004', 'Invalid request'), 400);
    }
    const row = await record(
      newRow('airtel', kind, {
        id,
        msisdn,
        amount,
        currency: 'UGX',
        externalId: null,
        callbackUrl: options.airtelCallbackUrl,
      }),
    );
    if (row === 'duplicate') return c.json(airtelAnswer(null, false, 'DP00800001005', 'Duplicate transaction id'), 400);
    if (row.scenario === 'timeout') return hangUntilAborted(c);
    return c.json(airtelAnswer({ id, status: 'Success.' }, true, 'DP00800001006', 'In process'));
  };
  const airtelEnquiry = (kind: 'collection' | 'disbursement') => async (c: Context) => {
    const [row] = await db
      .select()
      .from(sandboxTransactions)
      .where(
        and(
          eq(sandboxTransactions.id, c.req.param('id')!),
          eq(sandboxTransactions.kind, kind),
          eq(sandboxTransactions.network, 'airtel'),
        ),
      );
    if (!row) return c.json(airtelAnswer(null, false, 'DP00800001025', 'Transaction not found'), 404);
    const status = row.status === 'SUCCESSFUL' ? 'TS' : row.status === 'FAILED' ? 'TF' : 'TIP';
    const code =
      row.status === 'SUCCESSFUL'
        ? 'DP00800001001'
        : row.status === 'FAILED'
          ? airtelCode(row.reason)
          : 'DP00800001006';
    return c.json(
      airtelAnswer(
        { id: row.id, status, airtel_money_id: row.financialTransactionId, message: row.reason ?? status },
        true,
        code,
        status,
      ),
    );
  };
  app.post('/airtel/merchant/v1/payments/', airtelRequest('collection'));
  app.get('/airtel/standard/v1/payments/:id', airtelEnquiry('collection'));
  app.post('/airtel/standard/v1/disbursements/', airtelRequest('disbursement'));
  app.get('/airtel/standard/v1/disbursements/:id', airtelEnquiry('disbursement'));
  app.get('/airtel/standard/v1/users/balance', (c) =>
    c.json({ ...airtelAnswer(null, true, 'DP00800001001', 'SUCCESS'), data: { balance: '0', currency: 'UGX' } }),
  );

  // --- settling and calling back -------------------------------------------------------
  const sendCallback = async (row: SandboxRow) => {
    if (!appFetch) throw new Error('The sandbox is not connected to the app yet');
    let request: Request;
    if (row.network === 'mtn') {
      if (!row.callbackUrl) return;
      request = new Request(row.callbackUrl, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(mtnBody(row, row.kind === 'collection' ? 'payer' : 'payee', 'callback')),
      });
    } else {
      const transaction = {
        id: row.id,
        message:
          row.status === 'SUCCESSFUL' ? `Paid UGX ${row.amount}` : `${airtelCode(row.reason)}: transaction failed`,
        status_code: row.status === 'SUCCESSFUL' ? 'TS' : 'TF',
        airtel_money_id: row.financialTransactionId ?? '',
      };
      request = new Request(options.airtelCallbackUrl, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ transaction, hash: airtelCallbackHash(options.airtelCallbackKey, transaction) }),
      });
    }
    const response = await appFetch(request);
    // A real network does not retry either (MTN never does): a refused callback is only logged.
    logger.info({ network: row.network, id: row.id, status: response.status }, 'sandbox callback delivered');
  };

  const settle = async ({ id }: SettleJob) => {
    const [row] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, id));
    if (!row || row.status !== 'PENDING') return;
    const failure = FAILURES[row.scenario as SandboxScenario];
    const reason =
      failure && row.kind === 'disbursement' && failure === 'PAYER_NOT_FOUND' ? 'PAYEE_NOT_FOUND' : failure;
    const [settled] = await db
      .update(sandboxTransactions)
      .set(reason ? { status: 'FAILED', reason } : { status: 'SUCCESSFUL', financialTransactionId: financialId() })
      .where(and(eq(sandboxTransactions.id, id), eq(sandboxTransactions.status, 'PENDING')))
      .returning();
    if (!settled) return;
    if (settled.scenario === 'no_callback') return;
    if (settled.scenario === 'late_callback') {
      await jobs.send(db, 'sandbox-callback', { id } satisfies CallbackJob, {
        startAfterSeconds: options.lateCallbackSeconds,
      });
      return;
    }
    await sendCallback(settled);
    if (settled.scenario === 'duplicate_callback') await sendCallback(settled);
  };

  return {
    fetch: async (input, init) => app.request(input, init),
    connect(fetchApp) {
      appFetch = fetchApp;
    },
    async start() {
      const retry = { limit: 5, delaySeconds: 1, maxDelaySeconds: 30 };
      await jobs.work<SettleJob>('sandbox-settle', retry, settle);
      await jobs.work<CallbackJob>('sandbox-callback', retry, async ({ id }) => {
        const [row] = await db.select().from(sandboxTransactions).where(eq(sandboxTransactions.id, id));
        if (row) await sendCallback(row);
      });
    },
  };
}

function financialId(): string {
  return String(Math.floor(1e9 + Math.random() * 9e9));
}

function airtelCode(reason: string | null): string {
  return (reason && AIRTEL_CODES[reason]) || 'DP00800001000';
}

function airtelAnswer(
  transaction: Record<string, unknown> | null,
  success: boolean,
  responseCode: string,
  message: string,
) {
  return {
    data: transaction ? { transaction } : {},
    status: {
      code: success ? '200' : '400',
      message,
      result_code: success ? 'ESB000010' : 'ESB000001',
      response_code: responseCode,
      success,
    },
  };
}

/** MTN's body for a request-to-pay or transfer (status answer and callback alike). */
function mtnBody(row: SandboxRow, party: 'payer' | 'payee', shape: 'status' | 'callback' = 'status') {
  return {
    financialTransactionId: row.financialTransactionId ?? undefined,
    externalId: row.externalId ?? undefined,
    amount: String(row.amount),
    currency: row.currency,
    [party]: { partyIdType: 'MSISDN', partyId: row.msisdn.replace(/^\+/, '') },
    payerMessage: 'EcoGrid',
    payeeNote: 'EcoGrid',
    status: row.status,
    ...(row.reason ? { reason: shape === 'callback' ? row.reason : { code: row.reason, message: row.reason } } : {}),
  };
}
