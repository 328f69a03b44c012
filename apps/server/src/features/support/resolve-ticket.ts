import { formatUgx } from '@ecogrid/core';
import { REOPEN_DAYS, type ResolveTicketInput } from '@ecogrid/core/support';
import type { Database } from '#src/db/client.ts';
import { AppError } from '#src/platform/errors.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { swapDevice, type LoanDeps } from '#src/features/loans/loans.service.ts';
import { addMessage } from './ticket-messages.ts';
import { ticketFor, type TicketRow, type Viewer } from './ticket-access.ts';
import { tellCustomer } from './ticket-notices.ts';
import { ticketView, warrantyOf } from './ticket-views.ts';

const refused = (message: string) => new AppError('outcome_not_allowed', message, 422);

/**
 * Staff resolve a ticket (audited; the customer is told, and may reopen it for 14 days). A device
 * fault is settled by a repair (recorded, no charge), a swap or, out of warranty, a quote: the
 * amount the fix costs, stated to the customer. A swap is the loans' own swap, in this
 * transaction: free, as the unit is under warranty, and the customer is texted the new unit's token.
 */
export async function resolveTicket(deps: LoanDeps, staff: Viewer, id: string, input: ResolveTicketInput) {
  const row = await deps.db.transaction(async (tx) => {
    const ticket = await ticketFor(tx, staff, id, true);
    if (ticket.status === 'resolved') {
      throw new AppError('ticket_resolved', 'This ticket is already resolved.', 409);
    }
    if (input.outcome !== 'answer' && ticket.category !== 'device_fault') {
      throw refused('A repair, a swap or a quote settles a device fault; answer this ticket instead.');
    }
    let swapSerial: string | null = null;
    if (input.outcome === 'swap') {
      const warranty = await warrantyOf(tx, ticket);
      if (!warranty) throw refused('This ticket names no loan with a unit, so there is nothing to swap.');
      if (!warranty.underWarranty) {
        throw refused('The unit is out of warranty: quote the customer for the work instead of swapping it free.');
      }
      // A savepoint in this transaction: the swap and the ticket's resolution commit together.
      const swapped = await swapDevice(
        { ...deps, db: tx as unknown as Database },
        {
          loanId: ticket.loanId!,
          reason: 'fault',
          charge: 0,
          newSerial: input.newSerial,
          note: `Ticket ${ticket.number}`,
          actorId: staff.id,
        },
      );
      swapSerial = swapped.swap.newSerial;
    }
    const now = new Date();
    const updated = await addMessage(
      tx,
      ticket,
      staff,
      { kind: 'resolution', body: input.body },
      {
        status: 'resolved',
        resolvedAt: now,
        reopenUntil: new Date(now.getTime() + REOPEN_DAYS * 86_400_000),
        outcome: input.outcome,
        quoteAmount: input.outcome === 'quote' ? input.amount! : null,
        swapSerial,
      },
    );
    await recordAudit(tx, {
      actorId: staff.id,
      action: 'support.resolve',
      entityType: 'support_ticket',
      entityId: ticket.id,
      details: { number: ticket.number, outcome: input.outcome, swapSerial, amount: input.amount ?? null },
    });
    const [notice, values] = noticeOf(ticket, input, swapSerial);
    await tellCustomer(tx, deps, ticket, notice, values);
    return updated;
  });
  return ticketView(deps.db, staff, row);
}

function noticeOf(ticket: TicketRow, input: ResolveTicketInput, swapSerial: string | null) {
  switch (input.outcome) {
    case 'swap':
      return ['swapped', { serial: swapSerial ?? '' }] as const;
    case 'repair':
      return ['repaired', {}] as const;
    case 'quote':
      return ['quoted', { amount: formatUgx(input.amount!) }] as const;
    default:
      return ['resolved', { ticket: ticket.number }] as const;
  }
}
