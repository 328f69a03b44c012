import { TicketView } from './ticket-page.tsx';

/** /agent/support/:id: a ticket of one of the agent's customers, to follow and write on. */
export default function AgentTicketPage() {
  return <TicketView side="agent" back="/agent/support" />;
}
