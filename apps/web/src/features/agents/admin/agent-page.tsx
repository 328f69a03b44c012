import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AdminError } from '@/components/admin/admin-error.tsx';
import { BackLink } from '@/components/ui/back-link.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { Part } from '@/components/ui/part.tsx';
import { SkeletonList } from '@/components/ui/skeleton-list.tsx';
import { ActiveBadge, ContactFacts } from './agent-card.tsx';
import { AgentFacts } from './agent-figures.tsx';
import { HandoverList, Statement } from './agent-records.tsx';
import { AgentSettingsForm } from './agent-settings.tsx';
import { AgentTargets } from './agent-targets.tsx';
import type { ApproveAgent } from './agents-page.tsx';
import { adminAgentQuery, refreshAgent, type AdminAgentDetail } from './api.ts';
import { HandoverForm } from './handover-form.tsx';

const card = 'rounded-lg border border-stone-200 bg-white p-4';

/** Who the agent is: code, standing, how to reach them, since when. */
function Identity({ agent }: { agent: AdminAgentDetail }) {
  const { t } = useTranslation();
  return (
    <dl className={`space-y-1 text-sm ${card}`}>
      <Fact term={t('admin.agents.code')}>
        {agent.agentCode ? <span className="font-mono">{agent.agentCode}</span> : t('admin.agents.notSet')}
      </Fact>
      <Fact term={t('admin.agents.standing')}>
        {agent.agentStatus === 'approved' ? <ActiveBadge active={agent.isActive} /> : t('admin.agents.applicant')}
      </Fact>
      <ContactFacts agent={agent} />
    </dl>
  );
}

/** The handovers, and the way to record one. */
function Handovers({ agent }: { agent: AdminAgentDetail }) {
  const { t } = useTranslation();
  const [recording, setRecording] = useState(false);
  return (
    <div className="space-y-3">
      {recording ? (
        <HandoverForm agent={agent} onDone={() => setRecording(false)} />
      ) : (
        <Button className="w-full sm:w-auto" onClick={() => setRecording(true)} disabled={agent.cashOnHand <= 0}>
          {t('admin.agents.recordHandover')}
        </Button>
      )}
      {agent.cashOnHand <= 0 && !recording && <p className="text-sm text-stone-700">{t('admin.agents.noCash')}</p>}
      <HandoverList agentId={agent.id} />
    </div>
  );
}

function AgentView({ agent, Approve }: { agent: AdminAgentDetail; Approve: ApproveAgent }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [approving, setApproving] = useState(false);
  if (agent.agentStatus === 'applicant') {
    return (
      <div className="space-y-4">
        <Identity agent={agent} />
        <p>{t('admin.agents.applicantIntro', { name: agent.name })}</p>
        <Button className="w-full sm:w-auto" aria-haspopup="dialog" onClick={() => setApproving(true)}>
          {t('admin.agents.approve')}
        </Button>
        {approving && (
          <Approve
            applicant={agent}
            onApproved={() => refreshAgent(queryClient, agent.id)}
            onClose={() => setApproving(false)}
          />
        )}
      </div>
    );
  }
  return (
    <div className="space-y-6">
      <Identity agent={agent} />
      <Part id="agent-month" title={t('admin.agents.monthTitle')} className={`space-y-3 ${card}`}>
        <AgentFacts agent={agent} />
      </Part>
      <Part id="agent-settings" title={t('admin.agents.settingsTitle')} className="space-y-3">
        <AgentSettingsForm agent={agent} />
      </Part>
      <Part id="agent-targets" title={t('admin.agents.targetsTitle')} className="space-y-3">
        <AgentTargets agent={agent} />
      </Part>
      <Part id="agent-handovers" title={t('admin.agents.handoversTitle')} className="space-y-3">
        <Handovers agent={agent} />
      </Part>
      <Part id="agent-statement" title={t('admin.agents.statementTitle')} className="space-y-3">
        <Statement agentId={agent.id} />
      </Part>
    </div>
  );
}

/** /admin/agents/:id: one agent (or applicant): figures, settings, targets, handovers and statement. */
export default function AgentPage({ Approve }: { Approve: ApproveAgent }) {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const query = useQuery(adminAgentQuery(id));
  const name = query.data?.name;
  return (
    <section className="mx-auto max-w-3xl space-y-4 p-4" aria-labelledby="agent-title" aria-busy={query.isFetching}>
      <title>{name ? t('admin.agents.agentPageTitle', { name }) : t('admin.agents.pageTitle')}</title>
      <header className="space-y-2">
        <BackLink to="/admin/agents">{t('admin.agents.backToList')}</BackLink>
        <h1 id="agent-title" className="text-2xl font-bold break-words">
          {name ?? t('admin.agents.one')}
        </h1>
        <p className="text-sm text-stone-700">{t('admin.timesInKampala')}</p>
      </header>
      {query.isPending ? (
        <SkeletonList label={t('admin.agents.loadingOne')} count={3} />
      ) : query.isError ? (
        <AdminError error={query.error} onRetry={() => void query.refetch()} />
      ) : (
        <AgentView agent={query.data} Approve={Approve} />
      )}
    </section>
  );
}
