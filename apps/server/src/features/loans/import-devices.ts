import { DEVICE_SERIAL_PATTERN, MAX_ACTIVATION_VALUE } from '@ecogrid/core/openpaygo';
import { parse } from 'csv-parse/sync';
import { z } from 'zod';
import { inArray } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { devices } from '#src/db/schema/loans.ts';
import { AppError } from '#src/platform/errors.ts';
import type { SecretBox } from '#src/platform/secret-box.ts';
import { recordAudit } from '#src/features/audit/audit.service.ts';
import { mainStockLocationId } from '#src/features/catalog/stock-places.service.ts';
import { productsBySku } from '#src/features/catalog/stock.service.ts';

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
    // New units arrive at the main warehouse (decision 024); transfers move them on.
    const locationId = await mainStockLocationId(tx);
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
          locationId,
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
