import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { useAgentOutbox } from './outbox/queue-store.ts';

/** On the dashboard: how many recorded actions wait to be sent or were refused, with the way to them. */
export function SyncPanel() {
  const { t } = useTranslation();
  const { items } = useAgentOutbox();
  const waiting = items.filter((item) => item.status === 'waiting').length;
  const refused = items.filter((item) => item.status === 'refused').length;
  if (waiting + refused === 0) return null;
  return (
    <section
      aria-labelledby="sync-panel-title"
      className="space-y-2 rounded-xl border border-amber-300 bg-amber-50 p-4"
    >
      <h2 id="sync-panel-title" className="text-lg font-semibold text-amber-950">
        {t('agent.sync.title')}
      </h2>
      {waiting > 0 && <p>{t('agent.sync.waitingCount', { count: waiting })}</p>}
      {refused > 0 && <p className="font-medium text-red-900">{t('agent.sync.refusedCount', { count: refused })}</p>}
      <Link to="/agent/sync" className={buttonClass('secondary', 'w-full sm:w-auto')}>
        {t('agent.sync.open')}
      </Link>
    </section>
  );
}
