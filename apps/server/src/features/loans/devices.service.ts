import {
  DEVICE_SERIAL_PATTERN,
  generateToken,
  MAX_ACTIVATION_VALUE,
  type OpenPaygoTokenType,
} from '@ecogrid/core/openpaygo';
import { parse } from 'csv-parse/sync';
import { and, asc, count, eq, getTableColumns, gt, inArray, isNotNull, like, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Tx } from '#src/db/client.ts';
import { devices, deviceTokens, loans } from '#src/db/schema/loans.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import type { SecretBox } from '#src/platform/secret-box.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { productsBySku, productsForSale } from '#src/features/catalog/stock.service.ts';

export type DeviceRow = typeof devices.$inferSelect;

const yes = ['true', 'yes', '1'];
const no = ['false', 'no', '0', ''];

/** One line of a device file, as the manufacturer's export gives it, with the product it is. */
const deviceLine = z.strictObject({
  serial_number: z.string().trim().regex(DEVICE_SERIAL_PATTERN, 'serial_number: 4 to 40 letters, digits or dashes'),
  product_sku: z
    .string()
    .trim()
    .min(1, 'product_sku: the SKU of the product the device is')
    .max(60, 'product_sku: at most 60 characters')
    .transform((sku) => sku.toUpperCase()),
  starting_code: z
    .string()
    .trim()
    .regex(/^\d{1,9}$/, 'starting_code: at most 9 digits')
    .transform(Number),
  secret_key: z
    .string()
    .trim()
    .regex(/^[0-9a-fA-F]{32}$/, 'secret_key: 32 hexadecimal characters')
    .transform((key) => key.toLowerCase()),
  time_divider: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? Number(value) : 1))
    .pipe(
      z
        .number()
        .int('time_divider: a whole number')
        .min(1, 'time_divider: 1 or more')
        // A standard token carries at most 995 units: a larger divider could not send one day.
        .max(MAX_ACTIVATION_VALUE, `time_divider: at most ${MAX_ACTIVATION_VALUE}`),
    ),
  restricted_digit_set: z
    .string()
    .trim()
    .toLowerCase()
    .optional()
    .refine(
      (value) => value === undefined || yes.includes(value) || no.includes(value),
      'restricted_digit_set: true or false',
    )
    .transform((value) => value !== undefined && yes.includes(value)),
  /** The count the device is at already (0 for a new one). */
  token_count: z
    .string()
    .trim()
    .optional()
    .transform((value) => (value ? Number(value) : 0))
    .pipe(z.number().int('token_count: a whole number').min(0)),
});

type DeviceColumn = keyof typeof deviceLine.shape;
export const DEVICE_FILE_COLUMNS = Object.keys(deviceLine.shape) as DeviceColumn[];
const REQUIRED_COLUMNS: DeviceColumn[] = ['serial_number', 'product_sku', 'starting_code', 'secret_key'];
/** One file at a time stays quick to check and to read back in an error message. */
export const MAX_DEVICES_PER_FILE = 5_000;

/**
 * The spellings of each column that manufacturers' and our own spreadsheets use, compared without
 * case, spaces, underscores or dashes: "Serial Number", "serial_number" and "serial" are one column.
 */
const COLUMN_NAMES: Record<DeviceColumn, string[]> = {
  serial_number: ['serialnumber', 'serial', 'serialno', 'deviceserial', 'deviceserialnumber'],
  product_sku: ['productsku', 'sku', 'product', 'productcode', 'itemsku'],
  starting_code: ['startingcode', 'startcode'],
  secret_key: ['secretkey', 'secret', 'key', 'devicekey'],
  time_divider: ['timedivider', 'divider'],
  restricted_digit_set: ['restricteddigitset', 'restricteddigits', 'restricted'],
  token_count: ['tokencount', 'count', 'startingcount'],
};
const squash = (header: string) => header.toLowerCase().replace(/[\s_-]+/g, '');
const columnOf = (header: string) =>
  (Object.keys(COLUMN_NAMES) as DeviceColumn[]).find((column) => COLUMN_NAMES[column].includes(squash(header)));

/** The header row's columns by name, or the problems with it (unknown, repeated or missing columns). */
function readHeader(header: string[]): { columns: string[]; problems: string[] } {
  const problems: string[] = [];
  const columns = header.map((raw, i) => {
    const column = columnOf(raw);
    if (!column) {
      problems.push(`line 1: unknown column "${raw.trim()}"`);
      return `unknown_${i}`;
    }
    if (header.slice(0, i).some((other) => columnOf(other) === column)) {
      problems.push(`line 1: "${raw.trim()}" repeats the ${column} column`);
    }
    return column;
  });
  for (const column of REQUIRED_COLUMNS) {
    if (!columns.includes(column)) problems.push(`line 1: no ${column} column`);
  }
  return { columns, problems };
}

/**
 * Imports devices from a CSV file with a header row: serial_number, product_sku (the SKU of the
 * product each unit is), starting_code, secret_key, and optionally time_divider,
 * restricted_digit_set, token_count, each under any of its usual spellings. All or nothing:
 * every bad line is reported by its number in one answer and nothing is imported. Keys are
 * encrypted before they are stored; the import is audited without them.
 */
export async function importDevices(
  db: Database,
  box: SecretBox,
  csv: string,
  actor: { id: string; ip?: string | null; userAgent?: string | null },
): Promise<{ imported: number }> {
  let rows: string[][];
  try {
    rows = parse(csv, { skip_empty_lines: true, bom: true, trim: true, relax_column_count: true });
  } catch (error) {
    throw new AppError('bad_csv', `The file is not valid CSV: ${(error as Error).message}`, 400);
  }
  const [header = [], ...body] = rows;
  if (body.length === 0) throw new AppError('bad_csv', 'The file has no devices in it.', 400);
  if (body.length > MAX_DEVICES_PER_FILE) {
    throw new AppError(
      'bad_csv',
      `At most ${MAX_DEVICES_PER_FILE} devices per file; this one has ${body.length}.`,
      400,
    );
  }
  const { columns, problems } = readHeader(header);
  if (problems.length > 0) throw refusal(problems);

  const lines: (z.infer<typeof deviceLine> & { line: number })[] = [];
  const seen = new Map<string, number>();
  body.forEach((cells, index) => {
    const line = index + 2; // the header is line 1
    if (cells.length !== columns.length) {
      problems.push(`line ${line}: ${cells.length} values for ${columns.length} columns`);
      return;
    }
    const parsed = deviceLine.safeParse(Object.fromEntries(columns.map((column, i) => [column, cells[i]!])));
    if (!parsed.success) {
      problems.push(`line ${line}: ${parsed.error.issues.map((issue) => issue.message).join('; ')}`);
      return;
    }
    const serial = parsed.data.serial_number.toUpperCase();
    if (seen.has(serial)) problems.push(`line ${line}: ${serial} is also on line ${seen.get(serial)}`);
    else seen.set(serial, line);
    lines.push({ ...parsed.data, serial_number: serial, line });
  });
  const [existing, known] = await Promise.all([
    seen.size
      ? db
          .select({ serial: devices.serialNumber })
          .from(devices)
          .where(inArray(devices.serialNumber, [...seen.keys()]))
      : [],
    productsBySku(db, [...new Set(lines.map((l) => l.product_sku))]),
  ]);
  for (const { serial } of existing) problems.push(`line ${seen.get(serial)}: ${serial} is already registered`);
  for (const line of lines) {
    if (!known.has(line.product_sku)) {
      problems.push(`line ${line.line}: no product has the SKU ${line.product_sku}`);
    }
  }
  if (problems.length > 0) throw refusal(problems);
  await db.transaction(async (tx) => {
    for (let i = 0; i < lines.length; i += 500) {
      await tx.insert(devices).values(
        lines.slice(i, i + 500).map((line) => ({
          serialNumber: line.serial_number,
          productId: known.get(line.product_sku)!.id,
          startingCode: line.starting_code,
          secretKeyEncrypted: box.seal(line.secret_key),
          timeDivider: line.time_divider,
          restrictedDigitSet: line.restricted_digit_set,
          tokenCount: line.token_count,
        })),
      );
    }
    await recordAudit(tx, {
      actorId: actor.id,
      action: 'device.import',
      entityType: 'device_file',
      entityId: `${lines.length} devices`,
      details: {
        serialNumbers: lines.slice(0, 50).map((l) => l.serial_number),
        count: lines.length,
        products: [...new Set(lines.map((l) => l.product_sku))],
      },
      ipAddress: actor.ip ?? null,
      userAgent: actor.userAgent ?? null,
    });
  });
  return { imported: lines.length };
}

/** Nothing imported: every problem, by line (lines in file order), in one answer. */
function refusal(problems: string[]): AppError {
  const lineOf = (problem: string) => Number(/^line (\d+)/.exec(problem)?.[1] ?? 0);
  const sorted = problems
    .map((problem, i) => ({ problem, i }))
    .sort((a, b) => lineOf(a.problem) - lineOf(b.problem) || a.i - b.i)
    .map((p) => p.problem);
  const shown = sorted.slice(0, 10).join('; ');
  const more = sorted.length > 10 ? ` (and ${sorted.length - 10} more)` : '';
  return new AppError('bad_csv', `Nothing was imported. ${shown}${more}.`, 422, sorted);
}

export type TokenOrder = {
  type: OpenPaygoTokenType;
  /** Days, for ADD_TIME and SET_TIME. */
  days?: number;
  /** What the token is for (a repayment's key, an admin's reason): asking again with it returns the same token. */
  reference: string;
  issuedBy: string;
};

export type IssuedToken = {
  deviceId: string;
  count: number;
  type: OpenPaygoTokenType;
  days: number | null;
  token: string;
  /** The reference was used before: this is that token again. */
  replayed: boolean;
};

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
 * Takes a device of the product a loan is for out of stock, in the delivery's transaction: the
 * one with the serial number the admin typed (it must be in stock and that product), or else the
 * oldest in stock of that product (locked, skipping units another delivery holds). A unit of
 * another product is refused, so a lantern's loan never gets a solar home system's serial and
 * tokens; none in stock of the product refuses the delivery, which changes nothing.
 */
export async function takeDeviceForDelivery(
  tx: Tx,
  want: { productId: string; productName: string; serial: string | null; orderNumber: string },
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
        `Device ${want.serial} is not a ${want.productName}, which order ${want.orderNumber} is for. Hand over a ${want.productName} and give its serial number.`,
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
      `Order ${want.orderNumber} was bought on credit and needs a pay-as-you-go ${want.productName}, but none is in stock. Import ${want.productName} devices first.`,
      409,
    );
  }
  await tx.update(devices).set({ status: 'assigned', updatedAt: new Date() }).where(eq(devices.id, device.id));
  return device;
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
  const items = page.map((row) => {
    const product = row.productId ? products.get(row.productId) : undefined;
    return {
      ...row,
      product: product ? { id: product.id, sku: product.sku, name: product.name } : null,
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
