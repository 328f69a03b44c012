import { inArray } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { pickupPoints } from '#src/db/schema/orders.ts';

/** The pickup points with these ids (inactive ones included), by id: names shops' stock locations. */
export async function pickupPointsByIds(
  db: Database | Tx,
  ids: string[],
): Promise<Map<string, { id: string; name: string; district: string; active: boolean }>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({
      id: pickupPoints.id,
      name: pickupPoints.name,
      district: pickupPoints.district,
      active: pickupPoints.active,
    })
    .from(pickupPoints)
    .where(inArray(pickupPoints.id, ids));
  return new Map(rows.map((r) => [r.id, r]));
}
