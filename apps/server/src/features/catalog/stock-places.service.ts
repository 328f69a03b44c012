import { and, desc, eq, gt, inArray, ne, sql } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { products, stockLevels, stockLocationMoves, stockLocations } from '#src/db/schema/catalog.ts';
import type { NotifierDeps } from '#src/features/notifications/notifications.service.ts';
import { tellAdmins } from '#src/features/notifications/staff-notices.service.ts';
import { pickupPointsByIds } from '#src/features/orders/pickup-points.service.ts';
import { mainLocationId, quantityAt, takeFromLocation } from './stock-levels.ts';
import { namesOfLocations } from './stock-locations.ts';

type Line = { productId: string; quantity: number };

/** The main warehouse's id, where units with no other place (imported devices, returns) go. */
export const mainStockLocationId = (db: Database | Tx) => mainLocationId(db);

/** The names of stock locations, by id (a warehouse's, a shop's pickup point's, an agent's). */
export async function stockLocationNames(db: Database | Tx, ids: string[]): Promise<Map<string, string>> {
  const names = await namesOfLocations(db, ids);
  return new Map([...names].map(([id, { name }]) => [id, name]));
}

/** The stock location of a pickup point's shop, or of an agent; null when it holds no stock. */
async function locationOf(db: Database | Tx, at: { pickupPointId: string } | { agentId: string }) {
  const [row] = await db
    .select({ id: stockLocations.id })
    .from(stockLocations)
    .where(
      'pickupPointId' in at
        ? eq(stockLocations.pickupPointId, at.pickupPointId)
        : eq(stockLocations.agentId, at.agentId),
    );
  return row?.id ?? null;
}

/**
 * For each pickup point whose shop is a stock location: whether it holds every line's units now
 * ("ready now" at checkout). A pickup point without units, or not a stock location, is not ready
 * now; the order may still go there, after a transfer (decision 024).
 */
export async function pickupPointsReadyNow(db: Database | Tx, lines: Line[]): Promise<Set<string>> {
  const want = new Map<string, number>();
  for (const l of lines) want.set(l.productId, (want.get(l.productId) ?? 0) + l.quantity);
  if (want.size === 0) return new Set();
  const rows = await db
    .select({
      pickupPointId: stockLocations.pickupPointId,
      productId: stockLevels.productId,
      quantity: stockLevels.quantity,
    })
    .from(stockLevels)
    .innerJoin(stockLocations, eq(stockLocations.id, stockLevels.locationId))
    .where(
      and(
        eq(stockLocations.kind, 'shop'),
        eq(stockLocations.active, true),
        inArray(stockLevels.productId, [...want.keys()]),
        gt(stockLevels.quantity, 0),
      ),
    );
  const covered = new Map<string, number>();
  for (const r of rows) {
    if (r.pickupPointId && r.quantity >= want.get(r.productId)!) {
      covered.set(r.pickupPointId, (covered.get(r.pickupPointId) ?? 0) + 1);
    }
  }
  return new Set([...covered].filter(([, n]) => n === want.size).map(([id]) => id));
}

/**
 * An order to be collected at a shop that does not hold its units now: every admin is told a
 * transfer is needed, in the order's transaction. Nothing is moved by itself.
 */
export async function tellIfShopLacksStock(
  tx: Tx,
  deps: NotifierDeps,
  order: { id: string; number: string; pickupPointId: string },
  lines: Line[],
): Promise<void> {
  if ((await pickupPointsReadyNow(tx, lines)).has(order.pickupPointId)) return;
  const location = await locationOf(tx, { pickupPointId: order.pickupPointId });
  const names = location ? await namesOfLocations(tx, [location]) : null;
  const missing = await productNames(tx, lines);
  await tellAdmins(tx, deps, {
    type: 'order_update',
    text: {
      key: 'notifications:staff.stockNotAtShop',
      values: { number: order.number, place: names?.get(location!)?.name ?? order.pickupPointId, product: missing },
    },
    data: { orderId: order.id },
    email: false,
  });
}

async function productNames(db: Database | Tx, lines: Line[]): Promise<string> {
  const rows = await db
    .select({ name: products.name })
    .from(products)
    .where(
      inArray(
        products.id,
        lines.map((l) => l.productId),
      ),
    );
  return rows
    .map((r) => r.name)
    .sort()
    .join(', ');
}

/**
 * An order handed over: its units leave stock for good, in the handover's transaction. They
 * leave the place it was handed over at (the pickup point's shop, or the agent who brought it;
 * the main warehouse for a courier), and stop counting as reserved. When the records say that
 * place did not hold them, the handover still stands (the customer has the unit): the units are
 * taken from where the records have them (the location holding most first) and every admin is
 * told a transfer was needed, so the records and the shelves are set right.
 */
export async function handOverStock(
  tx: Tx,
  deps: NotifierDeps,
  order: { id: string; number: string; pickupPointId: string | null; agentId: string | null; actorId: string | null },
  lines: Line[],
): Promise<void> {
  const place =
    (order.pickupPointId ? await locationOf(tx, { pickupPointId: order.pickupPointId }) : null) ??
    (order.agentId ? await locationOf(tx, { agentId: order.agentId }) : null) ??
    (order.pickupPointId ? null : await mainLocationId(tx));
  for (const line of [...lines].sort((a, b) => a.productId.localeCompare(b.productId))) {
    const units = await unreserve(tx, line);
    if (units === 0) continue;
    let left = units;
    const takenFrom: { locationId: string; quantity: number }[] = [];
    if (place) {
      const here = Math.min(left, await quantityAt(tx, place, line.productId));
      if (here > 0 && (await takeFromLocation(tx, place, line.productId, here)) !== null) {
        takenFrom.push({ locationId: place, quantity: here });
        left -= here;
      }
    }
    while (left > 0) {
      const [elsewhere] = await tx
        .select({ locationId: stockLevels.locationId, quantity: stockLevels.quantity })
        .from(stockLevels)
        .where(
          and(
            eq(stockLevels.productId, line.productId),
            gt(stockLevels.quantity, 0),
            place ? ne(stockLevels.locationId, place) : undefined,
          ),
        )
        .orderBy(desc(stockLevels.quantity))
        .limit(1)
        .for('update');
      if (!elsewhere) break;
      const quantity = Math.min(left, elsewhere.quantity);
      await takeFromLocation(tx, elsewhere.locationId, line.productId, quantity);
      takenFrom.push({ locationId: elsewhere.locationId, quantity });
      left -= quantity;
    }
    for (const from of takenFrom) {
      await tx.insert(stockLocationMoves).values({
        kind: 'handover',
        productId: line.productId,
        fromLocationId: from.locationId,
        quantity: from.quantity,
        orderId: order.id,
        actorId: order.actorId,
      });
    }
    const others = takenFrom.filter((t) => t.locationId !== place);
    if (others.length > 0) await tellHandedElsewhere(tx, deps, order, line.productId, place, others[0]!.locationId);
  }
}

/**
 * The units of a line stop counting as reserved: what was reserved (an order placed through
 * reserveStock), else what is free (a record older than reservations); how many left stock.
 */
async function unreserve(tx: Tx, line: Line): Promise<number> {
  const [row] = await tx
    .select({ stock: products.stock, reserved: products.reserved })
    .from(products)
    .where(eq(products.id, line.productId))
    .for('update');
  if (!row) return 0;
  const fromReserved = Math.min(row.reserved, line.quantity);
  const fromStock = Math.min(row.stock, line.quantity - fromReserved);
  if (fromReserved + fromStock === 0) return 0;
  await tx
    .update(products)
    .set({
      reserved: sql`${products.reserved} - ${fromReserved}`,
      stock: sql`${products.stock} - ${fromStock}`,
    })
    .where(eq(products.id, line.productId));
  return fromReserved + fromStock;
}

async function tellHandedElsewhere(
  tx: Tx,
  deps: NotifierDeps,
  order: { id: string; number: string; pickupPointId: string | null },
  productId: string,
  place: string | null,
  from: string,
) {
  const names = await namesOfLocations(tx, place ? [place, from] : [from]);
  const point = order.pickupPointId
    ? (await pickupPointsByIds(tx, [order.pickupPointId])).get(order.pickupPointId)
    : null;
  await tellAdmins(tx, deps, {
    type: 'order_update',
    text: {
      key: 'notifications:staff.stockHandedElsewhere',
      values: {
        number: order.number,
        place: place ? names.get(place)!.name : (point?.name ?? order.number),
        product: await productNames(tx, [{ productId, quantity: 1 }]),
        from: names.get(from)!.name,
      },
    },
    data: { orderId: order.id, productId },
    email: false,
  });
}

/** What an agent holds, product by product (empty when they are not a stock location). */
export async function stockHeldByAgent(
  db: Database,
  agentId: string,
): Promise<{ productId: string; name: string; quantity: number }[]> {
  const location = await locationOf(db, { agentId });
  if (!location) return [];
  return db
    .select({ productId: products.id, name: products.name, quantity: stockLevels.quantity })
    .from(stockLevels)
    .innerJoin(products, eq(products.id, stockLevels.productId))
    .where(and(eq(stockLevels.locationId, location), gt(stockLevels.quantity, 0)))
    .orderBy(products.name);
}
