import type { Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/types.js';
import { createBranch, createCustomer, createItem, grantRole } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let db: Kysely<Database>;
let admin: TestClient;
let operatorId: number;
let customer: TestClient;
const hour = 3600_000;

beforeAll(async () => {
  server = await startTestServer();
  db = server.database.db;
  const a = await createCustomer(db, { name: 'Thandiwe Phiri' });
  await grantRole(db, a.id, 'admin');
  operatorId = a.id;
  admin = new TestClient(server.url, a.token);
  customer = new TestClient(server.url, (await createCustomer(db)).token);
});
afterAll(async () => {
  await server?.stop();
});

/** A new online sale through the API (a draft), ending in `hoursAhead`; answers its view. */
async function createOnlineSale(over: Record<string, unknown> = {}, hoursAhead = 48) {
  const res = await admin.post('/api/admin/sales', {
    name: `Online sale ${Math.random().toString(36).slice(2, 8)}`,
    kind: 'online',
    date_from: new Date(Date.now() - hour).toISOString(),
    date_to: new Date(Date.now() + hoursAhead * hour).toISOString(),
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** The events the audit trail holds about a sale, oldest first, as operators read them through the API. */
async function saleHistory(saleId: number) {
  const res = await admin.get(`/api/admin/audit?subject_type=sale&subject_id=${saleId}&per_page=100`);
  expect(res.status).toBe(200);
  return (res.body.data as { type: string; actor: { id: number | null }; subject_label: string; payload: Record<string, unknown> }[]).reverse();
}

describe('sales in the back office (issue 13 "Sales")', () => {
  it('when an operator creates an online sale with every field, then it is a draft with its figures, listed at /api/admin/sales, and the creation is in the audit trail', async () => {
    const branch = await createBranch(db, 'Blantyre');
    const created = await createOnlineSale({
      name: 'Government vehicles, December',
      branch_id: branch,
      description: 'Ex-government pick-ups and saloons.',
      terms: 'Buyers pay within 3 working days.',
      deposit_required: true,
      deposit_amount: 50_000,
      buyers_premium_percent: 7.5,
      soft_close_minutes: 3,
      stagger_seconds: 60,
    });
    expect(created).toMatchObject({
      name: 'Government vehicles, December',
      kind: 'online',
      status: 'draft',
      published_at: null,
      branch: { id: branch, name: 'Blantyre' },
      branch_id: branch,
      terms: 'Buyers pay within 3 working days.',
      deposit_required: true,
      deposit_amount: 50_000,
      buyers_premium_percent: 7.5,
      soft_close_minutes: 3,
      stagger_seconds: 60,
      figures: { lots: 0, open: 0, sold: 0, bids: 0, hammer_total: 0, registrations_pending: 0 },
    });
    const list = await admin.get('/api/admin/sales?status=draft&search=government');
    expect(list.status).toBe(200);
    expect(list.body.data.map((s: { id: number }) => s.id)).toContain(created.id);
    expect((await admin.get('/api/admin/sales?status=published')).body.data.map((s: { id: number }) => s.id)).not.toContain(created.id);
    const [event] = await saleHistory(created.id);
    expect(event).toMatchObject({ type: 'sale.created', actor: { id: operatorId }, subject_label: 'Government vehicles, December' });
    expect(event.payload.after).toMatchObject({ stagger_seconds: 60, deposit_amount: 50_000 });
  });

  it('when a live sale is created, then registration with a deposit is required whatever the form says', async () => {
    const res = await admin.post('/api/admin/sales', { name: 'Live property sale', kind: 'live', deposit_required: false, deposit_amount: 100_000 });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ kind: 'live', deposit_required: true, deposit_amount: 100_000 });
  });

  it("when a sale's page is opened, then its lots come in lot order with their figures; a sale's lots are numbered as they arrive", async () => {
    const sale = await createOnlineSale();
    const ids = [];
    for (const name of ['Toyota Hilux', 'Nissan Navara', 'Isuzu KB']) ids.push(await createItem(db, { auction_type_id: sale.id, name }));
    const bidder = await createCustomer(db);
    await db.updateTable('auction_types').set({ published_at: new Date() }).where('id', '=', sale.id).execute();
    expect((await new TestClient(server.url, bidder.token).post('/ajax-bid', { item_id: ids[1], amount: 150_000 })).status).toBe(200);
    const res = await admin.get(`/api/admin/sales/${sale.id}`);
    expect(res.status).toBe(200);
    expect(res.body.lots.map((l: { lot_number: number; name: string }) => [l.lot_number, l.name])).toEqual([
      [1, 'Toyota Hilux'],
      [2, 'Nissan Navara'],
      [3, 'Isuzu KB'],
    ]);
    expect(res.body.data.figures).toMatchObject({ lots: 3, open: 3, bids: 1 });
  });

  it('when an operator edits a sale, then only what changed is recorded, before and after; an edit that changes nothing records nothing', async () => {
    const sale = await createOnlineSale({ buyers_premium_percent: 5 });
    const res = await admin.request('PATCH', `/api/admin/sales/${sale.id}`, {
      name: 'Renamed sale',
      buyers_premium_percent: 10,
      description: sale.description,
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Renamed sale', buyers_premium_percent: 10 });
    expect((await admin.request('PATCH', `/api/admin/sales/${sale.id}`, { name: 'Renamed sale' })).status).toBe(200);
    const updates = (await saleHistory(sale.id)).filter((e) => e.type === 'sale.updated');
    expect(updates).toHaveLength(1);
    expect(updates[0].payload.changes).toEqual({
      name: { before: sale.name, after: 'Renamed sale' },
      buyers_premium_percent: { before: 5, after: 10 },
    });
  });

  it('when an operator publishes a draft, then it is published once (a second time is 409) and the publication is in the audit trail', async () => {
    const sale = await createOnlineSale();
    const res = await admin.post(`/api/admin/sales/${sale.id}/publish`);
    expect(res.status).toBe(200);
    expect(res.body.data.status).toBe('published');
    expect(Date.parse(res.body.data.published_at)).toBeGreaterThan(Date.now() - 60_000);
    const again = await admin.post(`/api/admin/sales/${sale.id}/publish`);
    expect(again.status).toBe(409);
    expect(again.body.message).toBe('This sale is already published.');
    expect((await saleHistory(sale.id)).map((e) => e.type)).toContain('sale.published');
  });

  it('when a sale has no end, or its end has passed, then publishing an online sale is refused with the reason', async () => {
    const undated = (await admin.post('/api/admin/sales', { name: 'Undated online sale', kind: 'online' })).body.data;
    const res = await admin.post(`/api/admin/sales/${undated.id}/publish`);
    expect(res.status).toBe(422);
    expect(res.body.errors.date_to).toEqual(['Set the end of the sale before publishing it.']);
    const past = await createOnlineSale({ date_from: new Date(Date.now() - 3 * hour).toISOString(), date_to: new Date(Date.now() - hour).toISOString() });
    const late = await admin.post(`/api/admin/sales/${past.id}/publish`);
    expect(late.status).toBe(422);
    expect(late.body.errors.date_to[0]).toContain('has passed');
  });

  it("when lots are put in a new order, then lot numbers follow, the order is in the audit trail, and a list that is not exactly the sale's lots is refused", async () => {
    const sale = await createOnlineSale();
    const [a, b, c] = [
      await createItem(db, { auction_type_id: sale.id }),
      await createItem(db, { auction_type_id: sale.id }),
      await createItem(db, { auction_type_id: sale.id }),
    ];
    const res = await admin.request('PATCH', `/api/admin/sales/${sale.id}/lots`, { item_ids: [c, a, b] });
    expect(res.status).toBe(200);
    expect(res.body.data.map((l: { id: number; lot_number: number }) => [l.id, l.lot_number])).toEqual([
      [c, 1],
      [a, 2],
      [b, 3],
    ]);
    const reordered = (await saleHistory(sale.id)).find((e) => e.type === 'sale.lots_reordered');
    expect(reordered?.payload).toMatchObject({ before: [a, b, c], after: [c, a, b] });

    const other = await createItem(db, {});
    const wrong = await admin.request('PATCH', `/api/admin/sales/${sale.id}/lots`, { item_ids: [c, a, other] });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors.item_ids[0]).toBe(`The order must list every lot of the sale once (missing #${b}; not in this sale #${other}).`);
    const twice = await admin.request('PATCH', `/api/admin/sales/${sale.id}/lots`, { item_ids: [c, a, a] });
    expect(twice.status).toBe(422);
    expect(twice.body.errors.item_ids).toEqual(['Each lot may appear once in the order.']);
  });

  it("when a customer or a guest calls the operators' sale routes, then they are refused (403, 401) and nothing is created", async () => {
    expect((await customer.post('/api/admin/sales', { name: 'Not mine', kind: 'online' })).status).toBe(403);
    expect((await new TestClient(server.url).get('/api/admin/sales')).status).toBe(401);
    const n = await db
      .selectFrom('auction_types')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('name', '=', 'Not mine')
      .executeTakeFirstOrThrow();
    expect(Number(n.n)).toBe(0);
  });
});

describe('bad input on every sale route is a 4xx with a clear message, never a 500', () => {
  const cases: [string, string, unknown, number, Record<string, string[]> | null, string?][] = [
    ['POST', '/api/admin/sales', {}, 422, { name: ['The name is required.'], kind: ['Choose whether the sale is online or live.'] }],
    [
      'POST',
      '/api/admin/sales',
      { name: 'ab', kind: 'auction' },
      422,
      { name: ['The name must be at least 3 characters.'], kind: ['Choose whether the sale is online or live.'] },
    ],
    ['POST', '/api/admin/sales', { name: 'Sale', kind: 'online', date_from: 'tomorrow' }, 422, { date_from: ['The start is not a valid date and time.'] }],
    [
      'POST',
      '/api/admin/sales',
      { name: 'Sale', kind: 'online', date_from: '2026-12-05T10:00:00Z', date_to: '2026-12-05T09:00:00Z' },
      422,
      { date_to: ['The end must be after the start.'] },
    ],
    [
      'POST',
      '/api/admin/sales',
      { name: 'Sale', kind: 'online', deposit_required: true },
      422,
      { deposit_amount: ['Enter the deposit bidders pay to register.'] },
    ],
    [
      'POST',
      '/api/admin/sales',
      { name: 'Sale', kind: 'online', deposit_required: 'perhaps' },
      422,
      { deposit_required: ['Whether a deposit is required must be true or false.'] },
    ],
    ['POST', '/api/admin/sales', { name: 'Sale', kind: 'online', deposit_amount: -5 }, 422, { deposit_amount: ['The deposit may not be negative.'] }],
    [
      'POST',
      '/api/admin/sales',
      { name: 'Sale', kind: 'online', buyers_premium_percent: 120 },
      422,
      { buyers_premium_percent: ["The buyer's premium may not be more than 100%."] },
    ],
    [
      'POST',
      '/api/admin/sales',
      { name: 'Sale', kind: 'online', buyers_premium_percent: 'ten' },
      422,
      { buyers_premium_percent: ["The buyer's premium must be a percentage."] },
    ],
    [
      'POST',
      '/api/admin/sales',
      { name: 'Sale', kind: 'online', soft_close_minutes: 2.5 },
      422,
      { soft_close_minutes: ['The soft-close window must be a whole number of minutes.'] },
    ],
    [
      'POST',
      '/api/admin/sales',
      { name: 'Sale', kind: 'online', stagger_seconds: -1, date_to: '2026-12-05T09:00:00Z' },
      422,
      { stagger_seconds: ['The time between lots must be at least 0 seconds.'] },
    ],
    [
      'POST',
      '/api/admin/sales',
      { name: 'Sale', kind: 'online', stagger_seconds: 30 },
      422,
      { date_to: ['Set the end of the sale: the first lot closes then.'] },
    ],
    [
      'POST',
      '/api/admin/sales',
      { name: 'Sale', kind: 'live', deposit_amount: 10, stagger_seconds: 30, date_to: '2026-12-05T09:00:00Z' },
      422,
      { stagger_seconds: ['Only online sales close their lots one after another.'] },
    ],
    ['POST', '/api/admin/sales', { name: 'Sale', kind: 'online', branch_id: 999_999 }, 422, { branch_id: ['Choose a branch from the list.'] }],
    ['POST', '/api/admin/sales', { name: 'x'.repeat(121), kind: 'online' }, 422, { name: ['The name may not be longer than 120 characters.'] }],
    ['GET', '/api/admin/sales?kind=auction', undefined, 422, { kind: ['The kind must be one of: cash, online, live.'] }],
    ['GET', '/api/admin/sales?status=archived', undefined, 422, { status: ['The status must be draft or published.'] }],
    ['GET', '/api/admin/sales/abc', undefined, 404, null, 'Sale not found'],
    ['GET', '/api/admin/sales/99999999', undefined, 404, null, 'Sale not found'],
    ['GET', '/api/admin/sales/99999999999999999999', undefined, 404, null, 'Sale not found'],
    ['PATCH', '/api/admin/sales/SALE', { name: 'New name' }, 404, null, 'Sale not found'],
    ['PATCH', '/api/admin/sales/99999999', { name: 'New name' }, 404, null, 'Sale not found'],
    ['PATCH', '/api/admin/sales/{sale}', {}, 422, { _: ['Send at least one field to change.'] }],
    ['PATCH', '/api/admin/sales/{sale}', { colour: 'red' }, 422, { _: ["A sale has no field 'colour'."] }],
    ['PATCH', '/api/admin/sales/{sale}', { date_to: '2020-01-01T00:00:00Z' }, 422, { date_to: ['The end must be after the start.'] }],
    ['PATCH', '/api/admin/sales/{sale}', { kind: 'live' }, 422, { deposit_amount: ['Enter the deposit bidders pay to register.'] }],
    ['PATCH', '/api/admin/sales/{published}', { kind: 'live', deposit_amount: 10 }, 422, { kind: ['A published sale keeps its kind.'] }],
    ['PATCH', '/api/admin/sales/{published}', { date_to: null }, 422, { date_to: ['A published online sale needs its end.'] }],
    ['PATCH', '/api/admin/sales/{sale}', { stagger_seconds: 100_000 }, 422, { stagger_seconds: ['The time between lots may not be more than 86400 seconds.'] }],
    ['POST', '/api/admin/sales/99999999/publish', {}, 404, null, 'Sale not found'],
    ['POST', '/api/admin/sales/-1/publish', {}, 404, null, 'Sale not found'],
    ['PATCH', '/api/admin/sales/{sale}/lots', {}, 422, { item_ids: ['Send the lots in their new order as item_ids.'] }],
    ['PATCH', '/api/admin/sales/{sale}/lots', { item_ids: [] }, 422, { item_ids: ['Send the lots in their new order as item_ids.'] }],
    ['PATCH', '/api/admin/sales/{sale}/lots', { item_ids: ['one'] }, 422, { 'item_ids.0': ['Each lot is named by its id.'] }],
    ['PATCH', '/api/admin/sales/99999999/lots', { item_ids: [1] }, 404, null, 'Sale not found'],
    ['GET', '/api/sales/abc', undefined, 404, null, 'Sale not found'],
    ['GET', '/api/sales/{draft}', undefined, 404, null, 'Sale not found'],
    ['GET', '/api/sales/{published}/lots?page=0', undefined, 422, { page: ['The page must be a whole number from 1.'] }],
    ['GET', '/api/sales/{published}/lots?per_page=500', undefined, 422, { per_page: ['The page size must be a whole number from 1 to 100.'] }],
    ['GET', '/api/sales/{draft}/lots', undefined, 404, null, 'Sale not found'],
  ];

  it('when each route is called with bad input, then it answers the 4xx and the message named, and the database is unchanged', async () => {
    const sale = await createOnlineSale({ date_from: new Date(Date.now() + hour).toISOString(), date_to: new Date(Date.now() + 5 * hour).toISOString() });
    await createItem(db, { auction_type_id: sale.id });
    const published = await createOnlineSale();
    expect((await admin.post(`/api/admin/sales/${published.id}/publish`)).status).toBe(200);
    const guest = new TestClient(server.url);
    const before = await db
      .selectFrom('domain_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    for (const [method, rawPath, body, status, errors, message] of cases) {
      const path = rawPath.replace('{sale}', String(sale.id)).replace('{draft}', String(sale.id)).replace('{published}', String(published.id));
      const client = path.startsWith('/api/sales/') ? guest : admin;
      const res = await client.request(method, path, body);
      const label = `${method} ${rawPath} ${JSON.stringify(body)} → ${res.status} ${JSON.stringify(res.body)}`;
      expect(res.status, label).toBe(status);
      expect(typeof res.body.message, label).toBe('string');
      if (errors) expect(res.body.errors, label).toEqual(errors);
      if (message) expect(res.body.message, label).toBe(message);
    }
    const after = await db
      .selectFrom('domain_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .executeTakeFirstOrThrow();
    expect(after.id).toBe(before.id);
  });

  it('when a body is not JSON at all, then the answer is a 4xx with a message', async () => {
    const res = await fetch(`${server.url}/api/admin/sales`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await createAdminToken()}`, 'content-type': 'application/json' },
      body: '{"name": "Broken',
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect(((await res.json()) as { message: string }).message).toBeTruthy();
  });
});

/** A fresh operator's bearer token. */
async function createAdminToken(): Promise<string> {
  const a = await createCustomer(db);
  await grantRole(db, a.id, 'admin');
  return a.token;
}
