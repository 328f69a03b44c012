import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { Outlet } from 'react-router';
import { AgentOutboxRunner } from '@/features/agents/outbox/agent-outbox.tsx';
import { useSession } from '@/features/auth/api.ts';

/**
 * The agent app (/agent, /agent/*, /agent-dashboard): the agent's offline queue is kept and sent
 * while they work in it, and whatever it still holds is sent when they come back to it. Loaded
 * with the agent's screens, apart from the first download.
 */
export default function AgentLayout() {
  const user = useSession().data?.user;
  const queryClient = useQueryClient();
  const sent = useCallback(() => {
    void queryClient.invalidateQueries({ queryKey: ['agent'] });
    void queryClient.invalidateQueries({ queryKey: ['loans'] });
  }, [queryClient]);
  return (
    <>
      {user?.userType === 'agent' && <AgentOutboxRunner key={user.id} agentId={user.id} onSent={sent} />}
      <Outlet />
    </>
  );
}
