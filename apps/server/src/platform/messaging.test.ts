import { createServer } from 'node:http';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '#src/db/schema/messaging.ts';
import { startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { waitFor } from '../../test/server-process.ts';
import { startJobs, type Jobs } from './jobs.ts';
import { createMailer } from './mail.ts';
import { EMAIL_QUEUE, startMessaging, type Messages } from './messaging.ts';
import { createSmsSender } from './sms.ts';

const FROM = 'EcoGrid <no-reply@ecogrid.test>';
const logger = pino({ level: 'silent' });
const retry = { limit: 2, delaySeconds: 1, maxDelaySeconds: 2 };

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.destroy());

const outboxFor = (recipient: string) =>
  database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));

/** Waits until every message to `recipient` has left the 'queued' state, then returns them. */
async function settled(recipient: string) {
  let rows: Awaited<ReturnType<typeof outboxFor>> = [];
  await waitFor(
    () => rows.length > 0 && rows.every((r) => r.status !== 'queued'),
    `delivery to ${recipient}`,
    20_000,
    async () => {
      rows = await outboxFor(recipient);
    },
  );
  return rows;
}

/** A fake of Africa's Talking's bulk SMS endpoint: refuses 256700000000, accepts the rest. */
async function startFakeAfricasTalking() {
  const requests: { apiKey: string | undefined; body: string }[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      requests.push({ apiKey: req.headers.apikey as string | undefined, body });
      const ok = !body.includes('256700000000');
      res.writeHead(201, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          SMSMessageData: {
            Recipients: [
              ok
                ? { status: 'Success', statusCode: 101, number: '', messageId: `ATXid_${requests.length}` }
                : { status: 'InvalidPhoneNumber', statusCode: 403, number: '', messageId: 'None' },
            ],
          },
        }),
      );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => server.close() };
}

describe('providers', () => {
  it('hands email to a real SMTP server', async () => {
    const smtp = await startSmtpReceiver();
    try {
      await createMailer({ SMTP_URL: smtp.url, MAIL_FROM: FROM }).deliver({
        to: 'smtp@example.ug',
        subject: 'Verify',
        text: 'Open https://app.test/x?token=abc',
      });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatchObject({ from: 'no-reply@ecogrid.test', to: ['smtp@example.ug'] });
      expect(smtp.received[0]?.text).toContain('https://app.test/x?token=abc');
    } finally {
      await smtp.close();
    }
  });

  it("sends SMS through an Africa's Talking-shaped API and rejects a refusal", async () => {
    const fake = await startFakeAfricasTalking();
    try {
      const sms = createSmsSender({ AT_USERNAME: 'ecogrid', AT_API_KEY: 'key-1', AT_BASE_URL: fake.url });
      expect(await sms.deliver({ to: '+256772000002', message: 'Code 654321' })).toEqual({ messageId: 'ATXid_1' });
      expect(fake.requests[0]?.apiKey).toBe('key-1');
      expect(new URLSearchParams(fake.requests[0]?.body)).toEqual(
        new URLSearchParams({ username: 'ecogrid', to: '+256772000002', message: 'Code 654321' }),
      );
      await expect(sms.deliver({ to: '+256700000000', message: 'x' })).rejects.toThrow(/InvalidPhoneNumber/);
    } finally {
      fake.close();
    }
  });

  it('has no provider when none is configured', async () => {
    expect(createMailer({ MAIL_FROM: FROM }).provider).toBeNull();
    expect(createSmsSender({}).provider).toBeNull();
  });
});

describe('delivery jobs', () => {
  let jobs: Jobs | undefined;
  afterEach(async () => {
    await jobs?.stop();
    jobs = undefined;
  });

  async function start(
    settings: { SMTP_URL?: string; AT_BASE_URL?: string; production?: boolean } = {},
  ): Promise<Messages> {
    jobs = await startJobs(database, logger, { pollSeconds: 0.5, checkSeconds: 1 });
    return startMessaging({
      db: database.db,
      jobs,
      mailer: createMailer({ SMTP_URL: settings.SMTP_URL, MAIL_FROM: FROM }),
      sms: createSmsSender(
        settings.AT_BASE_URL ? { AT_USERNAME: 'ecogrid', AT_API_KEY: 'key-1', AT_BASE_URL: settings.AT_BASE_URL } : {},
      ),
      logger,
      retry,
      production: settings.production ?? false,
    });
  }

  it('shows codes on screen only without an SMS provider and outside production', async () => {
    expect((await start()).codesOnScreen).toBe(true);
    await jobs?.stop();
    expect((await start({ production: true })).codesOnScreen).toBe(false);
    await jobs?.stop();
    expect((await start({ AT_BASE_URL: 'http://127.0.0.1:9' })).codesOnScreen).toBe(false);
  });

  it('keeps messages in the outbox, body and all, when no provider is configured', async () => {
    const messages = await start();
    await messages.email(database.db, { to: 'outbox@example.ug', subject: 'Hello', text: 'Body text' });
    await messages.sms(database.db, { to: '+256772000001', message: 'Your code is 123456' });
    expect(await settled('outbox@example.ug')).toEqual([
      expect.objectContaining({ channel: 'email', subject: 'Hello', body: 'Body text', status: 'stored', attempts: 1 }),
    ]);
    expect(await settled('+256772000001')).toEqual([
      expect.objectContaining({ channel: 'sms', body: 'Your code is 123456', status: 'stored', provider: 'outbox' }),
    ]);
  });

  it('sends through the providers once and keeps only the envelope', async () => {
    const smtp = await startSmtpReceiver();
    const fake = await startFakeAfricasTalking();
    try {
      const messages = await start({ SMTP_URL: smtp.url, AT_BASE_URL: fake.url });
      await messages.email(database.db, { to: 'sent@example.ug', subject: 'Verify', text: 'token=abc' });
      await messages.sms(database.db, { to: '+256772000003', message: 'Code 111222' });
      expect(await settled('sent@example.ug')).toEqual([
        expect.objectContaining({ status: 'sent', provider: 'smtp', body: null, subject: 'Verify', attempts: 1 }),
      ]);
      expect(await settled('+256772000003')).toEqual([
        expect.objectContaining({
          status: 'sent',
          provider: 'africastalking',
          body: null,
          attempts: 1,
          // Its delivery report is matched by the id Africa's Talking gave it.
          providerMessageId: expect.stringMatching(/^ATXid_\d+$/),
          delivery: 'pending',
          purpose: 'other',
        }),
      ]);
      expect(smtp.received.filter((m) => m.to.includes('sent@example.ug'))).toHaveLength(1);
      expect(fake.requests.filter((r) => r.body.includes('256772000003'))).toHaveLength(1);
    } finally {
      await smtp.close();
      fake.close();
    }
  });

  it('queues nothing when the transaction that asked for a message rolls back', async () => {
    const messages = await start();
    const emailJobs = async () =>
      (
        (await database.db.execute(
          sql`select count(*)::int as n from pgboss.job where name = ${EMAIL_QUEUE}`,
        )) as unknown as {
          rows: { n: number }[];
        }
      ).rows[0]?.n;
    const before = await emailJobs();
    await expect(
      database.db.transaction(async (tx) => {
        await messages.email(tx, { to: 'rolled-back@example.ug', subject: 'No', text: 'Never sent' });
        throw new Error('the change failed');
      }),
    ).rejects.toThrow('the change failed');
    await new Promise((r) => setTimeout(r, 1_500));
    expect(await outboxFor('rolled-back@example.ug')).toEqual([]);
    expect(await emailJobs()).toBe(before);
  });

  it('retries a refused message with growing delays, then dead-letters it; an admin retry sends it', async () => {
    let refusing = true;
    const smtp = await startSmtpReceiver({ refuse: () => refusing });
    try {
      const messages = await start({ SMTP_URL: smtp.url });
      const started = Date.now();
      await messages.email(database.db, { to: 'refused@example.ug', subject: 'Receipt', text: 'Paid' });
      const [failed] = await settled('refused@example.ug');
      // The first attempt and two retries, each refused; the retries waited about 1 s and 2 s.
      expect(failed).toMatchObject({ status: 'failed', attempts: 3, body: 'Paid', provider: 'smtp' });
      expect(failed?.error).toMatch(/Mailbox unavailable/);
      // Backoff: the first retry waited 1-2 s, the second 2 s (its 2-4 s capped at 2), so at least 3 s in all.
      expect(Date.now() - started).toBeGreaterThanOrEqual(2_900);
      expect(smtp.received).toHaveLength(0);

      let dead: Awaited<ReturnType<Jobs['deadLetters']>> = [];
      await waitFor(
        () => dead.length === 1,
        'the dead letter',
        10_000,
        async () => {
          dead = (await jobs!.deadLetters(50)).filter((d) => d.data.messageId === failed?.id);
        },
      );
      expect(dead[0]).toMatchObject({ queue: EMAIL_QUEUE, attempts: 3 });
      expect(dead[0]?.error).toMatch(/Mailbox unavailable/);

      refusing = false;
      expect(await jobs!.retryDeadLetters([dead[0]!.id])).toBe(1);
      await waitFor(() => smtp.received.length === 1, 'the retried email', 15_000);
      let rows: Awaited<ReturnType<typeof outboxFor>> = [];
      await waitFor(
        () => rows[0]?.status === 'sent',
        'the sent status',
        10_000,
        async () => {
          rows = await outboxFor('refused@example.ug');
        },
      );
      expect(rows).toEqual([expect.objectContaining({ status: 'sent', attempts: 4, body: null, error: null })]);
      expect((await jobs!.deadLetters(50)).filter((d) => d.data.messageId === failed?.id)).toEqual([]);
    } finally {
      await smtp.close();
    }
  });

  it('delivers SMS refused for good only after its retries, and records why', async () => {
    const fake = await startFakeAfricasTalking();
    try {
      const messages = await start({ AT_BASE_URL: fake.url });
      await messages.sms(database.db, { to: '+256700000000', message: 'x' });
      expect(await settled('+256700000000')).toEqual([
        expect.objectContaining({ status: 'failed', attempts: 3, error: expect.stringMatching(/InvalidPhoneNumber/) }),
      ]);
      expect(fake.requests.filter((r) => r.body.includes('256700000000'))).toHaveLength(3);
    } finally {
      fake.close();
    }
  });

  it('sends a sign-in code before the reminders queued ahead of it', async () => {
    const fake = await startFakeAfricasTalking();
    try {
      const messages = await start({ AT_BASE_URL: fake.url });
      const reminders = Array.from({ length: 12 }, (_, i) => ({
        channel: 'sms' as const,
        to: `+2567720001${String(i).padStart(2, '0')}`,
        message: 'EcoGrid: your instalment is due tomorrow.',
      }));
      const code = {
        channel: 'sms' as const,
        to: '+256772000199',
        message: 'EcoGrid: your code is 246810.',
        expiresAt: new Date(Date.now() + 10 * 60_000),
      };
      await messages.many(database.db, [...reminders, code]);
      await settled('+256772000199');
      await waitFor(() => fake.requests.length >= reminders.length + 1, 'every reminder', 30_000);
      const order = fake.requests.map((r) => r.body);
      expect(order.findIndex((body) => body.includes('256772000199'))).toBe(0);
    } finally {
      fake.close();
    }
  });

  it('drops a code that could not go out before it expired, text and all, instead of sending it late', async () => {
    const fake = await startFakeAfricasTalking();
    try {
      const messages = await start({ AT_BASE_URL: fake.url });
      await messages.sms(database.db, {
        to: '+256772000009',
        message: 'EcoGrid: your code is 654321.',
        expiresAt: new Date(Date.now() - 1_000),
      });
      expect(await settled('+256772000009')).toEqual([
        expect.objectContaining({
          status: 'failed',
          body: null,
          error: 'Expired before it could be sent.',
          attempts: 1,
        }),
      ]);
      expect(fake.requests.filter((r) => r.body.includes('256772000009'))).toHaveLength(0);
    } finally {
      fake.close();
    }
  });
});
