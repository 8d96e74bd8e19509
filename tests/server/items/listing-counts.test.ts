import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EXACT_COUNT_LIMIT } from '../../../server/items/items.repository.js';
import { createAuctionType, createBranch, createItem } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, TEST_ENGINES, type TestServer } from '../../helpers/test-server.js';

/** Adds `n` lots named `<word> <i>` of one sale in one statement. */
async function addLots(server: TestServer, n: number, word: string, auctionTypeId: number, branchId: number) {
  await sql`
    INSERT INTO items (name, description, target_amount, auction_type_id, branch_id, created_at)
    SELECT ${word} || ' ' || g, 'Bulk lot.', 1000 * g, ${auctionTypeId}, ${branchId}, now() - make_interval(secs => g)
    FROM generate_series(1, ${n}) g`.execute(server.database.db);
}

describe.each(TEST_ENGINES)('listing counts at catalogue scale (issue 21, %s)', (engine) => {
  let server: TestServer;
  let client: TestClient;
  let cash: number;
  let online: number;
  let branch: number;

  beforeAll(async () => {
    server = await startTestServer({ engine });
    client = new TestClient(server.url);
    const db = server.database.db;
    branch = await createBranch(db, 'Blantyre');
    cash = await createAuctionType(db, 'cash', 'Daily Sale');
    online = await createAuctionType(db, 'online', 'Online Auction');
    await addLots(server, EXACT_COUNT_LIMIT + 45, 'Generator', online, branch);
    await addLots(server, 30, 'Sofa', cash, branch);
  });
  afterAll(async () => {
    await server?.stop();
  });

  it('when lots are added, sold, moved to another sale or deleted, then the tab counts follow exactly', async () => {
    const db = server.database.db;
    const before = (await client.get('/ajax-items')).body;
    expect(before.counts).toEqual({ all: EXACT_COUNT_LIMIT + 75, cash: 30, online: EXACT_COUNT_LIMIT + 45, live: 0 });
    expect(before.total).toBe(EXACT_COUNT_LIMIT + 75);

    const a = await createItem(db, { auction_type_id: cash, name: 'Counted chair' });
    const b = await createItem(db, { auction_type_id: cash, name: 'Counted table' });
    await db.updateTable('items').set({ status: 'sold' }).where('id', '=', a).execute();
    await db.updateTable('items').set({ auction_type_id: online }).where('id', '=', b).execute();
    await db.updateTable('items').set({ status: 'withdrawn' }).where('name', '=', 'Sofa 1').execute();
    await db.deleteFrom('items').where('name', '=', 'Sofa 2').execute();
    await db.updateTable('items').set({ bid_amount: 5000, bid_count: 1 }).where('name', '=', 'Sofa 3').execute();
    // Another filter set would wait for the counts' short reuse; compare with the database itself.
    const { body } = await client.get('/ajax-items?auction_type_id=' + cash);
    const real = await db
      .selectFrom('items')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('auction_type_id', '=', cash)
      .where('status', '!=', 'withdrawn')
      .executeTakeFirstOrThrow();
    expect(body.counts.cash).toBe(Number(real.n));
    expect(body.counts.cash).toBe(30 + 1 - 2);
  });

  it('when a filter matches more lots than are counted exactly, then every full page offers a next one and the last page makes the total exact', async () => {
    const first = (await client.get('/ajax-items?search=generator&per_page=100')).body;
    expect(first.data).toHaveLength(100);
    expect(first.total).toBeGreaterThan(EXACT_COUNT_LIMIT);
    expect(first.last_page).toBeGreaterThan(1);
    const lastFull = Math.floor((EXACT_COUNT_LIMIT + 45) / 100);
    const deep = (await client.get(`/ajax-items?search=generator&per_page=100&page=${lastFull}`)).body;
    expect(deep.data).toHaveLength(100);
    expect(deep.last_page).toBeGreaterThan(lastFull);
    const last = (await client.get(`/ajax-items?search=generator&per_page=100&page=${lastFull + 1}`)).body;
    expect(last.data).toHaveLength((EXACT_COUNT_LIMIT + 45) % 100);
    expect(last.total).toBe(EXACT_COUNT_LIMIT + 45);
    expect(last.last_page).toBe(lastFull + 1);
    expect(last.to).toBe(EXACT_COUNT_LIMIT + 45);
  });

  it('when a filter matches fewer lots than the exact limit, then the counts are exact', async () => {
    const { body } = await client.get('/ajax-items?search=sofa');
    // 30 sofas, one withdrawn and one deleted above.
    expect(body.counts).toEqual({ all: 28, cash: 28, online: 0, live: 0 });
    expect(body.total).toBe(28);
    expect(body.last_page).toBe(4);
  });
});
