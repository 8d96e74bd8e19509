import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listItemsQuerySchema } from '@shared/schemas/item.schema.js';
import { listItems, ListingBoundaries } from '../../../server/items/items.repository.js';
import { createAuctionType, createBranch } from '../../helpers/factories.js';
import { startTestServer, TEST_ENGINES, type TestServer } from '../../helpers/test-server.js';

const SORTS = ['newest', 'oldest', 'price_low', 'price_high'] as const;

describe.each(TEST_ENGINES)('listing pages after the previous page (keyset, issue 21, %s)', (engine) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    const db = server.database.db;
    const branch = await createBranch(db, 'Blantyre');
    const online = await createAuctionType(db, 'online', 'Online Auction');
    // Ties on purpose: prices repeat every 5 lots, creation times every 3 (to the microsecond).
    await sql`
      INSERT INTO items (name, description, target_amount, bid_amount, auction_type_id, branch_id, created_at)
      SELECT 'Keyset lot ' || g, 'Paged lot.', 1000 * (g % 5) + 1000, CASE WHEN g % 7 = 0 THEN 9000 END, ${online}, ${branch},
             timestamptz '2026-11-01 10:00:00.123456+00' + make_interval(secs => (g / 3) * 0.000017)
      FROM generate_series(1, 47) g`.execute(db);
  });
  afterAll(async () => {
    await server?.stop();
  });

  const page = (sort: (typeof SORTS)[number], n: number, boundaries?: ListingBoundaries) =>
    listItems(server.database.db, listItemsQuerySchema.parse({ sort_by: sort, per_page: 6, page: n, search: 'keyset' }), 1, new Date(), { boundaries });

  it.each(SORTS)('when pages are read one after another (%s), then each equals the page read by offset', async (sort) => {
    const boundaries = new ListingBoundaries();
    const seen: number[] = [];
    for (let n = 1; n <= 9; n++) {
      const [keyset, offset] = [await page(sort, n, boundaries), await page(sort, n)];
      expect(keyset.data.map((i) => i.id)).toEqual(offset.data.map((i) => i.id));
      expect({ ...keyset, data: undefined }).toEqual({ ...offset, data: undefined });
      seen.push(...keyset.data.map((i) => i.id));
    }
    expect(new Set(seen).size).toBe(47);
  });

  it('when a lot of the page shown goes away before Load more, then the next page starts right after the last lot shown', async () => {
    const boundaries = new ListingBoundaries();
    const first = await page('newest', 1, boundaries);
    const second = await page('newest', 2);
    await server.database.db.updateTable('items').set({ status: 'withdrawn' }).where('id', '=', first.data[2].id).execute();
    const next = await page('newest', 2, boundaries);
    expect(next.data.map((i) => i.id)).toEqual(second.data.map((i) => i.id));
    // By offset the first lot of that page would have been skipped.
    expect((await page('newest', 2)).data[0].id).toBe(second.data[1].id);
  });
});
