import { eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { outboxMessages } from '#src/db/schema/messaging.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import type { Messages } from '#src/platform/messaging.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { textOf } from './sms-delivery.ts';

/**
 * An admin sends a message again: a token SMS written again from its token record, or any
 * message whose text is still kept. Never a sign-in code or a link: those expire, and the person
 * asks for a new one. Audited; the new message is queued in the same transaction.
 */
export async function resendMessage(
  db: Database,
  messages: Messages,
  actorId: string,
  id: string,
): Promise<{ id: string }> {
  return db.transaction(async (tx) => {
    const [row] = await tx.select().from(outboxMessages).where(eq(outboxMessages.id, id));
    if (!row) throw notFound('No message in the outbox has this id.');
    if (row.purpose === 'code' || row.expiresAt) {
      throw new AppError(
        'message_expires',
        'This message carries a code or link that expires: it cannot be sent again. The person can ask for a new one.',
        409,
      );
    }
    if (row.status === 'queued') {
      throw new AppError('already_waiting', 'This message is still waiting to be sent: it goes out on its own.', 409);
    }
    const text = await textOf(tx, row);
    if (text === null) {
      throw new AppError(
        'message_not_rebuildable',
        'The text of this message was not kept once it was sent, and it cannot be written again.',
        409,
      );
    }
    const tag = { purpose: row.purpose, reference: row.reference ?? undefined, retryOf: row.retryOf ?? row.id };
    const newId =
      row.channel === 'sms'
        ? await messages.sms(tx, { to: row.recipient, message: text, ...tag })
        : await messages.email(tx, { to: row.recipient, subject: row.subject ?? '', text, ...tag });
    await recordAudit(tx, {
      actorId,
      action: 'message.resend',
      entityType: 'outbox_message',
      entityId: row.id,
      details: { channel: row.channel, purpose: row.purpose, newMessageId: newId },
    });
    return { id: newId };
  });
}
