import type { AuditAction } from '@ecogrid/core/audit';
import type { AdminProduct } from '@ecogrid/core/catalog-admin';
import type { Database, Tx } from '#src/db/client.ts';
import type { ProductRow } from '#src/db/schema/catalog.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import type { Realtime } from '#src/platform/realtime.ts';
import { toProduct } from './catalog.service.ts';

/** What the back-office services need: the database and the realtime fan-out that tells shoppers. */
export type CatalogDeps = { db: Database; realtime: Realtime };

/** Who made a change, for the audit log. */
export type Actor = { adminId: string; ipAddress: string | null; userAgent: string | null };

export function toAdminProduct(row: ProductRow): AdminProduct {
  return { ...toProduct(row), taxClass: row.taxClass, updatedAt: new Date(row.updatedAt).toISOString() };
}

/**
 * Tells every open event stream, on every app process, that the catalogue changed, so open
 * marketplace and product pages fetch it again. Raised in the change's own transaction: it goes
 * out only if the change commits, and never before a reader could see the change.
 */
export function announceCatalogChange(
  deps: CatalogDeps,
  tx: Tx,
  change: { productId?: string; categories?: true },
): Promise<void> {
  return deps.realtime.broadcast(tx, { type: 'catalog', data: change });
}

/** Records an admin's catalogue change in the audit log, in the change's transaction. */
export function auditCatalog(
  tx: Tx,
  actor: Actor,
  entry: {
    action: AuditAction;
    entityType: 'product' | 'category' | 'stock_location' | 'stock_transfer';
    entityId: string;
    details: Record<string, unknown>;
    reason?: string;
  },
): Promise<void> {
  return recordAudit(tx, {
    actorId: actor.adminId,
    ipAddress: actor.ipAddress,
    userAgent: actor.userAgent,
    reason: entry.reason ?? null,
    ...entry,
  });
}
