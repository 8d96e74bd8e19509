import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../helpers/test-server.js';
import { checkInvariants } from './invariants.js';
import { provisionLoad } from './provision.js';
import { buildReport, formatReport } from './report.js';
import { runLoad } from './run-load.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

describe('the load-testing tool on a small run', () => {
  it('when 30 bidders and 20 watchers run on 3 items, then the invariants hold and the report has every figure', async () => {
    const db = server.database.db;
    const p = await provisionLoad(db, { bidders: 30, items: 3, openForMs: 600_000 });
    expect(p.bidders).toHaveLength(30);
    const options = { targets: [server.url], bidders: 30, watchers: 20, mode: 'spread' as const, durationMs: 1500, rate: 0, rampUpMs: 200, warmupMs: 400 };
    const result = await runLoad(p, options);
    const inv = await checkInvariants(db, p.itemIds, result);
    expect(inv.failures).toEqual([]);
    expect(result.accepted).toBeGreaterThan(0);
    // Losing a race is a rejection, never an error: too low, or the bidder still leads that lot.
    expect(result.errors).toEqual({});
    for (const reason of Object.keys(result.rejected)) expect(['too_low', 'already_leading']).toContain(reason);
    // Warm-up bids are checked by the invariants but left out of the figures.
    expect(result.acked.length).toBeGreaterThan(result.accepted);
    expect(result.connectFailures).toBe(0);
    const report = buildReport(options, 3, result, inv);
    expect(report.bids.accepted).toBe(result.accepted);
    expect(report.ackLatencyMs.count).toBe(result.accepted + Object.values(result.rejected).reduce((a, b) => a + b, 0));
    expect(report.fanoutLatencyMs.count).toBeGreaterThan(0);
    expect(formatReport(report)).toMatch(/Invariants\s+all hold/);
    // Every watcher got every bid of its item.
    const perItem = new Map<number, number>();
    for (const a of result.acked) perItem.set(a.itemId, (perItem.get(a.itemId) ?? 0) + 1);
    for (const log of result.watcherLogs) expect(log.received).toBe(perItem.get(log.itemId) ?? 0);
  });

  it('when one bidder bids again and again on a lot, then every bid after their first is refused as already leading and the invariants hold', async () => {
    const db = server.database.db;
    const p = await provisionLoad(db, { bidders: 1, items: 1, openForMs: 600_000 });
    // Long enough for a first acknowledgement on a busy machine.
    const result = await runLoad(p, { targets: [server.url], bidders: 1, watchers: 1, mode: 'hot', durationMs: 1500, rate: 0, rampUpMs: 0 });
    expect(result.acked).toHaveLength(1);
    expect(result.errors).toEqual({});
    expect(Object.keys(result.rejected)).toEqual(['already_leading']);
    expect(result.rejected.already_leading).toBeGreaterThan(0);
    expect((await checkInvariants(db, p.itemIds, result)).failures).toEqual([]);
  });

  it('when a bidder outbids themselves in the database, then the invariants fail', async () => {
    const db = server.database.db;
    const p = await provisionLoad(db, { bidders: 2, items: 1, openForMs: 600_000 });
    const result = await runLoad(p, { targets: [server.url], bidders: 2, watchers: 0, mode: 'hot', durationMs: 300, rate: 0, rampUpMs: 0 });
    const [itemId] = p.itemIds;
    const top = await db.selectFrom('items').select(['bid_amount', 'leader_id', 'bid_count']).where('id', '=', itemId).executeTakeFirstOrThrow();
    // What the command refuses, written straight into the tables.
    await db
      .insertInto('bids')
      .values({ item_id: itemId, user_id: top.leader_id!, bid_amount: top.bid_amount! + 1 })
      .execute();
    await db
      .updateTable('items')
      .set({ bid_amount: top.bid_amount! + 1, bid_count: top.bid_count + 1 })
      .where('id', '=', itemId)
      .execute();
    const inv = await checkInvariants(db, p.itemIds, result);
    expect(inv.failures.join('\n')).toMatch(/outbids bid \d+ of the same bidder/);
  });

  it('when an acknowledged bid is missing from the database or a watcher missed an event, then the invariants fail', async () => {
    const db = server.database.db;
    const p = await provisionLoad(db, { bidders: 5, items: 1, openForMs: 600_000 });
    const result = await runLoad(p, { targets: [server.url], bidders: 5, watchers: 2, mode: 'hot', durationMs: 500, rate: 0, rampUpMs: 0 });
    expect(result.acked.length).toBeGreaterThan(1);
    result.watcherLogs[0].received -= 1;
    const last = result.acked[result.acked.length - 1];
    result.acked.push({ ...last, id: last.id + 1_000_000 });
    const inv = await checkInvariants(db, p.itemIds, result);
    expect(inv.ok).toBe(false);
    expect(inv.failures.join('\n')).toMatch(/1 acknowledged bid\(s\) are not stored/);
    expect(inv.failures.join('\n')).toMatch(/1 watcher\(s\) did not receive every bid:placed/);
  });

  it('when half the bids carry a maximum, then automatic bids are stored, watchers get every one and the invariants (leader and price from bids and maximums) hold', async () => {
    const db = server.database.db;
    const p = await provisionLoad(db, { bidders: 20, items: 2, openForMs: 600_000 });
    const options = { targets: [server.url], bidders: 20, watchers: 4, mode: 'spread' as const, durationMs: 1500, rate: 0, rampUpMs: 100, proxyShare: 0.5 };
    const result = await runLoad(p, options);
    const inv = await checkInvariants(db, p.itemIds, result);
    expect(inv.failures).toEqual([]);
    expect(result.errors).toEqual({});
    for (const reason of Object.keys(result.rejected)) expect(['too_low', 'already_leading', 'max_not_higher', 'too_high']).toContain(reason);
    const automatic = await db.selectFrom('bids').select('id').where('item_id', 'in', p.itemIds).where('automatic', '=', true).execute();
    expect(automatic.length).toBeGreaterThan(0);
  });

  it('when a lot’s leader is not the bidder with the highest maximum, then the invariants fail', async () => {
    const db = server.database.db;
    const p = await provisionLoad(db, { bidders: 3, items: 1, openForMs: 600_000 });
    const result = await runLoad(p, { targets: [server.url], bidders: 3, watchers: 0, mode: 'hot', durationMs: 300, rate: 0, rampUpMs: 0 });
    const [itemId] = p.itemIds;
    const top = await db.selectFrom('items').select(['bid_amount', 'leader_id']).where('id', '=', itemId).executeTakeFirstOrThrow();
    const other = await db.selectFrom('bids').select('user_id').where('item_id', '=', itemId).where('user_id', '!=', top.leader_id!).executeTakeFirstOrThrow();
    // A maximum above the price left behind by a non-leader: what the engine never leaves.
    await db
      .insertInto('maximum_bids')
      .values({ item_id: itemId, user_id: other.user_id, max_amount: top.bid_amount! + 500, set_order: 1 })
      .onConflict((oc) => oc.columns(['item_id', 'user_id']).doUpdateSet({ max_amount: top.bid_amount! + 500 }))
      .execute();
    const inv = await checkInvariants(db, p.itemIds, result);
    expect(inv.failures.join('\n')).toMatch(/maximum \d+ is above the price \d+ but they do not lead/);
  });
});
