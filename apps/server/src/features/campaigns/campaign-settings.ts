import type { CampaignSettings } from '@ecogrid/core/campaigns';
import { inArray } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { campaignSettings } from '#src/db/schema/campaigns.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';

/**
 * Until admins set them: UGX 35 per SMS part (a common bulk price in Uganda) and 10 messages a
 * second, well within what Africa's Talking takes from a bulk sender.
 */
export const DEFAULT_CAMPAIGN_SETTINGS: CampaignSettings = { pricePerSms: 35, smsPerSecond: 10 };

const KEYS = Object.keys(DEFAULT_CAMPAIGN_SETTINGS) as (keyof CampaignSettings)[];

export async function getCampaignSettings(db: Database | Tx): Promise<CampaignSettings> {
  const rows = await db.select().from(campaignSettings).where(inArray(campaignSettings.key, KEYS));
  const stored = Object.fromEntries(rows.map((r) => [r.key, r.value]));
  return { ...DEFAULT_CAMPAIGN_SETTINGS, ...stored };
}

/** Changes the settings, audited with what they were. */
export async function setCampaignSettings(
  db: Database,
  actorId: string,
  settings: CampaignSettings,
): Promise<CampaignSettings> {
  return db.transaction(async (tx) => {
    const before = await getCampaignSettings(tx);
    for (const key of KEYS) {
      await tx
        .insert(campaignSettings)
        .values({ key, value: settings[key], updatedBy: actorId })
        .onConflictDoUpdate({
          target: campaignSettings.key,
          set: { value: settings[key], updatedBy: actorId, updatedAt: new Date() },
        });
    }
    await recordAudit(tx, {
      actorId,
      action: 'campaigns.settings',
      entityType: 'campaign_setting',
      entityId: 'campaigns',
      details: { before, after: settings },
    });
    return settings;
  });
}
