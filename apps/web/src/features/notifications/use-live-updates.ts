import { toastForEvent } from '@ecogrid/core/notifications';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { showToast } from '@/components/ui/toast.tsx';
import { notificationsQuery, type Notification } from './api.ts';

/** The lists the events change; refetched after a reconnect in case something was missed. */
const LIVE_LISTS = [
  notificationsQuery.queryKey,
  ['orders'],
  ['cart'],
  ['payments'],
  ['loans'],
  ['catalog'],
  ['kyc'],
  ['me'],
  ['dashboard'],
] as const;
// An order's change (paid, cancelled, moved on by an admin) refreshes the order pages and the
// cart (its lines leave it when an order is placed, perhaps on another phone); a payment's, the
// wallet and the loans (a deposit or a repayment approved on the phone). The customer's dashboard
// shows all three.
const EVENT_LISTS = {
  order: [['orders'], ['cart'], ['dashboard']],
  payment: [['payments'], ['loans'], ['dashboard']],
  loan_repayment: [['loans'], ['dashboard']],
} as const;

/**
 * A customer's own order or payment news comes with an 'order' or 'payment' event whose toast is
 * the spec's ('Order Status Update', 'Payment Update'); the server marks such a notification
 * `withEvent`, and it only refreshes the bell, so one change shows one toast.
 */
const toastedByItsEvent = (n: Partial<Notification>) => typeof n.data?.withEvent === 'string';

/**
 * While signed in, listens to /api/events: each new notification raises its toast (one at a
 * time) and refreshes the bell and the inbox; order, payment and loan events raise theirs.
 * The browser reconnects by itself after a network drop; after an error answer (a proxy's 502
 * during a deploy, or the session ended) the stream closes, and this tries again with a
 * growing delay while the user is still signed in. Every reconnect refetches the lists.
 */
export function useLiveUpdates(signedIn: boolean, stillSignedIn: () => Promise<boolean>) {
  const queryClient = useQueryClient();
  useEffect(() => {
    if (!signedIn || typeof EventSource === 'undefined') return;
    let source: EventSource | undefined;
    let retry: ReturnType<typeof setTimeout> | undefined;
    let failures = 0;
    let connectedBefore = false;
    let stopped = false;
    const refetchAll = () => {
      for (const queryKey of LIVE_LISTS) void queryClient.invalidateQueries({ queryKey });
    };

    const open = () => {
      source = new EventSource('/api/events');
      source.addEventListener('ready', () => {
        failures = 0;
        if (connectedBefore) refetchAll();
        connectedBefore = true;
      });
      source.addEventListener('notification', (event) => {
        const notification = JSON.parse((event as MessageEvent<string>).data) as Partial<Notification>;
        if (notification.title && !toastedByItsEvent(notification)) {
          void showToast(notification.title, { description: notification.message });
        }
        void queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey });
      });
      // An admin changed the catalogue (a price, stock, a picture, the categories): the
      // catalogue on screen is fetched again, quietly.
      source.addEventListener('catalog', () => void queryClient.invalidateQueries({ queryKey: ['catalog'] }));
      // An identity check was submitted (perhaps by an agent) or decided: the check and the
      // profile that carries its status are fetched again; the decision's toast comes with
      // its notification.
      source.addEventListener('kyc', () => {
        void queryClient.invalidateQueries({ queryKey: ['kyc'] });
        void queryClient.invalidateQueries({ queryKey: ['me'] });
      });
      // A loan changed (decided, activated, repaid, a new token, arrears): the loan screens are
      // fetched again, quietly; what the customer must hear comes with its notification.
      source.addEventListener('loan', () => {
        void queryClient.invalidateQueries({ queryKey: ['loans'] });
        void queryClient.invalidateQueries({ queryKey: ['dashboard'] });
      });
      for (const type of ['order', 'payment', 'loan_repayment'] as const) {
        source.addEventListener(type, (event) => {
          const data = JSON.parse((event as MessageEvent<string>).data) as Record<string, unknown>;
          const toast = toastForEvent(type, data);
          if (toast) void showToast(toast.title, { description: toast.message });
          for (const queryKey of EVENT_LISTS[type]) void queryClient.invalidateQueries({ queryKey });
        });
      }
      source.onerror = () => {
        if (source?.readyState !== EventSource.CLOSED || stopped) return;
        // 3 s, 6 s, 12 s … up to a minute, with jitter so phones do not come back all at once.
        const delay = Math.min(60_000, 3_000 * 2 ** failures++) * (0.75 + Math.random() / 2);
        retry = setTimeout(() => {
          void stillSignedIn()
            .catch(() => true)
            .then((yes) => {
              if (!stopped && yes) open();
            });
        }, delay);
      };
    };
    open();
    return () => {
      stopped = true;
      clearTimeout(retry);
      source?.close();
    };
  }, [signedIn, stillSignedIn, queryClient]);
}
