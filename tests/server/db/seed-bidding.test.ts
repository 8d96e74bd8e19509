import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ seed: true });
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

describe('the seeded catalogue shows maximum bids and reserves (issue "Bidding engine")', () => {
  it('when seeded, then open lots include some with a reserve not yet met and some without a reserve', async () => {
    const rows = await sql<{ not_met: number; no_reserve: number; met: number }>`
      SELECT count(*) FILTER (WHERE reserve_price IS NOT NULL AND coalesce(bid_amount, 0) < reserve_price)::int AS not_met,
        count(*) FILTER (WHERE reserve_price IS NULL)::int AS no_reserve,
        count(*) FILTER (WHERE reserve_price IS NOT NULL AND bid_amount >= reserve_price)::int AS met
      FROM items JOIN auction_types at ON at.id = items.auction_type_id
      WHERE at.type <> 'cash' AND items.status = 'available' AND (items.date_to IS NULL OR items.date_to > now()) AND (items.date_from IS NULL OR items.date_from <= now())
    `.execute(server.database.db);
    expect(rows.rows[0].not_met).toBeGreaterThan(0);
    expect(rows.rows[0].no_reserve).toBeGreaterThan(0);
  });

  it('when seeded, then some leaders hold a maximum above their bid, and every lot’s price and leader are its top bid’s', async () => {
    const db = server.database.db;
    const maxima = await sql<{ n: number; bad: number }>`
      SELECT count(*)::int AS n, count(*) FILTER (WHERE m.user_id <> i.leader_id OR m.max_amount <= i.bid_amount)::int AS bad
      FROM maximum_bids m JOIN items i ON i.id = m.item_id
    `.execute(db);
    expect(maxima.rows[0].n).toBeGreaterThan(0);
    expect(maxima.rows[0].bad).toBe(0);
    const inconsistent = await sql<{ n: number }>`
      SELECT count(*)::int AS n FROM items i
      JOIN LATERAL (SELECT user_id, bid_amount FROM bids b WHERE b.item_id = i.id ORDER BY b.id DESC LIMIT 1) top ON true
      WHERE i.bid_amount <> top.bid_amount OR i.leader_id IS DISTINCT FROM top.user_id AND i.status = 'available'
    `.execute(db);
    expect(inconsistent.rows[0].n).toBe(0);
  });
});
