import { activeAdminIds } from '#src/features/auth/agent-accounts.service.ts';
import { preferredLanguages, userSummaries } from '#src/features/auth/profile.service.ts';
import { customerAgentId } from '#src/features/agents/agents.service.ts';
import { sendNotifications, type NotifierDeps } from '#src/features/notifications/notifications.service.ts';
import type { Database } from '#src/db/client.ts';
import { supportRequests, type SupportTopic } from '#src/db/schema/ussd.ts';
import { textsFor } from '#src/platform/i18n.ts';

/**
 * A customer asks to be called back about a topic: one request per USSD session (a repeated
 * step adds none), and every active admin and the customer's agent, if any, find it in their
 * inbox, each in their own language.
 */
export async function requestSupport(
  db: Database,
  deps: NotifierDeps,
  input: { customerId: string; sessionId: string; topic: SupportTopic },
): Promise<void> {
  const [created] = await db
    .insert(supportRequests)
    .values({ customerId: input.customerId, channel: 'ussd', sessionId: input.sessionId, topic: input.topic })
    .onConflictDoNothing({ target: supportRequests.sessionId })
    .returning({ id: supportRequests.id });
  if (!created) return;
  const [admins, agentId, people] = await Promise.all([
    activeAdminIds(db),
    customerAgentId(db, input.customerId),
    userSummaries(db, [input.customerId]),
  ]);
  const recipients = [...new Set([...admins, ...(agentId ? [agentId] : [])])];
  const languages = await preferredLanguages(db, recipients);
  const customer = people.get(input.customerId);
  await sendNotifications(
    db,
    deps,
    recipients.map((userId) => {
      const { t } = textsFor(languages.get(userId));
      return {
        userId,
        type: 'support' as const,
        title: t('ussd:supportTitle'),
        message: t('ussd:supportMessage', {
          name: customer?.name ?? '',
          phone: customer?.phone ?? '',
          topic: t(`ussd:topic.${input.topic}`),
        }),
        data: { supportRequestId: created.id, customerId: input.customerId },
      };
    }),
  );
}
