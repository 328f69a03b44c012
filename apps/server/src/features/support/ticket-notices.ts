import type { Tx } from '#src/db/client.ts';
import type { CatalogueText } from '#src/platform/i18n.ts';
import { activeAdminIds } from '#src/features/auth/agent-accounts.service.ts';
import {
  sendNotification,
  sendNotifications,
  type NotifierDeps,
} from '#src/features/notifications/notifications.service.ts';
import type { TicketRow } from './ticket-access.ts';

export type TicketNotice = 'reply' | 'infoRequest' | 'resolved' | 'repaired' | 'swapped' | 'quoted';

/**
 * Tells the customer what support did on their ticket, in their language. Only a request for
 * information goes by SMS as well: the ticket waits on them.
 */
export async function tellCustomer(
  tx: Tx,
  deps: NotifierDeps,
  ticket: TicketRow,
  notice: TicketNotice,
  values: CatalogueText['values'] = {},
) {
  await sendNotification(tx, deps, {
    userId: ticket.customerId,
    type: 'support',
    text: { key: `support:${notice}`, values: { ticket: ticket.number, ...values } },
    data: { ticketId: ticket.id },
    sms: notice === 'infoRequest',
  });
}

export type StaffNotice = 'opened' | 'customerWrote' | 'reopened';

/**
 * Tells support staff that a ticket needs them: its assignee, or every active admin while nobody
 * has taken it. Inbox only (and email where they take it): staff work from the queue.
 */
export async function tellStaff(tx: Tx, deps: NotifierDeps, ticket: TicketRow, notice: StaffNotice) {
  const to = ticket.assigneeId ? [ticket.assigneeId] : await activeAdminIds(tx);
  await sendNotifications(
    tx,
    deps,
    to.map((userId) => ({
      userId,
      type: 'support' as const,
      text: { key: `support:staff.${notice}`, values: { ticket: ticket.number, subject: ticket.subject } },
      data: { ticketId: ticket.id, forStaff: true },
    })),
  );
}
