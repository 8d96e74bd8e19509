import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { createAuctionType, createCustomer, createItem } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const endOf = async (itemId: number) =>
  (await server.database.db.selectFrom('items').select('date_to').where('id', '=', itemId).executeTakeFirstOrThrow()).date_to!.getTime();

describe('soft close (anti-sniping, setting soft_close_minutes, default 2)', () => {
  it('when a bid comes within the last 2 minutes of an online auction, then date_to becomes now + 2 minutes and item:updated carries it', async () => {
    const db = server.database.db;
    const itemId = await createItem(db, { target_amount: 1000, date_to: new Date(Date.now() + 30_000) });
    const bidder = await createCustomer(db);
    const socket = connect(server.url, { transports: ['websocket'], forceNew: true });
    const updates: { date_to: string }[] = [];
    const placed: { date_to: string | null }[] = [];
    socket.on('item:updated', (e) => updates.push(e as { date_to: string }));
    socket.on('bid:placed', (e) => placed.push(e));
    await new Promise<void>((r) => socket.on('connect', r));
    await socket.emitWithAck('item:subscribe', { item_id: itemId });
    const before = Date.now();
    const res = await new TestClient(server.url, bidder.token).post('/ajax-bid', { item_id: itemId, amount: 1500 });
    expect(res.status).toBe(200);
    const newEnd = new Date(res.body.item.date_to).getTime();
    expect(newEnd).toBeGreaterThanOrEqual(before + 120_000 - 1000);
    expect(newEnd).toBeLessThanOrEqual(Date.now() + 120_000 + 1000);
    expect(await endOf(itemId)).toBe(newEnd);
    await expect.poll(() => updates.map((u) => u.date_to), { timeout: 3000 }).toEqual([new Date(newEnd).toISOString()]);
    expect(placed.map((p) => p.date_to)).toEqual([new Date(newEnd).toISOString()]);
    socket.disconnect();
  });

  it('when a bid comes earlier than the window, then the end time stays', async () => {
    const db = server.database.db;
    const end = new Date(Date.now() + 10 * 60_000);
    const itemId = await createItem(db, { target_amount: 1000, date_to: end });
    const bidder = await createCustomer(db);
    expect((await new TestClient(server.url, bidder.token).post('/ajax-bid', { item_id: itemId, amount: 1500 })).status).toBe(200);
    expect(await endOf(itemId)).toBe(end.getTime());
  });

  it('when a bid comes in the last minute of a live auction, then the live window is kept', async () => {
    const db = server.database.db;
    const liveType = await createAuctionType(db, 'live');
    const end = new Date(Date.now() + 30_000);
    const itemId = await createItem(db, { auction_type_id: liveType, target_amount: 1000, date_to: end });
    const bidder = await createCustomer(db);
    await db
      .insertInto('auction_subscriptions')
      .values({ user_id: bidder.id, auction_type_id: liveType, reference_number: 'SUB-1', status: 'active', decline_reason: null, reviewed_by: null })
      .execute();
    expect((await new TestClient(server.url, bidder.token).post('/ajax-bid', { item_id: itemId, amount: 1500 })).status).toBe(200);
    expect(await endOf(itemId)).toBe(end.getTime());
  });
});
