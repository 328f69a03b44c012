import {
  DEVICE_SERIAL_PATTERN,
  generateToken,
  MAX_ACTIVATION_VALUE,
  type OpenPaygoTokenType,
} from '@ecogrid/core/openpaygo';
import { parse } from 'csv-parse/sync';
import { and, asc, eq, getTableColumns, gt, inArray, like } from 'drizzle-orm';
import { z } from 'zod';
import type { Database, Tx } from '#src/db/client.ts';
import { devices, deviceTokens, loans } from '#src/db/schema/loans.ts';
import { AppError, notFound } from '#src/platform/errors.ts';
import type { SecretBox } from '#src/platform/secret-box.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';

export type DeviceRow = typeof devices.$inferSelect;

const yes = ['true', 'yes', '1'];
const no = ['false', 'no', '0', ''];

/** One line of a device file, as the manufacturer's export gives it. */
const deviceLine = z.strictObject({
  serial_number: z.string().trim().regex(DEVICE_SERIAL_PATTERN, 'serial_number: 4 to 40 letters, digits or dashes'),
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

export const DEVICE_FILE_COLUMNS = Object.keys(deviceLine.shape);
/** One file at a time stays quick to check and to read back in an error message. */
export const MAX_DEVICES_PER_FILE = 5_000;

/**
 * Imports devices from a CSV file with a header row (serial_number, starting_code, secret_key,
 * and optionally time_divider, restricted_digit_set, token_count). All or nothing: the first
 * problems are reported by line and nothing is imported. Keys are encrypted before they are
 * stored; the import is audited without them.
 */
export async function importDevices(
  db: Database,
  box: SecretBox,
  csv: string,
  actor: { id: string; ip?: string | null; userAgent?: string | null },
): Promise<{ imported: number }> {
  let records: Record<string, string>[];
  try {
    records = parse(csv, {
      columns: (header: string[]) => header.map((h) => h.trim().toLowerCase()),
      skip_empty_lines: true,
      bom: true,
      trim: true,
    });
  } catch (error) {
    throw new AppError('bad_csv', `The file is not valid CSV: ${(error as Error).message}`, 400);
  }
  if (records.length === 0) throw new AppError('bad_csv', 'The file has no devices in it.', 400);
  if (records.length > MAX_DEVICES_PER_FILE) {
    throw new AppError(
      'bad_csv',
      `At most ${MAX_DEVICES_PER_FILE} devices per file; this one has ${records.length}.`,
      400,
    );
  }
  const problems: string[] = [];
  const lines: z.infer<typeof deviceLine>[] = [];
  const seen = new Map<string, number>();
  records.forEach((record, index) => {
    const line = index + 2; // the header is line 1
    const parsed = deviceLine.safeParse(record);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const message = issue.code === 'unrecognized_keys' ? `unknown column ${issue.keys.join(', ')}` : issue.message;
      problems.push(`line ${line}: ${message}`);
      return;
    }
    const serial = parsed.data.serial_number.toUpperCase();
    if (seen.has(serial)) problems.push(`line ${line}: ${serial} is also on line ${seen.get(serial)}`);
    seen.set(serial, line);
    lines.push({ ...parsed.data, serial_number: serial });
  });
  if (problems.length === 0) {
    const existing = await db
      .select({ serial: devices.serialNumber })
      .from(devices)
      .where(inArray(devices.serialNumber, [...seen.keys()]));
    for (const { serial } of existing) problems.push(`line ${seen.get(serial)}: ${serial} is already registered`);
  }
  if (problems.length > 0) {
    const shown = problems.slice(0, 10).join('; ');
    const more = problems.length > 10 ? ` (and ${problems.length - 10} more)` : '';
    throw new AppError('bad_csv', `Nothing was imported. ${shown}${more}.`, 422);
  }
  await db.transaction(async (tx) => {
    for (let i = 0; i < lines.length; i += 500) {
      await tx.insert(devices).values(
        lines.slice(i, i + 500).map((line) => ({
          serialNumber: line.serial_number,
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
      details: { serialNumbers: lines.slice(0, 50).map((l) => l.serial_number), count: lines.length },
      ipAddress: actor.ip ?? null,
      userAgent: actor.userAgent ?? null,
    });
  });
  return { imported: lines.length };
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

export type DeviceStatus = DeviceRow['status'];
export type DeviceQuery = {
  /** After the last serial number shown. */
  after?: string | undefined;
  limit: number;
  /** Serial numbers that start with this (letters, digits and dashes only). */
  serial?: string | undefined;
  status?: DeviceStatus | undefined;
};

/**
 * Devices by serial number, a page at a time, each with the loan it is assigned to (if any):
 * never with their keys.
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
      ),
    )
    .orderBy(asc(devices.serialNumber))
    .limit(query.limit + 1);
  const items = rows.slice(0, query.limit).map((row) => ({
    ...row,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  }));
  return { items, nextCursor: rows.length > query.limit ? (items.at(-1)?.serialNumber ?? null) : null };
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
