import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { kycDocuments } from '#src/db/schema/kyc.ts';
import { auditTrail } from '#src/features/audit/audit.service.ts';
import { getProfile } from '#src/features/auth/profile.service.ts';
import { listNotifications } from '#src/features/notifications/notifications.service.ts';
import { serveCustomer } from '../../../test/agent-helpers.ts';
import { client, signedInAdmin, signedInCustomer, type Client } from '../../../test/catalog-admin.ts';
import { address, identity, pdf, personal, testPictures } from '../../../test/kyc-fixtures.ts';
import { createTestContext, TEST_ORIGIN, type TestContext } from '../../../test/test-app.ts';

let ctx: TestContext;
let admin: { id: string; api: Client };
let jpeg: Uint8Array;
let png: Uint8Array;

beforeAll(async () => {
  ctx = await createTestContext();
  admin = await signedInAdmin(ctx);
  ({ jpeg, png } = await testPictures());
});
afterAll(async () => ctx.close());

/** A customer who has done every step, ready to submit. */
async function completedCustomer() {
  const customer = await signedInCustomer(ctx);
  for (const [path, body] of [
    ['personal', personal],
    ['address', address],
    ['identity', { ...identity, idNumber: uniqueNin() }],
  ] as const) {
    expect((await customer.api.put(`/api/kyc/${path}`, body)).status).toBe(200);
  }
  expect((await customer.api.upload('/api/kyc/documents/id_document', jpeg, 'id.jpg')).status).toBe(201);
  expect((await customer.api.upload('/api/kyc/documents/selfie', png, 'me.png', 'image/png')).status).toBe(201);
  return customer;
}

let ninCounter = 0;
const uniqueNin = () =>
  `CF85${String(Date.now() % 1e8).padStart(8, '0')}${String(ninCounter++ % 100).padStart(2, '0')}`;

async function profileOf(userId: string) {
  const profile = await getProfile(ctx.db, userId);
  return { status: profile.kycStatus, percent: profile.kycCompletionPercentage };
}

describe('the identity-check journey', () => {
  it('starts pending at 0 %, and each step adds a fifth to the profile’s percentage', async () => {
    const { id, api } = await signedInCustomer(ctx);
    const start = await api.get('/api/kyc');
    expect(start.status).toBe(200);
    expect(start.body).toMatchObject({ status: 'pending', completion: 0, personal: null, documents: [] });

    const seen: number[] = [];
    for (const step of [
      () => api.put('/api/kyc/personal', personal),
      () => api.put('/api/kyc/address', { district: 'kampala', subCounty: 'KAMPALA CENTRAL', village: 'church zone' }),
      () => api.put('/api/kyc/identity', { idType: 'national_id', idNumber: 'cm 9001 2345 678x' }),
      () => api.upload('/api/kyc/documents/id_document', pdf, 'scan.pdf', 'application/pdf'),
      () => api.upload('/api/kyc/documents/selfie', jpeg, 'selfie.jpg'),
    ]) {
      const answer = await step();
      expect([200, 201]).toContain(answer.status);
      seen.push(answer.body.completion);
      expect((await profileOf(id)).percent).toBe(answer.body.completion);
    }
    expect(seen).toEqual([20, 40, 60, 80, 100]);
    const done = (await api.get('/api/kyc')).body;
    // The address as the data spells it, the NIN as printed.
    expect(done.address).toEqual(address);
    expect(done.identity).toEqual({ idType: 'national_id', idNumber: 'CM90012345678X' });
    expect(done.documents.map((d: { kind: string; contentType: string }) => [d.kind, d.contentType])).toEqual([
      ['id_document', 'application/pdf'],
      ['selfie', 'image/jpeg'],
    ]);
    expect((await api.get('/api/me')).body).toMatchObject({ kycStatus: 'pending', kycCompletionPercentage: 100 });
  });

  it('refuses bad details with a clear message and keeps what was there', async () => {
    const { api } = await signedInCustomer(ctx);
    const young = new Date();
    young.setFullYear(young.getFullYear() - 17);
    const cases: [string, unknown, number, RegExp][] = [
      ['personal', { ...personal, dateOfBirth: young.toISOString().slice(0, 10) }, 400, /at least 18 years old/],
      ['personal', { ...personal, dateOfBirth: '1990-02-30' }, 400, /no such date/],
      ['personal', { ...personal, legalName: 'S' }, 400, /full name/],
      ['identity', { idType: 'national_id', idNumber: 'CM9001234567' }, 400, /14 letters and digits/],
      ['identity', { idType: 'national_id', idNumber: 'XM90012345678X' }, 400, /starts with CM or CF/],
      ['identity', { idType: 'national_id', idNumber: 'CM90012345678X!' }, 400, /14 letters and digits/],
      ['identity', { idType: 'passport', idNumber: 'A1234567' }, 400, /National ID or alien ID/],
      ['identity', { idType: 'alien_id', idNumber: 'AB12' }, 400, /6 to 20 letters and digits/],
      ['address', { ...address, village: 'Nowhere Zone' }, 422, /Kampala Central has no village called Nowhere Zone/],
      ['address', { ...address, district: 'Gulu' }, 422, /Gulu has no sub-county called Kampala Central/],
    ];
    for (const [path, body, status, message] of cases) {
      const answer = await api.put(`/api/kyc/${path}`, body);
      expect(answer.status, JSON.stringify(body)).toBe(status);
      expect(answer.body.error.message).toMatch(message);
    }
    expect((await api.get('/api/kyc')).body).toMatchObject({ completion: 0, personal: null, identity: null });
    // An alien ID for a resident foreigner is a step done.
    const alien = await api.put('/api/kyc/identity', { idType: 'alien_id', idNumber: 'ai-4471-2209' });
    expect(alien.body).toMatchObject({ completion: 20, identity: { idType: 'alien_id', idNumber: 'AI44712209' } });
  });

  it('checks uploads by their bytes and size, whatever their name, and stores nothing it refuses', async () => {
    const { api } = await signedInCustomer(ctx);
    const gif = new Uint8Array(Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64'));
    const html = new TextEncoder().encode('<html><script>alert(1)</script></html>');
    const oversized = new Uint8Array(5 * 1024 * 1024 + 1);
    oversized.set(jpeg.subarray(0, 64));
    const refused: [string, Uint8Array, string, string, number, RegExp][] = [
      ['id_document', gif, 'id.jpg', 'image/jpeg', 415, /JPEG or PNG photo, or a PDF; this file is GIF/],
      ['selfie', html, 'selfie.png', 'image/png', 415, /neither, whatever its name says/],
      ['selfie', pdf, 'selfie.jpg', 'image/jpeg', 415, /JPEG or PNG photo; this file is PDF/],
      ['id_document', oversized, 'id.jpg', 'image/jpeg', 413, /larger than 5 MB/],
      ['id_document', new Uint8Array(), 'id.jpg', 'image/jpeg', 400, /empty/],
      ['passport', jpeg, 'id.jpg', 'image/jpeg', 400, /id_document or selfie/],
    ];
    for (const [kind, bytes, name, type, status, message] of refused) {
      const answer = await api.upload(`/api/kyc/documents/${kind}`, bytes, name, type);
      expect(answer.status, name).toBe(status);
      expect(answer.body.error.message).toMatch(message);
    }
    expect((await api.get('/api/kyc')).body).toMatchObject({ completion: 0, documents: [] });

    // A photo named like a PDF is a photo: taken for what it is, stored as a JPEG under the server's name.
    const spoofed = await api.upload('/api/kyc/documents/id_document', png, 'id.pdf', 'application/pdf');
    expect(spoofed.status).toBe(201);
    expect(spoofed.body.documents[0]).toMatchObject({ kind: 'id_document', contentType: 'image/jpeg' });
    const [row] = await ctx.db.select().from(kycDocuments).where(eq(kycDocuments.id, spoofed.body.documents[0].id));
    expect(row!.storageKey).toMatch(/^kyc\/[a-z0-9-]+\/[0-9a-f-]{36}\.jpg$/);
    expect(row!.storageKey).not.toContain('id.pdf');

    // A new file replaces the old one: the old row is kept, marked replaced, and its file deleted.
    const again = await api.upload('/api/kyc/documents/id_document', pdf, 'id.pdf', 'application/pdf');
    expect(again.body.documents).toHaveLength(1);
    expect(again.body.documents[0].contentType).toBe('application/pdf');
    const rows = await ctx.db.select().from(kycDocuments).where(eq(kycDocuments.userId, again.body.userId));
    expect(rows.map((r) => Boolean(r.replacedAt)).sort()).toEqual([false, true]);
    expect(await ctx.documents.exists(row!.storageKey)).toBe(false);
    const current = rows.find((r) => !r.replacedAt)!;
    // A PDF is kept as it was sent.
    expect(new Uint8Array((await ctx.documents.get(current.storageKey))!)).toEqual(pdf);
  });

  it('serves a document only to its owner and admins, as a download', async () => {
    const owner = await completedCustomer();
    const documentId = (await owner.api.get('/api/kyc')).body.documents.find(
      (d: { kind: string }) => d.kind === 'selfie',
    ).id;
    const path = `/api/kyc/documents/${documentId}`;
    const fetchAs = (cookie?: string) =>
      ctx.request(path, { headers: { origin: TEST_ORIGIN, ...(cookie ? { cookie } : {}) } });

    const own = await fetchAs(owner.api.cookie);
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('image/jpeg');
    expect(own.headers.get('content-disposition')).toMatch(/^attachment; filename="selfie-\d{4}-\d\d-\d\d\.jpg"$/);
    expect(own.headers.get('cache-control')).toBe('private, no-store');
    expect(own.headers.get('x-content-type-options')).toBe('nosniff');
    const [stored] = await ctx.db.select().from(kycDocuments).where(eq(kycDocuments.id, documentId));
    expect(new Uint8Array(await own.arrayBuffer())).toEqual(
      new Uint8Array((await ctx.documents.get(stored!.storageKey))!),
    );

    expect((await fetchAs(admin.api.cookie)).status).toBe(200);
    // An admin's look is audited; the owner's own is not.
    const looks = (await auditTrail(ctx.db, 'user', owner.id)).filter((e) => e.action === 'kyc.document.view');
    expect(looks).toEqual([expect.objectContaining({ actorId: admin.id, details: { documentId, kind: 'selfie' } })]);
    const stranger = await signedInCustomer(ctx);
    const other = await fetchAs(stranger.api.cookie);
    expect(other.status).toBe(404);
    expect(await other.text()).not.toContain('PNG');
    expect((await fetchAs()).status).toBe(401);
    expect((await fetchAs(stranger.api.cookie!.replace(/=([^;]+)/, '=forged'))).status).toBe(401);
    // Nor can another customer see or change someone else's check through the journey.
    expect((await stranger.api.get(`/api/agent/customers/${owner.id}/kyc`)).status).toBe(403);
    expect((await stranger.api.put(`/api/agent/customers/${owner.id}/kyc/personal`, personal)).status).toBe(403);
  });
});

describe('submission and review', () => {
  it('submits only when every step is done, then locks the details', async () => {
    const { api } = await signedInCustomer(ctx);
    await api.put('/api/kyc/personal', personal);
    const early = await api.post('/api/kyc/submit');
    expect(early.status).toBe(422);
    expect(early.body.error.message).toBe(
      'Before you submit, add your address, your ID number, a photo of your ID, a selfie.',
    );

    const ready = await completedCustomer();
    const submitted = await ready.api.post('/api/kyc/submit');
    expect(submitted.status).toBe(200);
    expect(submitted.body).toMatchObject({ status: 'submitted', completion: 100, rejectionReason: null });
    expect(await profileOf(ready.id)).toEqual({ status: 'submitted', percent: 100 });

    const change = await ready.api.put('/api/kyc/personal', { ...personal, legalName: 'Someone Else' });
    expect(change.status).toBe(409);
    expect(change.body.error.message).toMatch(/being checked/);
    expect((await ready.api.upload('/api/kyc/documents/selfie', jpeg)).status).toBe(409);
    expect((await ready.api.post('/api/kyc/submit')).status).toBe(409);
  });

  it('queues submissions oldest first for admins only, with the documents and details', async () => {
    const first = await completedCustomer();
    const second = await completedCustomer();
    await first.api.post('/api/kyc/submit');
    await second.api.post('/api/kyc/submit');

    expect((await first.api.get('/api/admin/kyc')).status).toBe(403);
    expect((await client(ctx).get('/api/admin/kyc')).status).toBe(401);

    const ids: string[] = [];
    let cursor: string | null = null;
    do {
      const page = await admin.api.get(`/api/admin/kyc?limit=1${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      ids.push(...page.body.items.map((i: { userId: string }) => i.userId));
      cursor = page.body.nextCursor;
    } while (cursor);
    expect(ids.indexOf(first.id)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(first.id)).toBeLessThan(ids.indexOf(second.id));

    const review = await admin.api.get(`/api/admin/kyc/${first.id}`);
    expect(review.status).toBe(200);
    expect(review.body).toMatchObject({ status: 'submitted', personal, address, account: { id: first.id } });
    expect(review.body.documents).toHaveLength(2);
    expect(review.body.sameIdNumber).toEqual([]);

    // Each submission reached the admins' inbox, opening the check it names.
    const told = (
      (await ctx.db.execute(
        sql`select title, message, data from notifications where user_id = ${admin.id} and data->>'kycUserId' = ${first.id}`,
      )) as unknown as { rows: { title: string; message: string; data: Record<string, unknown> }[] }
    ).rows;
    expect(told).toEqual([
      {
        title: 'Identity check to review',
        message: expect.stringMatching(/ sent their identity check\. Review it under Identity checks\.$/),
        data: { kycUserId: first.id, forStaff: true },
      },
    ]);
  });

  it('rejects with a reason the customer sees, takes a resubmission, then verifies; each decision audited and notified', async () => {
    const customer = await completedCustomer();
    await customer.api.post('/api/kyc/submit');

    const noReason = await admin.api.post(`/api/admin/kyc/${customer.id}/decision`, { decision: 'reject' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.error.message).toMatch(/Say why/);

    // An agent who serves the customer has the customer's check open: it hears the decision live.
    const agent = await signedInCustomer(ctx);
    await ctx.db.execute(sql`update users set user_type = 'agent', agent_status = 'approved' where id = ${agent.id}`);
    await serveCustomer(ctx.db, {
      agentId: agent.id,
      customerId: customer.id,
      consentedAt: new Date(),
      consentExpiresAt: new Date(Date.now() + 3_600_000),
    });
    const heard: { type: string; data: Record<string, unknown> }[] = [];
    const unsubscribe = ctx.realtime.subscribe(agent.id, (event) => heard.push(event));

    const reason = 'The ID photo is blurred; the NIN cannot be read.';
    const rejected = await admin.api.post(`/api/admin/kyc/${customer.id}/decision`, { decision: 'reject', reason });
    expect(rejected.status).toBe(200);
    await vi.waitFor(() =>
      expect(heard).toEqual([{ type: 'kyc', data: { status: 'rejected', customerId: customer.id } }]),
    );
    unsubscribe();
    const seen = (await customer.api.get('/api/kyc')).body;
    expect(seen).toMatchObject({ status: 'rejected', rejectionReason: reason });
    expect(seen.history.map((e: { kind: string }) => e.kind)).toEqual(['submitted', 'rejected']);
    expect((await profileOf(customer.id)).status).toBe('rejected');

    // The customer answers: a sharper photo, and submits again.
    expect((await customer.api.upload('/api/kyc/documents/id_document', png, 'id.png', 'image/png')).status).toBe(201);
    const again = await customer.api.post('/api/kyc/submit');
    expect(again.body).toMatchObject({ status: 'submitted', rejectionReason: null });

    const approved = await admin.api.post(`/api/admin/kyc/${customer.id}/decision`, { decision: 'approve' });
    expect(approved.status).toBe(200);
    expect(approved.body.status).toBe('verified');
    expect((await customer.api.get('/api/me')).body).toMatchObject({
      kycStatus: 'verified',
      kycCompletionPercentage: 100,
    });
    expect((await admin.api.post(`/api/admin/kyc/${customer.id}/decision`, { decision: 'approve' })).status).toBe(409);
    expect((await customer.api.put('/api/kyc/personal', personal)).body.error.message).toMatch(/already verified/);

    // The reviewer's history names who took each step: the customer who submitted, the admin who decided.
    const review = (await admin.api.get(`/api/admin/kyc/${customer.id}`)).body;
    const by = (id: string, role: string) => ({ id, name: 'Sarah Nakato', role });
    expect(review.history.map((e: { kind: string; by: unknown }) => [e.kind, e.by])).toEqual([
      ['submitted', by(customer.id, 'customer')],
      ['rejected', by(admin.id, 'admin')],
      ['submitted', by(customer.id, 'customer')],
      ['verified', by(admin.id, 'admin')],
    ]);
    const audit = (await auditTrail(ctx.db, 'user', customer.id)).map((e) => ({
      action: e.action,
      reason: e.reason,
      actor: e.actorId,
    }));
    expect(audit).toEqual([
      { action: 'kyc.reject', reason, actor: admin.id },
      { action: 'kyc.approve', reason: null, actor: admin.id },
    ]);
    const sent = (await listNotifications(ctx.db, customer.id)).map((n) => ({
      type: n.type,
      title: n.title,
      message: n.message,
    }));
    // Newest first.
    expect(sent).toEqual([
      {
        type: 'kyc_update',
        title: 'Identity verified',
        message: 'Your identity is verified. You can now buy on credit.',
      },
      {
        type: 'kyc_update',
        title: 'Identity check: action needed',
        message: `We could not verify your identity: ${reason} Open My account to correct it and submit again.`,
      },
    ]);
  });

  it('tells a customer who reads Luganda in Luganda, the reviewer’s reason as written', async () => {
    const customer = await completedCustomer();
    expect((await customer.api.patch('/api/me', { preferredLanguage: 'luganda' })).status).toBe(200);
    await customer.api.post('/api/kyc/submit');
    const reason = 'The ID photo is blurred';
    expect(
      (await admin.api.post(`/api/admin/kyc/${customer.id}/decision`, { decision: 'reject', reason })).status,
    ).toBe(200);
    const [notice] = await listNotifications(ctx.db, customer.id);
    expect(notice).toMatchObject({
      title: "Okukakasa ebikukwatako: waliwo eky'okukola",
      message: `Tetusobodde kukakasa bikukwatako: ${reason}. Ggulawo Akawunti yange obitereeze, oluvannyuma obiweereze nate.`,
    });
  });

  it('will not verify a second account with an ID number already verified', async () => {
    const nin = uniqueNin();
    const [one, two] = [await completedCustomer(), await completedCustomer()];
    for (const customer of [one, two]) {
      expect((await customer.api.put('/api/kyc/identity', { idType: 'national_id', idNumber: nin })).status).toBe(200);
      await customer.api.post('/api/kyc/submit');
    }
    expect(
      (await admin.api.get(`/api/admin/kyc/${two.id}`)).body.sameIdNumber.map((p: { id: string }) => p.id),
    ).toEqual([one.id]);
    expect((await admin.api.post(`/api/admin/kyc/${one.id}/decision`, { decision: 'approve' })).status).toBe(200);
    const clash = await admin.api.post(`/api/admin/kyc/${two.id}/decision`, { decision: 'approve' });
    expect(clash.status).toBe(409);
    expect(clash.body.error.message).toMatch(/Another verified account already has this ID number/);
    expect((await profileOf(two.id)).status).toBe('submitted');
  });
});
