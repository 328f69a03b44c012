import { DEFAULT_CREDIT_POLICY } from '@ecogrid/core/credit-policy';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditTrail } from '#src/features/audit/audit.service.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { appWithAdmin, signedInCustomer } from '../../../test/catalog-admin.ts';
import '../../../test/ledger-check.ts';

const app = appWithAdmin();
let admin: typeof app.admin;
beforeAll(() => {
  admin = app.admin;
});

describe('the credit policy', () => {
  it('is the default as version 0 before any admin saved one, then each save is the next version', async () => {
    const first = await admin.api.get('/api/admin/credit-policy');
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ version: 0, rules: DEFAULT_CREDIT_POLICY, note: null, createdByName: null });

    const rules = { ...DEFAULT_CREDIT_POLICY, openLoanLimit: 3, minScore: 70 };
    const saved = await admin.api.put('/api/admin/credit-policy', {
      rules,
      note: 'Returning customers may hold three',
    });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body).toMatchObject({ version: 1, rules, createdBy: admin.id });
    const saver = (await userSummaries(app.ctx.db, [admin.id])).get(admin.id)!.name;
    expect(saved.body.createdByName).toBe(saver);
    const versions = await admin.api.get('/api/admin/credit-policy/versions?limit=1');
    expect(versions.body.items[0]).toMatchObject({ version: 1, createdByName: saver });
    const again = await admin.api.put('/api/admin/credit-policy', {
      rules: { ...rules, openLoanLimit: 4 },
      note: 'Four for the dry season',
    });
    expect(again.body.version).toBe(2);
    expect((await admin.api.get('/api/admin/credit-policy')).body).toMatchObject({
      version: 2,
      rules: { openLoanLimit: 4 },
    });

    const trail = await auditTrail(app.ctx.db, 'credit_policy', '2');
    expect(trail).toHaveLength(1);
    expect(trail[0]).toMatchObject({ action: 'credit_policy.update', reason: 'Four for the dry season' });
    expect(trail[0]!.details).toMatchObject({
      before: { version: 1, rules: { openLoanLimit: 3 } },
      after: { version: 2, rules: { openLoanLimit: 4 } },
    });
  });

  it('lists the versions newest first, a page at a time', async () => {
    const page = await admin.api.get('/api/admin/credit-policy/versions?limit=1');
    expect(page.status).toBe(200);
    expect(page.body.items).toHaveLength(1);
    const newest = page.body.items[0].version;
    expect(page.body.nextCursor).toBe(String(newest));
    const next = await admin.api.get(`/api/admin/credit-policy/versions?limit=100&cursor=${page.body.nextCursor}`);
    expect(next.body.items.map((p: { version: number }) => p.version)).toEqual(
      Array.from({ length: newest - 1 }, (_, i) => newest - 1 - i),
    );
    expect(next.body.nextCursor).toBeNull();
    expect((await admin.api.get('/api/admin/credit-policy/versions?cursor=abc')).status).toBe(400);
  });

  it('refuses rules out of range or without a note, and anyone but an admin', async () => {
    const bad = await admin.api.put('/api/admin/credit-policy', {
      rules: { ...DEFAULT_CREDIT_POLICY, openLoanLimit: 0 },
      note: 'Nobody',
    });
    expect(bad.status).toBe(400);
    expect(JSON.stringify(bad.body)).toContain('The open-loan limit must be at least 1');
    const noNote = await admin.api.put('/api/admin/credit-policy', { rules: DEFAULT_CREDIT_POLICY, note: ' ' });
    expect(noNote.status).toBe(400);
    const customer = await signedInCustomer(app.ctx);
    expect((await customer.api.get('/api/admin/credit-policy')).status).toBe(403);
    expect(
      (await customer.api.put('/api/admin/credit-policy', { rules: DEFAULT_CREDIT_POLICY, note: 'Mine' })).status,
    ).toBe(403);
  });
});
