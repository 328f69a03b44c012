import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // Tests of several app processes sharing one PostgreSQL server run in the PostgreSQL pass
    // (DATABASE_URL set); the embedded database belongs to one process by design. Tests of reads
    // from a streaming replica run only beside one (scripts/with-replica.sh).
    exclude: [
      ...(process.env.DATABASE_URL ? [] : ['test/**/*.postgres.test.ts']),
      ...(process.env.DATABASE_REPLICA_URL ? [] : ['test/**/*.replica.test.ts']),
    ],
    setupFiles: ['test/ledger-check.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});
