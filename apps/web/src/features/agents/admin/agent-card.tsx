import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Badge } from '@/components/ui/badge.tsx';
import { Button } from '@/components/ui/button.tsx';
import { Fact } from '@/components/ui/fact.tsx';
import { useFormats } from '@/lib/formats.ts';
import { AgentFacts } from './agent-figures.tsx';
import type { AdminAgent } from './api.ts';

export const agentPath = (id: string) => `/admin/agents/${encodeURIComponent(id)}`;

/** Active or not, in words and colour. */
export function ActiveBadge({ active }: { active: boolean }) {
  const { t } = useTranslation();
  return active ? (
    <Badge tone="good">{t('admin.agents.active')}</Badge>
  ) : (
    <Badge tone="bad">{t('admin.agents.inactive')}</Badge>
  );
}

/** A card in the agents list: the name as the way to their page, what goes beside it, then the rest. */
function AgentArticle({ agent, aside, children }: { agent: AdminAgent; aside?: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <li>
      <article aria-labelledby={titleId} className="space-y-3 rounded-lg border border-stone-200 bg-white p-4">
        <div className="flex flex-wrap items-start justify-between gap-2">
          <h2 id={titleId} className="min-w-0 text-lg font-semibold break-words">
            <Link to={agentPath(agent.id)} className="inline-flex min-h-11 items-center text-brand-800 underline">
              {agent.name}
            </Link>
          </h2>
          {aside}
        </div>
        {children}
      </article>
    </li>
  );
}

/** One agent at work: their name (the way in), code, standing, and this month's figures. */
export function AgentCard({ agent }: { agent: AdminAgent }) {
  const aside = (
    <div className="flex flex-wrap items-center gap-1">
      {agent.agentCode && <span className="font-mono text-sm">{agent.agentCode}</span>}
      <ActiveBadge active={agent.isActive} />
    </div>
  );
  return (
    <AgentArticle agent={agent} aside={aside}>
      <AgentFacts agent={agent} />
    </AgentArticle>
  );
}

/** How to reach the agent and when they applied, as facts of a list. */
export function ContactFacts({ agent }: { agent: Pick<AdminAgent, 'phone' | 'email' | 'appliedAt'> }) {
  const { t } = useTranslation();
  const formats = useFormats();
  return (
    <>
      {agent.phone && <Fact term={t('admin.agents.phone')}>{agent.phone}</Fact>}
      {agent.email && (
        <Fact term={t('admin.agents.email')}>
          <span className="break-all">{agent.email}</span>
        </Fact>
      )}
      <Fact term={t('admin.agents.applied')}>
        <time dateTime={agent.appliedAt}>{formats.dateTime(agent.appliedAt)}</time>
      </Fact>
    </>
  );
}

/** Someone who applied to be an agent: who they are, when they applied, and the way to approve them. */
export function ApplicantCard({ agent, onApprove }: { agent: AdminAgent; onApprove: (agent: AdminAgent) => void }) {
  const { t } = useTranslation();
  return (
    <AgentArticle agent={agent}>
      <dl className="space-y-1 text-sm">
        <ContactFacts agent={agent} />
      </dl>
      <Button
        className="w-full sm:w-auto"
        aria-haspopup="dialog"
        aria-label={t('admin.agents.approveName', { name: agent.name })}
        onClick={() => onApprove(agent)}
      >
        {t('admin.agents.approve')}
      </Button>
    </AgentArticle>
  );
}
