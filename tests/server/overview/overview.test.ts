import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuctionType, createCustomer, createItem, grantRole, insertTestOrder } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe("GET /api/admin/overview, the operator's home (issue 13)", () => {
  it('when lots are open, bids arrive, registrations wait and wins are unpaid, then the figures and the per-minute chart say so', async () => {
    const db = server.database.db;
    const admin = await createCustomer(db);
    await grantRole(db, admin.id, 'admin');
    const operator = new TestClient(server.url, admin.token);
    const empty = await operator.get('/api/admin/overview');
    expect(empty.status).toBe(200);
    expect(empty.body).toMatchObject({ open_lots: 0, bids_last_hour: 0, registrations_waiting: 0, unpaid: { count: 0, total: 0 } });
    expect(empty.body.failed_jobs).toMatchObject({ count: 0, mode: 'in-process' });
    expect(empty.body.bids_per_minute).toHaveLength(61);

    const [a, b] = [await createCustomer(db), await createCustomer(db)];
    const lots = [await createItem(db, { target_amount: 999 }), await createItem(db, { target_amount: 999 })];
    // Not open: closed, ended, a daily-sale lot.
    await createItem(db, { status: 'sold', closed_by: a.id });
    await createItem(db, { date_to: new Date(Date.now() - 60_000) });
    await createItem(db, { kind: 'cash' });
    for (const [who, item, amount] of [
      [a, lots[0], 1000],
      [b, lots[0], 1001],
      [a, lots[1], 1000],
    ] as const) {
      expect((await new TestClient(server.url, who.token).post('/ajax-bid', { item_id: item, amount })).status).toBe(200);
    }
    // One bid from 30 minutes ago, one from two hours ago (outside the hour).
    const ids = (await db.selectFrom('bids').select('id').where('item_id', 'in', lots).orderBy('id').execute()).map((r) => r.id);
    await db
      .updateTable('bids')
      .set({ created_at: new Date(Date.now() - 30 * 60_000) })
      .where('id', '=', ids[0])
      .execute();
    await db
      .updateTable('bids')
      .set({ created_at: new Date(Date.now() - 120 * 60_000) })
      .where('id', '=', ids[1])
      .execute();
    const live = await createAuctionType(db, 'live');
    await db
      .insertInto('auction_subscriptions')
      .values({ user_id: a.id, auction_type_id: live, reference_number: `OV-${Date.now()}` })
      .execute();
    await insertTestOrder(db, { user_id: a.id, source: 'auction', status: 'awaiting_payment', sub_total: 250_000, amount_total: 250_000 });
    await insertTestOrder(db, { user_id: b.id, source: 'auction', status: 'paid', sub_total: 900_000, amount_total: 900_000 });

    const { body } = await operator.get('/api/admin/overview');
    expect(body).toMatchObject({ open_lots: 2, bids_last_hour: 2, registrations_waiting: 1, unpaid: { count: 1, total: 250_000 } });
    const minutes: { minute: string; bids: number }[] = body.bids_per_minute;
    expect(minutes).toHaveLength(61);
    expect(minutes.reduce((n, m) => n + m.bids, 0)).toBe(2);
    // The bid just placed is in the current minute (or the one before, across a minute's turn).
    expect(minutes.slice(-2).reduce((n, m) => n + m.bids, 0)).toBe(1);
    expect(minutes.slice(25, 36).reduce((n, m) => n + m.bids, 0)).toBe(1);
    // Whole minutes, oldest first, one apart.
    expect(new Date(minutes[1].minute).getTime() - new Date(minutes[0].minute).getTime()).toBe(60_000);
    expect(new Date(minutes[0].minute).getUTCSeconds()).toBe(0);
  });

  it('when a customer or a guest asks, then 403 / 401', async () => {
    const customer = await createCustomer(server.database.db);
    expect((await new TestClient(server.url, customer.token).get('/api/admin/overview')).status).toBe(403);
    expect((await new TestClient(server.url).get('/api/admin/overview')).status).toBe(401);
  });
});
