import { queryOptions } from '@tanstack/react-query';
import type { NotificationItem } from '@ecogrid/core/notifications';
import { apiFetch } from '@/lib/api-client.ts';

export type Notification = NotificationItem;

export type NotificationList = { items: Notification[]; unread: number };

/** The signed-in user's notifications (newest 50) and unread count, in one request. */
export const notificationsQuery = queryOptions({
  queryKey: ['notifications'],
  queryFn: () => apiFetch<NotificationList>('/api/notifications'),
});

const post = <T>(path: string) =>
  apiFetch<T>(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });

export const markRead = (id: string) => post<Notification>(`/api/notifications/${encodeURIComponent(id)}/read`);
export const markAllRead = () => post<{ marked: number }>('/api/notifications/read-all');
