import { useInfiniteQuery, useQueryClient } from '@tanstack/react-query';
import { useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPageHeader } from '@/components/admin/page-header.tsx';
import { PagedList } from '@/components/admin/paged-list.tsx';
import { SearchField } from '@/components/admin/search-field.tsx';
import { tabIds, Tabs } from '@/components/admin/tabs.tsx';
import { useAddressFilters } from '@/lib/use-address-filters.ts';
import { useDebounced } from '@/lib/use-debounced.ts';
import { AgentCard, ApplicantCard } from './agent-card.tsx';
import { adminAgentsQuery, refreshAgent, type AdminAgent, type AgentListStatus } from './api.ts';

/** The approval the users feature already makes (agent code and commission), offered for one applicant. */
export type ApproveAgent = ComponentType<{
  applicant: Pick<AdminAgent, 'id' | 'name' | 'agentCode' | 'commissionRateBp'>;
  onApproved: () => void;
  onClose: () => void;
}>;

const TAB_PREFIX = 'agents';

/**
 * /admin/agents: agents at work with this month's figures, and people who applied, each with the
 * way to approve them. The list shown and the search are kept in the address.
 */
export default function AgentsPage({ Approve }: { Approve: ApproveAgent }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params, setParam] = useAddressFilters();
  const status: AgentListStatus = params.get('status') === 'applicant' ? 'applicant' : 'approved';
  const [text, setText] = useState(params.get('q') ?? '');
  const q = useDebounced(text.trim(), 300);
  const query = useInfiniteQuery(adminAgentsQuery(status, q));
  const loaded = query.data?.pages.reduce((sum, page) => sum + page.items.length, 0) ?? 0;
  const [approving, setApproving] = useState<AdminAgent | null>(null);

  const search = (value: string) => {
    setText(value);
    setParam('q', value.trim());
  };
  const tabs = [
    { id: 'approved', label: t('admin.agents.tabAgents') },
    { id: 'applicant', label: t('admin.agents.tabApplicants') },
  ] as const;
  const applicants = status === 'applicant';

  return (
    <section className="mx-auto max-w-6xl space-y-4 p-4" aria-labelledby="agents-title">
      <title>{t('admin.agents.pageTitle')}</title>
      <AdminPageHeader titleId="agents-title" title={t('admin.agents.title')}>
        <p>{t('admin.agents.intro')}</p>
        <p className="text-sm">{t('admin.timesInKampala')}</p>
      </AdminPageHeader>

      <Tabs
        label={t('admin.agents.tabsLabel')}
        idPrefix={TAB_PREFIX}
        tabs={tabs}
        value={status}
        onChange={(id) => setParam('status', id === 'applicant' ? id : undefined)}
      />
      <div
        role="tabpanel"
        id={tabIds(TAB_PREFIX, status).panel}
        aria-labelledby={tabIds(TAB_PREFIX, status).tab}
        className="space-y-4"
      >
        <form role="search" onSubmit={(event) => event.preventDefault()} className="max-w-xl">
          <SearchField
            id="agents-search"
            label={t('admin.agents.searchLabel')}
            value={text}
            onChange={search}
            placeholder={t('admin.agents.searchPlaceholder')}
          />
        </form>
        <PagedList
          query={query}
          label={applicants ? t('admin.agents.tabApplicants') : t('admin.agents.tabAgents')}
          loadingLabel={t('admin.agents.loading')}
          emptyText={
            q ? t('admin.agents.noMatch', { q }) : applicants ? t('admin.agents.noApplicants') : t('admin.agents.empty')
          }
          listClassName="grid gap-3 md:grid-cols-2 xl:grid-cols-3"
          refresh
          summary={
            <p role="status" className="text-sm text-stone-700">
              {query.isPlaceholderData
                ? t('admin.searching')
                : t(applicants ? 'admin.agents.shownApplicants' : 'admin.agents.shown', { count: loaded })}
            </p>
          }
        >
          {(agent) =>
            applicants ? (
              <ApplicantCard key={agent.id} agent={agent} onApprove={setApproving} />
            ) : (
              <AgentCard key={agent.id} agent={agent} />
            )
          }
        </PagedList>
      </div>

      {approving && (
        <Approve
          applicant={approving}
          onApproved={() => refreshAgent(queryClient, approving.id)}
          onClose={() => setApproving(null)}
        />
      )}
    </section>
  );
}
