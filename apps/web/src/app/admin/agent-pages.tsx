import { useParams } from 'react-router';
import AgentView from '@/features/agents/admin/agent-page.tsx';
import AgentsView from '@/features/agents/admin/agents-page.tsx';
import { ApproveAgentDialog } from '@/features/users/approve-agent-dialog.tsx';

/**
 * /admin/agents and /admin/agents/:id, one chunk for both. An applicant is approved with the
 * users feature's approval (agent code and commission), the one the user list uses.
 */
export default function AgentPages() {
  const { id } = useParams();
  return id ? <AgentView Approve={ApproveAgentDialog} /> : <AgentsView Approve={ApproveAgentDialog} />;
}
