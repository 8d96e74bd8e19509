import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemActor } from '../../../server/events/domain-events.js';
import { placeBids } from '../../../server/bids/bids.commands.js';
import { putSetting } from '../../../server/settings/settings.repository.js';
import { createTestRunner } from '../../helpers/commands.js';
import { createCustomer, createItem } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const HUGE = 999_999_999_999;
const ceilingText = (amount: string, factor: number, minimum: string) =>
  `Your bid of ${amount} is more than ${factor} times the minimum next bid of ${minimum}. Check the amount.`;
const LEADER_TEXT = 'You are already the highest bidder.';

async function storedBids(itemId: number) {
  return server.database.db.selectFrom('bids').select(['user_id', 'bid_amount']).where('item_id', '=', itemId).orderBy('id').execute();
}

async function lot(itemId: number) {
  return server.database.db.selectFrom('items').select(['bid_amount', 'bid_count', 'leader_id']).where('id', '=', itemId).executeTakeFirstOrThrow();
}

describe('bid ceiling: a plain bid may be at most max_bid_factor (default 10) times the minimum next bid', () => {
  it('when someone bids MK 999,999,999,999 on an open lot, then it is refused with the ceiling text and the lot still takes a normal bid, and the next', async () => {
    const db = server.database.db;
    const griefer = await createCustomer(db);
    const bidder = await createCustomer(db);
    const other = await createCustomer(db);
    const itemId = await createItem(db, { target_amount: 2000 });

    const huge = await new TestClient(server.url, griefer.token).post('/ajax-bid', { item_id: itemId, amount: HUGE });
    expect(huge.status).toBe(422);
    const text = ceilingText('MK 999,999,999,999', 10, 'MK 2,001');
    expect(huge.body).toEqual({
      code: 'bid_rejected',
      message: text,
      errors: { amount: [text] },
      error: text,
      reason: 'too_high',
      min_next_bid: 2001,
      max_bid: 20_010,
    });
    expect(await storedBids(itemId)).toEqual([]);
    expect(await lot(itemId)).toEqual({ bid_amount: null, bid_count: 0, leader_id: null });

    const normal = await new TestClient(server.url, bidder.token).post('/ajax-bid', { item_id: itemId, amount: 2001 });
    expect(normal.status).toBe(200);
    expect(normal.body.item).toMatchObject({ bid_amount: 2001, bid_count: 1, min_next_bid: 2002 });
    const next = await new TestClient(server.url, other.token).post('/ajax-bid', { item_id: itemId, amount: normal.body.item.min_next_bid });
    expect(next.status).toBe(200);
    expect(await storedBids(itemId)).toEqual([
      { user_id: bidder.id, bid_amount: 2001 },
      { user_id: other.id, bid_amount: 2002 },
    ]);
  });

  it('when a bid is exactly factor × the minimum next bid, then it is accepted; one kwacha more is refused', async () => {
    const db = server.database.db;
    const first = await createCustomer(db);
    const second = await createCustomer(db);
    const itemId = await createItem(db, { target_amount: 2000 });
    const over = await new TestClient(server.url, first.token).post('/ajax-bid', { item_id: itemId, amount: 20_011 });
    expect(over.status).toBe(422);
    expect(over.body.reason).toBe('too_high');
    expect(over.body.errors.amount).toEqual([ceilingText('MK 20,011', 10, 'MK 2,001')]);
    const atCeiling = await new TestClient(server.url, second.token).post('/ajax-bid', { item_id: itemId, amount: '20,010' });
    expect(atCeiling.status).toBe(200);
    expect(atCeiling.body.item).toMatchObject({ bid_amount: 20_010, min_next_bid: 20_011 });
  });

  it('when an operator sets max_bid_factor to 3, then the bid path and the settings answer follow it (read with the row locks)', async () => {
    const db = server.database.db;
    expect((await new TestClient(server.url).get('/api/settings/auction-bid-increment')).body).toEqual({ value: 1, max_bid_factor: 10 });
    await putSetting(db, 'max_bid_factor', 3);
    try {
      const bidder = await createCustomer(db);
      const itemId = await createItem(db, { target_amount: 1000 });
      const client = new TestClient(server.url, bidder.token);
      expect((await client.get('/api/settings/auction-bid-increment')).body).toEqual({ value: 1, max_bid_factor: 3 });
      const refused = await client.post('/ajax-bid', { item_id: itemId, amount: 3004 });
      expect(refused.body).toMatchObject({ reason: 'too_high', error: ceilingText('MK 3,004', 3, 'MK 1,001'), max_bid: 3003 });
      expect((await client.post('/ajax-bid', { item_id: itemId, amount: 3003 })).status).toBe(200);
    } finally {
      await putSetting(db, 'max_bid_factor', 10);
    }
  });

  it('when the database is migrated, then max_bid_factor defaults to 10 beside the other bidding settings', async () => {
    const rows = await server.database.db
      .selectFrom('settings')
      .select(['key', 'value'])
      .where('key', 'in', ['auction_bid_increment', 'max_bid_factor'])
      .execute();
    expect(Object.fromEntries(rows.map((r) => [r.key, Number(r.value)]))).toEqual({ auction_bid_increment: 1, max_bid_factor: 10 });
  });
});

describe('the leader may not outbid themselves', () => {
  it("when the leader bids again on the same lot, then 422 with the leader text, nothing changes, and another bidder's bid is accepted", async () => {
    const db = server.database.db;
    const leader = await createCustomer(db);
    const rival = await createCustomer(db);
    const itemId = await createItem(db, { target_amount: 1000 });
    const client = new TestClient(server.url, leader.token);
    expect((await client.post('/ajax-bid', { item_id: itemId, amount: 1500 })).status).toBe(200);

    const again = await client.post('/ajax-bid', { item_id: itemId, amount: 2000 });
    expect(again.status).toBe(422);
    expect(again.body).toEqual({
      code: 'bid_rejected',
      message: LEADER_TEXT,
      errors: { amount: [LEADER_TEXT] },
      error: LEADER_TEXT,
      reason: 'already_leading',
    });
    // A lower amount gets the same answer: being the leader is the reason, not the amount.
    expect((await client.post('/ajax-bid', { item_id: itemId, amount: 1200 })).body.reason).toBe('already_leading');
    expect(await lot(itemId)).toEqual({ bid_amount: 1500, bid_count: 1, leader_id: leader.id });

    expect((await new TestClient(server.url, rival.token).post('/ajax-bid', { item_id: itemId, amount: 1600 })).status).toBe(200);
    // Outbid, the former leader may bid again.
    expect((await client.post('/ajax-bid', { item_id: itemId, amount: 1700 })).status).toBe(200);
    expect(await lot(itemId)).toEqual({ bid_amount: 1700, bid_count: 3, leader_id: leader.id });
  });

  it('when one bidder sends two bids on a lot at once, then one is accepted and the other refused as already leading', async () => {
    const db = server.database.db;
    const bidder = await createCustomer(db);
    const itemId = await createItem(db, { target_amount: 1000 });
    const client = new TestClient(server.url, bidder.token);
    const answers = await Promise.all([
      client.post('/ajax-bid', { item_id: itemId, amount: 1100 }),
      client.post('/ajax-bid', { item_id: itemId, amount: 1200 }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 422]);
    const refused = answers.find((a) => a.status === 422)!;
    expect(refused.body).toEqual({
      code: 'bid_rejected',
      message: LEADER_TEXT,
      errors: { amount: [LEADER_TEXT] },
      error: LEADER_TEXT,
      reason: 'already_leading',
    });
    const accepted = answers.find((a) => a.status === 200)!;
    expect(await storedBids(itemId)).toEqual([{ user_id: bidder.id, bid_amount: accepted.body.bid.bid_amount }]);
  });

  it('when one batch holds a bidder’s second bid after their accepted one, then it is refused as already leading while the others go by the running state', async () => {
    const db = server.database.db;
    const a = await createCustomer(db);
    const b = await createCustomer(db);
    const itemId = await createItem(db, { target_amount: 1000 });
    const { runner } = createTestRunner(db);
    const outcomes = await runner.run(placeBids, systemActor('test'), [
      { itemId, userId: a.id, amount: 1100 },
      { itemId, userId: a.id, amount: 1200 },
      { itemId, userId: b.id, amount: 1300 },
      { itemId, userId: a.id, amount: 1400 },
      { itemId, userId: a.id, amount: 1500 },
      { itemId, userId: b.id, amount: 1_000_000 },
    ]);
    expect(outcomes.map((o) => (o.ok ? 'ok' : o.error.extra?.reason))).toEqual(['ok', 'already_leading', 'ok', 'ok', 'already_leading', 'too_high']);
    const leaderRefusal = outcomes[1];
    expect(leaderRefusal.ok ? null : [leaderRefusal.error.status, leaderRefusal.error.message]).toEqual([422, LEADER_TEXT]);
    const tooHigh = outcomes[5];
    // The ceiling builds on the running minimum (after 1,400: MK 1,401 → at most MK 14,010).
    expect(tooHigh.ok ? null : tooHigh.error.message).toBe(ceilingText('MK 1,000,000', 10, 'MK 1,401'));
    expect(await storedBids(itemId)).toEqual([
      { user_id: a.id, bid_amount: 1100 },
      { user_id: b.id, bid_amount: 1300 },
      { user_id: a.id, bid_amount: 1400 },
    ]);
    expect(await lot(itemId)).toEqual({ bid_amount: 1400, bid_count: 3, leader_id: a.id });
  });
});

describe('the refusals are counted by reason', () => {
  it('when a bid is too high and a leader bids again, then /metrics counts too_high and already_leading', async () => {
    const db = server.database.db;
    const metricsBefore = await (await fetch(`${server.url}/metrics`)).text();
    const count = (text: string, reason: string) =>
      Number(text.match(new RegExp(`^gavel_bids_rejected_total\\{[^}]*reason="${reason}"[^}]*\\} (\\S+)$`, 'm'))?.[1] ?? 0);
    const bidder = await createCustomer(db);
    const itemId = await createItem(db, { target_amount: 1000 });
    const client = new TestClient(server.url, bidder.token);
    expect((await client.post('/ajax-bid', { item_id: itemId, amount: HUGE })).status).toBe(422);
    expect((await client.post('/ajax-bid', { item_id: itemId, amount: 1001 })).status).toBe(200);
    expect((await client.post('/ajax-bid', { item_id: itemId, amount: 1002 })).status).toBe(422);
    const metricsAfter = await (await fetch(`${server.url}/metrics`)).text();
    expect(count(metricsAfter, 'too_high') - count(metricsBefore, 'too_high')).toBe(1);
    expect(count(metricsAfter, 'already_leading') - count(metricsBefore, 'already_leading')).toBe(1);
  });
});
