import { addMonths, kampalaDate } from '@ecogrid/core/credit';
import type { IssuedToken as CoreIssuedToken } from '@ecogrid/core/devices';
import { generateToken, type OpenPaygoTokenType } from '@ecogrid/core/openpaygo';
import { and, asc, count, eq, getTableColumns, gt, inArray, isNotNull, like, sql } from 'drizzle-orm';
import type { Database, Tx } from '#src/db/client.ts';
import { devices, deviceTokens, loans } from '#src/db/schema/loans.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import type { SecretBox } from '#src/platform/secret-box.ts';
import { stockLocationNames } from '#src/features/catalog/stock-places.service.ts';
import { productsForSale } from '#src/features/catalog/stock.service.ts';

export type DeviceRow = typeof devices.$inferSelect;

export { DEVICE_FILE_COLUMNS, importDevices, MAX_DEVICES_PER_FILE } from './import-devices.ts';

export type TokenOrder = {
  type: OpenPaygoTokenType;
  /** Days, for ADD_TIME and SET_TIME. */
  days?: number;
  /** What the token is for (a repayment's key, an admin's reason): asking again with it returns the same token. */
  reference: string;
  issuedBy: string;
};

/** The token, and whether the reference was used before (this is that token again). */
export type IssuedToken = CoreIssuedToken & { replayed: boolean };

/**
 * Issues the device's next token in the caller's transaction: the device row is locked, the
 * token made from its current count, and the count moved on, so two payments at once queue up
 * and never share a count. A reference already used for this device returns its token again.
 */
export async function issueToken(tx: Tx, box: SecretBox, deviceId: string, order: TokenOrder): Promise<IssuedToken> {
  const [device] = await tx.select().from(devices).where(eq(devices.id, deviceId)).for('update');
  if (!device) throw notFound('No such device.');
  const [earlier] = await tx
    .select()
    .from(deviceTokens)
    .where(and(eq(deviceTokens.deviceId, deviceId), eq(deviceTokens.reference, order.reference)));
  if (earlier) {
    return {
      deviceId,
      count: earlier.count,
      type: earlier.type,
      days: earlier.days,
      token: earlier.token,
      replayed: true,
    };
  }
  if (device.status === 'unlocked') {
    throw new AppError(
      'device_unlocked',
      'This device is paid off and unlocked for good: it needs no more tokens.',
      409,
    );
  }
  const days = order.type === 'ADD_TIME' || order.type === 'SET_TIME' ? (order.days ?? 0) : undefined;
  let made;
  try {
    made = generateToken({
      key: box.open(device.secretKeyEncrypted),
      startingCode: device.startingCode,
      count: device.tokenCount,
      type: order.type,
      value: days,
      valueDivider: device.timeDivider,
      restrictedDigitSet: device.restrictedDigitSet,
    });
  } catch (error) {
    throw new AppError('bad_token_request', (error as Error).message, 422);
  }
  await tx
    .update(devices)
    .set({
      tokenCount: made.newCount,
      updatedAt: new Date(),
      ...(order.type === 'DISABLE_PAYG' ? { status: 'unlocked' as const } : {}),
    })
    .where(eq(devices.id, deviceId));
  await tx.insert(deviceTokens).values({
    deviceId,
    count: made.newCount,
    type: order.type,
    days: days ?? null,
    token: made.token,
    reference: order.reference,
    issuedBy: order.issuedBy,
  });
  return { deviceId, count: made.newCount, type: order.type, days: days ?? null, token: made.token, replayed: false };
}

/**
 * Takes a device of the product a loan is for out of stock, in the delivery's (or swap's) transaction: the
 * one with the serial number the admin typed (it must be in stock and that product), or else the
 * oldest in stock of that product (locked, skipping units another delivery holds). A unit of
 * another product is refused, so a lantern's loan never gets a solar home system's serial and
 * tokens; none in stock of the product refuses the delivery, which changes nothing.
 */
export async function takeDeviceForDelivery(
  tx: Tx,
  want: {
    productId: string;
    productName: string;
    serial: string | null;
    /** What the unit goes to, as a message names it: "order ORD-…", "loan LN-…". */
    forWhat: string;
    warrantyMonths: number;
  },
): Promise<{ id: string }> {
  let device: { id: string } | undefined;
  if (want.serial) {
    const [named] = await tx
      .select({ id: devices.id, status: devices.status, productId: devices.productId })
      .from(devices)
      .where(eq(devices.serialNumber, want.serial))
      .for('update');
    if (!named) {
      throw new AppError('no_such_device', `No device has the serial number ${want.serial}. Import it first.`, 422);
    }
    if (named.productId !== want.productId) {
      throw new AppError(
        'device_wrong_product',
        `Device ${want.serial} is not a ${want.productName}, which ${want.forWhat} is for. Hand over a ${want.productName} and give its serial number.`,
        422,
      );
    }
    if (named.status !== 'in_stock') {
      throw new AppError(
        'device_not_in_stock',
        `Device ${want.serial} is not in stock: it is ${named.status === 'assigned' ? 'already with another loan' : 'unlocked for good'}.`,
        409,
      );
    }
    device = named;
  } else {
    [device] = await tx
      .select({ id: devices.id })
      .from(devices)
      .where(and(eq(devices.productId, want.productId), eq(devices.status, 'in_stock')))
      .orderBy(asc(devices.createdAt), asc(devices.serialNumber))
      .limit(1)
      .for('update', { skipLocked: true });
  }
  if (!device) {
    throw new AppError(
      'no_device_in_stock',
      `${want.forWhat[0]!.toUpperCase()}${want.forWhat.slice(1)} needs a pay-as-you-go ${want.productName}, but none is in stock. Import ${want.productName} devices first.`,
      409,
    );
  }
  await handOver(tx, device.id, want.warrantyMonths);
  return device;
}

/**
 * A unit goes to a customer today: it is assigned, and its warranty runs from today for the
 * product's warranty months.
 */
export async function handOver(tx: Tx, deviceId: string, warrantyMonths: number) {
  const now = new Date();
  await tx
    .update(devices)
    .set({
      status: 'assigned',
      // With its customer now: at no stock location (decision 024).
      locationId: null,
      deliveredAt: now,
      warrantyUntil: addMonths(kampalaDate(now), warrantyMonths),
      updatedAt: now,
    })
    .where(eq(devices.id, deviceId));
}

export type DeviceStatus = DeviceRow['status'];
export type DeviceQuery = {
  /** After the last serial number shown. */
  after?: string | undefined;
  limit: number;
  /** Serial numbers that start with this (letters, digits and dashes only). */
  serial?: string | undefined;
  status?: DeviceStatus | undefined;
  productId?: string | undefined;
};

/**
 * Devices by serial number, a page at a time, each with the product it is and the loan it is
 * assigned to (if any): never with their keys.
 */
export async function listDevices(db: Database, query: DeviceQuery) {
  const { secretKeyEncrypted: _key, ...columns } = getTableColumns(devices);
  const rows = await db
    .select({ ...columns, loanId: loans.id })
    .from(devices)
    .leftJoin(loans, eq(loans.deviceId, devices.id))
    .where(
      and(
        query.after ? gt(devices.serialNumber, query.after.toUpperCase()) : undefined,
        query.serial ? like(devices.serialNumber, `${query.serial.toUpperCase()}%`) : undefined,
        query.status ? eq(devices.status, query.status) : undefined,
        query.productId ? eq(devices.productId, query.productId) : undefined,
      ),
    )
    .orderBy(asc(devices.serialNumber))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const products = await productsForSale(db, [
    ...new Set(page.flatMap((row) => (row.productId ? [row.productId] : []))),
  ]);
  const places = await stockLocationNames(db, [
    ...new Set(page.flatMap((row) => (row.locationId ? [row.locationId] : []))),
  ]);
  const items = page.map((row) => {
    const product = row.productId ? products.get(row.productId) : undefined;
    return {
      ...row,
      locationName: row.locationId ? (places.get(row.locationId) ?? null) : null,
      product: product ? { id: product.id, sku: product.sku, name: product.name } : null,
      deliveredAt: row.deliveredAt?.toISOString() ?? null,
      createdAt: row.createdAt.toISOString(),
      updatedAt: row.updatedAt.toISOString(),
    };
  });
  return { items, nextCursor: rows.length > query.limit ? (items.at(-1)?.serialNumber ?? null) : null };
}

/** The products devices are registered for, with how many units each has and how many are in stock. */
export async function deviceProducts(db: Database) {
  const counts = await db
    .select({
      productId: devices.productId,
      total: count(),
      inStock: sql<number>`count(*) filter (where ${devices.status} = 'in_stock')`.mapWith(Number),
    })
    .from(devices)
    .where(isNotNull(devices.productId))
    .groupBy(devices.productId);
  const products = await productsForSale(
    db,
    counts.map((c) => c.productId!),
  );
  return counts
    .flatMap((c) => {
      const product = products.get(c.productId!);
      return product
        ? [{ id: product.id, sku: product.sku, name: product.name, total: c.total, inStock: c.inStock }]
        : [];
    })
    .sort((a, b) => a.name.localeCompare(b.name));
}

/** A device's tokens, newest first. */
export async function deviceTokenHistory(db: Database, deviceId: string) {
  return db
    .select({
      count: deviceTokens.count,
      type: deviceTokens.type,
      days: deviceTokens.days,
      token: deviceTokens.token,
      reference: deviceTokens.reference,
      createdAt: deviceTokens.createdAt,
    })
    .from(deviceTokens)
    .where(eq(deviceTokens.deviceId, deviceId))
    .orderBy(asc(deviceTokens.count));
}

/**
 * A stock transfer that names serial numbers (decision 024): each must be a unit of the product,
 * not yet sold, at the location the units leave; they all move to the destination, or the
 * transfer is refused (422) and nothing moves.
 */
export async function moveDevicesWithTransfer(
  tx: Tx,
  move: { productId: string; fromLocationId: string; toLocationId: string; serials: string[] },
): Promise<void> {
  const serials = move.serials.map((s) => s.toUpperCase());
  const moved = await tx
    .update(devices)
    .set({ locationId: move.toLocationId, updatedAt: new Date() })
    .where(
      and(
        inArray(devices.serialNumber, serials),
        eq(devices.productId, move.productId),
        eq(devices.status, 'in_stock'),
        eq(devices.locationId, move.fromLocationId),
      ),
    )
    .returning({ serial: devices.serialNumber });
  if (moved.length !== serials.length) {
    const found = new Set(moved.map((m) => m.serial));
    const missing = serials.filter((s) => !found.has(s));
    throw new AppError(
      'device_not_in_stock',
      `Not at that location, unsold, as this product: ${missing.join(', ')}. Nothing was moved.`,
      422,
    );
  }
}
