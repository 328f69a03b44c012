import { AppError, notFound } from '#src/platform/errors.ts';
import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { campaignRecipients, campaigns } from '#src/db/schema/campaigns.ts';
import type { JobContext, Jobs } from '#src/platform/jobs.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { customersIn, messageFor } from './audience.ts';
import { getCampaignSettings } from './campaign-settings.ts';
import { stateOf } from './preview.ts';

export const CAMPAIGN_QUEUE = 'campaign-batches';
/** Numbers in one bulk request (per language): Africa's Talking takes many; 100 keeps a retry small. */
export const CAMPAIGN_BATCH_SIZE = 100;
/** Rows written per statement when a campaign is sent to thousands. */
const INSERT_CHUNK = 1_000;

export type CampaignBatch = { campaignId: string; batch: number };

/**
 * Sends a draft campaign, once: in one transaction it becomes 'sending', its recipients are
 * written (one row per customer, so no one is written twice), and one job per batch is queued,
 * each starting later by the batch's share of the provider's rate (smsPerSecond). A second send,
 * or one racing it, finds the campaign no longer a draft (409).
 */
export async function sendCampaign(db: Database, jobs: Jobs, actorId: string, id: string) {
  return db.transaction(async (tx) => {
    const [campaign] = await tx.select().from(campaigns).where(eq(campaigns.id, id)).for('update');
    if (!campaign) throw notFound('No campaign has this id.');
    if (campaign.status !== 'draft') {
      throw new AppError('campaign_not_draft', 'This campaign has already been sent; a campaign is sent once.', 409);
    }
    const people = (await customersIn(tx, campaign.segment)).filter((p) => stateOf(p) === 'will_send');
    if (people.length === 0) {
      throw new AppError('campaign_no_recipients', "No one in this campaign's segment can get an SMS.", 422);
    }
    const { pricePerSms, smsPerSecond } = await getCampaignSettings(tx);
    const rows = people.map((p, i) => ({
      campaignId: id,
      userId: p.id,
      batch: Math.floor(i / CAMPAIGN_BATCH_SIZE),
      language: p.language,
      phone: p.phone!,
      parts: messageFor(campaign.texts, p.language).parts,
    }));
    for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
      await tx.insert(campaignRecipients).values(rows.slice(i, i + INSERT_CHUNK));
    }
    const batches = Math.ceil(rows.length / CAMPAIGN_BATCH_SIZE);
    await tx
      .update(campaigns)
      .set({ status: 'sending', sentBy: actorId, sentAt: new Date(), pricePerSms, batches })
      .where(eq(campaigns.id, id));
    for (let batch = 0; batch < batches; batch += 1) {
      const startAfterSeconds = (batch * CAMPAIGN_BATCH_SIZE) / smsPerSecond;
      await jobs.send<CampaignBatch>(tx, CAMPAIGN_QUEUE, { campaignId: id, batch }, { startAfterSeconds });
    }
    const parts = rows.reduce((n, r) => n + r.parts, 0);
    await recordAudit(tx, {
      actorId,
      action: 'campaigns.send',
      entityType: 'campaign',
      entityId: id,
      details: {
        name: campaign.name,
        texts: campaign.texts,
        recipients: rows.length,
        batches,
        parts,
        pricePerSms,
        // Money rule: whole UGX, parts × the price of one part.
        cost: parts * pricePerSms,
        segment: campaign.segment,
      },
    });
    return { recipients: rows.length, batches };
  });
}

/** The batch's rows in one state, and the guard of this attempt's claim. */
export const ofBatch = ({ campaignId, batch }: CampaignBatch) =>
  and(eq(campaignRecipients.campaignId, campaignId), eq(campaignRecipients.batch, batch));

/** Rows claimed by an earlier attempt of the batch that never said how it went. */
export async function settleAbandonedClaims(db: Database | Tx, data: CampaignBatch, job: JobContext) {
  await db
    .update(campaignRecipients)
    .set({
      status: 'failed',
      error: 'An earlier attempt stopped before it knew whether this went out; it is not sent again.',
      updatedAt: new Date(),
    })
    .where(
      and(ofBatch(data), eq(campaignRecipients.status, 'sending'), ne(campaignRecipients.attempt, job.retryCount)),
    );
}

/** Claims these queued rows for this attempt; returns those it got (another attempt may hold the rest). */
export async function claimRows(db: Database | Tx, data: CampaignBatch, userIds: string[], job: JobContext) {
  if (userIds.length === 0) return [];
  return db
    .update(campaignRecipients)
    .set({ status: 'sending', attempt: job.retryCount, updatedAt: new Date() })
    .where(and(ofBatch(data), eq(campaignRecipients.status, 'queued'), inArray(campaignRecipients.userId, userIds)))
    .returning({ userId: campaignRecipients.userId, language: campaignRecipients.language });
}

/** The campaign is 'sent' once no row waits to go. */
export async function finishIfDone(db: Database | Tx, campaignId: string) {
  await db
    .update(campaigns)
    .set({ status: 'sent' })
    .where(
      and(
        eq(campaigns.id, campaignId),
        eq(campaigns.status, 'sending'),
        sql`not exists (select 1 from campaign_recipients r where r.campaign_id = ${campaignId}
          and r.status in ('queued', 'sending'))`,
      ),
    );
}
