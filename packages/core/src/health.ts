import { z } from 'zod';

/** What `GET /api/health` answers: 200 when everything is up, 503 with the same body when not. */
export const healthSchema = z.object({
  status: z.enum(['ok', 'degraded']),
  version: z.string(),
  database: z.object({ reachable: z.boolean(), kind: z.enum(['pglite', 'postgres']) }),
  migrations: z.object({ applied: z.number().int(), expected: z.number().int(), upToDate: z.boolean() }),
  jobs: z.object({ reachable: z.boolean() }).describe('The background job queue answers'),
});
export type Health = z.infer<typeof healthSchema>;
