import type { Context } from 'hono';
import { errorResponse, signedInUserId, type AppEnv } from '#src/platform/http.ts';
import { unauthenticated } from '#src/platform/route-helpers.ts';
import { requireAgent } from '#src/features/agents/agents.service.ts';
import { ADMIN_DENIED } from '#src/features/auth/roles.service.ts';
import type { Viewer } from './ticket-access.ts';

/** Who reaches a ticket route: the customer, their agent, or staff (under /api/admin). */
export type TicketSide = Viewer['role'];

/** Each side's path, tags, operation-id prefix and refusals: the routes of every side share their shapes. */
export const TICKET_SIDES = {
  customer: { base: '/support/tickets', tags: ['support'], prefix: '', denied: unauthenticated },
  agent: {
    base: '/agent/support/tickets',
    tags: ['agents', 'support'],
    prefix: 'agent',
    denied: { ...unauthenticated, 403: errorResponse('Not an approved agent') },
  },
  staff: { base: '/support/tickets', tags: ['admin', 'support'], prefix: 'admin', denied: ADMIN_DENIED },
};

/** An operation id on a side: `getSupportTicket`, `agentGetSupportTicket`, `adminGetSupportTicket`. */
export const operationOn = (side: TicketSide, name: string) => {
  const { prefix } = TICKET_SIDES[side];
  return prefix ? `${prefix}${name.charAt(0).toUpperCase()}${name.slice(1)}` : name;
};

/** The caller as a ticket viewer on a side; an agent must be an approved one (403 otherwise). */
export async function viewerOn(c: Context<AppEnv>, side: TicketSide): Promise<Viewer> {
  const id = signedInUserId(c.var.user);
  if (side === 'agent') await requireAgent(c.var.db, id);
  return { id, role: side };
}
