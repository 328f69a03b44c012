import type { ReactNode } from 'react';
import { auditActionKey } from '@ecogrid/core/audit';
import { useTranslation } from 'react-i18next';
import { useActorText } from '@/components/admin/actor.tsx';
import { Badge } from '@/components/ui/badge.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import type { SystemLogItem } from './api.ts';

function Facts({ children }: { children: ReactNode }) {
  return <dl className="grid grid-cols-[minmax(6rem,auto)_1fr] gap-x-3 gap-y-1 text-sm">{children}</dl>;
}

const detailText = (value: unknown) => (typeof value === 'string' ? value : JSON.stringify(value));

/** An account of a posting in words: whose wallet or cash, or the business account by its name. */
function useAccountName() {
  const { t } = useTranslation();
  return (posting: SystemLogItem['postings'][number]) => {
    if (posting.account.startsWith('wallet:')) {
      return t('admin.systemLog.walletOf', { name: posting.person ?? t('admin.log.gone') });
    }
    if (posting.account.startsWith('cash:') && posting.account !== 'cash:office') {
      return t('admin.systemLog.cashOf', { name: posting.person ?? t('admin.log.gone') });
    }
    return t(`admin.systemLog.accounts.${posting.account.replace(':', '_')}`, { defaultValue: posting.account });
  };
}

/** One line of the system log: what was done, by whom, to which record, and everything it recorded. */
export function SystemLogLine({ item }: { item: SystemLogItem }) {
  const { t } = useTranslation();
  const { stamp } = useFormats();
  const actor = useActorText();
  const account = useAccountName();
  const money = item.source === 'money';
  return (
    <li className="space-y-2 rounded-lg border border-stone-200 bg-white p-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <Badge tone={money ? 'good' : 'info'}>{t(money ? 'admin.systemLog.money' : 'admin.systemLog.admin')}</Badge>
        <time dateTime={item.at} className="text-sm text-stone-700">
          {stamp(item.at)}
        </time>
      </div>
      <p className="font-semibold break-words">
        {money
          ? (item.reason ?? item.action)
          : t(`admin.systemLog.actionNames.${auditActionKey(item.action)}`, { defaultValue: item.action })}
        {item.amount !== null && <span className="ml-2 tabular-nums">{formatUgx(item.amount)}</span>}
      </p>
      <p className="font-mono text-xs break-all text-stone-700">{item.action}</p>
      <p className="text-sm">{actor(item.actor)}</p>
      <Facts>
        <Fact variant="cells" term={t('admin.systemLog.record')} mono>
          {item.entityType} · {item.entityId}
        </Fact>
        {item.reason && !money && (
          <Fact variant="cells" term={t('admin.log.reason')}>
            {item.reason}
          </Fact>
        )}
        {item.postings.map((posting) => (
          <Fact key={posting.account} variant="cells" term={account(posting)}>
            <span className="tabular-nums">{formatUgx(posting.amount)}</span>
          </Fact>
        ))}
        {Object.entries(item.details).map(([key, value]) => (
          <Fact key={key} variant="cells" term={key} mono>
            {detailText(value)}
          </Fact>
        ))}
        {!money && (
          <Fact variant="cells" term={t('admin.log.ip')}>
            {item.ipAddress ?? t('admin.log.none')}
          </Fact>
        )}
        {item.userAgent && (
          <Fact variant="cells" term={t('admin.log.device')} mono>
            {item.userAgent}
          </Fact>
        )}
      </Facts>
    </li>
  );
}
