import type { DiagnosticRun } from '@ecogrid/core/diagnostics';
import { peopleByIds } from '#src/features/auth/profile.service.ts';
import type { Jobs } from '#src/platform/jobs.ts';
import { runDiagnostics } from './run-diagnostics.ts';
import type { DiagnosticsDeps } from './types.ts';

export { getRun, listRuns } from './history.service.ts';

/** The system checks as the app and the schedule use them. */
export type Diagnostics = {
  /** Runs every check now for the admin who asked (Run now) and returns the run. */
  runFor(adminId: string): Promise<DiagnosticRun>;
};

/** Every hour, on the hour in Kampala, once across all app processes. */
export const DIAGNOSTICS_SCHEDULE = { name: 'diagnostics', cron: '0 * * * *' } as const;

/** Puts the hourly run on the job queue's schedule and answers Run now. */
export async function startDiagnostics(deps: DiagnosticsDeps, jobs: Pick<Jobs, 'schedule'>): Promise<Diagnostics> {
  await jobs.schedule(DIAGNOSTICS_SCHEDULE.name, DIAGNOSTICS_SCHEDULE.cron, async () => {
    const run = await runDiagnostics(deps, { trigger: 'schedule', starter: null });
    deps.logger.info({ runId: run.id, status: run.status }, 'system checks done');
  });
  return {
    async runFor(adminId) {
      const person = (await peopleByIds(deps.db, [adminId])).get(adminId);
      return runDiagnostics(deps, { trigger: 'manual', starter: { id: adminId, email: person?.email ?? null } });
    },
  };
}
