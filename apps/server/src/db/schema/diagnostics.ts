import { index, integer, jsonb, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';

/** One run of the system checks: started by an admin (Run now) or by the hourly schedule. */
export const diagnosticRuns = pgTable(
  'diagnostic_runs',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** 'manual' (an admin pressed Run now) or 'schedule' (the hourly run). */
    trigger: text('trigger').$type<'manual' | 'schedule'>().notNull(),
    /** The admin who started it; null for the schedule. */
    startedBy: text('started_by'),
    /** The worst status among its checks: 'ok', 'warn' or 'fail'. */
    status: text('status').$type<'ok' | 'warn' | 'fail'>().notNull(),
    startedAt: timestamp('started_at', { withTimezone: true, mode: 'date' }).notNull(),
    finishedAt: timestamp('finished_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [index('diagnostic_runs_started_idx').on(t.startedAt)],
);

/** What one check found in one run. */
export const diagnosticResults = pgTable(
  'diagnostic_results',
  {
    runId: uuid('run_id')
      .notNull()
      .references(() => diagnosticRuns.id, { onDelete: 'cascade' }),
    /** The check's name: 'database', 'jobs', 'smtp', … */
    check: text('check_name').notNull(),
    /** Where it comes in the run's list. */
    position: integer('position').notNull(),
    status: text('status').$type<'ok' | 'warn' | 'fail'>().notNull(),
    /** A short sentence in plain words. */
    message: text('message').notNull(),
    durationMs: integer('duration_ms').notNull(),
    details: jsonb('details').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [primaryKey({ columns: [t.runId, t.check] }), index('diagnostic_results_check_idx').on(t.check, t.runId)],
);
