import type { DiagnosticResult, DiagnosticRun, DiagnosticRunSummary } from '@ecogrid/core/diagnostics';
import { asc, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '#src/db/client.ts';
import { diagnosticResults, diagnosticRuns } from '#src/db/schema/diagnostics.ts';
import { peopleByIds } from '#src/features/auth/profile.service.ts';
import { after, toPage, type Page, type PageQuery } from '#src/platform/pagination.ts';

type RunRow = typeof diagnosticRuns.$inferSelect;

async function summaries(db: Database, runs: RunRow[]): Promise<Map<string, DiagnosticRunSummary>> {
  const ids = runs.map((r) => r.id);
  const counts =
    ids.length === 0
      ? []
      : await db
          .select({
            runId: diagnosticResults.runId,
            status: diagnosticResults.status,
            count: sql<number>`count(*)::int`,
          })
          .from(diagnosticResults)
          .where(inArray(diagnosticResults.runId, ids))
          .groupBy(diagnosticResults.runId, diagnosticResults.status);
  const people = await peopleByIds(
    db,
    runs.flatMap((r) => (r.startedBy ? [r.startedBy] : [])),
  );
  return new Map(
    runs.map((run) => {
      const of = (status: 'ok' | 'warn' | 'fail') =>
        Number(counts.find((c) => c.runId === run.id && c.status === status)?.count ?? 0);
      const person = run.startedBy ? people.get(run.startedBy) : undefined;
      return [
        run.id,
        {
          id: run.id,
          trigger: run.trigger,
          startedByName: person ? person.name || person.email || person.phone || null : null,
          status: run.status,
          startedAt: run.startedAt.toISOString(),
          finishedAt: run.finishedAt.toISOString(),
          counts: { ok: of('ok'), warn: of('warn'), fail: of('fail') },
        },
      ];
    }),
  );
}

/** Runs, newest first, a page at a time. */
export async function listRuns(db: Database, query: PageQuery): Promise<Page<DiagnosticRunSummary>> {
  const rows = await db
    .select()
    .from(diagnosticRuns)
    .where(after(diagnosticRuns.startedAt, diagnosticRuns.id, query.cursor))
    .orderBy(desc(diagnosticRuns.startedAt), desc(diagnosticRuns.id))
    .limit(query.limit + 1);
  const page = rows.slice(0, query.limit);
  const byId = await summaries(db, page);
  return toPage(
    rows.map((r) => ({ ...r, createdAt: r.startedAt })),
    query.limit,
    (r) => byId.get(r.id)!,
  );
}

/** One run with every check's result, in the order they were listed; null when there is no such run. */
export async function getRun(db: Database, id: string): Promise<DiagnosticRun | null> {
  const [run] = await db.select().from(diagnosticRuns).where(eq(diagnosticRuns.id, id));
  if (!run) return null;
  const results = await db
    .select()
    .from(diagnosticResults)
    .where(eq(diagnosticResults.runId, id))
    .orderBy(asc(diagnosticResults.position));
  const summary = (await summaries(db, [run])).get(run.id)!;
  return {
    ...summary,
    results: results.map((r): DiagnosticResult => ({
      check: r.check as DiagnosticResult['check'],
      status: r.status,
      message: r.message,
      durationMs: r.durationMs,
      details: r.details,
    })),
  };
}
