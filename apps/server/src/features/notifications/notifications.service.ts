import { NOTIFICATION_LIST_LIMIT, type NotificationType } from '@ecogrid/core/notifications';
import { and, count, desc, eq } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { notifications, type Notification } from '#src/db/schema/notifications.ts';
import { FOREIGN_KEY_VIOLATION, hasPgCode } from '#src/platform/db-errors.ts';
import { notFound } from '#src/platform/errors.ts';
import type { Realtime } from '#src/platform/realtime.ts';

export type NotificationRow = {
  id: string;
  type: NotificationType;
  title: string;
  message: string;
  data: Record<string, unknown>;
  isRead: boolean;
  createdAt: string;
};

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

type Tx = Parameters<Parameters<Database['transaction']>[0]>[0];

export type NewNotification = {
  userId: string;
  type: NotificationType;
  title: string;
  message: string;
  data?: Record<string, unknown>;
};

/** Stores an in-app notification (the first part of the spec's send-notification). */
export async function storeNotification(db: Database | Tx, input: NewNotification): Promise<NotificationRow> {
  const [row] = await db
    .insert(notifications)
    .values({ ...input, data: input.data ?? {} })
    .returning();
  return toRow(row!);
}

/**
 * The spec's send-notification: stores the in-app notification and raises its realtime event
 * in one transaction, so a stream never shows a notification the list does not have.
 */
export async function sendNotification(db: Database, realtime: Realtime, input: NewNotification) {
  try {
    return await db.transaction(async (tx) => {
      const row = await storeNotification(tx, input);
      await realtime.publish(tx, input.userId, { type: 'notification', data: row });
      return row;
    });
  } catch (error) {
    if (hasPgCode(error, FOREIGN_KEY_VIOLATION)) throw notFound('No user has this id.');
    throw error;
  }
}
