import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/types.js';
import { createCustomer, createItem, grantRole } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let db: Kysely<Database>;
let admin: TestClient;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  db = server.database.db;
  const a = await createCustomer(db);
  await grantRole(db, a.id, 'admin');
  token = a.token;
  admin = new TestClient(server.url, a.token);
});
afterAll(async () => {
  await server?.stop();
});

describe('a sale’s results (issue 13 "Settlement and results")', () => {
  it('when a sale’s lots have closed, then its results count each outcome, total hammer, premium and VAT on the premium, and the CSV agrees with the database', async () => {
    const sale = await admin.post('/api/admin/sales', {
      name: `Results ${randomBytes(3).toString('hex')}`,
      kind: 'online',
      buyers_premium_percent: 10,
      date_to: new Date(Date.now() + 86_400_000).toISOString(),
    });
    expect(sale.status, JSON.stringify(sale.body)).toBe(201);
    const saleId = sale.body.data.id as number;
    const buyer = await createCustomer(db, { name: 'Thoko Banda' });
    const sell = async (name: string, hammer: number) => {
      const id = await createItem(db, { auction_type_id: saleId, name, target_amount: hammer / 2, status: 'sold', closed_by: buyer.id });
      await db.updateTable('items').set({ bid_amount: hammer, bid_count: 4 }).where('id', '=', id).execute();
      return id;
    };
    const tractor = await sell('Tractor', 2_000_000);
    const pickup = await sell('Pickup', 1_000_000);
    await createItem(db, { auction_type_id: saleId, name: 'Plough', status: 'unsold' });
    await createItem(db, { auction_type_id: saleId, name: 'Harrow', status: 'withdrawn' });
    await createItem(db, { auction_type_id: saleId, name: 'Trailer' });

    const res = await admin.get(`/api/admin/sales/${saleId}/results`);
    expect(res.status).toBe(200);
    const r = res.body.data;
    expect(r.counts).toEqual({ lots: 5, sold: 2, unsold: 1, withdrawn: 1, open: 1 });
    expect(r.sell_through_percent).toBe(66.7);
    expect(r.vat_rate_percent).toBe(16.5);
    expect(r.totals).toEqual({ hammer: 3_000_000, premium: 300_000, vat: 49_500, total: 3_349_500 });
    expect(r.top_lots.map((l: { id: number }) => l.id)).toEqual([tractor, pickup]);
    expect(r.lots.find((l: { id: number }) => l.id === tractor)).toMatchObject({
      outcome: 'sold',
      hammer_price: 2_000_000,
      premium: 200_000,
      vat: 33_000,
      buyer: { id: buyer.id, name: 'Thoko Banda' },
    });

    const csv = await fetch(`${server.url}/api/admin/sales/${saleId}/results.csv`, { headers: { authorization: `Bearer ${token}` } });
    expect(csv.headers.get('content-type')).toContain('text/csv');
    const rows = parse(await csv.text(), { columns: true }) as Record<string, string>[];
    const stored = await db
      .selectFrom('items')
      .select(['name', 'status', 'bid_amount'])
      .where('auction_type_id', '=', saleId)
      .orderBy('lot_number')
      .orderBy('id')
      .execute();
    expect(rows.map((x) => x.name)).toEqual(stored.map((s) => s.name));
    expect(rows.filter((x) => x.outcome === 'sold').map((x) => Number(x.hammer_price))).toEqual(
      stored.filter((s) => s.status === 'sold').map((s) => Number(s.bid_amount)),
    );
    expect(rows.find((x) => x.name === 'Pickup')).toMatchObject({ premium: '100000', vat: '16500', buyer: 'Thoko Banda' });
  });

  it('when the sale is unknown or the caller is not an operator, then 404 and 403', async () => {
    expect((await admin.get('/api/admin/sales/99999999/results')).status).toBe(404);
    expect((await admin.get('/api/admin/sales/abc/results')).status).toBe(404);
    const customer = await createCustomer(db);
    expect((await new TestClient(server.url, customer.token).get('/api/admin/sales/1/results')).status).toBe(403);
  });
});
