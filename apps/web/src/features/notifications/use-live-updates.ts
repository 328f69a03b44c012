import { toastForEvent } from '@ecogrid/core/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { showToast } from '@/components/ui/toast.tsx';
import { notificationsQuery, type Notification } from './api.ts';

/**
 * While signed in, listens to /api/events: each new notification raises its toast (one at a
 * time) and refreshes the bell and the inbox; order, payment and loan events raise theirs. The browser reconnects by itself after a drop;
 * on reconnecting, the list is fetched again in case something arrived meanwhile.
 */
export function useLiveUpdates(signedIn: boolean) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    const source = new EventSource('/api/events');
    const refresh = () => void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
    let connectedBefore = false;
    source.addEventListener('ready', () => {
      if (connectedBefore) refresh();
      connectedBefore = true;
    });
    source.addEventListener('notification', (event) => {
      const notification = JSON.parse((event as MessageEvent<string>).data) as Partial<Notification>;
      if (notification.title) void showToast(notification.title, { description: notification.message });
      refresh();
    });
    // Order, payment and loan changes raise the spec's toasts; the pages showing them refetch.
    for (const type of ['order', 'payment', 'loan_repayment'] as const) {
      source.addEventListener(type, (event) => {
        const toast = toastForEvent(type, JSON.parse((event as MessageEvent<string>).data) as Record<string, unknown>);
        if (toast) void showToast(toast.title, { description: toast.message });
        void queryClient.invalidateQueries({ queryKey: [type === 'loan_repayment' ? 'loans' : `${type}s`] });
      });
    }
    return () => source.close();
  }, [signedIn, queryClient]);
}
