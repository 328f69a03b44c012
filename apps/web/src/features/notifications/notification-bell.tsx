import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { notificationsQuery } from './api.ts';

/** The header's bell: the unread count, and the way to /inbox. Drawn only for a signed-in user. */
export function NotificationBell({ icon }: { icon: ReactNode }) {
  const { t } = useTranslation();
  const list = useQuery(notificationsQuery);
  const unread = list.data?.unread ?? 0;
  return (
    <NavLink
      to="/inbox"
      aria-label={unread ? t('notifications.bellUnread', { count: unread }) : t('notifications.bell')}
      className="relative inline-flex h-11 w-11 shrink-0 items-center justify-center rounded-lg text-stone-800 hover:bg-stone-100"
    >
      {icon}
      {unread > 0 && (
        <span
          aria-hidden="true"
          data-testid="unread-count"
          className="absolute top-1 right-1 min-w-5 rounded-full bg-red-700 px-1 text-center text-xs leading-5 font-bold text-white"
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </NavLink>
  );
}
