import { and, eq, or, ne, isNull } from 'drizzle-orm';
import { campaignRecipients } from '#src/db/schema/campaigns.ts';
import { onSmsDeliveryReport } from '#src/features/messaging/messaging.service.ts';

/**
 * How campaigns react to other features' events: the network's delivery report on an SMS a
 * campaign handed to the provider. Registered through src/rules.ts; doing it twice changes nothing.
 */
export function registerCampaignRules(): void {
  onSmsDeliveryReport('campaigns', async (tx, report) => {
    const [row] = await tx
      .select({ delivery: campaignRecipients.delivery })
      .from(campaignRecipients)
      .where(eq(campaignRecipients.providerMessageId, report.providerMessageId))
      .for('update');
    if (!row) return false;
    // A final report stands: a late 'Buffered' does not turn 'delivered' back into 'pending'.
    if (report.delivery === 'pending' && row.delivery !== 'pending' && row.delivery !== null) return true;
    await tx
      .update(campaignRecipients)
      .set({ delivery: report.delivery, error: report.reason, updatedAt: new Date() })
      .where(
        and(
          eq(campaignRecipients.providerMessageId, report.providerMessageId),
          or(isNull(campaignRecipients.delivery), ne(campaignRecipients.delivery, report.delivery)),
        ),
      );
    return true;
  });
}
