import { uuidSchema } from '@ecogrid/core';
import { openTicketSchema, ticketReplySchema, ticketSchema, ticketSummarySchema } from '@ecogrid/core/support';
import { z } from '@hono/zod-openapi';
import type { Context } from 'hono';
import { errorResponse, type AppEnv } from '#src/platform/http.ts';
import { json } from '#src/platform/route-helpers.ts';
import type { SupportDeps } from './ticket-messages.ts';

export const ticket = ticketSchema.openapi('SupportTicket');
export const ticketSummary = ticketSummarySchema.openapi('SupportTicketSummary');
export const openTicketInput = openTicketSchema.openapi('OpenSupportTicket');
export const ticketReply = ticketReplySchema.openapi('SupportTicketReply');
export const ticketParams = z.object({ id: uuidSchema('ticket id') });
export const ticketList = json(z.object({ items: z.array(ticketSummary) }), 'The tickets (at most 100)');

export const noTicket = { 404: errorResponse('No such ticket, or not one you may see') };

/** What the ticket services need of a request: the database and the notifier. */
export const supportDeps = (c: Context<AppEnv>): SupportDeps => ({
  db: c.var.db,
  realtime: c.var.realtime,
  messages: c.var.messages,
  publicUrl: c.var.publicUrl,
});
