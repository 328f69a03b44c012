import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-db.ts';
import { queryRows, type DatabaseHandle } from './client.ts';

let database: DatabaseHandle & { destroy(): Promise<void> };
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.destroy());

describe('the reader without a replica', () => {
  it('is the primary itself, so reports read what was just written', async () => {
    expect(database.reader).toBe(database.db);
    await database.db.execute(sql`create table reader_probe (id int)`);
    await database.db.execute(sql`insert into reader_probe values (7)`);
    expect(await queryRows<{ id: number }>(database.reader, sql`select id from reader_probe`)).toEqual([{ id: 7 }]);
  });
});
