import type { AuditAction, AuditEntry } from '@ecogrid/core/audit';
import { and, asc, desc, eq } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { auditLog } from '#src/db/schema/audit.ts';
import { requestOrigin } from '#src/platform/request-origin.ts';
import { actorOf, peopleByIds } from '#src/features/auth/profile.service.ts';

export type AuditInput = {
  actorId: string;
  action: AuditAction;
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
  await recordAudits(db, [entry]);
}

/** Records many admin actions of one request in one statement (a bulk action, each row its own entity). */
export async function recordAudits(db: Database | Tx, entries: AuditInput[]): Promise<void> {
  if (entries.length === 0) return;
  const origin = requestOrigin();
  await db.insert(auditLog).values(
    entries.map((entry) => ({
      actorId: entry.actorId,
      action: entry.action,
      entityType: entry.entityType,
      entityId: entry.entityId,
      reason: entry.reason ?? null,
      details: entry.details ?? {},
      ipAddress: entry.ipAddress ?? origin?.ipAddress ?? null,
      userAgent: entry.userAgent ?? origin?.userAgent ?? null,
    })),
  );
}

/** The audit trail of one record, oldest first. */
export async function auditTrail(db: Database, entityType: string, entityId: string) {
  return db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(asc(auditLog.createdAt));
}

/**
 * The audit trail of one record as admin screens show it: each entry with who did it (name and
 * role beside the id) and what it recorded (old and new values in its details).
 */
export async function auditTrailForAdmin(
  db: Database,
  entityType: string,
  entityId: string,
  shown: { newestFirst?: boolean; limit?: number } = {},
): Promise<AuditEntry[]> {
  const order = shown.newestFirst ? desc(auditLog.createdAt) : asc(auditLog.createdAt);
  const query = db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.entityType, entityType), eq(auditLog.entityId, entityId)))
    .orderBy(order);
  const rows = shown.limit ? await query.limit(shown.limit) : await query;
  const people = await peopleByIds(
    db,
    rows.map((r) => r.actorId),
  );
  return rows.map((r) => ({
    id: r.id,
    action: r.action,
    actorId: r.actorId,
    actor: actorOf(people, r.actorId),
    reason: r.reason,
    details: r.details,
    createdAt: r.createdAt.toISOString(),
  }));
}
