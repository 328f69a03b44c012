import type { DiagnosticCheckName, DiagnosticResult, DiagnosticRun, DiagnosticStatus } from '@ecogrid/core/diagnostics';
import { and, desc, eq, lt } from 'drizzle-orm';
import { diagnosticResults, diagnosticRuns } from '#src/db/schema/diagnostics.ts';
import { tellAdmins } from '#src/features/notifications/staff-notices.service.ts';
import { errorText } from '#src/platform/outbox.ts';
import { getRun } from './history.service.ts';
import { mobileMoneyCheck, smsCheck, smtpCheck } from './outside-checks.ts';
import {
  clockCheck,
  databaseCheck,
  diskCheck,
  jobsCheck,
  ledgerCheck,
  storageCheck,
  versionCheck,
} from './system-checks.ts';
import type { Check, CheckOutcome, DiagnosticsDeps, RunStarter } from './types.ts';

/** Every check, in the order the page lists them. */
export function allChecks(deps: DiagnosticsDeps): Check[] {
  return [
    databaseCheck(deps),
    jobsCheck(deps),
    smtpCheck(deps),
    smsCheck(deps),
    mobileMoneyCheck(deps, 'mtn'),
    mobileMoneyCheck(deps, 'airtel'),
    storageCheck(deps),
    ledgerCheck(deps),
    clockCheck(deps),
    diskCheck(deps),
    versionCheck(deps),
  ];
}

/** Runs one check within the time allowed: one that hangs or throws counts as failed, with why. */
export async function runCheck(check: Check, timeoutMs: number, starter: RunStarter): Promise<DiagnosticResult> {
  const started = performance.now();
  const controller = new AbortController();
  let timer: NodeJS.Timeout | undefined;
  const timedOut = new Promise<CheckOutcome>((resolve) => {
    timer = setTimeout(() => {
      controller.abort();
      resolve({ status: 'fail', message: `No answer within ${Math.round(timeoutMs / 100) / 10} s.` });
    }, timeoutMs);
  });
  let outcome: CheckOutcome;
  try {
    outcome = await Promise.race([check.run(controller.signal, starter), timedOut]);
  } catch (error) {
    outcome = { status: 'fail', message: shortText(errorText(error)) };
  } finally {
    clearTimeout(timer);
  }
  return {
    check: check.name,
    status: outcome.status,
    message: outcome.message,
    durationMs: Math.round(performance.now() - started),
    details: outcome.details ?? {},
  };
}

const shortText = (text: string) => (text.length > 300 ? `${text.slice(0, 297)}...` : text);

const RANK: Record<DiagnosticStatus, number> = { ok: 0, warn: 1, fail: 2 };
export const worstOf = (statuses: DiagnosticStatus[]): DiagnosticStatus =>
  statuses.reduce<DiagnosticStatus>((worst, s) => (RANK[s] > RANK[worst] ? s : worst), 'ok');

/**
 * Runs every check at once (each within its time), keeps the run and its results, and tells the
 * admins of each check that has just started failing: once, not on every run until it recovers.
 */
export async function runDiagnostics(
  deps: DiagnosticsDeps,
  options: { trigger: 'manual' | 'schedule'; starter: RunStarter; checks?: Check[] },
): Promise<DiagnosticRun> {
  const startedAt = new Date();
  const checks = options.checks ?? allChecks(deps);
  const results = await Promise.all(checks.map((check) => runCheck(check, deps.timeoutMs, options.starter)));
  const finishedAt = new Date();
  const [run] = await deps.db
    .insert(diagnosticRuns)
    .values({
      trigger: options.trigger,
      startedBy: options.starter?.id ?? null,
      status: worstOf(results.map((r) => r.status)),
      startedAt,
      finishedAt,
    })
    .returning({ id: diagnosticRuns.id });
  const newlyFailing: DiagnosticCheckName[] = [];
  for (const result of results) {
    if (result.status === 'fail' && (await lastStatus(deps, result.check, startedAt)) !== 'fail') {
      newlyFailing.push(result.check);
    }
  }
  await deps.db.insert(diagnosticResults).values(
    results.map((r, position) => ({
      runId: run!.id,
      check: r.check,
      position,
      status: r.status,
      message: r.message,
      durationMs: r.durationMs,
      details: r.details,
    })),
  );
  for (const check of newlyFailing) await tellFailure(deps, check, run!.id);
  return (await getRun(deps.db, run!.id))!;
}

/** The check's status in the latest earlier run that had it; null when it never ran. */
async function lastStatus(deps: DiagnosticsDeps, check: DiagnosticCheckName, before: Date) {
  const [row] = await deps.db
    .select({ status: diagnosticResults.status })
    .from(diagnosticResults)
    .innerJoin(diagnosticRuns, eq(diagnosticRuns.id, diagnosticResults.runId))
    .where(and(eq(diagnosticResults.check, check), lt(diagnosticRuns.startedAt, before)))
    .orderBy(desc(diagnosticRuns.startedAt))
    .limit(1);
  return row?.status ?? null;
}

async function tellFailure(deps: DiagnosticsDeps, check: DiagnosticCheckName, runId: string) {
  if (!deps.notifier) return;
  try {
    await tellAdmins(deps.db, deps.notifier, {
      type: 'account',
      text: {
        key: 'notifications:staff.checkFailed',
        values: { check: { text: { key: `notifications:staff.checks.${check}` } } },
      },
      data: { diagnosticRunId: runId, check },
      // In the inbox only: the failing check may be the email itself.
      email: false,
    });
  } catch (error) {
    deps.logger.error({ err: error, check }, 'could not tell the admins of a failed system check');
  }
}
