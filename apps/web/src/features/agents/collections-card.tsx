import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { buttonClass } from '@/components/ui/button.tsx';
import { agentFollowUpsQuery, agentRepossessionsQuery } from './collections-api.ts';
import { agentDeliveriesQuery } from './deliveries-api.ts';

/**
 * The dashboard's collections: how many follow-ups are due and units are to be taken back, each
 * with its list. While a count is loading (or cannot be had) the link is there without it.
 */
export function CollectionsCard() {
  const { t } = useTranslation();
  const followUps = useQuery(agentFollowUpsQuery).data?.items.length;
  const repossessions = useQuery(agentRepossessionsQuery).data?.repossessions.length;
  const deliveries = useQuery(agentDeliveriesQuery).data?.items.length;
  return (
    <section aria-labelledby="collections-title" className="space-y-2 rounded-xl border border-stone-200 bg-white p-4">
      <h2 id="collections-title" className="text-lg font-semibold">
        {followUps === undefined ? t('agent.followUps.title') : t('agent.followUps.due', { count: followUps })}
      </h2>
      <Link to="/agent/follow-ups" className={buttonClass('primary', 'w-full sm:w-auto')}>
        {t('agent.followUps.open')}
      </Link>
      {deliveries !== undefined && deliveries > 0 && (
        <>
          <p className="font-medium">{t('agent.deliveries.due', { count: deliveries })}</p>
          <Link to="/agent/deliveries" className={buttonClass('secondary', 'w-full sm:w-auto')}>
            {t('agent.deliveries.open')}
          </Link>
        </>
      )}
      {repossessions !== undefined && repossessions > 0 && (
        <>
          <p className="font-medium">{t('agent.repossessions.due', { count: repossessions })}</p>
          <Link to="/agent/repossessions" className={buttonClass('secondary', 'w-full sm:w-auto')}>
            {t('agent.repossessions.open')}
          </Link>
        </>
      )}
    </section>
  );
}
