import { loanNumber } from '@ecogrid/core/loans';
import type { DeviceToken } from '@ecogrid/core/devices';
import { and, asc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { devices, deviceTokens, loans } from '#src/db/schema/loans.ts';

/** The loans whose unit is still the customer's to use: running, behind, or paid off. */
const HOLDING = ['active', 'defaulted', 'completed'] as const;

export type CustomerDevice = {
  loanId: string;
  loanNumber: string;
  productName: string;
  serial: string;
  /** Every token the unit was given, oldest first, by the count it moved the unit to. */
  tokens: (Omit<DeviceToken, 'reference' | 'createdAt'> & { createdAt: Date })[];
};

/**
 * The units a customer holds on their loans, newest loan first, each with its whole token history,
 * in two queries however many units there are.
 */
export async function customerDevices(db: Database | Tx, userId: string): Promise<CustomerDevice[]> {
  const held = await db
    .select({
      loanId: loans.id,
      seq: loans.seq,
      productName: loans.productName,
      deviceId: devices.id,
      serial: devices.serialNumber,
    })
    .from(loans)
    .innerJoin(devices, eq(devices.id, loans.deviceId))
    .where(and(eq(loans.userId, userId), isNotNull(loans.deviceId), inArray(loans.status, [...HOLDING])))
    .orderBy(asc(loans.seq));
  if (held.length === 0) return [];
  const tokens = await db
    .select({
      deviceId: deviceTokens.deviceId,
      count: deviceTokens.count,
      type: deviceTokens.type,
      days: deviceTokens.days,
      token: deviceTokens.token,
      createdAt: deviceTokens.createdAt,
    })
    .from(deviceTokens)
    .where(
      inArray(
        deviceTokens.deviceId,
        held.map((h) => h.deviceId),
      ),
    )
    .orderBy(asc(deviceTokens.count));
  return held.reverse().map((h) => ({
    loanId: h.loanId,
    loanNumber: loanNumber(h.seq),
    productName: h.productName,
    serial: h.serial,
    tokens: tokens.filter((t) => t.deviceId === h.deviceId).map(({ deviceId: _, ...t }) => t),
  }));
}

/** Days of power bought with tokens on every unit, by the product the unit is, in one aggregate query. */
export async function powerDaysByProduct(db: Database | Tx): Promise<Map<string, number>> {
  const rows = await db
    .select({ productId: devices.productId, days: sql<number>`sum(${deviceTokens.days})::int` })
    .from(deviceTokens)
    .innerJoin(devices, eq(devices.id, deviceTokens.deviceId))
    // ADD_TIME only: a swapped unit's SET_TIME carries days already counted on the unit before.
    .where(and(isNotNull(devices.productId), eq(deviceTokens.type, 'ADD_TIME')))
    .groupBy(devices.productId);
  return new Map(rows.map((r) => [r.productId!, Number(r.days ?? 0)]));
}
