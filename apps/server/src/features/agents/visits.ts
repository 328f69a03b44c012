import type { Visit, VisitNote } from '@ecogrid/core/agent-field';
import type { Database } from '#src/db/client.ts';
import { customerCards } from '#src/features/auth/profile.service.ts';
import { loansInArrears } from '#src/features/loans/arrears.service.ts';
import { requireAgent } from './agents.service.ts';
import { customersOf } from './served-customers.ts';
import { latestNotes } from './visit-notes.ts';

const later = (a: VisitNote | undefined, b: VisitNote | undefined) =>
  !a ? (b ?? null) : !b ? a : a.recordedAt >= b.recordedAt ? a : b;

/**
 * The customers an agent should visit: their loans in arrears, most days past due first, with
 * the customer's phone and village, the amount overdue and the latest note (about the loan, or
 * about the customer generally, whichever is newer) with its promise to pay.
 */
export async function visitList(db: Database, agentId: string): Promise<Visit[]> {
  await requireAgent(db, agentId);
  const arrears = await loansInArrears(db, (await customersOf(db, [agentId])).get(agentId)!);
  const ids = [...new Set(arrears.map((a) => a.customerId))];
  const [cards, notes] = await Promise.all([customerCards(db, ids), latestNotes(db, ids)]);
  const noteOf = new Map(notes.map((n) => [`${n.customerId}:${n.loanId ?? ''}`, n]));
  return arrears.map((a) => ({
    customerId: a.customerId,
    customerName: cards.get(a.customerId)?.name ?? '',
    phone: cards.get(a.customerId)?.phone ?? null,
    village: cards.get(a.customerId)?.village ?? null,
    subCounty: cards.get(a.customerId)?.subCounty ?? null,
    loanId: a.loanId,
    loanNumber: a.loanNumber,
    productName: a.productName,
    daysPastDue: a.daysPastDue,
    amountOverdue: a.amountOverdue,
    lastNote: later(noteOf.get(`${a.customerId}:${a.loanId}`), noteOf.get(`${a.customerId}:`)),
  }));
}
