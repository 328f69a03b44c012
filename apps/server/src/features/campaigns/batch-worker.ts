import type { Language } from '@ecogrid/core/languages';
import { and, eq, inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { campaignRecipients, campaigns } from '#src/db/schema/campaigns.ts';
import type { JobContext, Jobs, RetryPolicy } from '#src/platform/jobs.ts';
import type { Logger } from '#src/platform/logger.ts';
import type { Messages } from '#src/platform/messaging.ts';
import type { SmsSender } from '#src/platform/sms.ts';
import { deliveryContactsOf } from '#src/features/auth/profile.service.ts';
import { messageFor } from './audience.ts';
import { CAMPAIGN_QUEUE, claimRows, finishIfDone, ofBatch, settleAbandonedClaims, type CampaignBatch } from './send.ts';

/** A batch the provider could not take is tried again a few times, a minute apart and more. */
export const CAMPAIGN_RETRY: RetryPolicy = { limit: 5, delaySeconds: 60, maxDelaySeconds: 30 * 60 };

export type CampaignDeps = { db: Database; sms: SmsSender; messages: Messages; logger: Logger };

const now = () => new Date();

/**
 * Sends one batch of a campaign. Opt-out is read again now: a customer who switched SMS off
 * since the campaign was sent (or lost their confirmed number) is left out. Each row is claimed
 * by this attempt before it goes, and one handed to the provider is never handed again: a retry
 * sends only rows still queued, and rows an attempt claimed and never settled (its process died)
 * are marked failed rather than risk a second message.
 */
export async function runCampaignBatch(deps: CampaignDeps, data: CampaignBatch, job: JobContext): Promise<void> {
  const { db } = deps;
  const [campaign] = await db.select().from(campaigns).where(eq(campaigns.id, data.campaignId));
  if (!campaign) return;
  await settleAbandonedClaims(db, data, job);
  const queued = await db
    .select({ userId: campaignRecipients.userId })
    .from(campaignRecipients)
    .where(and(ofBatch(data), eq(campaignRecipients.status, 'queued')));
  const contacts = await deliveryContactsOf(
    db,
    queued.map((r) => r.userId),
  );
  const reachable = (id: string) => {
    const c = contacts.get(id);
    return Boolean(c?.phone && c.notifyBySms && c.isActive);
  };
  const leftOut = queued.filter((r) => !reachable(r.userId)).map((r) => r.userId);
  if (leftOut.length > 0) {
    await db
      .update(campaignRecipients)
      .set({ status: 'opted_out', updatedAt: now() })
      .where(and(ofBatch(data), eq(campaignRecipients.status, 'queued'), inArray(campaignRecipients.userId, leftOut)));
  }
  const claimed = await claimRows(
    db,
    data,
    queued.filter((r) => reachable(r.userId)).map((r) => r.userId),
    job,
  );
  // One request per text: a language without its own text shares the English one.
  const byText = new Map<string, string[]>();
  for (const row of claimed) {
    const { text } = messageFor(campaign.texts, row.language as Language);
    byText.set(text, [...(byText.get(text) ?? []), row.userId]);
  }
  const mine = (userIds: string[]) =>
    and(
      ofBatch(data),
      eq(campaignRecipients.status, 'sending'),
      eq(campaignRecipients.attempt, job.retryCount),
      inArray(campaignRecipients.userId, userIds),
    );
  for (const [text, userIds] of byText) {
    const phones = new Map(userIds.map((id) => [id, contacts.get(id)!.phone!]));
    if (!deps.sms.provider) {
      // No provider (development, tests): the messages wait in the outbox for admins to read.
      await db.transaction(async (tx) => {
        await deps.messages.many(
          tx,
          userIds.map((id) => ({
            channel: 'sms' as const,
            to: phones.get(id)!,
            message: text,
            reference: `campaign:${campaign.id}`,
          })),
        );
        await tx.update(campaignRecipients).set({ status: 'stored', updatedAt: now() }).where(mine(userIds));
      });
      continue;
    }
    let outcomes;
    try {
      outcomes = await deps.sms.deliverMany([...phones.values()], text, job.signal);
    } catch (error) {
      // Not taken at all: the rows go back to the queue for the batch's next attempt.
      await db.update(campaignRecipients).set({ status: 'queued', updatedAt: now() }).where(mine(userIds));
      deps.logger.warn({ err: error, campaignId: campaign.id, batch: data.batch }, 'campaign batch not taken');
      throw error;
    }
    for (const [id, phone] of phones) {
      const outcome = outcomes.get(phone) ?? { ok: false as const, error: 'No answer for this number.' };
      await db
        .update(campaignRecipients)
        .set(
          outcome.ok
            ? {
                status: 'sent',
                phone,
                providerMessageId: outcome.messageId,
                delivery: outcome.messageId ? 'pending' : null,
                error: null,
                updatedAt: now(),
              }
            : { status: 'failed', phone, error: outcome.error, updatedAt: now() },
        )
        .where(mine([id]));
    }
  }
  await finishIfDone(db, campaign.id);
}

/** Works the campaign queue in this process. */
export async function startCampaignSending(jobs: Jobs, deps: CampaignDeps): Promise<void> {
  await jobs.work<CampaignBatch>(CAMPAIGN_QUEUE, CAMPAIGN_RETRY, (data, job) => runCampaignBatch(deps, data, job));
}
