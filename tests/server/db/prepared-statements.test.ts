import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type DatabaseHandle } from '../../../server/db/database.js';
import { prepared, preparedQuery, statementName } from '../../../server/db/prepared-statements.js';
import { TEST_DATABASE_URL } from '../../helpers/test-database.js';

// One connection, so every statement and the look at pg_prepared_statements share it.
let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openDatabase({ databaseUrl: TEST_DATABASE_URL, poolSize: 1 });
});
afterAll(async () => {
  await handle?.close();
});

const preparedNames = async () =>
  (await sql<{ name: string }>`SELECT name FROM pg_prepared_statements ORDER BY name`.execute(handle.db)).rows.map((r) => r.name);

describe('statements prepared once per connection (the bid path)', () => {
  it('when a marked statement runs several times with different values, then PostgreSQL holds it prepared under one name and answers each call', async () => {
    const run = (ids: number[]) =>
      sql<{ n: number }>`${prepared('sum_of_ids')} SELECT coalesce(sum(x), 0)::int AS n FROM unnest(${ids}::bigint[]) AS x`.execute(handle.db);
    expect((await run([1, 2, 3])).rows[0].n).toBe(6);
    expect((await run([10])).rows[0].n).toBe(10);
    expect((await run([])).rows[0].n).toBe(0);
    const names = (await preparedNames()).filter((n) => n.startsWith('sum_of_ids_'));
    expect(names).toHaveLength(1);
  });

  it('when a statement is not marked, then it is not kept prepared', async () => {
    await sql`SELECT 41 + ${1}::int AS answer`.execute(handle.db);
    const names = await preparedNames();
    expect(names.every((n) => n.startsWith('sum_of_ids_'))).toBe(true);
  });

  it('when two marked texts share a mark, then each gets a name of its own (no clash of texts under one name)', async () => {
    const a = await sql<{ v: number }>`${prepared('shape')} SELECT ${1}::int AS v`.execute(handle.db);
    const b = await sql<{ v: number }>`${prepared('shape')} SELECT ${2}::int + 1 AS v`.execute(handle.db);
    expect([a.rows[0].v, b.rows[0].v]).toEqual([1, 3]);
    expect((await preparedNames()).filter((n) => n.startsWith('shape_'))).toHaveLength(2);
  });

  it('when a query built with the query builder is marked, then it is kept prepared under one name and answers each call', async () => {
    const byId = (id: number) =>
      handle.db.executeQuery(
        preparedQuery(
          'builder_lookup',
          handle.db
            .selectFrom(sql`generate_series(1, 3)`.as('v'))
            .select(sql<number>`v`.as('v'))
            .where(sql`v`, '=', id)
            .compile(),
        ),
      );
    expect((await byId(2)).rows).toEqual([{ v: 2 }]);
    expect((await byId(5)).rows).toEqual([]);
    expect((await preparedNames()).filter((n) => n.startsWith('builder_lookup_'))).toHaveLength(1);
    expect(() => preparedQuery('Not valid', handle.db.selectNoFrom(sql<number>`1`.as('one')).compile())).toThrow(/invalid statement name/);
  });

  it('when a name is not lower-case letters, digits and underscores, then marking it throws', () => {
    expect(() => prepared('Drop table')).toThrow(/invalid statement name/);
    expect(statementName('SELECT 1')).toBeUndefined();
    expect(statementName('/* prepare lock_items */ SELECT 1')).toMatch(/^lock_items_[0-9a-f]{12}$/);
  });
});
