import type { AssignFollowUp, FollowUp } from '@ecogrid/core/follow-ups';
import { loanNumber } from '@ecogrid/core/loans';
import { sql } from 'drizzle-orm';
import { queryRows } from '#src/db/client.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { activeAdminIds } from '#src/features/auth/agent-accounts.service.ts';
import { hasRole } from '#src/features/auth/roles.service.ts';
import { sendNotifications } from '#src/features/notifications/notifications.service.ts';
import { followUpView } from './follow-ups.ts';
import type { LoanDeps } from './loan-rows.ts';

/**
 * An admin hands an open follow-up to another approved agent, or to the admins (`agentId`
 * null), audited; whoever follows it up now is told. An agent who is unknown, not approved or
 * no longer active is refused (422), so no follow-up is left with someone who cannot act on it.
 */
export async function assignFollowUp(
  deps: LoanDeps,
  input: AssignFollowUp & { id: string; actorId: string },
): Promise<FollowUp> {
  const { agentId } = input;
  if (agentId !== null && !(await hasRole(deps.db, agentId, 'agent'))) {
    throw new AppError('not_an_agent', 'Choose an approved, active agent, or give the follow-up to the admins.', 422);
  }
  const told = agentId === null ? await activeAdminIds(deps.db) : [agentId];
  return deps.db.transaction(async (tx) => {
    const [found] = await queryRows<{ outcome: string | null; assigned_to: string | null; seq: string }>(
      tx,
      sql`select f.outcome, f.assigned_to, l.seq::text as seq from loan_follow_ups f join loans l on l.id = f.loan_id
          where f.id = ${input.id} for update of f`,
    );
    if (!found) throw notFound('No follow-up has this id.');
    if (found.outcome !== null) throw new AppError('follow_up_closed', 'This follow-up already has its outcome.', 409);
    await tx.execute(sql`update loan_follow_ups set assigned_to = ${agentId} where id = ${input.id}`);
    await recordAudit(tx, {
      actorId: input.actorId,
      action: 'loan_follow_up.assign',
      entityType: 'loan_follow_up',
      entityId: input.id,
      details: { from: found.assigned_to, to: agentId },
    });
    await sendNotifications(
      tx,
      deps,
      told.map((userId) => ({
        userId,
        type: 'loan_update' as const,
        text: { key: 'loan-notices:followUpAssigned', values: { loan: loanNumber(Number(found.seq)) } },
        data: { followUpId: input.id },
      })),
    );
    return followUpView(tx, input.id);
  });
}
