import type { SystemLogItem, SystemLogQuery } from '@ecogrid/core/audit';
import { and, desc, eq, getTableColumns, gte, lt, or, sql, type SQL } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { auditLog } from '#src/db/schema/audit.ts';
import { csvStream } from '#src/platform/csv.ts';
import { checkedRange } from '#src/platform/date-range.ts';
import { AppError } from '#src/platform/errors.ts';
import { actorOf, peopleByIds } from '#src/features/auth/profile.service.ts';
import { journalLogPage, microsecondKey, type JournalLogRow } from '#src/features/wallet/journal-log.service.ts';

/** Where a line stands: its moment to the microsecond (UTC text, sorting as the moments do) and id. */
type Position = { at: string; id: string };
type AdminRow = typeof auditLog.$inferSelect & { atKey: string };
type Line = Position & { admin?: AdminRow; money?: JournalLogRow };

/** The cursor of the line a page ended at, so the next page starts after it. */
const cursorOf = (line: Position) => Buffer.from(`${line.at}|${line.id}`).toString('base64url');

function positionOf(cursor: string | undefined): Position | undefined {
  if (cursor === undefined) return undefined;
  const [at, id] = Buffer.from(cursor, 'base64url').toString().split('|');
  // The moment must be a real one (its first 23 characters read back the same), not just its shape.
  const real = at ? new Date(at) : null;
  if (
    !at ||
    !/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(at) ||
    !real ||
    Number.isNaN(real.getTime()) ||
    real.toISOString().slice(0, 23) !== at.slice(0, 23) ||
    !id ||
    !/^[\w-]{1,100}$/.test(id)
  ) {
    throw new AppError('validation_failed', 'This cursor is not one the log gave.', 400);
  }
  return { at, id };
}

/** The days asked for, checked (both or neither), as instants. */
function rangeOf(query: SystemLogQuery) {
  if (query.from === undefined && query.to === undefined) return {};
  if (query.from === undefined || query.to === undefined) {
    throw new AppError('bad_range', 'Give both days of the range, or neither.', 422);
  }
  const range = checkedRange(query.from, query.to);
  return { start: range.start, end: range.end };
}

/** A money movement's action as the log names it: money.<kind>. */
const MONEY = 'money.';
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

async function adminLines(db: Database, query: SystemLogQuery, range: { start?: Date; end?: Date }, before?: Position) {
  const a = auditLog;
  const action = query.action;
  const where: (SQL | undefined)[] = [
    range.start ? gte(a.createdAt, range.start) : undefined,
    range.end ? lt(a.createdAt, range.end) : undefined,
    query.actorId ? eq(a.actorId, query.actorId) : undefined,
    action
      ? action.endsWith('*')
        ? sql`starts_with(${a.action}, ${action.slice(0, -1)})`
        : eq(a.action, action)
      : undefined,
    query.entityType ? eq(a.entityType, query.entityType) : undefined,
    query.entityId ? eq(a.entityId, query.entityId) : undefined,
    before
      ? or(
          lt(a.createdAt, sql`${before.at}::timestamptz`),
          and(eq(a.createdAt, sql`${before.at}::timestamptz`), lt(sql`${a.id}::text collate "C"`, before.id)),
        )
      : undefined,
  ];
  const rows = await db
    .select({ ...getTableColumns(a), atKey: microsecondKey(a.createdAt) })
    .from(a)
    .where(and(...where))
    .orderBy(desc(a.createdAt), desc(sql`${a.id}::text collate "C"`))
    .limit(query.limit + 1);
  return rows.map((row): Line => ({ at: row.atKey, id: row.id, admin: row }));
}

async function moneyLines(db: Database, query: SystemLogQuery, range: { start?: Date; end?: Date }, before?: Position) {
  // An action filter names money movements as money.<kind>: anything else matches none.
  const action = query.action;
  const prefix = action?.endsWith('*') ? action.slice(0, -1) : null;
  // An exact action names one kind (money.wallet_topup); a start (money.*, m*) may take them all.
  if (action && !(action.startsWith(MONEY) || (prefix !== null && MONEY.startsWith(prefix)))) return [];
  if (action && prefix === null && action.length <= MONEY.length) return [];
  if (query.entityType && query.entityType !== 'payment') return [];
  // A money movement's record is its payment, whose id is a UUID: any other id names none.
  if (query.entityId && !UUID.test(query.entityId)) return [];
  const kind = action?.startsWith(MONEY) ? action.slice(MONEY.length) || '*' : undefined;
  const rows = await journalLogPage(db, {
    ...range,
    kind: kind === '*' ? undefined : kind,
    createdBy: query.actorId,
    paymentId: query.entityId,
    before,
    limit: query.limit + 1,
  });
  return rows.map((row): Line => ({ at: row.atKey, id: row.id, money: row }));
}

/** Newest first; at the same moment, by id, as both sources page. */
const newestFirst = (x: Line, y: Line) => (y.at < x.at ? -1 : y.at > x.at ? 1 : y.id < x.id ? -1 : y.id > x.id ? 1 : 0);

/** The account's owner, for a wallet or an agent's cash: 'wallet:<user>', 'cash:<agent>'. */
const ownerOf = (account: string) => /^(?:wallet|cash):(.+)$/.exec(account)?.[1] ?? null;

/**
 * GET /api/admin/system-log: every admin action and every money movement in one log, newest
 * first, a page at a time (each source read a page ahead through its own index, then merged).
 * Who did it is named; a money movement's accounts name whose wallet or cash they are.
 */
export async function systemLogPage(
  db: Database,
  query: SystemLogQuery,
): Promise<{ items: SystemLogItem[]; nextCursor: string | null }> {
  const range = rangeOf(query);
  const before = positionOf(query.cursor);
  const [admin, money] = await Promise.all([
    query.source === 'money' ? [] : adminLines(db, query, range, before),
    query.source === 'admin' ? [] : moneyLines(db, query, range, before),
  ]);
  const lines = [...admin, ...money].sort(newestFirst);
  const page = lines.slice(0, query.limit);
  const ids = new Set<string>();
  for (const line of page) {
    if (line.admin) ids.add(line.admin.actorId);
    if (line.money?.createdBy) ids.add(line.money.createdBy);
    for (const p of line.money?.postings ?? []) {
      const owner = ownerOf(p.account);
      if (owner) ids.add(owner);
    }
  }
  const people = await peopleByIds(db, [...ids]);
  return {
    items: page.map((line) => toItem(line, people)),
    nextCursor: lines.length > query.limit ? cursorOf(page.at(-1)!) : null,
  };
}

function toItem(line: Line, people: Awaited<ReturnType<typeof peopleByIds>>): SystemLogItem {
  if (line.admin) {
    const row = line.admin;
    return {
      id: row.id,
      source: 'admin',
      at: row.createdAt.toISOString(),
      actor: actorOf(people, row.actorId),
      action: row.action,
      entityType: row.entityType,
      entityId: row.entityId,
      reason: row.reason,
      details: row.details,
      amount: null,
      postings: [],
      ipAddress: row.ipAddress,
      userAgent: row.userAgent,
    };
  }
  const row = line.money!;
  return {
    id: row.id,
    source: 'money',
    at: row.createdAt.toISOString(),
    actor: row.createdBy ? actorOf(people, row.createdBy) : null,
    action: `${MONEY}${row.kind}`,
    entityType: row.paymentId ? 'payment' : 'journal',
    entityId: row.paymentId ?? row.id,
    reason: row.description,
    details: {},
    amount: row.amount,
    postings: row.postings.map((p) => {
      const owner = ownerOf(p.account);
      return { account: p.account, person: owner ? (people.get(owner)?.name ?? null) : null, amount: p.amount };
    }),
    ipAddress: null,
    userAgent: null,
  };
}

/** The system log's CSV columns, one line per entry (docs/exports.md). */
const CSV_HEADER = [
  'at',
  'source',
  'who',
  'role',
  'action',
  'record_type',
  'record_id',
  'reason_or_description',
  'amount_ugx',
  'details',
  'ip_address',
];

/**
 * GET /api/admin/system-log.csv: the log under the same filters, newest first, streamed a page
 * of 500 at a time (nothing held beyond a page), names beside ids.
 */
export function systemLogCsv(db: Database, query: Omit<SystemLogQuery, 'limit' | 'cursor'>) {
  return csvStream<string | undefined | null>(CSV_HEADER, undefined, async (after) => {
    if (after === null) return { lines: [], cursor: null };
    const page = await systemLogPage(db, { ...query, limit: 500, cursor: after });
    return {
      lines: page.items.map((item) => [
        item.at,
        item.source,
        item.actor?.name ?? (item.actor ? item.actor.id : 'EcoGrid'),
        item.actor?.role ?? null,
        item.action,
        item.entityType,
        item.entityId,
        item.reason,
        item.amount,
        item.source === 'money'
          ? item.postings.map((p) => `${p.person ? `${p.account} (${p.person})` : p.account} ${p.amount}`).join('; ')
          : JSON.stringify(item.details),
        item.ipAddress,
      ]),
      cursor: page.nextCursor,
    };
  });
}
