import fc from 'fast-check';
import { io as connect, type Socket } from 'socket.io-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { grantRole } from '../../helpers/factories.js';
import { createCustomer, createItem } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { ReferenceAuction } from '../../helpers/reference-auction.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const client = (token: string) => new TestClient(server.url, token);
const stored = (itemId: number) =>
  server.database.db.selectFrom('bids').select(['user_id', 'bid_amount', 'automatic']).where('item_id', '=', itemId).orderBy('id').execute();
const lot = (itemId: number) =>
  server.database.db.selectFrom('items').select(['bid_amount', 'leader_id', 'bid_count']).where('id', '=', itemId).executeTakeFirstOrThrow();

/** An admin, three customers and a lot starting at MK 100 (the retraction tests). */
async function operatorAndThreeBidders() {
  const db = server.database.db;
  const admin = await createCustomer(db);
  await grantRole(db, admin.id, 'admin');
  const [a, b, c] = [await createCustomer(db), await createCustomer(db), await createCustomer(db)];
  return { db, admin, a, b, c, itemId: await createItem(db, { target_amount: 100 }) };
}

async function watch(
  itemId: number,
  userToken?: string,
): Promise<{ socket: Socket; placed: { bid: { user_id: number; bid_amount: number; automatic?: boolean } }[]; outbid: unknown[] }> {
  const socket = connect(server.url, { transports: ['websocket'], forceNew: true, ...(userToken ? { auth: { token: userToken } } : {}) });
  const placed: { bid: { user_id: number; bid_amount: number; automatic?: boolean } }[] = [];
  const outbid: unknown[] = [];
  socket.on('bid:placed', (e) => placed.push(e));
  socket.on('bid:outbid', (e) => outbid.push(e));
  await new Promise<void>((r) => socket.on('connect', r));
  await socket.emitWithAck('item:subscribe', { item_id: itemId });
  return { socket, placed, outbid };
}

describe('maximum bids through POST /ajax-bid (issue "Bidding engine")', () => {
  it('when A leaves a maximum and B bids below it, then B is outbid at once one increment above, A leads, and the maximum stays private', async () => {
    const db = server.database.db;
    const a = await createCustomer(db);
    const b = await createCustomer(db);
    const itemId = await createItem(db, { target_amount: 1000 });

    const first = await client(a.token).post('/ajax-bid', { item_id: itemId, amount: 1001, max_amount: 5000 });
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ success: true, leading: true, max_amount: 5000, item: { bid_amount: 1001, min_next_bid: 1002 } });

    const watcher = await watch(itemId);
    const second = await client(b.token).post('/ajax-bid', { item_id: itemId, amount: 2000 });
    expect(second.status).toBe(200);
    expect(second.body).toMatchObject({
      success: true,
      leading: false,
      max_amount: null,
      bid: { user_id: b.id, bid_amount: 2000 },
      item: { bid_amount: 2001 },
    });
    expect(second.body.message).toContain('outbid');
    expect(await stored(itemId)).toEqual([
      { user_id: a.id, bid_amount: 1001, automatic: false },
      { user_id: b.id, bid_amount: 2000, automatic: false },
      { user_id: a.id, bid_amount: 2001, automatic: true },
    ]);
    expect(await lot(itemId)).toEqual({ bid_amount: 2001, leader_id: a.id, bid_count: 3 });
    await expect.poll(() => watcher.placed.length).toBe(2);
    expect(watcher.placed.map((e) => [e.bid.user_id, e.bid.bid_amount, e.bid.automatic])).toEqual([
      [b.id, 2000, false],
      [a.id, 2001, true],
    ]);
    expect(JSON.stringify(watcher.placed)).not.toContain('5000');
    watcher.socket.disconnect();

    // What each one sees of the lot: their own standing; a guest sees no maximum.
    const asA = await client(a.token).get(`/ajax-item/${itemId}`);
    expect(asA.body.viewer).toEqual({ leading: true, max_amount: 5000, has_bid: true });
    const asB = await client(b.token).get(`/ajax-item/${itemId}`);
    expect(asB.body.viewer).toEqual({ leading: false, max_amount: null, has_bid: true });
    const asGuest = await new TestClient(server.url).get(`/ajax-item/${itemId}`);
    expect(asGuest.body.viewer).toBeUndefined();
    expect(JSON.stringify(asGuest.body)).not.toContain('5000');
    const history = await new TestClient(server.url).get(`/api/open-item/${itemId}/bids`);
    expect(history.body.data.map((x: { automatic: boolean }) => x.automatic)).toEqual([true, false, false]);
    expect(JSON.stringify(history.body)).not.toContain('5000');
  });

  it('when the leader raises their maximum, then the price does not move; a lower maximum is refused on max_amount', async () => {
    const db = server.database.db;
    const a = await createCustomer(db);
    const itemId = await createItem(db, { target_amount: 100 });
    await client(a.token).post('/ajax-bid', { item_id: itemId, amount: 101, max_amount: 500 });
    const raise = await client(a.token).post('/ajax-bid', { item_id: itemId, amount: 102, max_amount: 900 });
    expect(raise.status).toBe(200);
    expect(raise.body).toMatchObject({ bid: null, leading: true, max_amount: 900, item: { bid_amount: 101 } });
    expect(raise.body.message).toBe('Your maximum is now MK 900.');
    const lower = await client(a.token).post('/ajax-bid', { item_id: itemId, amount: 102, max_amount: 800 });
    expect(lower.status).toBe(422);
    expect(lower.body.errors.max_amount[0]).toContain('already MK 900');
    expect(await lot(itemId)).toMatchObject({ bid_amount: 101, bid_count: 1 });
  });

  it('when amounts are not digits, or the maximum is below the bid, then 422 and nothing is stored', async () => {
    const db = server.database.db;
    const a = await createCustomer(db);
    const itemId = await createItem(db, { target_amount: 100 });
    for (const amount of ['1e9', '150.5', '-200', '0x1F4', ' 1e3', 150.5]) {
      const r = await client(a.token).post('/ajax-bid', { item_id: itemId, amount });
      expect(r.status, String(amount)).toBe(422);
      expect(r.body.errors.amount).toEqual(['Please enter a valid amount']);
    }
    const commas = await client(a.token).post('/ajax-bid', { item_id: itemId, amount: '1,000', max_amount: '999' });
    expect(commas.status).toBe(422);
    expect(commas.body.errors.max_amount).toEqual(['Your maximum must be at least your bid.']);
    expect(await stored(itemId)).toEqual([]);
  });

  it('when a maximum reaches the reserve, then the price rises to the reserve and reserve_met turns true', async () => {
    const db = server.database.db;
    const a = await createCustomer(db);
    const b = await createCustomer(db);
    const itemId = await createItem(db, { target_amount: 100, reserve_price: 3000 });
    const guest = new TestClient(server.url);
    expect((await guest.get(`/ajax-item/${itemId}`)).body).toMatchObject({ reserve_met: false });
    expect(JSON.stringify((await guest.get(`/ajax-item/${itemId}`)).body)).not.toContain('3000');
    await client(b.token).post('/ajax-bid', { item_id: itemId, amount: 200 });
    expect((await guest.get(`/ajax-item/${itemId}`)).body).toMatchObject({ reserve_met: false, bid_amount: 200 });
    const r = await client(a.token).post('/ajax-bid', { item_id: itemId, amount: 300, max_amount: 4000 });
    expect(r.body.item.bid_amount).toBe(3000);
    expect((await guest.get(`/ajax-item/${itemId}`)).body).toMatchObject({ reserve_met: true, bid_amount: 3000 });
    const plain = await createItem(db, { target_amount: 100 });
    expect((await guest.get(`/ajax-item/${plain}`)).body.reserve_met).toBeNull();
  });
});

describe('increment bands and retraction (issue "Bidding engine")', () => {
  it('when operators set a global table and a sale’s own, then each lot’s minimum follows its table; without tables the flat setting is the one band', async () => {
    const db = server.database.db;
    const admin = await createCustomer(db);
    await grantRole(db, admin.id, 'admin');
    const ops = client(admin.token);
    const itemA = await createItem(db, { target_amount: 1000 });
    const itemB = await createItem(db, { target_amount: 1000 });
    const saleB = (await db.selectFrom('items').select('auction_type_id').where('id', '=', itemB).executeTakeFirstOrThrow()).auction_type_id;

    expect((await ops.get(`/api/bid-increments?item_id=${itemA}`)).body).toEqual({ data: [{ from: 0, increment: 1 }] });
    expect((await ops.request('PUT', '/api/admin/bid-increments', { auction_type_id: null, bands: [{ from: 1000, increment: 50 }] })).status).toBe(200);
    expect((await ops.request('PUT', '/api/admin/bid-increments', { auction_type_id: saleB, bands: [{ from: 0, increment: 200 }] })).status).toBe(200);
    expect((await ops.get(`/api/bid-increments?item_id=${itemA}`)).body.data).toEqual([
      { from: 0, increment: 50 },
      { from: 1000, increment: 50 },
    ]);
    expect((await ops.get(`/ajax-item/${itemA}`)).body.min_next_bid).toBe(1050);
    expect((await ops.get(`/ajax-item/${itemB}`)).body.min_next_bid).toBe(1200);
    const bad = await ops.request('PUT', '/api/admin/bid-increments', { auction_type_id: null, bands: [{ from: 5, increment: 0 }] });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors)[0]).toContain('bands');
    const customer = await createCustomer(db);
    expect((await client(customer.token).request('PUT', '/api/admin/bid-increments', { auction_type_id: null, bands: [] })).status).toBe(403);
    const audit = await db.selectFrom('domain_events').select(['type', 'actor_id']).where('type', '=', 'increments.changed').execute();
    expect(audit.length).toBeGreaterThanOrEqual(2);
    // Back to the flat setting for the other tests.
    await ops.request('PUT', '/api/admin/bid-increments', { auction_type_id: null, bands: [] });
    expect((await ops.get(`/ajax-item/${itemA}`)).body.min_next_bid).toBe(1001);
  });

  it('when a bidder whose maximum was passed bids again plainly, then their bid is their maximum: no row is written for plain bids, and a retraction and the operator view count the bid, not the old maximum', async () => {
    const { db, admin, a, b, c, itemId } = await operatorAndThreeBidders();
    await client(a.token).post('/ajax-bid', { item_id: itemId, amount: 101, max_amount: 150 });
    expect((await client(b.token).post('/ajax-bid', { item_id: itemId, amount: 120, max_amount: 300 })).body).toMatchObject({
      leading: true,
      item: { bid_amount: 151 },
    });
    // A's maximum (150) is passed; A bids 200 plainly: B's maximum answers at 201.
    expect((await client(a.token).post('/ajax-bid', { item_id: itemId, amount: 200 })).body).toMatchObject({ leading: false, item: { bid_amount: 201 } });
    // C only ever bids plainly: C has no maximum row, yet leads like anyone.
    expect((await client(c.token).post('/ajax-bid', { item_id: itemId, amount: 400 })).body).toMatchObject({ leading: true, item: { bid_amount: 400 } });
    const rows = await db.selectFrom('maximum_bids').select(['user_id', 'max_amount']).where('item_id', '=', itemId).orderBy('user_id').execute();
    expect(rows).toEqual([
      { user_id: a.id, max_amount: 150 },
      { user_id: b.id, max_amount: 300 },
    ]);
    // C's own maximum is their bid: nothing above it to show them.
    expect((await client(c.token).get(`/ajax-item/${itemId}`)).body.viewer).toMatchObject({ leading: true, max_amount: null });
    // C is raised by a plain bid only when not leading; as leader a plain bid is refused.
    expect((await client(c.token).post('/ajax-bid', { item_id: itemId, amount: 500 })).status).toBe(422);

    // Operators see the maximums that still stand: B's; A's 150 was passed by A's own bid of 200.
    const view = await client(admin.token).get(`/api/admin/items/${itemId}/bids`);
    expect(view.body.maximums.map((m: { user_id: number; max_amount: number }) => [m.user_id, Number(m.max_amount)])).toEqual([[b.id, 300]]);

    // Retracting C's and B's bids: A's standing maximum is their bid of 200, not the stale 150.
    const cBidId = (await db.selectFrom('bids').select('id').where('item_id', '=', itemId).where('user_id', '=', c.id).executeTakeFirstOrThrow()).id;
    expect((await client(admin.token).post(`/api/admin/bids/${cBidId}/retract`, { reason: 'Wrong lot' })).body.data).toMatchObject({
      leader_id: b.id,
      bid_amount: 201,
    });
    const bBidId = (await db.selectFrom('bids').select('id').where('item_id', '=', itemId).where('user_id', '=', b.id).orderBy('id').executeTakeFirstOrThrow())
      .id;
    expect((await client(admin.token).post(`/api/admin/bids/${bBidId}/retract`, { reason: 'Shill bidding' })).body.data).toMatchObject({
      leader_id: a.id,
      bid_amount: 200,
    });
  });

  it('when an operator retracts a bid, then its automatic answers go with it, the lot is recomputed from the rest and the retraction is audited', async () => {
    const { db, admin, a, b, c, itemId } = await operatorAndThreeBidders();
    await client(a.token).post('/ajax-bid', { item_id: itemId, amount: 101, max_amount: 1000 });
    await client(b.token).post('/ajax-bid', { item_id: itemId, amount: 300 }); // A auto 301
    const cBid = await client(c.token).post('/ajax-bid', { item_id: itemId, amount: 2000 }); // C leads at 2000 (> A's maximum)
    expect(cBid.body.leading).toBe(true);

    const noReason = await client(admin.token).post(`/api/admin/bids/${cBid.body.bid.id}/retract`, { reason: '' });
    expect(noReason.status).toBe(422);
    const notOperator = await client(b.token).post(`/api/admin/bids/${cBid.body.bid.id}/retract`, { reason: 'mistake' });
    expect(notOperator.status).toBe(403);
    const r = await client(admin.token).post(`/api/admin/bids/${cBid.body.bid.id}/retract`, { reason: 'Bidder typed an extra zero' });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ leader_id: a.id, bid_amount: 301, bid_count: 3 });
    expect(await stored(itemId)).toEqual([
      { user_id: a.id, bid_amount: 101, automatic: false },
      { user_id: b.id, bid_amount: 300, automatic: false },
      { user_id: a.id, bid_amount: 301, automatic: true },
    ]);
    const moved = await db.selectFrom('retracted_bids').select(['user_id', 'reason', 'retracted_by']).where('item_id', '=', itemId).execute();
    expect(moved).toEqual([{ user_id: c.id, reason: 'Bidder typed an extra zero', retracted_by: admin.id }]);
    const event = await db
      .selectFrom('domain_events')
      .select(['payload', 'actor_id'])
      .where('type', '=', 'bid.retracted')
      .where('subject_id', '=', itemId)
      .executeTakeFirstOrThrow();
    expect(event.actor_id).toBe(admin.id);

    // Retracting B's bid takes A's automatic answer with it: A leads at their own 101 again.
    const bBidId = (await db.selectFrom('bids').select('id').where('item_id', '=', itemId).where('user_id', '=', b.id).executeTakeFirstOrThrow()).id;
    const again = await client(admin.token).post(`/api/admin/bids/${bBidId}/retract`, { reason: 'Shill bidding' });
    expect(again.body.data).toMatchObject({ leader_id: a.id, bid_amount: 101, bid_count: 1 });
    // The lot takes bids again from there.
    expect((await client(b.token).post('/ajax-bid', { item_id: itemId, amount: 102 })).body).toMatchObject({ leading: false, item: { bid_amount: 103 } });
  });
});

describe('the engine against the reference model on real PostgreSQL (fast-check)', () => {
  it('when generated asks arrive one by one and then many maximums race on one lot, then leader, price and refusals match the model and the stored bids hold their invariants', async () => {
    const db = server.database.db;
    const bidders = await Promise.all([0, 1, 2, 3, 4].map(() => createCustomer(db)));
    await fc.assert(
      fc.asyncProperty(
        fc.array(
          fc.record({
            who: fc.integer({ min: 0, max: 4 }),
            bump: fc.integer({ min: -3, max: 60 }),
            extra: fc.option(fc.integer({ min: 0, max: 200 }), { nil: null }),
          }),
          {
            minLength: 1,
            maxLength: 12,
          },
        ),
        fc.option(fc.integer({ min: 150, max: 600 }), { nil: null }),
        async (asks, reserve) => {
          const itemId = await createItem(db, { target_amount: 100, reserve_price: reserve });
          const model = new ReferenceAuction({ targetAmount: 100, reservePrice: reserve, bands: 1 });
          let order = 0;
          for (const a of asks) {
            const current = await lot(itemId);
            const minNext = Math.max(current.bid_amount ?? 0, 100) + 1;
            const amount = Math.max(1, minNext + a.bump);
            const maxAmount = a.extra == null ? null : amount + a.extra;
            const bidder = bidders[a.who];
            const r = await client(bidder.token).post('/ajax-bid', { item_id: itemId, amount, ...(maxAmount != null ? { max_amount: maxAmount } : {}) });
            const m = model.ask({ userId: bidder.id, amount, maxAmount }, order++);
            expect(r.status === 200 ? 'ok' : r.body.reason).toBe(m.ok ? 'ok' : m.reason);
            const now = await lot(itemId);
            expect({ leader: now.leader_id, price: now.bid_amount }).toEqual({ leader: model.leader, price: model.price });
          }
          // A race: every bidder sends a maximum at once.
          const minNext = Math.max((await lot(itemId)).bid_amount ?? 0, 100) + 1;
          const racing = await Promise.all(
            bidders.map((b, i) => client(b.token).post('/ajax-bid', { item_id: itemId, amount: minNext, max_amount: minNext + 17 * i })),
          );
          for (const r of racing) expect([200, 422]).toContain(r.status);
          const bids = await stored(itemId);
          for (let i = 1; i < bids.length; i++) expect(bids[i].bid_amount).toBeGreaterThan(bids[i - 1].bid_amount);
          const final = await lot(itemId);
          expect(final.bid_amount).toBe(bids.at(-1)?.bid_amount ?? null);
          expect(final.leader_id).toBe(bids.at(-1)?.user_id ?? null);
          expect(final.bid_count).toBe(bids.length);
          // The highest maximum of the race leads (unless a standing maximum was higher still).
          const maxima = await db.selectFrom('maximum_bids').select(['user_id', 'max_amount', 'set_order']).where('item_id', '=', itemId).execute();
          const best = [...maxima].sort((x, y) => Number(y.max_amount) - Number(x.max_amount) || Number(x.set_order) - Number(y.set_order))[0];
          expect(final.leader_id).toBe(best.user_id);
        },
      ),
      { numRuns: 12 },
    );
  }, 120_000);
});
