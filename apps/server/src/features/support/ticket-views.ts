import { kampalaDate } from '@ecogrid/core/credit';
import type { Ticket, TicketSummary } from '@ecogrid/core/support';
import { asc, eq } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { supportTicketMessages, supportTicketPhotos } from '#src/db/schema/support.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { findLoans, summaries } from '#src/features/loans/loans.service.ts';
import { orderNumbersOf } from '#src/features/orders/orders.service.ts';
import type { TicketRow, Viewer } from './ticket-access.ts';

type LoanFacts = { number: string; deviceSerial: string | null; warrantyUntil: string | null };

/** Each loan's number and unit (serial, last warranty day), through the loans' own views, in one read of the loans. */
async function loanFacts(db: Database | Tx, ids: string[]): Promise<Map<string, LoanFacts>> {
  const views = await summaries(db, await findLoans(db, ids));
  return new Map(views.map((v) => [v.id, v]));
}

/** Tickets as lists show them: people by name, the loan or order they concern by number. */
export async function ticketSummaries(db: Database | Tx, rows: TicketRow[]): Promise<TicketSummary[]> {
  if (rows.length === 0) return [];
  const people = await userSummaries(db, [
    ...new Set(rows.flatMap((r) => [r.customerId, r.openedBy, ...(r.assigneeId ? [r.assigneeId] : [])])),
  ]);
  const [loans, orders] = await Promise.all([
    loanFacts(
      db,
      rows.flatMap((r) => (r.loanId ? [r.loanId] : [])),
    ),
    orderNumbersOf(
      db,
      rows.flatMap((r) => (r.orderId ? [r.orderId] : [])),
    ),
  ]);
  const person = (id: string) => ({ id, name: people.get(id)?.name ?? null });
  return rows.map((r) => {
    const loan = r.loanId ? loans.get(r.loanId) : undefined;
    const about = r.loanId
      ? { type: 'loan' as const, id: r.loanId, number: loan?.number ?? '', deviceSerial: loan?.deviceSerial ?? null }
      : r.orderId
        ? { type: 'order' as const, id: r.orderId, number: orders.get(r.orderId) ?? '', deviceSerial: null }
        : null;
    return {
      id: r.id,
      number: r.number,
      category: r.category,
      subject: r.subject,
      status: r.status,
      customer: person(r.customerId),
      openedBy: { ...person(r.openedBy), role: r.openedByRole },
      assignee: r.assigneeId ? person(r.assigneeId) : null,
      about,
      createdAt: r.createdAt.toISOString(),
      updatedAt: r.updatedAt.toISOString(),
      firstResponseAt: r.firstResponseAt?.toISOString() ?? null,
      resolvedAt: r.resolvedAt?.toISOString() ?? null,
      reopenUntil: r.reopenUntil?.toISOString() ?? null,
    };
  });
}

/** The unit a device-fault ticket is about, and whether its warranty still runs today. */
export async function warrantyOf(db: Database | Tx, row: TicketRow): Promise<Ticket['warranty']> {
  if (row.category !== 'device_fault' || !row.loanId) return null;
  const loan = (await loanFacts(db, [row.loanId])).get(row.loanId);
  if (!loan?.deviceSerial) return null;
  const underWarranty = loan.warrantyUntil !== null && loan.warrantyUntil >= kampalaDate(new Date());
  return { deviceSerial: loan.deviceSerial, warrantyUntil: loan.warrantyUntil, underWarranty };
}

/** A ticket whole, with its conversation: staff notes only for staff. */
export async function ticketView(db: Database | Tx, viewer: Viewer, row: TicketRow): Promise<Ticket> {
  const [[summary], messages, photos, warranty] = await Promise.all([
    ticketSummaries(db, [row]),
    db
      .select()
      .from(supportTicketMessages)
      .where(eq(supportTicketMessages.ticketId, row.id))
      .orderBy(asc(supportTicketMessages.createdAt), asc(supportTicketMessages.id)),
    db
      .select()
      .from(supportTicketPhotos)
      .where(eq(supportTicketPhotos.ticketId, row.id))
      .orderBy(asc(supportTicketPhotos.createdAt), asc(supportTicketPhotos.id)),
    warrantyOf(db, row),
  ]);
  const shown = messages.filter((m) => viewer.role === 'staff' || m.kind !== 'note');
  const authors = await userSummaries(db, [
    ...new Set([...shown.map((m) => m.authorId), ...photos.map((p) => p.uploadedBy)]),
  ]);
  const person = (id: string) => ({ id, name: authors.get(id)?.name ?? null });
  return {
    ...summary!,
    description: row.description,
    outcome: row.outcome,
    quoteAmount: row.quoteAmount,
    swapSerial: row.swapSerial,
    warranty,
    messages: shown.map((m) => ({
      id: m.id,
      kind: m.kind,
      role: m.role,
      author: person(m.authorId),
      body: m.body,
      createdAt: m.createdAt.toISOString(),
    })),
    photos: photos.map((p) => ({ id: p.id, uploadedBy: person(p.uploadedBy), createdAt: p.createdAt.toISOString() })),
  };
}
