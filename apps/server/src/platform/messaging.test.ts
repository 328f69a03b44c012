import { createServer } from 'node:http';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { outboxMessages } from '#src/db/schema/messaging.ts';
import { startSmtpReceiver } from '../../test/smtp-receiver.ts';
import { createTestDatabase } from '../../test/test-db.ts';
import { createMailer } from './mail.ts';
import { createSmsSender } from './sms.ts';

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(async () => database.destroy());

const outboxFor = (recipient: string) =>
  database.db.select().from(outboxMessages).where(eq(outboxMessages.recipient, recipient));

describe('email', () => {
  it('keeps the message in the outbox when no SMTP server is configured', async () => {
    const mailer = createMailer({ MAIL_FROM: 'EcoGrid <no-reply@ecogrid.test>' });
    await mailer.send(database.db, { to: 'outbox@example.ug', subject: 'Hello', text: 'Body text' });
    expect(await outboxFor('outbox@example.ug')).toEqual([
      expect.objectContaining({ channel: 'email', subject: 'Hello', body: 'Body text', status: 'stored' }),
    ]);
  });

  it('delivers through a real SMTP server and keeps only the envelope', async () => {
    const smtp = await startSmtpReceiver();
    try {
      const mailer = createMailer({ SMTP_URL: smtp.url, MAIL_FROM: 'EcoGrid <no-reply@ecogrid.test>' });
      await mailer.send(database.db, {
        to: 'smtp@example.ug',
        subject: 'Verify',
        text: 'Open https://app.test/x?token=abc',
      });
      expect(smtp.received).toHaveLength(1);
      expect(smtp.received[0]).toMatchObject({ from: 'no-reply@ecogrid.test', to: ['smtp@example.ug'] });
      expect(smtp.received[0]?.text).toContain('https://app.test/x?token=abc');
      expect(await outboxFor('smtp@example.ug')).toEqual([
        expect.objectContaining({ status: 'sent', provider: 'smtp', body: null }),
      ]);
    } finally {
      await smtp.close();
    }
  });
});

describe('SMS', () => {
  it("keeps the message in the outbox when Africa's Talking is not configured", async () => {
    const sms = createSmsSender({ AT_BASE_URL: 'https://api.africastalking.com' });
    await sms.send(database.db, { to: '+256772000001', message: 'Your code is 123456' });
    expect(await outboxFor('+256772000001')).toEqual([
      expect.objectContaining({ channel: 'sms', body: 'Your code is 123456', status: 'stored' }),
    ]);
  });

  it("sends through an Africa's Talking-shaped API and records a refusal as failed", async () => {
    const requests: { apiKey: string | undefined; body: string }[] = [];
    const fake = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        requests.push({ apiKey: req.headers.apikey as string | undefined, body });
        const ok = !body.includes('256700000000');
        res.writeHead(201, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            SMSMessageData: {
              Recipients: [{ status: ok ? 'Success' : 'InvalidPhoneNumber', statusCode: ok ? 101 : 403, number: '' }],
            },
          }),
        );
      });
    });
    await new Promise<void>((resolve) => fake.listen(0, '127.0.0.1', resolve));
    const port = (fake.address() as { port: number }).port;
    try {
      const sms = createSmsSender({
        AT_USERNAME: 'ecogrid',
        AT_API_KEY: 'key-1',
        AT_BASE_URL: `http://127.0.0.1:${port}`,
      });
      await sms.send(database.db, { to: '+256772000002', message: 'Code 654321' });
      expect(requests[0]?.apiKey).toBe('key-1');
      expect(new URLSearchParams(requests[0]?.body)).toEqual(
        new URLSearchParams({ username: 'ecogrid', to: '+256772000002', message: 'Code 654321' }),
      );
      expect(await outboxFor('+256772000002')).toEqual([
        expect.objectContaining({ status: 'sent', provider: 'africastalking', body: null }),
      ]);
      await expect(sms.send(database.db, { to: '+256700000000', message: 'x' })).rejects.toThrow(/InvalidPhoneNumber/);
      expect(await outboxFor('+256700000000')).toEqual([expect.objectContaining({ status: 'failed' })]);
    } finally {
      fake.close();
    }
  });
});
