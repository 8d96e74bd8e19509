import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { MAX_REPLAYED_BIDS, type Ack, type BidPlacedEvent } from '@shared/events.js';
import { createCustomer, createItem } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
const sockets: Socket[] = [];

/** A guest socket keeping every `bid:placed` and `auction:closed` it hears. */
async function watcher() {
  const socket = connect(server.url, { transports: ['websocket'], forceNew: true });
  sockets.push(socket);
  const bids: BidPlacedEvent[] = [];
  const closed: unknown[] = [];
  socket.on('bid:placed', (e: BidPlacedEvent) => bids.push(e));
  socket.on('auction:closed', (e: unknown) => closed.push(e));
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  return { socket, bids, closed };
}

describe('a socket that comes back is sent the bids it missed (issue 17 "Live updates on a poor connection")', () => {
  beforeAll(async () => {
    server = await startTestServer({ engine: 'postgres' });
  });
  afterAll(async () => {
    for (const s of sockets) s.disconnect();
    await server?.stop();
  });

  it('when a socket subscribes again with the last bid it saw, then it gets every later bid of the lot once, in order, and the close; with nothing missed, nothing', async () => {
    const db = server.database.db;
    const itemId = await createItem(db, { target_amount: 1000 });
    const a = await createCustomer(db);
    const b = await createCustomer(db);
    const bid = (who: { token: string }, amount: number) => new TestClient(server.url, who.token).post('/ajax-bid', { item_id: itemId, amount });
    expect((await bid(a, 1001)).status).toBe(200);
    const seen = (await db.selectFrom('bids').select('id').where('item_id', '=', itemId).executeTakeFirstOrThrow()).id;
    // Three bids land while the socket is away.
    for (const [who, amount] of [
      [b, 1002],
      [a, 1003],
      [b, 1004],
    ] as const)
      expect((await bid(who, amount)).status).toBe(200);
    await db.updateTable('items').set({ status: 'sold', closed_by: b.id }).where('id', '=', itemId).execute();

    const w = await watcher();
    const ack = (await w.socket.timeout(10_000).emitWithAck('item:subscribe', { item_id: itemId, after_bid_id: seen })) as Ack;
    expect(ack).toEqual({ ok: true, replayed: 3 });
    await expect.poll(() => w.bids.length).toBe(3);
    expect(w.bids.map((e) => [e.bid.bid_amount, e.bid_count])).toEqual([
      [1002, 2],
      [1003, 3],
      [1004, 4],
    ]);
    expect(w.closed).toEqual([{ item_id: itemId, closed_by: b.id, status: 'sold' }]);

    const latest = w.bids.at(-1)!.bid.id;
    const again = await watcher();
    expect(await again.socket.timeout(10_000).emitWithAck('item:subscribe', { item_id: itemId, after_bid_id: latest })).toEqual({ ok: true, replayed: 0 });
  });

  it('when more bids were missed than are replayed, or the drop was too long, then the socket is told to read the lot again', async () => {
    const db = server.database.db;
    const busy = await createItem(db, { target_amount: 1000 });
    const bidders = await Promise.all([createCustomer(db), createCustomer(db)]);
    const rows = Array.from({ length: MAX_REPLAYED_BIDS + 1 }, (_, i) => ({ item_id: busy, user_id: bidders[i % 2].id, bid_amount: 1001 + i }));
    await db.insertInto('bids').values(rows).execute();
    const w = await watcher();
    expect(await w.socket.timeout(10_000).emitWithAck('item:subscribe', { item_id: busy, after_bid_id: 0 })).toEqual({ ok: true, reload: true });
    expect(w.bids).toEqual([]);

    const old = await createItem(db, { target_amount: 1000 });
    await db
      .insertInto('bids')
      .values({ item_id: old, user_id: bidders[0].id, bid_amount: 1001, created_at: new Date(Date.now() - 11 * 60_000) })
      .execute();
    expect(await w.socket.timeout(10_000).emitWithAck('item:subscribe', { item_id: old, after_bid_id: 0 })).toEqual({ ok: true, reload: true });
  });
});
