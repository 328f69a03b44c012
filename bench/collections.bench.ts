/**
 * (i) The daily collections run (arrears, late fees, defaults, broken promises and follow-ups,
 * reminders, the portfolio day) over a book of 100,000 loans in mixed states
 * (bench/collections-book.ts), against a book of 1,000 in the same shape on the same server in
 * the same run. Each book is in its own database; the app's own runLoanDay runs in this process
 * with a pool like the app's: the first day (nothing done yet: every late loan is charged,
 * defaulted, followed up), the same day three more times (must do nothing), then three days
 * after it, one at a time.
 */
import { addDays, kampalaDate } from '../packages/core/src/credit.ts';
import { migrateDatabase, openDatabase, queryRows } from '../apps/server/src/db/client.ts';
import { checkLedger } from '../apps/server/src/features/wallet/ledger.service.ts';
import { runLoanDay } from '../apps/server/src/features/loans/portfolio.service.ts';
import { writeCollectionsBook } from './collections-book.ts';
import { median } from './lib.ts';
import { loanDayDeps, measured } from './loans.bench.ts';
import { sql } from 'drizzle-orm';

const BIG = 100_000;
const SMALL = 1_000;

async function oneBook(databaseUrl: string, loans: number) {
  // Progress on stderr: the big book takes minutes on a busy machine.
  const say = (what: string) => console.error(`(i) ${loans} loans: ${what} at ${new Date().toISOString()}`);
  const handle = await openDatabase({ databaseUrl, poolMax: 10 });
  await migrateDatabase(handle);
  const app = await loanDayDeps(handle, databaseUrl);
  const today = kampalaDate(new Date());
  const started = performance.now();
  await writeCollectionsBook(handle.db, loans, today);
  const seedSeconds = Math.round((performance.now() - started) / 100) / 10;
  say(`book written in ${seedSeconds} s`);
  const first = await measured(() => runLoanDay(app.deps, today));
  say(`first day in ${first.seconds} s: ${JSON.stringify(first.result)}`);
  const buckets = await queryRows<{ bucket: string; loans: number }>(
    handle.db,
    sql`select bucket, loans from portfolio_days where day = ${today}::date order by bucket`,
  );
  const again = [];
  for (let i = 0; i < 3; i++) again.push(await measured(() => runLoanDay(app.deps, today)));
  const later = [];
  for (let d = 1; d <= 3; d++) later.push(await measured(() => runLoanDay(app.deps, addDays(today, d))));
  say(`same day ${again.map((r) => r.seconds).join(', ')} s; next days ${later.map((r) => r.seconds).join(', ')} s`);
  const ledger = await checkLedger(handle.db);
  const [made] = await queryRows<{ follow_ups: number; defaulted: number; notifications: number; sms: number }>(
    handle.db,
    sql`select (select count(*)::int from loan_follow_ups where outcome is null) as follow_ups,
               (select count(*)::int from loans where status = 'defaulted') as defaulted,
               (select count(*)::int from notifications) as notifications,
               (select count(*)::int from outbox_messages where channel = 'sms') as sms`,
  );
  await app.stop();
  await handle.close();
  const perLoanMs = (seconds: number) => Math.round((seconds * 1000 * 1000) / loans) / 1000;
  return {
    loans,
    seedSeconds,
    bucketsAfterFirstDay: Object.fromEntries(buckets.map((b) => [b.bucket, b.loans])),
    firstDay: { ...first, perLoanMs: perLoanMs(first.seconds) },
    sameDayAgain: {
      p50Seconds: median(again.map((r) => r.seconds)),
      runs: again.map((r) => r.seconds),
      did: again.map((r) => r.result),
    },
    nextDays: {
      p50Seconds: median(later.map((r) => r.seconds)),
      perLoanMs: perLoanMs(median(later.map((r) => r.seconds))),
      runs: later.map((r) => ({ seconds: r.seconds, ...r.result })),
    },
    totalSeconds: Math.round((first.seconds + [...again, ...later].reduce((s, r) => s + r.seconds, 0)) * 100) / 100,
    made,
    ledger,
  };
}

export async function benchCollections(databaseUrl: string) {
  const admin = await openDatabase({ databaseUrl, poolMax: 1 });
  await admin.db.execute(sql`drop database if exists collections_small`);
  await admin.db.execute(sql`drop database if exists collections_big`);
  await admin.db.execute(sql`create database collections_small`);
  await admin.db.execute(sql`create database collections_big`);
  await admin.close();
  const url = (name: string) => {
    const u = new URL(databaseUrl);
    u.pathname = `/${name}`;
    return u.toString();
  };
  const small = await oneBook(url('collections_small'), SMALL);
  const big = await oneBook(url('collections_big'), BIG);
  return { small, big };
}
