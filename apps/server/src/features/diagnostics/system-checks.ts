import { randomUUID } from 'node:crypto';
import { statfs } from 'node:fs/promises';
import { sql } from 'drizzle-orm';
import { migrationStatus, queryRows } from '#src/db/client.ts';
import { checkLedger } from '#src/features/wallet/ledger.service.ts';
import type { Check, CheckOutcome, DiagnosticsDeps } from './types.ts';

const MINUTE = 60;
/** A due job waiting longer than this means no worker is taking jobs. */
const JOBS_STUCK_SECONDS = 30 * MINUTE;
const JOBS_SLOW_SECONDS = 5 * MINUTE;
const CLOCK_WARN_MS = 2_000;
const CLOCK_FAIL_MS = 30_000;
const GB = 1024 ** 3;

const plural = (n: number, one: string, other: string) => `${n} ${n === 1 ? one : other}`;

export function databaseCheck(deps: DiagnosticsDeps): Check {
  return {
    name: 'database',
    async run() {
      const status = await migrationStatus(deps.db);
      const details = { ...status };
      if (status.missing.length > 0) {
        return {
          status: 'fail',
          message: `The database answers but ${plural(status.missing.length, 'migration is', 'migrations are')} not applied: ${status.missing.join(', ')}.`,
          details,
        };
      }
      return { status: 'ok', message: `The database answers; all ${status.expected} migrations are applied.`, details };
    },
  };
}

export function jobsCheck(deps: DiagnosticsDeps): Check {
  return {
    name: 'jobs',
    async run() {
      const backlog = await deps.jobs.backlog();
      const waited = backlog.oldestWaitingSeconds ?? 0;
      const parts = [
        backlog.due === 0
          ? 'No job waits to run'
          : `${plural(backlog.due, 'job waits', 'jobs wait')} to run, the oldest for ${waited} s`,
        backlog.deadLetters === 0
          ? 'no job failed for good'
          : `${plural(backlog.deadLetters, 'job', 'jobs')} failed for good (see Jobs)`,
      ];
      const message = `${parts.join('; ')}.`;
      if (waited > JOBS_STUCK_SECONDS) return { status: 'fail', message, details: backlog };
      const status = waited > JOBS_SLOW_SECONDS || backlog.deadLetters > 0 ? 'warn' : 'ok';
      return { status, message, details: backlog };
    },
  };
}

export function ledgerCheck(deps: DiagnosticsDeps): Check {
  return {
    name: 'ledger',
    async run() {
      const problems = await checkLedger(deps.db);
      const found = [
        problems.unbalancedTransactions > 0 &&
          `${plural(problems.unbalancedTransactions, 'journal entry does', 'journal entries do')} not balance`,
        problems.negativeWallets > 0 && `${plural(problems.negativeWallets, 'wallet is', 'wallets are')} below zero`,
        problems.accountsOffTheirPostings > 0 &&
          `${plural(problems.accountsOffTheirPostings, 'account balance differs', 'account balances differ')} from the sum of its postings`,
        problems.total !== 0 && `the whole ledger sums to ${problems.total}, not zero`,
      ].filter((text): text is string => Boolean(text));
      if (found.length > 0) return { status: 'fail', message: `Ledger: ${found.join('; ')}.`, details: problems };
      return {
        status: 'ok',
        message: 'Every journal entry balances, no wallet is below zero, every balance matches its postings.',
        details: problems,
      };
    },
  };
}

export function storageCheck(deps: DiagnosticsDeps): Check {
  return {
    name: 'storage',
    async run(): Promise<CheckOutcome> {
      const storage = deps.storage;
      if (!storage) return { status: 'warn', message: 'No file storage is set up in this process.' };
      const key = `diagnostics/probe-${randomUUID()}.txt`;
      const written = Buffer.from(`EcoGrid storage check ${new Date().toISOString()}`);
      try {
        await storage.put(key, written);
        const read = await storage.get(key);
        if (!read || !read.equals(written)) {
          return { status: 'fail', message: 'A file was written but did not read back the same.', details: { key } };
        }
      } finally {
        await storage.remove(key).catch(() => {});
      }
      if (await storage.exists(key)) {
        return { status: 'fail', message: 'A test file could not be deleted.', details: { key } };
      }
      return { status: 'ok', message: 'A test file was written, read back the same and deleted.', details: { key } };
    },
  };
}

export function clockCheck(deps: DiagnosticsDeps): Check {
  return {
    name: 'clock',
    async run() {
      const clock = deps.processClock ?? Date.now;
      const before = clock();
      const [row] = await queryRows<{ now: string }>(
        deps.db,
        sql`select (extract(epoch from clock_timestamp()) * 1000)::float8::text as now`,
      );
      const after = clock();
      // The database read its clock somewhere within the round trip: compare with its middle.
      const skewMs = Math.round(Number(row!.now) - (before + after) / 2);
      const details = { skewMs, roundTripMs: after - before };
      const size = Math.abs(skewMs);
      const message = `The database's clock and this server's differ by ${size} ms.`;
      if (size > CLOCK_FAIL_MS) return { status: 'fail', message, details };
      return { status: size > CLOCK_WARN_MS ? 'warn' : 'ok', message, details };
    },
  };
}

export function diskCheck(deps: DiagnosticsDeps): Check {
  return {
    name: 'disk',
    async run() {
      const stats = await statfs(deps.dataDir);
      const freeBytes = stats.bavail * stats.bsize;
      const totalBytes = stats.blocks * stats.bsize;
      const freePercent = totalBytes > 0 ? Math.round((freeBytes / totalBytes) * 1000) / 10 : 0;
      const details = { path: deps.dataDir, freeBytes, totalBytes, freePercent };
      const message = `${(freeBytes / GB).toFixed(1)} GB free of ${(totalBytes / GB).toFixed(1)} GB (${freePercent}%) where the data is kept.`;
      if (freePercent < 2) return { status: 'fail', message, details };
      return { status: freePercent < 10 ? 'warn' : 'ok', message, details };
    },
  };
}

export function versionCheck(deps: DiagnosticsDeps): Check {
  return {
    name: 'version',
    async run() {
      const details = { version: deps.version, commit: deps.commit };
      return {
        status: 'ok',
        message: deps.commit ? `Version ${deps.version}, commit ${deps.commit}.` : `Version ${deps.version}.`,
        details,
      };
    },
  };
}
