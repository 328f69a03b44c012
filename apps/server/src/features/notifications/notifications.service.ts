import { randomUUID } from 'node:crypto';
import {
  NOTIFICATION_DELIVERY,
  NOTIFICATION_LIST_LIMIT,
  smsText,
  type NotificationItem,
  type DeliveryRule,
  type NotificationType,
} from '@ecogrid/core/notifications';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { notifications, type Notification } from '#src/db/schema/notifications.ts';
import { FOREIGN_KEY_VIOLATION, hasPgCode } from '#src/platform/db-errors.ts';
import { notFound } from '#src/platform/errors.ts';
import { render, textsFor, type CatalogueText } from '#src/platform/i18n.ts';
import type { Messages, MessagePurpose, Outgoing } from '#src/platform/messaging.ts';
import type { Realtime } from '#src/platform/realtime.ts';
import { deliveryContactsOf } from '#src/features/auth/profile.service.ts';

export type NotificationRow = NotificationItem;

const toRow = (n: Notification): NotificationRow => ({
  id: n.id,
  type: n.type,
  title: n.title,
  message: n.message,
  data: n.data,
  isRead: n.isRead,
  createdAt: n.createdAt.toISOString(),
});

/** The user's notifications, newest first, at most 50 (spec). */
export async function listNotifications(db: Database, userId: string, limit = NOTIFICATION_LIST_LIMIT) {
  const rows = await db
    .select()
    .from(notifications)
    .where(eq(notifications.userId, userId))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(Math.min(limit, NOTIFICATION_LIST_LIMIT));
  return rows.map(toRow);
}

export async function unreadCount(db: Database, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(notifications)
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)));
  return row?.n ?? 0;
}

/** Marks one of the user's notifications read; someone else's is "not found", never touched. */
export async function markRead(db: Database, userId: string, id: string): Promise<NotificationRow> {
  const [row] = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.id, id), eq(notifications.userId, userId)))
    .returning();
  if (!row) throw notFound('No notification of yours has this id.');
  return toRow(row);
}

/** Marks every unread notification of the user read; returns how many changed. */
export async function markAllRead(db: Database, userId: string): Promise<number> {
  const rows = await db
    .update(notifications)
    .set({ isRead: true })
    .where(and(eq(notifications.userId, userId), eq(notifications.isRead, false)))
    .returning({ id: notifications.id });
  return rows.length;
}

export type NewNotification = {
  userId: string;
  type: NotificationType;
  data?: Record<string, unknown>;
  /**
   * Worth a text message: the person acts on it (a mobile-money payment's result, a device
   * token, an order ready for pickup or on its way, an order delivered, a repayment reminder).
   * Anything else stays in the inbox, and email as the user chose (DESIGN: SMS only for what
   * the customer acts on). The type's rule and the user's choice still apply.
   */
  sms?: boolean;
  /** What the SMS carries, so it can be told apart (and a token's written again) once its text is dropped. */
  smsPurpose?: { purpose: MessagePurpose; reference?: string };
  /** False: never emailed, whatever the rules (news of a failed delivery job, which email could feed). */
  email?: false;
} & (
  | { title: string; message: string }
  /**
   * A notifications catalogue key whose `title` and `message` are written in the recipient's
   * language (users.preferred_language) when it is sent, with the same values.
   */
  | { text: CatalogueText }
);

/** A notice's title and message in the recipient's language. */
export function noticeWords(
  input: { title: string; message: string } | { text: CatalogueText },
  language: string | undefined,
) {
  if (!('text' in input)) return { title: input.title, message: input.message };
  const texts = textsFor(language);
  const { key, values } = input.text;
  return {
    title: render(texts, { key: `${key}.title`, values }),
    message: render(texts, { key: `${key}.message`, values }),
  };
}

export type NotifierDeps = { realtime: Realtime; messages: Messages; publicUrl: string };

const allowed = (rule: DeliveryRule, chosen: boolean) => rule === 'always' || (rule === 'optional' && chosen);

/**
 * The spec's send-notification: stores the in-app notification, raises its realtime event, and
 * queues the SMS (only for a notice marked `sms`) and email the type and the user's choices call for, all in one transaction:
 * a stream never shows a notification the list does not have, and a message goes out only for
 * a notification that was kept. Given a transaction, all of it commits or rolls back with it.
 */
export async function sendNotification(db: Database | Tx, deps: NotifierDeps, input: NewNotification) {
  return (await sendNotifications(db, deps, [input]))[0]!;
}

/**
 * sendNotification for many at once, in a fixed number of statements whatever their number (a
 * daily run's reminders): one insert of the notifications, one statement raising their events,
 * one look-up of the contacts, and one insert of the messages and their delivery jobs per channel.
 */
export async function sendNotifications(
  db: Database | Tx,
  deps: NotifierDeps,
  inputs: NewNotification[],
): Promise<NotificationRow[]> {
  if (inputs.length === 0) return [];
  try {
    return await db.transaction(async (tx) => {
      // Ids made here, so each row is matched to its input whatever order the insert returns.
      const ids = inputs.map(() => randomUUID());
      const contacts = await deliveryContactsOf(tx, [...new Set(inputs.map((i) => i.userId))]);
      const words = inputs.map((input) => noticeWords(input, contacts.get(input.userId)?.language));
      const stored = await tx
        .insert(notifications)
        .values(
          inputs.map(({ userId, type, data }, i) => ({
            id: ids[i]!,
            userId,
            type,
            ...words[i]!,
            data: data ?? {},
          })),
        )
        .returning();
      const byId = new Map(stored.map((n) => [n.id, toRow(n)]));
      const rows = ids.map((id) => byId.get(id)!);
      await deps.realtime.publishMany(
        tx,
        rows.map((row, i) => ({ userId: inputs[i]!.userId, event: { type: 'notification', data: row } })),
      );
      const outgoing: Outgoing[] = [];
      for (const [i, input] of inputs.entries()) {
        const to = contacts.get(input.userId);
        if (!to || (!to.isActive && input.type !== 'account')) continue;
        const { title, message } = words[i]!;
        const rules = NOTIFICATION_DELIVERY[input.type];
        if (to.phone && input.sms && allowed(rules.sms, to.notifyBySms)) {
          outgoing.push({
            channel: 'sms',
            to: to.phone,
            message: smsText(title, message),
            ...input.smsPurpose,
          });
        }
        if (to.email && input.email !== false && allowed(rules.email, to.notifyByEmail)) {
          const { t } = textsFor(to.language);
          outgoing.push({
            channel: 'email',
            to: to.email,
            subject: t('email:notification.subject', { title }),
            text: t('email:notification.text', { message, inbox: new URL('/inbox', deps.publicUrl).href }),
          });
        }
      }
      await deps.messages.many(tx, outgoing);
      return rows;
    });
  } catch (error) {
    if (hasPgCode(error, FOREIGN_KEY_VIOLATION)) throw notFound('No user has this id.');
    throw error;
  }
}
