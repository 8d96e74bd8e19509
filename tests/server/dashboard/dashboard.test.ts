import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeAuction } from '../../../server/auctions/auctions.commands.js';
import { systemActor } from '../../../server/events/domain-events.js';
import { createTestRunner } from '../../helpers/commands.js';
import { createCustomer, createItem } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
/** A known bid set between Alice and Bob (see the numbers in the tests). */
let fx: {
  alice: TestClient;
  bob: TestClient;
  carol: TestClient;
  aliceId: number;
  bobId: number;
  items: { i1: number; i2: number; i3: number; i4: number; i5: number };
};

beforeAll(async () => {
  server = await startTestServer();
  const db = server.database.db;
  const [a, b, c] = await Promise.all([createCustomer(db), createCustomer(db), createCustomer(db)]);
  const alice = new TestClient(server.url, a.token);
  const bob = new TestClient(server.url, b.token);
  const hour = 3600_000;
  const i1 = await createItem(db, { name: 'Toyota Hilux double cab', date_to: new Date(Date.now() + 2 * hour) });
  const i2 = await createItem(db, { name: 'Samsung fridge', date_to: new Date(Date.now() + 5 * hour) });
  const i3 = await createItem(db, { name: 'Honda generator' });
  const i4 = await createItem(db, { name: 'Dell laptop' });
  const i5 = await createItem(db, { name: 'Tractor plough', reserve_price: 1_000_000 });
  const bid = async (who: TestClient, itemId: number, amount: number) => {
    const res = await who.post('/ajax-bid', { item_id: itemId, amount });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
  };
  await bid(alice, i1, 110_000);
  await bid(bob, i1, 120_000);
  await bid(alice, i1, 130_000); // Alice winning I1 (2 bids)
  await bid(alice, i2, 200_000);
  await bid(bob, i2, 250_000); // Alice outbid on I2
  await bid(alice, i3, 300_000); // Alice wins I3
  await bid(alice, i4, 400_000);
  await bid(bob, i4, 450_000); // Bob wins I4, Alice lost
  await bid(alice, i5, 500_000); // reserve not met: unsold, Alice lost
  for (const id of [i3, i4, i5]) {
    await db
      .updateTable('items')
      .set({ date_to: new Date(Date.now() - 1000) })
      .where('id', '=', id)
      .execute();
    await createTestRunner(db).runner.run(closeAuction, systemActor('test'), { itemId: id });
  }
  await alice.post('/api/watchlist', { item_id: i2 });
  await alice.post('/api/watchlist', { item_id: i4 });
  fx = { alice, bob, carol: new TestClient(server.url, c.token), aliceId: a.id, bobId: b.id, items: { i1, i2, i3, i4, i5 } };
});
afterAll(async () => {
  await server?.stop();
});

describe('bid dashboard (spec/accounts-and-shell.md §2, §3, §4, §7)', () => {
  it('when a user has a known bid set, then the stats are its arithmetic', async () => {
    const res = await fx.alice.get('/api/bid-dashboard/stats');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      total_bids: 6, // every bid placed, raises included
      active_bids: 2, // I1, I2
      won_auctions: 1, // I3
      lost_auctions: 2, // I4 (Bob won), I5 (unsold)
      watchlist_count: 2,
      total_bid_amount: 1_530_000, // 130k + 200k + 300k + 400k + 500k (highest per item)
      average_bid_amount: 306_000, // 1,530,000 / 5 items
      highest_bid: 500_000,
      win_rate: 33.3, // 1 of 3 decided
    });
    const bob = await fx.bob.get('/api/bid-dashboard/stats');
    expect(bob.body).toMatchObject({
      total_bids: 3,
      active_bids: 2,
      won_auctions: 1,
      lost_auctions: 0,
      total_bid_amount: 820_000,
      average_bid_amount: 273_333,
      highest_bid: 450_000,
      win_rate: 100,
      watchlist_count: 0,
    });
  });

  it('when listing active bids, then one entry per item with the user’s highest bid and Winning/Outbid, ending soonest first', async () => {
    const res = await fx.alice.get('/api/bid-dashboard/active-bids');
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ current_page: 1, last_page: 1, per_page: 10, total: 2, from: 1, to: 2 });
    expect(
      res.body.data.map((d: { item_id: number; status: string; bid_amount: number; current_bid: number; my_bid_count: number }) => [
        d.item_id,
        d.status,
        d.bid_amount,
        d.current_bid,
        d.my_bid_count,
      ]),
    ).toEqual([
      [fx.items.i1, 'winning', 130_000, 130_000, 2],
      [fx.items.i2, 'outbid', 200_000, 250_000, 1],
    ]);
    const first = res.body.data[0];
    expect(first).toMatchObject({
      user_id: fx.aliceId,
      closed_by: null,
      item: { id: fx.items.i1, name: 'Toyota Hilux double cab', bid_amount: 130_000, min_next_bid: 130_001 },
      auctionType: { type: 'online' },
    });
  });

  it('when listing history, then Won when closed_by is the user, otherwise Lost, with status filter, search and pagination', async () => {
    const all = await fx.alice.get('/api/bid-dashboard/bid-history');
    expect(all.body.total).toBe(3);
    const statusOf = (rows: { item_id: number; status: string }[]) => Object.fromEntries(rows.map((r) => [r.item_id, r.status]));
    expect(statusOf(all.body.data)).toEqual({ [fx.items.i3]: 'won', [fx.items.i4]: 'lost', [fx.items.i5]: 'lost' });
    const won = await fx.alice.get('/api/bid-dashboard/bid-history?status=won');
    expect(won.body.data.map((d: { item_id: number }) => d.item_id)).toEqual([fx.items.i3]);
    const lost = await fx.alice.get('/api/bid-dashboard/bid-history?status=lost');
    expect(lost.body.data.map((d: { item_id: number }) => d.item_id).sort()).toEqual([fx.items.i4, fx.items.i5].sort());
    const searched = await fx.alice.get('/api/bid-dashboard/bid-history?search=laptop');
    expect(searched.body.data.map((d: { item_id: number }) => d.item_id)).toEqual([fx.items.i4]);
    const paged = await fx.alice.get('/api/bid-dashboard/bid-history?per_page=1&page=2');
    expect(paged.body).toMatchObject({ current_page: 2, last_page: 3, per_page: 1, total: 3, from: 2, to: 2 });
    expect(paged.body.data).toHaveLength(1);
    expect((await fx.alice.get('/api/bid-dashboard/bid-history?status=nonsense')).status).toBe(422);
  });

  it('when two users bid on the same items, then each sees only their own bids; a user without bids sees zeros', async () => {
    const bob = await fx.bob.get('/api/bid-dashboard');
    expect(bob.status).toBe(200);
    const bobEntries = [...bob.body.active_bids.data, ...bob.body.bid_history.data];
    expect(bobEntries.every((d: { user_id: number }) => d.user_id === fx.bobId)).toBe(true);
    expect(Object.fromEntries(bobEntries.map((d: { item_id: number; status: string; bid_amount: number }) => [d.item_id, [d.status, d.bid_amount]]))).toEqual({
      [fx.items.i1]: ['outbid', 120_000],
      [fx.items.i2]: ['winning', 250_000],
      [fx.items.i4]: ['won', 450_000],
    });
    expect(bob.body.watchlist).toEqual({ data: [], meta: { current_page: 1, last_page: 1, per_page: 5, total: 0, from: null, to: null } });

    const carol = await fx.carol.get('/api/bid-dashboard');
    expect(carol.body.active_bids).toMatchObject({ data: [], total: 0 });
    expect(carol.body.bid_history).toMatchObject({ data: [], total: 0 });
    expect(carol.body.stats).toEqual({
      total_bids: 0,
      active_bids: 0,
      won_auctions: 0,
      lost_auctions: 0,
      watchlist_count: 0,
      total_bid_amount: 0,
      average_bid_amount: 0,
      highest_bid: 0,
      win_rate: 0,
    });
  });

  it('when the whole dashboard is asked for, then it has active_bids, bid_history, the first watchlist items and stats', async () => {
    const res = await fx.alice.get('/api/bid-dashboard');
    expect(Object.keys(res.body).sort()).toEqual(['active_bids', 'bid_history', 'stats', 'watchlist']);
    expect(res.body.watchlist.data.map((d: { id: number }) => d.id)).toEqual([fx.items.i4, fx.items.i2]);
    expect(res.body.stats.win_rate).toBe(33.3);
    expect((await new TestClient(server.url).get('/api/bid-dashboard')).status).toBe(401);
    expect((await new TestClient(server.url).get('/api/bid-dashboard/stats')).status).toBe(401);
  });
});
