import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import type { AdminUser } from './api.ts';
import { useFormats } from '@/lib/formats.ts';
import { Badge } from '@/components/ui/badge.tsx';

function Row({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="grid grid-cols-[7.5rem_1fr] gap-2">
      <dt className="text-stone-600">{term}</dt>
      <dd className="min-w-0 break-words">{children}</dd>
    </div>
  );
}

/** One account in the admin list: who they are, their role and standing, and the way to change it. */
export function UserCard({ user, onActions }: { user: AdminUser; onActions: (user: AdminUser) => void }) {
  const { t } = useTranslation();
  const formats = useFormats();
  const verified = (ok: boolean) => (ok ? t('admin.users.verified') : t('admin.users.unverified'));
  return (
    <li className="flex flex-col gap-3 rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <h2 className="min-w-0 text-lg font-semibold break-words">{user.fullName}</h2>
        <div className="flex flex-wrap gap-1">
          <Badge tone={user.userType === 'admin' ? 'info' : 'neutral'}>{t(`admin.roles.${user.userType}`)}</Badge>
          {user.isActive ? (
            <Badge tone="good">{t('admin.users.active')}</Badge>
          ) : (
            <Badge tone="bad">{t('admin.users.deactivated')}</Badge>
          )}
        </div>
      </div>
      <dl className="space-y-1 text-sm">
        {user.email && (
          <Row term={t('admin.users.email')}>
            <span className="break-all">{user.email}</span>{' '}
            <span className="text-stone-600">({verified(user.emailVerified)})</span>
          </Row>
        )}
        {user.phoneNumber && (
          <Row term={t('admin.users.phone')}>
            {user.phoneNumber} <span className="text-stone-600">({verified(user.phoneVerified)})</span>
          </Row>
        )}
        {user.userType === 'customer' && <Row term={t('admin.users.accountNumber')}>{user.accountNumber}</Row>}
        {user.userType === 'agent' && (
          <Row term={t('admin.users.agent')}>
            {user.agentStatus === 'approved' ? t('admin.users.agentApproved') : t('admin.users.agentApplicant')}
            {user.agentCode && (
              <>
                {' · '}
                <span className="whitespace-nowrap">{t('admin.users.codeValue', { code: user.agentCode })}</span>
              </>
            )}
            {user.commissionRateBp !== null && (
              <>
                {' · '}
                {t('admin.users.commissionValue', { commission: formats.commission(user.commissionRateBp) })}
              </>
            )}
          </Row>
        )}
        <Row term={t('admin.users.twoStep')}>{user.twoFactorEnabled ? t('admin.users.on') : t('admin.users.off')}</Row>
        <Row term={t('admin.users.joined')}>
          <time dateTime={user.createdAt}>{formats.stamp(user.createdAt)}</time>
        </Row>
      </dl>
      <div className="mt-auto">
        <Button
          variant="secondary"
          className="w-full sm:w-auto"
          aria-label={t('admin.users.actionsFor', { name: user.fullName })}
          aria-haspopup="dialog"
          onClick={() => onActions(user)}
        >
          {t('admin.users.actions')}
        </Button>
      </div>
    </li>
  );
}
