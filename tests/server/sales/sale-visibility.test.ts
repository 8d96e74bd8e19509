import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/types.js';
import { solveCaptcha } from '../../helpers/captcha.js';
import { createCustomer, createItem, grantRole } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let db: Kysely<Database>;
let admin: TestClient;
let guest: TestClient;
const hour = 3600_000;

beforeAll(async () => {
  server = await startTestServer();
  db = server.database.db;
  const a = await createCustomer(db);
  await grantRole(db, a.id, 'admin');
  admin = new TestClient(server.url, a.token);
  guest = new TestClient(server.url);
});
afterAll(async () => {
  await server?.stop();
});

/** A draft sale through the API with lots named `names` (created straight in the database), answering ids. */
async function draftSale(fields: Record<string, unknown>, names: string[]) {
  const res = await admin.post('/api/admin/sales', {
    name: `Sale ${randomBytes(3).toString('hex')}`,
    kind: 'online',
    date_from: new Date(Date.now() - hour).toISOString(),
    date_to: new Date(Date.now() + 24 * hour).toISOString(),
    ...fields,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const ids: number[] = [];
  for (const name of names) ids.push(await createItem(db, { auction_type_id: res.body.data.id, name }));
  return { saleId: res.body.data.id as number, ids };
}

describe('a draft sale and its lots are the operators\' until published (issue 13 "Sales")', () => {
  it('when a sale is a draft, then bidders find neither it nor its lots (listing, counts, search, lot page, sale types, catalogue) and cannot bid; once published, all of them appear', async () => {
    const word = `zebu${randomBytes(3).toString('hex')}`;
    const { saleId, ids } = await draftSale({}, [`Draft ${word} tractor`, `Draft ${word} plough`]);
    // The landing page is cached: a page read before publishing must not hide the lots after.
    const landing = async () => (await guest.get(`/ajax-items?auction_type_id=${saleId}`)).body;
    const search = async () => (await guest.get(`/ajax-items?search=${word}`)).body;
    expect((await landing()).data).toEqual([]);
    expect((await landing()).counts.all).toBe(0);
    expect((await search()).data).toEqual([]);
    expect((await guest.get('/ajax-items')).body.data.map((i: { id: number }) => i.id)).not.toContain(ids[0]);
    expect((await guest.get(`/ajax-item/${ids[0]}`)).status).toBe(404);
    expect((await admin.get(`/ajax-item/${ids[0]}`)).status).toBe(200);
    expect((await guest.get('/ajax-auction-types')).body.map((t: { id: number }) => t.id)).not.toContain(saleId);
    expect((await guest.get(`/api/sales/${saleId}`)).status).toBe(404);
    expect((await admin.get(`/api/sales/${saleId}`)).status).toBe(200);
    const bidder = await createCustomer(db);
    const bid = await new TestClient(server.url, bidder.token).post('/ajax-bid', { item_id: ids[0], amount: 150_000 });
    expect(bid.status).toBe(404);

    expect((await admin.post(`/api/admin/sales/${saleId}/publish`)).status).toBe(200);
    await expect.poll(async () => (await landing()).data.map((i: { id: number }) => i.id).sort()).toEqual([...ids].sort());
    expect((await landing()).counts.online).toBe(2);
    expect((await search()).data).toHaveLength(2);
    expect((await guest.get(`/ajax-item/${ids[0]}`)).body).toMatchObject({ id: ids[0], lot_number: 1, auction_type: { id: saleId, deposit_required: false } });
    const types = (await guest.get('/ajax-auction-types?type=online')).body;
    expect(types.find((t: { id: number }) => t.id === saleId)).toMatchObject({ type: 'online', deposit_required: false, stagger_seconds: null });
    expect((await new TestClient(server.url, bidder.token).post('/ajax-bid', { item_id: ids[0], amount: 150_000 })).status).toBe(200);
  });

  it('when a bidder opens a published sale, then its catalogue lists its lots in lot order with price and end, page by page, withdrawn lots left out', async () => {
    const { saleId, ids } = await draftSale({ stagger_seconds: 45, description: 'Office furniture and computers.' }, ['Desk', 'Chair', 'Printer', 'Laptop']);
    await db.updateTable('items').set({ status: 'withdrawn' }).where('id', '=', ids[2]).execute();
    expect((await admin.request('PATCH', `/api/admin/sales/${saleId}/lots`, { item_ids: [ids[3], ids[2], ids[1], ids[0]] })).status).toBe(200);
    expect((await admin.post(`/api/admin/sales/${saleId}/publish`)).status).toBe(200);
    const sale = await guest.get(`/api/sales/${saleId}`);
    expect(sale.status).toBe(200);
    expect(sale.body.data).toMatchObject({ id: saleId, kind: 'online', description: 'Office furniture and computers.', stagger_seconds: 45, lot_count: 3 });
    const first = await guest.get(`/api/sales/${saleId}/lots?per_page=2`);
    expect(first.body.data.map((i: { name: string; lot_number: number }) => [i.lot_number, i.name])).toEqual([
      [1, 'Laptop'],
      [3, 'Chair'],
    ]);
    expect(first.body.meta).toMatchObject({ total: 3, last_page: 2, current_page: 1 });
    const second = await guest.get(`/api/sales/${saleId}/lots?per_page=2&page=2`);
    expect(second.body.data.map((i: { name: string }) => i.name)).toEqual(['Desk']);
    const ends = [...first.body.data, ...second.body.data].map((i: { date_to: string }) => Date.parse(i.date_to));
    expect(ends[1] - ends[0]).toBe(2 * 45_000);
    expect(ends[2] - ends[1]).toBe(45_000);
  });
});

describe('a sale\'s deposit is the registration bidders already know (issue 13 "Sales")', () => {
  it('when an online sale asks a deposit, then it is offered for registration with its amount, bids wait for an approved registration, and are taken after', async () => {
    const { saleId, ids } = await draftSale({ deposit_required: true, deposit_amount: 250_000 }, ['Isuzu truck']);
    expect((await admin.post(`/api/admin/sales/${saleId}/publish`)).status).toBe(200);
    const bidder = await createCustomer(db, { name: 'Kondwani Mwale' });
    const client = new TestClient(server.url, bidder.token);

    const refused = await client.post('/ajax-bid', { item_id: ids[0], amount: 150_000 });
    expect(refused.status).toBe(403);
    expect(refused.body.reason).toBe('not_subscribed');

    const offered = (await client.get('/api/live-auctions-session')).body.data;
    expect(offered.find((s: { id: number }) => s.id === saleId)).toMatchObject({ type: 'online', deposit_amount: 250_000, registration_status: 'none' });
    const registered = await client.post('/register-bid', {
      reference_number: `DEP-${randomBytes(3).toString('hex')}`,
      auction_type_id: saleId,
      'g-recaptcha-response': await solveCaptcha(server.url),
    });
    expect(registered.status, JSON.stringify(registered.body)).toBe(201);
    const pending = (await admin.get('/api/admin/subscriptions?status=pending')).body.data.find((r: { user: { id: number } }) => r.user.id === bidder.id);
    expect((await admin.post(`/api/admin/subscriptions/${pending.id}/approve`)).status).toBe(200);

    expect((await client.post('/ajax-bid', { item_id: ids[0], amount: 150_000 })).status).toBe(200);
  });

  it('when an online sale asks no deposit, then registering for it is refused as before and bids are taken at once', async () => {
    const { saleId, ids } = await draftSale({}, ['Office chair']);
    expect((await admin.post(`/api/admin/sales/${saleId}/publish`)).status).toBe(200);
    const client = new TestClient(server.url, (await createCustomer(db)).token);
    const res = await client.post('/register-bid', {
      reference_number: 'NODEP-1',
      auction_type_id: saleId,
      'g-recaptcha-response': await solveCaptcha(server.url),
    });
    expect(res.status).toBe(422);
    expect(res.body.errors.auction_type_id).toEqual(['Please select an auction to register for']);
    expect((await client.post('/ajax-bid', { item_id: ids[0], amount: 150_000 })).status).toBe(200);
  });
});
