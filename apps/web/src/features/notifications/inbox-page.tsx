import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { LoadingOverlay } from '@/components/ui/loading-overlay.tsx';
import { useFormats } from '@/lib/formats.ts';
import { markAllRead, markRead, notificationsQuery, type NotificationList } from './api.ts';
import { notificationLink } from './notification-link.ts';

/**
 * /inbox: the newest 50 notifications, unread first to the eye, each with the way to what it is
 * about (its order, loan, wallet or identity check; opening it marks it read), mark read and
 * mark all read.
 */
export default function InboxPage() {
  const { t } = useTranslation();
  const formats = useFormats();
  const queryClient = useQueryClient();
  const list = useQuery(notificationsQuery);
  const setList = (update: (list: NotificationList) => NotificationList) =>
    queryClient.setQueryData<NotificationList>(notificationsQuery.queryKey, (old) => (old ? update(old) : old));
  // A refetch raised by a live event must not land after a change and undo it on screen; the
  // server's count is fetched again once the change is done.
  const settle = {
    onMutate: () => queryClient.cancelQueries({ queryKey: notificationsQuery.queryKey }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: notificationsQuery.queryKey }),
  };
  const one = useMutation({
    mutationFn: markRead,
    ...settle,
    onSuccess: (read) => {
      setList((old) => ({
        items: old.items.map((n) => (n.id === read.id ? read : n)),
        unread: Math.max(0, old.unread - (old.items.find((n) => n.id === read.id)?.isRead ? 0 : 1)),
      }));
      // The button goes away: keep keyboard and screen-reader users on the same notification.
      document.getElementById(`notification-${read.id}`)?.focus();
    },
  });
  const all = useMutation({
    mutationFn: markAllRead,
    ...settle,
    onSuccess: () => {
      setList((old) => ({ items: old.items.map((n) => ({ ...n, isRead: true })), unread: 0 }));
      document.getElementById('inbox-title')?.focus();
    },
  });

  if (list.isPending) return <LoadingOverlay type="customer" />;
  if (list.isError) return <FormAlert>{list.error.message}</FormAlert>;
  const failure = one.error ?? all.error;
  const link = (n: NotificationList['items'][number]) => {
    const to = notificationLink(n);
    return (
      to && (
        <Link
          to={to.to}
          onClick={() => !n.isRead && one.mutate(n.id)}
          aria-describedby={`notification-${n.id}`}
          className="inline-flex min-h-11 items-center font-medium text-brand-800 underline"
        >
          {t(to.label)}
        </Link>
      )
    );
  };
  return (
    <section className="mx-auto max-w-xl space-y-4 p-4" aria-labelledby="inbox-title">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h1 id="inbox-title" tabIndex={-1} className="text-2xl font-bold">
          {t('pages.inbox')}
        </h1>
        {list.data.unread > 0 && (
          <Button variant="secondary" disabled={all.isPending} onClick={() => all.mutate()}>
            {all.isPending ? t('auth.working') : t('notifications.markAllRead')}
          </Button>
        )}
      </div>
      <p role="status">{t('notifications.unreadCount', { count: list.data.unread })}</p>
      {failure && <FormAlert>{failure.message}</FormAlert>}
      {list.data.items.length === 0 ? (
        <p>{t('notifications.empty')}</p>
      ) : (
        <ul className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white">
          {list.data.items.map((n) => (
            <li key={n.id} className={`space-y-1 p-3 ${n.isRead ? '' : 'bg-amber-50'}`}>
              <div className="flex items-start justify-between gap-2">
                <h2
                  id={`notification-${n.id}`}
                  tabIndex={-1}
                  className={`text-base ${n.isRead ? 'font-medium' : 'font-bold'}`}
                >
                  {n.isRead ? null : <span className="sr-only">{t('notifications.unread')}: </span>}
                  {n.title}
                </h2>
                <time dateTime={n.createdAt} className="shrink-0 text-sm text-stone-600">
                  {formats.dateTime(n.createdAt)}
                </time>
              </div>
              <p>{n.message}</p>
              {link(n)}
              {!n.isRead && (
                <Button
                  variant="ghost"
                  disabled={one.isPending && one.variables === n.id}
                  onClick={() => one.mutate(n.id)}
                  aria-describedby={`notification-${n.id}`}
                >
                  {t('notifications.markRead')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
