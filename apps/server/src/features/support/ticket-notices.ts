import type { Tx } from '#src/db/client.ts';
import type { CatalogueText } from '#src/platform/i18n.ts';
import { sendNotification, type NotifierDeps } from '#src/features/notifications/notifications.service.ts';
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
