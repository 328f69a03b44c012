import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AgentOutboxRunner } from '@/features/agents/outbox/agent-outbox.tsx';
import { addEnglish, i18n } from '@/lib/i18n.ts';
import agentStrings from '@/locales/en.agent.json';

addEnglish(agentStrings);

export const AGENT_ID = 'agent-1';
/** Where the agent's queue is kept on the phone in these tests. */
export const OUTBOX_STORAGE_KEY = `ecogrid.agent-outbox:${AGENT_ID}`;

/** An agent page at `path`, with the agent's queue as the app holds it, and stand-ins for other routes. */
export function renderAgentPage(path: string, routes: Record<string, ReactElement>) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={client}>
        <AgentOutboxRunner agentId={AGENT_ID} />
        <MemoryRouter initialEntries={[path]}>
          <Routes>
            {Object.entries(routes).map(([pattern, element]) => (
              <Route key={pattern} path={pattern} element={element} />
            ))}
          </Routes>
        </MemoryRouter>
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, client };
}
