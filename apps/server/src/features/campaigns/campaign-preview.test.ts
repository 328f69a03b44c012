import { smsShape } from '@ecogrid/core/sms-parts';
import { describe, expect, it } from 'vitest';
import '../../../test/ledger-check.ts';
import { lastSmsTo } from '../../../test/auth-helpers.ts';
import { campaignApp, until, person } from '../../../test/campaign-fixtures.ts';

const app = campaignApp();

describe('SMS parts', () => {
  it('counts GSM-7 texts at 160 in one part and 153 in each part of a longer one', () => {
    expect(smsShape('a'.repeat(160))).toEqual({ encoding: 'gsm7', length: 160, parts: 1 });
    expect(smsShape('a'.repeat(161)).parts).toBe(2);
    expect(smsShape('a'.repeat(306)).parts).toBe(2);
    expect(smsShape('a'.repeat(307)).parts).toBe(3);
    // The extension table's characters take two places.
    expect(smsShape('€'.repeat(80))).toEqual({ encoding: 'gsm7', length: 160, parts: 1 });
    expect(smsShape('€'.repeat(81)).parts).toBe(2);
  });

  it('turns a text with one character outside GSM-7 into UCS-2: 70 in one part, 67 in each', () => {
    expect(smsShape('ŋ'.repeat(70))).toEqual({ encoding: 'ucs2', length: 70, parts: 1 });
    expect(smsShape('ŋ'.repeat(71)).parts).toBe(2);
    expect(smsShape('ŋ'.repeat(134)).parts).toBe(2);
    expect(smsShape(`${'a'.repeat(134)}’`).parts).toBe(3);
  });
});

describe('a campaign preview', () => {
  it('gives each customer their language’s text, English where it has none, and says how many get the fallback', async () => {
    const db = app.ctx.db;
    await person(db, { name: 'Lang English', district: 'Hoima' });
    await person(db, { name: 'Lang Luganda', district: 'Hoima', language: 'luganda' });
    await person(db, { name: 'Lang Swahili 1', district: 'Hoima', language: 'swahili' });
    await person(db, { name: 'Lang Swahili 2', district: 'Hoima', language: 'swahili' });
    const res = await app.admin.api.post('/api/admin/campaigns/preview', {
      texts: { english: 'Hello', luganda: 'Gyebale', swahili: '' },
      segment: { districts: ['Hoima'] },
    });
    expect(res.status).toBe(200);
    expect(res.body.fallback).toBe(2);
    expect(res.body.byLanguage).toEqual([
      expect.objectContaining({ language: 'english', recipients: 1, fallback: 0 }),
      expect.objectContaining({ language: 'luganda', recipients: 1, fallback: 0 }),
      expect.objectContaining({ language: 'swahili', recipients: 2, fallback: 2 }),
    ]);
  });

  it('leaves out and counts those who switched SMS off and those without a confirmed phone', async () => {
    const db = app.ctx.db;
    await person(db, { name: 'Opt In', district: 'Lira' });
    await person(db, { name: 'Opted Out', district: 'Lira', notifyBySms: false });
    await person(db, { name: 'No Phone', district: 'Lira', phone: false });
    const res = await app.admin.api.post('/api/admin/campaigns/preview', {
      texts: { english: 'Hello' },
      segment: { districts: ['Lira'] },
    });
    expect(res.body).toMatchObject({ total: 3, recipients: 1, optedOut: 1, noPhone: 1 });
    expect(res.body.people.items.map((p: { name: string; state: string }) => [p.name, p.state])).toEqual([
      ['No Phone', 'no_phone'],
      ['Opt In', 'will_send'],
      ['Opted Out', 'opted_out'],
    ]);
  });

  it('counts the parts of each language’s text with its stop hint, and costs them at the admins’ price', async () => {
    const db = app.ctx.db;
    const settings = await app.admin.api.put('/api/admin/campaigns/settings', { pricePerSms: 40, smsPerSecond: 20 });
    expect(settings.status).toBe(200);
    for (const n of [1, 2, 3]) await person(db, { name: `Cost English ${n}`, district: 'Arua' });
    for (const n of [1, 2]) await person(db, { name: `Cost Luganda ${n}`, district: 'Arua', language: 'luganda' });
    // English: 88 characters, a new line and the 72 of the hint = 161 places, two parts.
    // Luganda: ŋ is outside GSM-7, so UCS-2: 3 + 1 + 66 = 70 places, one part.
    const res = await app.admin.api.post('/api/admin/campaigns/preview', {
      texts: { english: 'a'.repeat(88), luganda: 'ŋŋŋ', swahili: '' },
      segment: { districts: ['Arua'] },
    });
    expect(res.body.byLanguage).toEqual([
      { language: 'english', recipients: 3, fallback: 0, encoding: 'gsm7', parts: 2, sms: 6, cost: 240 },
      { language: 'luganda', recipients: 2, fallback: 0, encoding: 'ucs2', parts: 1, sms: 2, cost: 80 },
      { language: 'swahili', recipients: 0, fallback: 0, encoding: 'gsm7', parts: 2, sms: 0, cost: 0 },
    ]);
    expect(res.body).toMatchObject({ pricePerSms: 40, sms: 8, cost: 320 });
    const shorter = await app.admin.api.post('/api/admin/campaigns/preview', {
      texts: { english: 'a'.repeat(87) },
      segment: { districts: ['Arua'] },
    });
    expect(shorter.body.byLanguage[0]).toMatchObject({ parts: 1, sms: 3, cost: 120 });
  });

  it('keeps the settings admins set, audited, and refuses settings out of range', async () => {
    expect(
      (await app.admin.api.put('/api/admin/campaigns/settings', { pricePerSms: -1, smsPerSecond: 5 })).status,
    ).toBe(400);
    await app.admin.api.put('/api/admin/campaigns/settings', { pricePerSms: 30, smsPerSecond: 5 });
    expect((await app.admin.api.get('/api/admin/campaigns/settings')).body).toEqual({
      pricePerSms: 30,
      smsPerSecond: 5,
    });
    const audit = (await app.ctx.db.execute(
      `select details from audit_log where action = 'campaigns.settings' order by created_at desc limit 1`,
    )) as unknown as { rows: { details: { after: unknown } }[] };
    expect(audit.rows[0]!.details.after).toEqual({ pricePerSms: 30, smsPerSecond: 5 });
  });

  it('keeps the messages in the outbox when no SMS provider is set up, and counts them stored', async () => {
    const db = app.ctx.db;
    const one = await person(db, { name: 'Outbox One', district: 'Mityana', language: 'luganda' });
    await app.admin.api.put('/api/admin/campaigns/settings', { pricePerSms: 30, smsPerSecond: 1000 });
    const created = await app.admin.api.post('/api/admin/campaigns', {
      name: 'Outbox',
      texts: { english: 'Hello', luganda: 'Gyebale' },
      segment: { districts: ['Mityana'] },
    });
    expect(created.status).toBe(201);
    expect((await app.admin.api.post(`/api/admin/campaigns/${created.body.id}/send`)).status).toBe(202);
    const sent = await until(
      async () => (await app.admin.api.get(`/api/admin/campaigns/${created.body.id}`)).body,
      (c) => c.status === 'sent',
    );
    expect(sent.counts).toMatchObject({ recipients: 1, stored: 1, sent: 0 });
    expect((await lastSmsTo(db, one.phone))?.body).toContain('Gyebale');
  });

  it('is for admins only', async () => {
    const res = await app.ctx.request('/api/admin/campaigns', { headers: { origin: 'http://localhost:3000' } });
    expect(res.status).toBe(401);
  });
});
