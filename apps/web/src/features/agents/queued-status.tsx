import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import type { CashCollected } from './field-api.ts';
import { useAgentOutbox, type OutboxItem } from './outbox/queue-store.ts';

/** The token a collection bought, from the server's answer to it. */
const tokenOf = (item: OutboxItem) =>
  item.kind === 'collection' && item.status === 'done'
    ? ((item.result as CashCollected | undefined)?.token ?? null)
    : null;

/**
 * Where one queued action stands: waiting for the network, taken by the server (with the token
 * a loan payment bought), or refused with the server's reason and a way to put it away.
 */
export function QueuedStatus({ item }: { item: OutboxItem }) {
  const { t } = useTranslation();
  const { outbox } = useAgentOutbox();
  if (item.status === 'waiting') {
    return (
      <p role="status" className="rounded-lg border border-amber-300 bg-amber-50 p-3 text-amber-950">
        {t('agent.queue.waiting')}
      </p>
    );
  }
  if (item.status === 'done') {
    const token = tokenOf(item);
    return (
      <p role="status" className="rounded-lg border border-stone-200 bg-white p-3">
        {t('agent.queue.done')}
        {token && (
          <>
            {' '}
            {t('agent.queue.token')} <span className="font-mono tracking-wider">{token}</span>
          </>
        )}
      </p>
    );
  }
  return (
    <div role="alert" className="space-y-2 rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
      <p>
        <span className="font-semibold">{t('agent.queue.refused')}</span> {item.reason}
      </p>
      <Button variant="secondary" onClick={() => outbox?.dismiss(item.key)}>
        {t('agent.queue.dismiss')}
      </Button>
    </div>
  );
}
