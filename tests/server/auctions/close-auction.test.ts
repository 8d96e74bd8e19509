import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { closeAuction as closeAuctionCommand } from '../../../server/auctions/auctions.commands.js';
import { systemActor } from '../../../server/events/domain-events.js';
import { createCustomer, createItem } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { TEST_ENGINES, startTestServer, type TestServer } from '../../helpers/test-server.js';

const past = () => new Date(Date.now() - 1000);

describe.each(TEST_ENGINES)('on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.stop();
  });
  const closeAuction = (_db: unknown, itemId: number) => server.runner.run(closeAuctionCommand, systemActor('test'), { itemId });

  describe('closing auctions at their end time', () => {
    it('when an ended auction has a bid meeting the reserve, then it is sold to the highest bidder with an order awaiting payment, once', async () => {
      const db = server.database.db;
      const winner = await createCustomer(db);
      const itemId = await createItem(db, { target_amount: 1000, reserve_price: 1500, date_to: new Date(Date.now() + 60_000) });
      expect((await new TestClient(server.url, winner.token).post('/ajax-bid', { item_id: itemId, amount: 2000 })).status).toBe(200);
      await db.updateTable('items').set({ date_to: past() }).where('id', '=', itemId).execute();
      const first = await closeAuction(db, itemId);
      const second = await closeAuction(db, itemId);
      expect(first).toEqual({ item_id: itemId, closed_by: winner.id, status: 'sold', order_id: expect.any(Number) });
      expect(second).toBeNull();
      const item = await db.selectFrom('items').selectAll().where('id', '=', itemId).executeTakeFirstOrThrow();
      expect(item).toMatchObject({ status: 'sold', closed_by: winner.id });
      const orders = await db
        .selectFrom('orders')
        .innerJoin('order_lines', 'order_lines.order_id', 'orders.id')
        .selectAll()
        .where('order_lines.item_id', '=', itemId)
        .execute();
      expect(orders).toHaveLength(1);
      expect(orders[0]).toMatchObject({
        order_id: first!.order_id,
        user_id: winner.id,
        status: 'awaiting_payment',
        source: 'auction',
        amount_total: 2000,
        quantity: 1,
      });
      const logged = await db.selectFrom('domain_events').selectAll().where('type', '=', 'auction.closed').where('subject_id', '=', itemId).execute();
      expect(logged).toHaveLength(1);
      expect(logged[0]).toMatchObject({
        subject_type: 'item',
        actor_type: 'system',
        actor_name: 'test',
        payload: { status: 'sold', closed_by: winner.id, order_id: first!.order_id, bid_amount: 2000 },
      });
    });

    it('when the reserve is not met or there is no bid, then unsold with nobody as winner', async () => {
      const db = server.database.db;
      const bidder = await createCustomer(db);
      const below = await createItem(db, { target_amount: 1000, reserve_price: 50_000 });
      expect((await new TestClient(server.url, bidder.token).post('/ajax-bid', { item_id: below, amount: 2000 })).status).toBe(200);
      await db.updateTable('items').set({ date_to: past() }).where('id', '=', below).execute();
      const empty = await createItem(db, { date_to: past() });
      expect(await closeAuction(db, below)).toEqual({ item_id: below, closed_by: null, status: 'unsold', order_id: null });
      expect(await closeAuction(db, empty)).toEqual({ item_id: empty, closed_by: null, status: 'unsold', order_id: null });
    });

    it('when the auction has not ended, then closing does nothing', async () => {
      const itemId = await createItem(server.database.db);
      expect(await closeAuction(server.database.db, itemId)).toBeNull();
    });

    it('when the end time passes with a watcher in the room, then the scheduler closes it and auction:closed arrives', async () => {
      const db = server.database.db;
      const winner = await createCustomer(db);
      const itemId = await createItem(db, { target_amount: 1000, date_to: new Date(Date.now() + 60_000) });
      expect((await new TestClient(server.url, winner.token).post('/ajax-bid', { item_id: itemId, amount: 1500 })).status).toBe(200);
      const socket = connect(server.url, { transports: ['websocket'], forceNew: true });
      const events: unknown[] = [];
      socket.on('auction:closed', (e) => events.push(e));
      await new Promise<void>((r) => socket.on('connect', r));
      await socket.emitWithAck('item:subscribe', { item_id: itemId });
      await db
        .updateTable('items')
        .set({ date_to: new Date(Date.now() + 500) })
        .where('id', '=', itemId)
        .execute();
      await expect.poll(() => events, { timeout: 5000 }).toEqual([{ item_id: itemId, closed_by: winner.id, status: 'sold' }]);
      socket.disconnect();
    });
  });
});
