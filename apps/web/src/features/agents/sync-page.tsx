import { useTranslation } from 'react-i18next';
import { BackLink } from '@/components/ui/back-link.tsx';
import { Button } from '@/components/ui/button.tsx';
import { useFormats } from '@/lib/formats.ts';
import { formatUgx } from '@/lib/money.ts';
import { AgentScreen } from './page-states.tsx';
import { useAgentOutbox, type OutboxItem } from './outbox/queue-store.ts';
import { QueuedStatus } from './queued-status.tsx';

function QueuedItem({ item }: { item: OutboxItem }) {
  const { t } = useTranslation();
  const { dateTime } = useFormats();
  const id = `queued-${item.key}`;
  return (
    <li className="space-y-2 p-4" aria-labelledby={id}>
      <h2 id={id} className="font-semibold">
        {t(`agent.sync.kind.${item.kind}`)} · {item.summary.customerName}
      </h2>
      {item.summary.amount !== undefined && (
        <p className="tabular-nums">
          {formatUgx(item.summary.amount)}
          {item.summary.receiptNumber && (
            <>
              {' '}
              · {t('agent.collect.receipt')} <span className="font-mono">{item.summary.receiptNumber}</span>
            </>
          )}
        </p>
      )}
      <p className="text-sm text-stone-700">
        {t('agent.sync.recorded')} <time dateTime={item.recordedAt}>{dateTime(item.recordedAt)}</time>
      </p>
      <QueuedStatus item={item} />
      {item.status === 'done' && <QueuedDismiss item={item} />}
    </li>
  );
}

function QueuedDismiss({ item }: { item: OutboxItem }) {
  const { t } = useTranslation();
  const { outbox } = useAgentOutbox();
  return (
    <Button variant="ghost" onClick={() => outbox?.dismiss(item.key)}>
      {t('agent.queue.dismiss')}
    </Button>
  );
}

/**
 * /agent/sync: what the agent recorded on the phone, in the order it is sent: waiting for a
 * network, refused by the server (with its reason, until dismissed) and sent.
 */
export default function AgentSyncPage() {
  const { t } = useTranslation();
  const { outbox, items } = useAgentOutbox();
  const waiting = items.filter((item) => item.status === 'waiting').length;
  return (
    <AgentScreen
      id="sync-title"
      title={t('agent.sync.title')}
      before={<BackLink to="/agent">{t('agent.dashboard.title')}</BackLink>}
    >
      <p role="status" className="text-stone-700">
        {items.length === 0 ? t('agent.sync.empty') : t('agent.sync.waitingCount', { count: waiting })}
      </p>
      {waiting > 0 && (
        <Button variant="secondary" className="w-full sm:w-auto" onClick={() => void outbox?.flush()}>
          {t('agent.sync.sendNow')}
        </Button>
      )}
      {items.length > 0 && (
        <ul
          aria-labelledby="sync-title"
          className="divide-y divide-stone-200 rounded-lg border border-stone-200 bg-white"
        >
          {items.map((item) => (
            <QueuedItem key={item.key} item={item} />
          ))}
        </ul>
      )}
    </AgentScreen>
  );
}
