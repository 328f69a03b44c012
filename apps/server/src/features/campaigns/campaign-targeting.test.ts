import { describe, expect, it, beforeAll } from 'vitest';
import '../../../test/ledger-check.ts';
import { bought, campaignApp, insertProduct, loan, person, served } from '../../../test/campaign-fixtures.ts';

const app = campaignApp();

/**
 * Hand-built customers, each in some segments and not in others:
 * - Alice: Kampala, English, bought the lantern (delivered), active loan 0 days late, agent Apio.
 * - Bob: Gulu, Luganda, bought the lantern (paid), active loan 45 days late (PAR30), agent Bosco.
 * - Carol: Kampala, Swahili, bought the radio only, defaulted loan 95 days late, served by Apio then Bosco.
 * - Dan: Kampala, his lantern order cancelled, a completed loan, no agent.
 * - Eve: Mbarara, her lantern order still waiting for payment, no loan.
 * Never in any segment: an agent living in Kampala and a deactivated Kampala customer.
 */
const f = {} as Record<'alice' | 'bob' | 'carol' | 'dan' | 'eve' | 'apio' | 'bosco', { id: string; name: string }> & {
  lantern: { id: string; name: string; sku: string };
  radio: { id: string; name: string; sku: string };
};

beforeAll(async () => {
  const db = app.ctx.db;
  f.lantern = await insertProduct(db, { name: 'Campaign Lantern' });
  f.radio = await insertProduct(db, { name: 'Campaign Radio' });
  f.apio = await person(db, { name: 'Agent Apio', userType: 'agent' });
  f.bosco = await person(db, { name: 'Agent Bosco', userType: 'agent', district: 'Gulu' });
  f.alice = await person(db, { name: 'Alice', district: 'Kampala' });
  f.bob = await person(db, { name: 'Bob', district: 'Gulu', language: 'luganda' });
  f.carol = await person(db, { name: 'Carol', district: 'Kampala', language: 'swahili' });
  f.dan = await person(db, { name: 'Dan', district: 'Kampala' });
  f.eve = await person(db, { name: 'Eve', district: 'Mbarara' });
  await person(db, { name: 'Inactive Ivan', district: 'Kampala', isActive: false });
  await bought(db, f.alice.id, f.lantern, 'delivered');
  await bought(db, f.bob.id, f.lantern, 'paid');
  await bought(db, f.carol.id, f.radio, 'delivered');
  await bought(db, f.dan.id, f.lantern, 'cancelled');
  await bought(db, f.eve.id, f.lantern, 'pending_payment');
  await loan(db, f.alice.id, 'active', 0);
  await loan(db, f.bob.id, 'active', 45);
  await loan(db, f.carol.id, 'defaulted', 95);
  await loan(db, f.dan.id, 'completed', 0);
  await served(db, f.alice.id, f.apio.id);
  await served(db, f.bob.id, f.bosco.id);
  await served(db, f.carol.id, f.apio.id, 10);
  await served(db, f.carol.id, f.bosco.id, 2);
});

const texts = { english: 'Solar week: 10% off lanterns.', luganda: '', swahili: '' };

async function namesIn(segment: Record<string, unknown>) {
  const res = await app.admin.api.post('/api/admin/campaigns/preview', { texts, segment });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return (res.body.people.items as { name: string }[]).map((p) => p.name);
}

describe('who a campaign segment holds', () => {
  it('picks customers by district, never agents or deactivated accounts', async () => {
    expect(await namesIn({ districts: ['Kampala'] })).toEqual(['Alice', 'Carol', 'Dan']);
    expect(await namesIn({ districts: ['kampala', 'Gulu'] })).toEqual(['Alice', 'Bob', 'Carol', 'Dan']);
  });

  it('picks those who bought a product, not an order cancelled or waiting for payment', async () => {
    expect(await namesIn({ productIds: [f.lantern.id] })).toEqual(['Alice', 'Bob']);
    expect(await namesIn({ productIds: [f.lantern.id, f.radio.id] })).toEqual(['Alice', 'Bob', 'Carol']);
  });

  it('picks by loan status and arrears bucket, on the same loan', async () => {
    expect(await namesIn({ loanStatuses: ['active'] })).toEqual(['Alice', 'Bob']);
    expect(await namesIn({ loanStatuses: ['completed'] })).toEqual(['Dan']);
    expect(await namesIn({ arrearsBuckets: ['current'] })).toEqual(['Alice']);
    expect(await namesIn({ arrearsBuckets: ['par30'] })).toEqual(['Bob']);
    expect(await namesIn({ arrearsBuckets: ['par30', 'par90'] })).toEqual(['Bob', 'Carol']);
    expect(await namesIn({ loanStatuses: ['active'], arrearsBuckets: ['par90'] })).toEqual([]);
    expect(await namesIn({ loanStatuses: ['defaulted'], arrearsBuckets: ['par90'] })).toEqual(['Carol']);
  });

  it('picks by agent: the one the customer last agreed may act for them', async () => {
    expect(await namesIn({ agentIds: [f.apio.id] })).toEqual(['Alice']);
    expect(await namesIn({ agentIds: [f.bosco.id] })).toEqual(['Bob', 'Carol']);
  });

  it('holds only those who match every criterion given, and every customer when none is', async () => {
    expect(await namesIn({ districts: ['Kampala'], agentIds: [f.bosco.id] })).toEqual(['Carol']);
    expect(await namesIn({ districts: ['Kampala'], productIds: [f.lantern.id] })).toEqual(['Alice']);
    expect(await namesIn({ districts: ['Gulu'], arrearsBuckets: ['par90'] })).toEqual([]);
    const all = await namesIn({});
    expect(all).toEqual(expect.arrayContaining(['Alice', 'Bob', 'Carol', 'Dan', 'Eve']));
    expect(all).not.toContain('Agent Apio');
    expect(all).not.toContain('Inactive Ivan');
  });

  it('names each person with their district and agent', async () => {
    const res = await app.admin.api.post('/api/admin/campaigns/preview', {
      texts,
      segment: { agentIds: [f.bosco.id] },
    });
    expect(res.body.people.items).toEqual([
      {
        id: f.bob.id,
        name: 'Bob',
        district: 'Gulu',
        agentName: 'Agent Bosco',
        language: 'luganda',
        state: 'will_send',
      },
      {
        id: f.carol.id,
        name: 'Carol',
        district: 'Kampala',
        agentName: 'Agent Bosco',
        language: 'swahili',
        state: 'will_send',
      },
    ]);
  });

  it('offers districts, products and agents by name, and refuses a segment naming what does not exist', async () => {
    const choices = await app.admin.api.get('/api/admin/campaigns/choices');
    expect(choices.status).toBe(200);
    expect(choices.body.districts).toContain('Kampala');
    expect(choices.body.products).toContainEqual({ id: f.lantern.id, name: 'Campaign Lantern' });
    expect(choices.body.agents).toEqual(
      expect.arrayContaining([
        { id: f.apio.id, name: 'Agent Apio' },
        { id: f.bosco.id, name: 'Agent Bosco' },
      ]),
    );
    const place = await app.admin.api.post('/api/admin/campaigns', {
      name: 'Nowhere',
      texts,
      segment: { districts: ['Atlantis'] },
    });
    expect(place.status).toBe(422);
    expect(place.body.error.code).toBe('unknown_place');
    const agent = await app.admin.api.post('/api/admin/campaigns', {
      name: 'Not an agent',
      texts,
      segment: { agentIds: [f.alice.id] },
    });
    expect(agent.status).toBe(400);
  });
});
