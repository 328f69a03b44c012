import { FREE_DELIVERY, type DeliveryFeeRule } from '@ecogrid/core/orders';
import { eq } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { pickupPoints, storeSettings } from '#src/db/schema/orders.ts';
import { getCart } from '#src/features/cart/cart.service.ts';
import { pickupPointsReadyNow } from '#src/features/catalog/stock-places.service.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';

const DELIVERY_FEE_KEY = 'delivery_fee';

/** The delivery fee rule admins set; free delivery until they set one. */
export async function deliveryFeeRule(db: Database | Tx): Promise<DeliveryFeeRule> {
  const [row] = await db.select().from(storeSettings).where(eq(storeSettings.key, DELIVERY_FEE_KEY));
  return (row?.value as DeliveryFeeRule | undefined) ?? FREE_DELIVERY;
}

/** Holds the delivery fee rule as it is until the caller's transaction ends: a change waits for it. */
export async function holdDeliveryFeeRule(tx: Tx): Promise<void> {
  await tx
    .select({ key: storeSettings.key })
    .from(storeSettings)
    .where(eq(storeSettings.key, DELIVERY_FEE_KEY))
    .for('share');
}

export async function setDeliveryFeeRule(db: Database, actorId: string, rule: DeliveryFeeRule): Promise<void> {
  await db.transaction(async (tx) => {
    const before = await deliveryFeeRule(tx);
    await tx
      .insert(storeSettings)
      .values({ key: DELIVERY_FEE_KEY, value: rule, updatedBy: actorId })
      .onConflictDoUpdate({
        target: storeSettings.key,
        set: { value: rule, updatedBy: actorId, updatedAt: new Date() },
      });
    await recordAudit(tx, {
      actorId,
      action: 'store.delivery_fee',
      entityType: 'store_setting',
      entityId: DELIVERY_FEE_KEY,
      details: { before, after: rule },
    });
  });
}

export async function listPickupPoints(db: Database) {
  return db
    .select({
      id: pickupPoints.id,
      name: pickupPoints.name,
      district: pickupPoints.district,
      address: pickupPoints.address,
      phone: pickupPoints.phone,
    })
    .from(pickupPoints)
    .where(eq(pickupPoints.active, true))
    .orderBy(pickupPoints.district, pickupPoints.name);
}

/** The pickup points whose shop holds the caller's cart's cash lines now, for checkout (decision 024). */
export async function pickupReadyNow(db: Database, userId: string): Promise<Set<string>> {
  const cart = await getCart(db, userId);
  return pickupPointsReadyNow(
    db,
    cart.lines.filter((l) => l.paymentMode === 'cash').map((l) => ({ productId: l.productId, quantity: l.quantity })),
  );
}
