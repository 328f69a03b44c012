import { and, asc, eq } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { auditLog } from '#src/db/schema/audit.ts';
import { requestOrigin } from '#src/platform/request-origin.ts';

export type AuditInput = {
  actorId: string;
  action: string;
  entityType: string;
  entityId: string;
  reason?: string | null;
  details?: Record<string, unknown>;
  ipAddress?: string | null;
  userAgent?: string | null;
};

/**
 * Records what an admin did; written in the transaction of the change itself. The address and
 * browser are those of the request being handled, as the server saw them, unless given.
 */
export async function recordAudit(db: Database | Tx, entry: AuditInput): Promise<void> {
  const origin = requestOrigin();
  await db.insert(auditLog).values({
    actorId: entry.actorId,
    action: entry.action,
    entityType: entry.entityType,
    entityId: entry.entityId,
    reason: entry.reason ?? null,
    details: entry.details ?? {},
    ipAddress: entry.ipAddress ?? origin?.ipAddress ?? null,
    userAgent: entry.userAgent ?? origin?.userAgent ?? null,
  });
}

/** The audit trail of one record, oldest first. */
export async function auditTrail(db: Database, entityType: string, entityId: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.createdAt));
}
