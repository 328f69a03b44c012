import { createServer } from 'node:http';
import { describe, expect, it } from 'vitest';
import { createSmsSender } from './sms.ts';

/** Africa's Talking's bulk endpoint as it answers many numbers: one entry each; 256700000000 is refused. */
async function startBulkFake(status = 201) {
  const requests: URLSearchParams[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      const form = new URLSearchParams(body);
      requests.push(form);
      const recipients = (form.get('to') ?? '')
        .split(',')
        .map((number, i) =>
          number === '+256700000000'
            ? { status: 'InvalidPhoneNumber', statusCode: 403, number, messageId: 'None' }
            : { status: 'Success', statusCode: 101, number, messageId: `ATXid_bulk_${i}` },
        );
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ SMSMessageData: { Recipients: recipients } }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as { port: number }).port;
  return { url: `http://127.0.0.1:${port}`, requests, close: () => server.close() };
}

describe("Africa's Talking bulk send", () => {
  it('hands one text to many numbers in one request and reads each number’s outcome', async () => {
    const fake = await startBulkFake();
    try {
      const sms = createSmsSender({ AT_USERNAME: 'ecogrid', AT_API_KEY: 'key-1', AT_BASE_URL: fake.url });
      const outcomes = await sms.deliverMany(['+256772000001', '+256700000000', '+256772000002'], 'Sale');
      expect(fake.requests).toHaveLength(1);
      expect(fake.requests[0]!.get('to')).toBe('+256772000001,+256700000000,+256772000002');
      expect(fake.requests[0]!.get('message')).toBe('Sale');
      expect([...outcomes]).toEqual([
        ['+256772000001', { ok: true, messageId: 'ATXid_bulk_0' }],
        ['+256700000000', { ok: false, error: 'Refused: InvalidPhoneNumber' }],
        ['+256772000002', { ok: true, messageId: 'ATXid_bulk_2' }],
      ]);
    } finally {
      fake.close();
    }
  });

  it('rejects a request refused as a whole, and has nothing to send through without a provider', async () => {
    const fake = await startBulkFake(401);
    try {
      const sms = createSmsSender({ AT_USERNAME: 'ecogrid', AT_API_KEY: 'bad', AT_BASE_URL: fake.url });
      await expect(sms.deliverMany(['+256772000001'], 'Sale')).rejects.toThrow(/refused the messages: 401/);
    } finally {
      fake.close();
    }
    await expect(createSmsSender({}).deliverMany(['+256772000001'], 'Sale')).rejects.toThrow(/No SMS provider/);
  });
});
