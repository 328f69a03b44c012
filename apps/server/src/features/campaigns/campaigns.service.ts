import type { Campaign, CampaignChoices, CampaignCounts, NewCampaign } from '@ecogrid/core/campaigns';
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { campaignRecipients, campaigns, type CampaignRow } from '#src/db/schema/campaigns.ts';
import { AppError, badRequest, notFound } from '#src/platform/errors.ts';
import { after, toPage, type PageQuery } from '#src/platform/pagination.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { approvedAgentNames } from '#src/features/auth/campaign-people.service.ts';
import { actorOf, peopleByIds } from '#src/features/auth/profile.service.ts';
import { productNames } from '#src/features/catalog/catalog.service.ts';
import { listDistricts } from '#src/features/places/places.service.ts';

const same = (a: string, b: string) => a.localeCompare(b, 'en', { sensitivity: 'base' }) === 0;

/** What the segment pickers offer: every district, product and approved agent, by name. */
export async function campaignChoices(db: Database): Promise<CampaignChoices> {
  return {
    districts: listDistricts().map((d) => d.name),
    products: await productNames(db),
    agents: await approvedAgentNames(db),
  };
}

/**
 * Checks a draft's segment names things that exist: districts as the places data spells them
 * (422 for one it does not know), products and agents by id (400 for an unknown one).
 */
async function checkedSegment(db: Database, segment: NewCampaign['segment']): Promise<NewCampaign['segment']> {
  const districts = segment.districts.map((name) => {
    const found = listDistricts().find((d) => same(d.name, name));
    if (!found) throw new AppError('unknown_place', `There is no district called ${name}.`, 422);
    return found.name;
  });
  const products = await productNames(db, segment.productIds);
  if (products.length !== new Set(segment.productIds).size)
    throw badRequest('A product in the segment does not exist.');
  const agents = new Set((await approvedAgentNames(db)).map((a) => a.id));
  if (segment.agentIds.some((id) => !agents.has(id)))
    throw badRequest('An agent in the segment is not an approved agent.');
  return { ...segment, districts: [...new Set(districts)] };
}

/** Writes a campaign as a draft (audited); sending it is another step. */
export async function createCampaign(db: Database, actorId: string, input: NewCampaign): Promise<Campaign> {
  const segment = await checkedSegment(db, input.segment);
  const id = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(campaigns)
      .values({ name: input.name, texts: input.texts, segment, createdBy: actorId })
      .returning({ id: campaigns.id });
    await recordAudit(tx, {
      actorId,
      action: 'campaigns.create',
      entityType: 'campaign',
      entityId: row!.id,
      details: { name: input.name, segment },
    });
    return row!.id;
  });
  return getCampaign(db, id);
}

const EMPTY: CampaignCounts = { recipients: 0, queued: 0, sent: 0, delivered: 0, failed: 0, optedOut: 0, stored: 0 };

/** Each campaign's message counts, and the parts handed to the provider, by campaign id. */
async function countsOf(db: Database | Tx, ids: string[]) {
  if (ids.length === 0) return new Map<string, CampaignCounts & { parts: number }>();
  const n = (condition: ReturnType<typeof sql>) => sql<number>`(count(*) filter (where ${condition}))::int`;
  const rows = await db
    .select({
      id: campaignRecipients.campaignId,
      recipients: sql<number>`count(*)::int`,
      queued: n(sql`${campaignRecipients.status} in ('queued', 'sending')`),
      sent: n(sql`${campaignRecipients.status} = 'sent'`),
      stored: n(sql`${campaignRecipients.status} = 'stored'`),
      delivered: n(sql`${campaignRecipients.delivery} = 'delivered'`),
      failed: n(sql`${campaignRecipients.status} = 'failed' or ${campaignRecipients.delivery} = 'failed'`),
      optedOut: n(sql`${campaignRecipients.status} = 'opted_out'`),
      parts: sql<number>`coalesce(sum(${campaignRecipients.parts}) filter (where ${campaignRecipients.status} = 'sent'), 0)::int`,
    })
    .from(campaignRecipients)
    .where(inArray(campaignRecipients.campaignId, ids))
    .groupBy(campaignRecipients.campaignId);
  return new Map(rows.map(({ id, ...counts }) => [id, counts]));
}

async function views(db: Database | Tx, rows: CampaignRow[]) {
  const people = await peopleByIds(
    db,
    rows.flatMap((r) => [r.createdBy, ...(r.sentBy ? [r.sentBy] : [])]),
  );
  const counts = await countsOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((row) => {
    const { parts, ...tally } = counts.get(row.id) ?? { ...EMPTY, parts: 0 };
    return {
      id: row.id,
      name: row.name,
      status: row.status,
      createdBy: actorOf(people, row.createdBy),
      createdAt: row.createdAt.toISOString(),
      sentBy: row.sentBy ? actorOf(people, row.sentBy) : null,
      sentAt: row.sentAt?.toISOString() ?? null,
      pricePerSms: row.pricePerSms,
      // Money rule: whole UGX, the parts handed over × the price per part when it was sent.
      cost: row.pricePerSms === null ? null : parts * row.pricePerSms,
      counts: tally,
    };
  });
}

/** One campaign with its texts, its segment by name, and its counts now (404 if none). */
export async function getCampaign(db: Database, id: string): Promise<Campaign> {
  const [row] = await db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw notFound('No campaign has this id.');
  const [view] = await views(db, [row]);
  const products = await productNames(db, row.segment.productIds);
  const agents = await peopleByIds(db, row.segment.agentIds);
  return {
    ...view!,
    texts: { english: row.texts.english, luganda: row.texts.luganda, swahili: row.texts.swahili },
    segment: {
      districts: row.segment.districts,
      products,
      loanStatuses: row.segment.loanStatuses,
      arrearsBuckets: row.segment.arrearsBuckets,
      agents: row.segment.agentIds.map((agentId) => ({ id: agentId, name: agents.get(agentId)?.name ?? agentId })),
    },
  };
}

/** The draft's texts and segment, for its preview (404 if none). */
export async function campaignDraft(db: Database, id: string) {
  const [row] = await db
    .select({ texts: campaigns.texts, segment: campaigns.segment })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  if (!row) throw notFound('No campaign has this id.');
  return row;
}

/** Campaigns newest first, one page, each with its counts. */
export async function listCampaigns(db: Database, page: PageQuery) {
  const rows = await db
    .select()
    .from(campaigns)
    .where(and(after(campaigns.createdAt, campaigns.id, page.cursor)))
    .orderBy(desc(campaigns.createdAt), desc(campaigns.id))
    .limit(page.limit + 1);
  const items = await views(db, rows.slice(0, page.limit));
  const byId = new Map(items.map((item) => [item.id, item]));
  return toPage(rows, page.limit, (row) => byId.get(row.id)!);
}
