import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { devices } from '#src/db/schema/loans.ts';
import { auditTrail } from '#src/features/audit/audit.service.ts';
import { signedInAdmin, signedInCustomer, type Client } from '../../../test/catalog-admin.ts';
import { insertProduct } from '../../../test/factories.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let admin: { id: string; api: Client };
let sku: string;
beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signedInAdmin(ctx);
  sku = (await insertProduct(ctx.db, { loanEligible: true, category: 'solar-home-systems' })).sku;
});
afterAll(async () => ctx.close());

// The two devices of the official OpenPAYGO test vectors (packages/core/testdata/openpaygo).
const KEY_1 = 'bc41ec9530f6dac86b1a29ab82edc5fb';
const KEY_2 = 'dac86b1a29ab82edc5fbbc41ec9530f6';

const importCsv = (csv: string, cookie = admin.api.cookie!) =>
  ctx.request('/api/admin/devices/import', {
    method: 'POST',
    headers: { 'content-type': 'text/csv', origin: TEST_ORIGIN, cookie },
    body: csv,
  });

const issue = (id: string, body: unknown, key: string) =>
  ctx.request(`/api/admin/devices/${id}/tokens`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      origin: TEST_ORIGIN,
      cookie: admin.api.cookie!,
      'idempotency-key': key,
    },
    body: JSON.stringify(body),
  });

async function deviceId(serial: string) {
  const [row] = await ctx.db.select().from(devices).where(eq(devices.serialNumber, serial));
  return row!;
}

describe('the device registry', () => {
  it('imports devices from CSV with their keys encrypted, and issues the official tokens', async () => {
    const csv = [
      'serial_number,product_sku,starting_code,secret_key,time_divider,restricted_digit_set,token_count',
      `TEST220000001,${sku},516959010,${KEY_1},1,false,1`,
      `test240000002 , ${sku.toLowerCase()} , 432435255 , ${KEY_2.toUpperCase()} ,1,true,10`,
    ].join('\n');
    const imported = await importCsv(csv);
    expect(imported.status).toBe(201);
    expect(await imported.json()).toEqual({ imported: 2 });

    const first = await deviceId('TEST220000001');
    expect(first.secretKeyEncrypted).not.toContain(KEY_1);
    expect(first.secretKeyEncrypted).toMatch(/^v1\./);
    const listed = await admin.api.get('/api/admin/devices');
    expect(listed.body.items.map((d: { serialNumber: string }) => d.serialNumber)).toEqual([
      'TEST220000001',
      'TEST240000002',
    ]);
    expect(JSON.stringify(listed.body)).not.toMatch(/secret|v1\./i);

    // Official vector: count 1, ADD_TIME 1 day → 588224011, count 2.
    const token = await issue(
      first.id,
      { type: 'ADD_TIME', days: 1, reason: 'Goodwill day after an outage' },
      'support-0001',
    );
    expect(token.status).toBe(201);
    expect(await token.json()).toEqual({ deviceId: first.id, count: 2, type: 'ADD_TIME', days: 1, token: '588224011' });
    // The same request again gets the same token; the count does not move.
    const again = await issue(
      first.id,
      { type: 'ADD_TIME', days: 1, reason: 'Goodwill day after an outage' },
      'support-0001',
    );
    expect(again.headers.get('idempotent-replayed')).toBe('true');
    expect(((await again.json()) as { token: string }).token).toBe('588224011');
    expect((await deviceId('TEST220000001')).tokenCount).toBe(2);
    expect((await auditTrail(ctx.db, 'device', first.id)).map((e) => e.action)).toEqual(['device.issue_token']);

    // A 4-key device (restricted digits), at count 10: ADD_TIME 2 days → 131111431113232, count 12.
    const second = await deviceId('TEST240000002');
    const restricted = await issue(
      second.id,
      { type: 'ADD_TIME', days: 2, reason: 'Two days after a repair' },
      'support-0002',
    );
    expect(await restricted.json()).toMatchObject({ count: 12, token: '131111431113232' });

    const history = await admin.api.get(`/api/admin/devices/${first.id}/tokens`);
    expect(history.body.items).toEqual([expect.objectContaining({ count: 2, type: 'ADD_TIME', token: '588224011' })]);
  });

  it('unlocks a device for good with DISABLE_PAYG and then refuses more tokens', async () => {
    const csv = `serial_number,starting_code,secret_key,sku\nUNLOCK-0001,516959010,${KEY_1},${sku}\n`;
    expect((await importCsv(csv)).status).toBe(201);
    const device = await deviceId('UNLOCK-0001');
    const unlock = await issue(device.id, { type: 'DISABLE_PAYG', reason: 'Loan paid off' }, 'unlock-0001');
    expect(unlock.status).toBe(201);
    expect((await deviceId('UNLOCK-0001')).status).toBe('unlocked');
    const more = await issue(device.id, { type: 'ADD_TIME', days: 3, reason: 'Should not work' }, 'unlock-0002');
    expect(more.status).toBe(409);
  });

  it('finds devices by the start of their serial number and by status, a page at a time', async () => {
    const csv = [
      'serial_number,starting_code,secret_key,sku',
      ...['FIND-0001', 'FIND-0002', 'FIND-0003', 'FINDX-0004'].map((serial) => `${serial},1,${KEY_1},${sku}`),
    ].join('\n');
    expect((await importCsv(csv)).status).toBe(201);
    const unlock = await issue(
      (await deviceId('FIND-0002')).id,
      { type: 'DISABLE_PAYG', reason: 'Sold for cash' },
      'find-unlock-1',
    );
    expect(unlock.status).toBe(201);

    const serials = (body: { items: { serialNumber: string }[] }) => body.items.map((d) => d.serialNumber);
    const first = await admin.api.get('/api/admin/devices?serial=find-&limit=2');
    expect(serials(first.body)).toEqual(['FIND-0001', 'FIND-0002']);
    expect(first.body.items[0]).toMatchObject({ status: 'in_stock', loanId: null, tokenCount: 0 });
    expect(first.body.nextCursor).toBe('FIND-0002');
    const next = await admin.api.get('/api/admin/devices?serial=find-&limit=2&after=FIND-0002');
    expect(serials(next.body)).toEqual(['FIND-0003']);
    expect(next.body.nextCursor).toBeNull();

    const unlocked = await admin.api.get('/api/admin/devices?serial=FIND&status=unlocked');
    expect(serials(unlocked.body)).toEqual(['FIND-0002']);
    expect(serials((await admin.api.get('/api/admin/devices?serial=FINDX')).body)).toEqual(['FINDX-0004']);
    expect(serials((await admin.api.get('/api/admin/devices?serial=NOSUCH')).body)).toEqual([]);

    expect((await admin.api.get('/api/admin/devices?serial=FIND%25')).status).toBe(400);
    expect((await admin.api.get('/api/admin/devices?status=lost')).status).toBe(400);
  });

  it('refuses a file with problems, listing every bad line by number, and imports nothing', async () => {
    const before = (await admin.api.get('/api/admin/devices?limit=100')).body.items.length;
    const bad = [
      'serial_number,starting_code,secret_key,product_sku',
      `GOOD-0001,123456789,${KEY_1},${sku}`,
      `BAD-0002,1234567890,${KEY_1},${sku}`,
      `BAD-0003,123,not-a-key,${sku}`,
      `GOOD-0001,5,${KEY_2},${sku}`,
      `TEST220000001,5,${KEY_2},${sku}`,
      `BAD-0007,5,${KEY_2},NO-SUCH-SKU`,
      `BAD-0008,5,${KEY_2},`,
      ...Array.from({ length: 10 }, (_, i) => `MORE-${1000 + i},99,${KEY_1},NO-SUCH-SKU`),
    ].join('\n');
    const answer = await importCsv(bad);
    expect(answer.status).toBe(422);
    const { error } = (await answer.json()) as { error: { message: string; problems: string[] } };
    expect(error.message).toMatch(/^Nothing was imported\. line 3: starting_code: at most 9 digits; /);
    expect(error.message).toMatch(/\(and 6 more\)\.$/);
    // Every bad line, in file order, in the one answer: not only the first few.
    expect(error.problems).toEqual([
      'line 3: starting_code: at most 9 digits',
      'line 4: secret_key: 32 hexadecimal characters',
      'line 5: GOOD-0001 is also on line 2',
      'line 6: TEST220000001 is already registered',
      'line 7: no product has the SKU NO-SUCH-SKU',
      'line 8: product_sku: the SKU of the product the device is',
      ...Array.from({ length: 10 }, (_, i) => `line ${9 + i}: no product has the SKU NO-SUCH-SKU`),
    ]);
    expect(
      (
        await importCsv(
          `serial_number,starting_code,secret_key,sku\nOTHER-0001,1,${KEY_1},${sku}\nTEST220000001,2,${KEY_2},${sku}`,
        )
      ).status,
    ).toBe(422);
    const header = await importCsv(`serial_number,starting_code,secret_key,colour\nX-0001,1,${KEY_1},red`);
    expect(((await header.json()) as { error: { problems: string[] } }).error.problems).toEqual([
      'line 1: unknown column "colour"',
      'line 1: no product_sku column',
    ]);
    expect((await importCsv('serial_number,starting_code,secret_key,sku\n')).status).toBe(400);
    expect((await admin.api.get('/api/admin/devices?limit=100')).body.items.length).toBe(before);
  });

  it('reads the usual spellings of each column, and lists and filters devices by product', async () => {
    const lantern = await insertProduct(ctx.db, { loanEligible: true, category: 'solar-lanterns' });
    const csv = [
      'Serial Number,Starting-Code,SECRET KEY,Product SKU,time divider',
      `SPELL-0001,7,${KEY_1},${lantern.sku},1`,
    ].join('\n');
    expect((await importCsv(csv)).status).toBe(201);
    const other = ['serial,starting_code,Secret_Key,Product', `SPELL-0002,8,${KEY_2},${sku}`].join('\n');
    expect((await importCsv(other)).status).toBe(201);

    const listed = await admin.api.get(`/api/admin/devices?productId=${lantern.id}`);
    expect(listed.body.items).toEqual([
      expect.objectContaining({
        serialNumber: 'SPELL-0001',
        productId: lantern.id,
        product: { id: lantern.id, sku: lantern.sku, name: lantern.name },
      }),
    ]);
    const products = await admin.api.get('/api/admin/devices/products');
    expect(products.body.items).toContainEqual({
      id: lantern.id,
      sku: lantern.sku,
      name: lantern.name,
      total: 1,
      inStock: 1,
    });
    expect((await admin.api.get('/api/admin/devices?productId=nope')).status).toBe(400);
  });

  it('is for admins only', async () => {
    const customer = await signedInCustomer(ctx);
    expect(
      (await importCsv(`serial_number,starting_code,secret_key,sku\nC-0001,1,${KEY_1},${sku}`, customer.api.cookie!))
        .status,
    ).toBe(403);
    expect((await customer.api.get('/api/admin/devices')).status).toBe(403);
  });
});
