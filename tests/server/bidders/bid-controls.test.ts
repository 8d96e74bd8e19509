import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { placeBids } from '../../../server/bids/bids.commands.js';
import { systemActor } from '../../../server/events/domain-events.js';
import { createTestRunner } from '../../helpers/commands.js';
import { createCustomer, createItem, insertTestOrder } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const SUSPENDED = 'Your bidding has been suspended. Please contact us.';
const overLimit = (limit: string) => `This bid would take you over your spending limit of ${limit}. Please contact us.`;

const db = () => server.database.db;
const setControls = (userId: number, set: { blocked?: boolean; bid_limit?: number | null }) =>
  db()
    .updateTable('users')
    .set({
      ...(set.blocked !== undefined ? { blocked_at: set.blocked ? new Date() : null, blocked_reason: set.blocked ? 'test' : null } : {}),
      ...(set.bid_limit !== undefined ? { bid_limit: set.bid_limit } : {}),
    })
    .where('id', '=', userId)
    .execute();
const lot = (itemId: number) => db().selectFrom('items').select(['bid_amount', 'bid_count', 'leader_id']).where('id', '=', itemId).executeTakeFirstOrThrow();

/** A browser-like client signed in with its session cookie (the Express route of POST /ajax-bid). */
async function browser(email: string): Promise<TestClient> {
  const client = new TestClient(server.url);
  expect((await client.login(email)).status).toBe(200);
  return client;
}

describe('a blocked bidder (issue 13 "Bidders")', () => {
  it('when a blocked bidder bids by session or by token, then 403 with the exact message, their lead stands, and once unblocked they bid again', async () => {
    const bidder = await createCustomer(db());
    const rival = await createCustomer(db());
    const led = await createItem(db(), { target_amount: 1000 });
    const other = await createItem(db(), { target_amount: 1000 });
    const bearer = new TestClient(server.url, bidder.token);
    expect((await bearer.post('/ajax-bid', { item_id: led, amount: 1500 })).status).toBe(200);

    await setControls(bidder.id, { blocked: true });
    const byToken = await bearer.post('/ajax-bid', { item_id: other, amount: 1100 });
    expect(byToken.status).toBe(403);
    expect(byToken.body).toEqual({ code: 'forbidden', message: SUSPENDED, error: SUSPENDED, reason: 'suspended' });
    const session = await browser(bidder.email);
    const bySession = await session.post('/ajax-bid', { item_id: other, amount: 1100 });
    expect(bySession.status).toBe(403);
    expect(bySession.body).toMatchObject({ message: SUSPENDED, reason: 'suspended' });
    // A maximum on the lot they lead is a bid too.
    expect((await bearer.post('/ajax-bid', { item_id: led, amount: 1500, max_amount: 5000 })).body.reason).toBe('suspended');
    expect(await lot(other)).toEqual({ bid_amount: null, bid_count: 0, leader_id: null });
    expect(await lot(led)).toEqual({ bid_amount: 1500, bid_count: 1, leader_id: bidder.id });

    // Others may still bid against the standing lead.
    expect((await new TestClient(server.url, rival.token).post('/ajax-bid', { item_id: led, amount: 1600 })).status).toBe(200);

    await setControls(bidder.id, { blocked: false });
    expect((await session.post('/ajax-bid', { item_id: other, amount: 1100 })).status).toBe(200);
    expect((await bearer.post('/ajax-bid', { item_id: led, amount: 1700 })).status).toBe(200);
    expect(await lot(led)).toMatchObject({ bid_amount: 1700, leader_id: bidder.id });
  });
});

describe('a spending limit (issue 13 "Bidders")', () => {
  it('when a bid would take leading bids plus unpaid wins over the limit, then 403 naming the limit; up to the limit is accepted', async () => {
    const bidder = await createCustomer(db());
    // Each lot's first bid may be one kwacha above its starting amount.
    const [a, b, c] = [
      await createItem(db(), { target_amount: 99_999 }),
      await createItem(db(), { target_amount: 99_999 }),
      await createItem(db(), { target_amount: 49_999 }),
    ];
    const client = new TestClient(server.url, bidder.token);
    expect((await client.post('/ajax-bid', { item_id: a, amount: 300_000 })).status).toBe(200);
    // A won lot awaiting payment counts; a paid one and a checkout reservation do not.
    await insertTestOrder(db(), { user_id: bidder.id, source: 'auction', status: 'awaiting_payment', sub_total: 100_000, amount_total: 100_000 });
    await insertTestOrder(db(), { user_id: bidder.id, source: 'auction', status: 'paid', sub_total: 900_000, amount_total: 900_000 });
    await insertTestOrder(db(), { user_id: bidder.id, source: 'checkout', status: 'reserved', sub_total: 900_000, amount_total: 900_000 });
    await setControls(bidder.id, { bid_limit: 500_000 });

    const over = await client.post('/ajax-bid', { item_id: b, amount: 100_001 });
    expect(over.status).toBe(403);
    expect(over.body).toEqual({
      code: 'forbidden',
      message: overLimit('MK 500,000'),
      error: overLimit('MK 500,000'),
      reason: 'over_limit',
      bid_limit: 500_000,
    });
    // A maximum counts at its full amount.
    expect((await client.post('/ajax-bid', { item_id: b, amount: 100_001, max_amount: 150_000 })).body.reason).toBe('over_limit');
    expect(await lot(b)).toEqual({ bid_amount: null, bid_count: 0, leader_id: null });

    const exact = await client.post('/ajax-bid', { item_id: b, amount: 100_000 });
    expect(exact.status).toBe(200);
    // At the limit now: even the smallest further bid is refused, as is raising a maximum on a lead.
    expect((await client.post('/ajax-bid', { item_id: c, amount: 50_001 })).body.reason).toBe('over_limit');
    expect((await client.post('/ajax-bid', { item_id: a, amount: 300_000, max_amount: 300_001 })).body.reason).toBe('over_limit');

    // Outbid on lot a, the bidder is committed to less and may bid again.
    const rival = await createCustomer(db());
    expect((await new TestClient(server.url, rival.token).post('/ajax-bid', { item_id: a, amount: 310_000 })).status).toBe(200);
    expect((await client.post('/ajax-bid', { item_id: c, amount: 250_000 })).status).toBe(200);

    // No limit: anything the other rules allow.
    await setControls(bidder.id, { bid_limit: null });
    expect((await client.post('/ajax-bid', { item_id: a, amount: 320_000 })).status).toBe(200);
  });

  it('when one batch holds several bids of a limited bidder, then each counts the ones accepted before it', async () => {
    const bidder = await createCustomer(db());
    await setControls(bidder.id, { bid_limit: 250_000 });
    const lots = [
      await createItem(db(), { target_amount: 99_999 }),
      await createItem(db(), { target_amount: 119_999 }),
      await createItem(db(), { target_amount: 39_999 }),
    ];
    const { runner } = createTestRunner(db());
    const outcomes = await runner.run(placeBids, systemActor('test'), [
      { itemId: lots[0], userId: bidder.id, amount: 100_000 },
      { itemId: lots[1], userId: bidder.id, amount: 120_000 },
      { itemId: lots[2], userId: bidder.id, amount: 40_000 },
    ]);
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.error.extra?.reason))).toEqual(['ok', 'ok', 'over_limit']);
    const refused = outcomes[2];
    expect(refused.ok ? null : [refused.error.status, refused.error.message]).toEqual([403, overLimit('MK 250,000')]);
  });
});
