import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button.tsx';
import { FormAlert } from '@/components/ui/form-alert.tsx';
import { LastUpdated, NotAvailableOffline, unavailableOffline } from '@/components/ui/offline-notice.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import { ApiError } from '@/lib/api-client.ts';
import { usePageTitle } from '@/lib/use-page-title.ts';

export const isForbidden = (error: unknown) => error instanceof ApiError && error.status === 403;

/** The agent's account is not (yet) an approved agent's: nothing on the page would work. */
export function NotAgent() {
  const { t } = useTranslation();
  return (
    <section
      role="alert"
      aria-labelledby="not-agent-title"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-amber-950"
    >
      <h2 id="not-agent-title" className="text-lg font-semibold">
        {t('agent.notAgent.title')}
      </h2>
      <p>{t('agent.notAgent.body')}</p>
    </section>
  );
}

/** A screen's data could not be fetched: the server's words, and a way to ask again. */
export function LoadFailed({ error, retry }: { error: unknown; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <div className="space-y-2">
      <FormAlert>{error instanceof Error ? error.message : t('agent.failed')}</FormAlert>
      <Button variant="secondary" onClick={retry}>
        {t('agent.list.retry')}
      </Button>
    </div>
  );
}

type QueryView<T> = {
  /** A query's or an infinite query's result: what the states read of it. */
  query: Pick<UseQueryResult<T>, 'data' | 'error' | 'isPending' | 'fetchStatus' | 'dataUpdatedAt'> & {
    refetch: () => Promise<unknown>;
  };
  loadingLabel: string;
  children: (data: T) => ReactNode;
};

/**
 * An agent screen's data in every state: kept data with the time it was fetched, not an agent,
 * nothing kept offline, loading, the data, or the failure with a retry.
 */
export function AgentQueryView<T>({ query, loadingLabel, children }: QueryView<T>) {
  return (
    <>
      <LastUpdated query={query} />
      {isForbidden(query.error) ? (
        <NotAgent />
      ) : unavailableOffline(query) ? (
        <NotAvailableOffline />
      ) : query.isPending ? (
        <SkeletonList label={loadingLabel} count={3} />
      ) : query.data !== undefined ? (
        children(query.data)
      ) : (
        <LoadFailed error={query.error} retry={() => void query.refetch()} />
      )}
    </>
  );
}

/** An agent screen: phone-width column, its title as the page's heading and the browser tab's name. */
export function AgentScreen({
  id,
  title,
  before,
  children,
}: {
  id: string;
  title: string;
  before?: ReactNode;
  children: ReactNode;
}) {
  usePageTitle(title);
  return (
    <section className="mx-auto max-w-xl space-y-4 p-4" aria-labelledby={id}>
      {before}
      <h1 id={id} className="text-2xl font-bold break-words">
        {title}
      </h1>
      {children}
    </section>
  );
}
