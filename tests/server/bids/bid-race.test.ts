import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect, type Socket } from 'socket.io-client';
import { createCustomer, createItem } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { TEST_ENGINES, startTestServer, type TestServer } from '../../helpers/test-server.js';

describe.each(TEST_ENGINES)('on %s', (engine) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startTestServer({ engine });
  });
  afterAll(async () => {
    await server?.stop();
  });

  describe('50 bidders racing on one item (concurrent HTTP requests)', () => {
    it('when they bid at once, then exactly one leads, accepted bids strictly increase, the item equals the highest stored bid, no acknowledged bid is missing and every rejection carries the spec message', async () => {
      const db = server.database.db;
      const itemId = await createItem(db, { kind: 'online', target_amount: 10_000 });
      const bidders = await Promise.all(Array.from({ length: 50 }, (_, i) => createCustomer(db, { name: `Racer ${i}` })));

      const watcher: Socket = connect(server.url, { transports: ['websocket'], forceNew: true });
      const seen: number[] = [];
      watcher.on('bid:placed', (e) => seen.push(e.bid_amount));
      await new Promise<void>((resolve) => watcher.on('connect', resolve));
      const ack = await watcher.emitWithAck('item:subscribe', { item_id: itemId });
      expect(ack).toEqual({ ok: true });

      const accepted: { id: number; amount: number; userId: number }[] = [];
      const rejected: { status: number; body: any }[] = [];
      // Each bidder reads the minimum and bids it (plus a little) three times: the reads are
      // stale under contention, so many bids race for the same amount.
      await Promise.all(
        bidders.map(async (b, i) => {
          const client = new TestClient(server.url, b.token);
          for (let round = 0; round < 3; round++) {
            const item = await client.get(`/ajax-item/${itemId}`);
            const amount = item.body.min_next_bid + (i % 3);
            const res = await client.post('/ajax-bid', { item_id: itemId, amount });
            if (res.status === 200) accepted.push({ id: res.body.bid.id, amount, userId: b.id });
            else rejected.push(res);
          }
        }),
      );

      const stored = await db.selectFrom('bids').selectAll().where('item_id', '=', itemId).orderBy('id').execute();
      const item = await db.selectFrom('items').selectAll().where('id', '=', itemId).executeTakeFirstOrThrow();

      expect(accepted.length).toBeGreaterThan(0);
      expect(rejected.length).toBeGreaterThan(0); // the race really happened
      expect(accepted.length + rejected.length).toBe(150);
      // Every acknowledged bid is stored, and nothing else is.
      expect(stored.map((b) => b.id).sort((a, b) => a - b)).toEqual(accepted.map((a) => a.id).sort((a, b) => a - b));
      // Stored in commit order, amounts strictly increase.
      for (let i = 1; i < stored.length; i++) expect(stored[i].bid_amount).toBeGreaterThan(stored[i - 1].bid_amount);
      const highest = stored[stored.length - 1];
      expect(item.bid_amount).toBe(highest.bid_amount);
      expect(item.leader_id).toBe(highest.user_id);
      expect(item.bid_count).toBe(stored.length);
      // Every rejection is the spec's too-low answer, or, for a bidder whose earlier bid still
      // leads when the next one is checked, the leader's refusal.
      for (const r of rejected) {
        expect(r.status).toBe(422);
        if (r.body.reason === 'already_leading') {
          expect(r.body.message).toBe('You are already the highest bidder.');
          continue;
        }
        expect(r.body.error).toMatch(/less than current/);
        expect(r.body.message).toMatch(/^Your bid is less than current minimum bid of MK [\d,]+$/);
      }
      // No bidder outbid themselves: consecutive stored bids come from different bidders.
      for (let i = 1; i < stored.length; i++) expect(stored[i].user_id).not.toBe(stored[i - 1].user_id);
      // The watcher saw every accepted bid, in order.
      await expect.poll(() => seen.length, { timeout: 5000 }).toBe(stored.length);
      expect(seen).toEqual(stored.map((b) => b.bid_amount));
      watcher.disconnect();
    });
  });
});
