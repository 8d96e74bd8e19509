import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedLargeCatalogue } from '../../../server/db/seed/large-catalogue.js';
import { createAuctionType, createBranch } from '../../helpers/factories.js';
import { createTestDatabase, type TestDatabase } from '../../helpers/test-database.js';

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
  await createBranch(testDb.db, 'Blantyre');
  await createBranch(testDb.db, 'Lilongwe');
  for (const kind of ['cash', 'online', 'live'] as const) await createAuctionType(testDb.db, kind);
});
afterAll(async () => {
  await testDb?.drop();
});

describe('the large catalogue behind the listing figure (db:seed --large)', () => {
  it('when 3,000 lots are generated, then they are stored with every kind, searchable by full text', async () => {
    const db = testDb.db;
    const progress: [number, number][] = [];
    const summary = await seedLargeCatalogue(db, { count: 3000, batchSize: 1000, onProgress: (n, total) => progress.push([n, total]) });
    expect(summary.items).toBe(3000);
    // `db:seed -- --large` draws its progress bar from these.
    expect(progress).toEqual([
      [1000, 3000],
      [2000, 3000],
      [3000, 3000],
    ]);
    const kinds = await db
      .selectFrom('items')
      .innerJoin('auction_types as at', 'at.id', 'items.auction_type_id')
      .select(['at.type', sql<number>`count(*)::int`.as('n')])
      .groupBy('at.type')
      .execute();
    expect(kinds.reduce((sum, k) => sum + k.n, 0)).toBe(3000);
    expect(kinds.map((k) => k.type).sort()).toEqual(['cash', 'live', 'online']);
    const toyotas = await db
      .selectFrom('items')
      .select(sql<number>`count(*)::int`.as('n'))
      .where(sql<boolean>`search_vector @@ plainto_tsquery('english', 'toyota')`)
      .executeTakeFirstOrThrow();
    expect(toyotas.n).toBeGreaterThan(0);
    // Codes continue after the highest id: a second run adds without clashing.
    await seedLargeCatalogue(db, { count: 500 });
    const codes = await db
      .selectFrom('items')
      .select(sql<number>`count(DISTINCT code)::int`.as('n'))
      .executeTakeFirstOrThrow();
    expect(codes.n).toBe(3500);
  });
});
