import type { LocationStock, ProductStock, StockLocation, StockLocationCreate } from '@ecogrid/core/stock-locations';
import { and, asc, eq, gt, inArray, sql } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { products, stockLevels, stockLocations, type StockLocationRow } from '#src/db/schema/catalog.ts';
import { userSummaries } from '#src/features/auth/profile.service.ts';
import { hasRole } from '#src/features/auth/roles.service.ts';
import { pickupPointsByIds } from '#src/features/orders/pickup-points.service.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import { auditCatalog, type Actor } from './admin-common.ts';

const KIND_ORDER = { warehouse: 0, shop: 1, agent: 2 } as const;

/** Each location's name and district: a warehouse's own, its pickup point's for a shop, the agent's for an agent. */
export async function locationNames(
  db: Database | Tx,
  rows: Pick<StockLocationRow, 'id' | 'name' | 'pickupPointId' | 'agentId'>[],
): Promise<Map<string, { name: string; district: string | null }>> {
  const [points, people] = await Promise.all([
    pickupPointsByIds(
      db,
      rows.flatMap((r) => (r.pickupPointId ? [r.pickupPointId] : [])),
    ),
    userSummaries(
      db,
      rows.flatMap((r) => (r.agentId ? [r.agentId] : [])),
    ),
  ]);
  return new Map(
    rows.map((r) => {
      if (r.pickupPointId) {
        const point = points.get(r.pickupPointId);
        return [r.id, { name: point?.name ?? 'Shop', district: point?.district ?? null }];
      }
      if (r.agentId) return [r.id, { name: people.get(r.agentId)?.name ?? 'Agent', district: null }];
      return [r.id, { name: r.name ?? 'Warehouse', district: null }];
    }),
  );
}

/** The names of these locations, by id (for histories and notices). */
export async function namesOfLocations(db: Database | Tx, ids: string[]) {
  if (ids.length === 0) return new Map<string, { name: string; district: string | null }>();
  const rows = await db
    .select()
    .from(stockLocations)
    .where(inArray(stockLocations.id, [...new Set(ids)]));
  return locationNames(db, rows);
}

async function toLocations(db: Database | Tx, rows: StockLocationRow[]): Promise<StockLocation[]> {
  const names = await locationNames(db, rows);
  const units =
    rows.length === 0
      ? []
      : await db
          .select({ locationId: stockLevels.locationId, units: sql<number>`sum(${stockLevels.quantity})::int` })
          .from(stockLevels)
          .where(
            inArray(
              stockLevels.locationId,
              rows.map((r) => r.id),
            ),
          )
          .groupBy(stockLevels.locationId);
  const unitsAt = new Map(units.map((u) => [u.locationId, u.units]));
  return rows
    .map((r) => ({
      id: r.id,
      kind: r.kind,
      name: names.get(r.id)!.name,
      district: names.get(r.id)!.district,
      pickupPointId: r.pickupPointId,
      agentId: r.agentId,
      isMain: r.isMain,
      active: r.active,
      units: unitsAt.get(r.id) ?? 0,
    }))
    .sort(
      (a, b) =>
        Number(b.isMain) - Number(a.isMain) || KIND_ORDER[a.kind] - KIND_ORDER[b.kind] || a.name.localeCompare(b.name),
    );
}

/** Every stock location, the main warehouse first, then warehouses, shops and agents by name. */
export async function listStockLocations(db: Database): Promise<StockLocation[]> {
  return toLocations(db, await db.select().from(stockLocations));
}

export async function stockLocationRow(db: Database | Tx, id: string): Promise<StockLocationRow> {
  const [row] = await db.select().from(stockLocations).where(eq(stockLocations.id, id));
  if (!row) throw notFound('No stock location has this id.');
  return row;
}

/** A new location: a warehouse by its name, a pickup point's shop, or an approved agent (each once); audited. */
export async function createStockLocation(
  db: Database,
  input: StockLocationCreate,
  actor: Actor,
): Promise<StockLocation> {
  if (input.kind === 'shop' && !(await pickupPointsByIds(db, [input.pickupPointId])).has(input.pickupPointId)) {
    throw new AppError('unknown_pickup_point', 'No pickup point has this id: choose one from the list.', 422);
  }
  if (input.kind === 'agent' && !(await hasRole(db, input.agentId, 'agent'))) {
    throw new AppError('not_an_agent', 'Only an approved agent can hold stock.', 422);
  }
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(stockLocations)
      .values({
        kind: input.kind,
        name: input.kind === 'warehouse' ? input.name : null,
        pickupPointId: input.kind === 'shop' ? input.pickupPointId : null,
        agentId: input.kind === 'agent' ? input.agentId : null,
      })
      .onConflictDoNothing()
      .returning();
    if (!row) {
      throw new AppError(
        'stock_location_taken',
        input.kind === 'shop'
          ? 'This pickup point is already a stock location.'
          : 'This agent already holds stock as a location.',
        409,
      );
    }
    const [location] = await toLocations(tx, [row]);
    await auditCatalog(tx, actor, {
      action: 'stock.location_create',
      entityType: 'stock_location',
      entityId: row.id,
      details: { kind: row.kind, name: location!.name },
    });
    return location!;
  });
}

/** What one location holds, product by product (by name). */
export async function stockAtLocation(db: Database, id: string): Promise<LocationStock> {
  const row = await stockLocationRow(db, id);
  const [location] = await toLocations(db, [row]);
  const items = await db
    .select({ productId: products.id, name: products.name, sku: products.sku, quantity: stockLevels.quantity })
    .from(stockLevels)
    .innerJoin(products, eq(products.id, stockLevels.productId))
    .where(and(eq(stockLevels.locationId, id), gt(stockLevels.quantity, 0)))
    .orderBy(asc(products.name));
  return { location: location!, items };
}

/** Where one product's units are, with what is free to sell and what orders hold. */
export async function stockOfProduct(db: Database, productId: string): Promise<ProductStock> {
  const [product] = await db
    .select({ id: products.id, name: products.name, stock: products.stock, reserved: products.reserved })
    .from(products)
    .where(eq(products.id, productId));
  if (!product) throw notFound('No product has this id.');
  const levels = await db
    .select({ location: stockLocations, quantity: stockLevels.quantity })
    .from(stockLevels)
    .innerJoin(stockLocations, eq(stockLocations.id, stockLevels.locationId))
    .where(and(eq(stockLevels.productId, productId), gt(stockLevels.quantity, 0)));
  const names = await locationNames(
    db,
    levels.map((l) => l.location),
  );
  return {
    productId: product.id,
    name: product.name,
    stock: product.stock,
    reserved: product.reserved,
    locations: levels
      .map((l) => ({
        locationId: l.location.id,
        name: names.get(l.location.id)!.name,
        kind: l.location.kind,
        quantity: l.quantity,
      }))
      .sort((a, b) => b.quantity - a.quantity || a.name.localeCompare(b.name)),
  };
}
