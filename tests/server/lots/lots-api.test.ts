import type { Kysely } from 'kysely';
import { io as connect } from 'socket.io-client';
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
let guest: TestClient;
const hour = 3600_000;

beforeAll(async () => {
  server = await startTestServer();
  db = server.database.db;
  const a = await createCustomer(db, { name: 'Chikondi Banda' });
  await grantRole(db, a.id, 'admin');
  operatorId = a.id;
  admin = new TestClient(server.url, a.token);
  customer = new TestClient(server.url, (await createCustomer(db)).token);
  guest = new TestClient(server.url);
});
afterAll(async () => {
  await server?.stop();
});

/** A published online sale made through the API, ending in 48 hours; answers its id. */
async function publishedSale(over: Record<string, unknown> = {}): Promise<number> {
  const res = await admin.post('/api/admin/sales', {
    name: `Sale ${Math.random().toString(36).slice(2, 8)}`,
    kind: 'online',
    date_from: new Date(Date.now() - hour).toISOString(),
    date_to: new Date(Date.now() + 48 * hour).toISOString(),
    ...over,
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  expect((await admin.post(`/api/admin/sales/${res.body.data.id}/publish`)).status).toBe(200);
  return res.body.data.id;
}

/** A lot created through the API; answers its view. */
async function createLot(saleId: number, over: Record<string, unknown> = {}) {
  const res = await admin.post('/api/admin/lots', { name: 'Toyota Hilux 2.4 GD-6', auction_type_id: saleId, target_amount: 12_500_000, ...over });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.data;
}

/** What the audit trail holds about a lot, oldest first. */
async function lotHistory(itemId: number) {
  const res = await admin.get(`/api/admin/audit?subject_type=item&subject_id=${itemId}&per_page=100`);
  expect(res.status).toBe(200);
  return (res.body.data as { type: string; actor: { id: number | null }; payload: Record<string, unknown> }[]).reverse();
}

/** The ids on the first page of the public listing for one sale. */
async function listedIds(saleId: number): Promise<number[]> {
  const res = await guest.get(`/ajax-items?auction_type_id=${saleId}&per_page=50`);
  expect(res.status).toBe(200);
  return res.body.data.map((i: { id: number }) => i.id);
}

describe('lots in the back office (issue 13 "Lots (items)")', () => {
  it('when an operator creates a lot with every field, then bidders see it at once in /ajax-items and /ajax-item in the spec shape, and lot.created is in the audit trail', async () => {
    const saleId = await publishedSale();
    const branch = await createBranch(db, 'Lilongwe');
    const before = await listedIds(saleId);
    const dateTo = new Date(Date.now() + 30 * hour).toISOString();
    const lot = await createLot(saleId, {
      title: 'Double cab, 2019, 84,000 km',
      description: 'Ex-NGO vehicle, full service history.',
      branch_id: branch,
      code: `HLX-${Date.now()}`,
      reference_number: 'REF-77',
      target_amount: '12,500,000',
      reserve_price: 15_000_000,
      condition: 'used',
      featured: true,
      date_from: new Date(Date.now() - hour).toISOString(),
      date_to: dateTo,
    });
    expect(lot).toMatchObject({
      status: 'available',
      sale: { id: saleId, kind: 'online', published: true },
      branch: { id: branch, name: 'Lilongwe' },
      target_amount: 12_500_000,
      reserve_price: 15_000_000,
      quantity: 1,
      featured: true,
      condition: 'used',
      date_to: dateTo,
      lot_number: 1,
      images: [],
    });
    expect(before).not.toContain(lot.id);
    expect(await listedIds(saleId)).toContain(lot.id);
    const counted = await guest.get(`/ajax-items?auction_type_id=${saleId}`);
    expect(counted.body.counts.online).toBe(1);
    expect(counted.body.pagination.total).toBe(1);
    const item = await guest.get(`/ajax-item/${lot.id}`);
    expect(item.status).toBe(200);
    expect(item.body).toMatchObject({
      id: lot.id,
      name: 'Toyota Hilux 2.4 GD-6',
      title: 'Double cab, 2019, 84,000 km',
      target_amount: 12_500_000,
      bid_amount: null,
      reserve_met: false,
      auction_type_id: saleId,
      type: 'online',
      status: 'available',
      featured: true,
      branch: { id: branch, name: 'Lilongwe' },
      date_to: dateTo,
      media: [],
    });
    expect(item.body).not.toHaveProperty('reserve_price');
    const [created] = await lotHistory(lot.id);
    expect(created).toMatchObject({ type: 'lot.created', actor: { id: operatorId }, payload: { item_id: lot.id, name: lot.name, auction_type_id: saleId } });
    const row = await db
      .selectFrom('domain_events')
      .select(['type', 'subject_type', 'subject_id'])
      .where('type', '=', 'lot.created')
      .where('subject_id', '=', lot.id)
      .executeTakeFirst();
    expect(row).toMatchObject({ subject_type: 'item', subject_id: lot.id });
  });

  it('when a lot is created without dates, then it takes its sale’s; in a staggered sale it closes in its turn after the lots before it', async () => {
    const end = new Date(Date.now() + 10 * hour);
    const saleId = await publishedSale({ date_to: end.toISOString(), stagger_seconds: 60 });
    const first = await createLot(saleId, { name: 'Lot A' });
    const second = await createLot(saleId, { name: 'Lot B' });
    expect(first.date_to).toBe(end.toISOString());
    expect(second.lot_number).toBe(2);
    expect(second.date_to).toBe(new Date(end.getTime() + 60_000).toISOString());
  });

  it('when the input is wrong, then every route answers 422 {message, errors} naming the field, never a 500', async () => {
    const saleId = await publishedSale();
    const lot = await createLot(saleId);
    const cases: [string, string, unknown, string][] = [
      ['POST', '/api/admin/lots', {}, 'name'],
      ['POST', '/api/admin/lots', { name: 'X1', auction_type_id: saleId }, 'target_amount'],
      ['POST', '/api/admin/lots', { name: 'Plough', auction_type_id: 999_999_999, target_amount: 10 }, 'auction_type_id'],
      ['POST', '/api/admin/lots', { name: 'Plough', auction_type_id: saleId, target_amount: -5 }, 'target_amount'],
      ['POST', '/api/admin/lots', { name: 'Plough', auction_type_id: saleId, target_amount: 10.5 }, 'target_amount'],
      ['POST', '/api/admin/lots', { name: 'Plough', auction_type_id: saleId, target_amount: 1e13 }, 'target_amount'],
      ['POST', '/api/admin/lots', { name: 'Plough', auction_type_id: saleId, target_amount: 10, quantity: 0 }, 'quantity'],
      ['POST', '/api/admin/lots', { name: 'Plough', auction_type_id: saleId, target_amount: 10, quantity: 3 }, 'quantity'],
      ['POST', '/api/admin/lots', { name: 'Plough', auction_type_id: saleId, target_amount: 10, condition: 'shiny' }, 'condition'],
      ['POST', '/api/admin/lots', { name: 'Plough', auction_type_id: saleId, target_amount: 10, branch_id: 999_999 }, 'branch_id'],
      ['POST', '/api/admin/lots', { name: 'Plough', auction_type_id: saleId, target_amount: 10, colour: 'red' }, '_'],
      [
        'POST',
        '/api/admin/lots',
        { name: 'Plough', auction_type_id: saleId, target_amount: 10, date_from: '2026-12-05T10:00:00Z', date_to: '2026-12-01T10:00:00Z' },
        'date_to',
      ],
      ['POST', '/api/admin/lots', { name: 'Plough', auction_type_id: saleId, target_amount: 10, date_to: 'next tuesday' }, 'date_to'],
      ['PATCH', `/api/admin/lots/${lot.id}`, {}, '_'],
      ['PATCH', `/api/admin/lots/${lot.id}`, { reserve_price: 'lots' }, 'reserve_price'],
      ['PATCH', `/api/admin/lots/${lot.id}`, { date_from: new Date(Date.now() + 100 * hour).toISOString() }, 'date_to'],
      ['PATCH', `/api/admin/lots/${lot.id}`, { auction_type_id: 999_999_999 }, 'auction_type_id'],
      ['POST', `/api/admin/lots/${lot.id}/withdraw`, {}, 'reason'],
      ['POST', `/api/admin/lots/${lot.id}/withdraw`, { reason: '  ' }, 'reason'],
      ['POST', `/api/admin/lots/${lot.id}/relist`, {}, 'auction_type_id'],
      ['POST', '/api/admin/lots/bulk', { ids: [], action: 'withdraw', reason: 'Damaged' }, 'ids'],
      ['POST', '/api/admin/lots/bulk', { ids: [lot.id], action: 'withdraw' }, 'reason'],
      ['POST', '/api/admin/lots/bulk', { ids: [lot.id], action: 'move' }, 'auction_type_id'],
      ['POST', '/api/admin/lots/bulk', { ids: [lot.id], action: 'burn' }, 'action'],
      ['POST', '/api/admin/lots/bulk', { ids: [999_999_999], action: 'withdraw', reason: 'Damaged' }, 'ids'],
      ['PATCH', `/api/admin/lots/${lot.id}/images`, {}, 'order'],
      ['PATCH', `/api/admin/lots/${lot.id}/images`, { order: [1, 1] }, 'order'],
      ['PATCH', `/api/admin/lots/${lot.id}/images`, { cover: 999_999 }, 'cover'],
    ];
    for (const [method, path, body, field] of cases) {
      const res = await admin.request(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)} → ${JSON.stringify(res.body)}`).toBe(422);
      expect(typeof res.body.message).toBe('string');
      expect(Object.keys(res.body.errors), `${method} ${path} ${JSON.stringify(body)}`).toContain(field);
    }
    const list = await admin.get('/api/admin/lots?status=lost&has_pictures=maybe&per_page=1000');
    expect(list.status).toBe(422);
    expect(Object.keys(list.body.errors).sort()).toEqual(['has_pictures', 'per_page', 'status']);
    expect((await admin.get('/api/admin/lots/abc')).status).toBe(404);
    expect((await admin.get('/api/admin/lots/999999999')).status).toBe(404);
    expect((await admin.request('DELETE', `/api/admin/lots/${lot.id}/images/999999`)).status).toBe(404);
  });

  it('when someone who is not an operator calls the lot routes, then they are refused', async () => {
    const saleId = await publishedSale();
    expect((await customer.get('/api/admin/lots')).status).toBe(403);
    expect((await customer.post('/api/admin/lots', { name: 'Plough', auction_type_id: saleId, target_amount: 10 })).status).toBe(403);
    expect((await guest.get('/api/admin/lots')).status).toBe(401);
  });

  it('when an operator edits a lot, then only what changed is recorded, open pages hear item.updated, and the listing shows the new name', async () => {
    const saleId = await publishedSale();
    const lot = await createLot(saleId, { name: 'Massey Ferguson 375' });
    const res = await admin.request('PATCH', `/api/admin/lots/${lot.id}`, {
      name: 'Massey Ferguson 375 tractor',
      target_amount: 9_000_000,
      description: lot.description,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ name: 'Massey Ferguson 375 tractor', target_amount: 9_000_000 });
    expect((await admin.request('PATCH', `/api/admin/lots/${lot.id}`, { name: 'Massey Ferguson 375 tractor' })).status).toBe(200);
    const history = await lotHistory(lot.id);
    const updates = history.filter((e) => e.type === 'lot.updated');
    expect(updates).toHaveLength(1);
    expect(updates[0].payload.changes).toEqual({
      name: { before: 'Massey Ferguson 375', after: 'Massey Ferguson 375 tractor' },
      target_amount: { before: 12_500_000, after: 9_000_000 },
    });
    expect(history.map((e) => e.type)).toContain('item.updated');
    expect((await guest.get(`/ajax-item/${lot.id}`)).body).toMatchObject({ name: 'Massey Ferguson 375 tractor', target_amount: 9_000_000 });
    const listed = await guest.get(`/ajax-items?auction_type_id=${saleId}`);
    expect(listed.body.data.find((i: { id: number }) => i.id === lot.id)?.name).toBe('Massey Ferguson 375 tractor');
  });

  it('when an operator edits or withdraws a lot, then a page open on it hears item:updated with the new fields', async () => {
    const saleId = await publishedSale();
    const lot = await createLot(saleId, { name: 'Massey Ferguson 240' });
    const socket = connect(server.url, { transports: ['websocket'], forceNew: true });
    const heard: { name: string; status: string }[] = [];
    socket.on('item:updated', (item: { name: string; status: string }) => heard.push(item));
    await new Promise<void>((r) => socket.on('connect', r));
    await socket.emitWithAck('item:subscribe', { item_id: lot.id });
    expect((await admin.request('PATCH', `/api/admin/lots/${lot.id}`, { name: 'Massey Ferguson 240 (2014)' })).status).toBe(200);
    await expect.poll(() => heard.at(-1)?.name).toBe('Massey Ferguson 240 (2014)');
    expect((await admin.post(`/api/admin/lots/${lot.id}/withdraw`, { reason: 'Engine seized' })).status).toBe(200);
    await expect.poll(() => heard.at(-1)?.status).toBe('withdrawn');
    socket.disconnect();
  });

  it('when a lot has bids, then its starting amount and sale stay', async () => {
    const saleId = await publishedSale();
    const lot = await createLot(saleId, { target_amount: 100_000 });
    expect((await customer.post('/ajax-bid', { item_id: lot.id, amount: 150_000 })).status).toBe(200);
    const res = await admin.request('PATCH', `/api/admin/lots/${lot.id}`, { target_amount: 50_000, auction_type_id: await publishedSale() });
    expect(res.status).toBe(422);
    expect(Object.keys(res.body.errors).sort()).toEqual(['auction_type_id', 'target_amount']);
  });

  it('when an operator withdraws a lot with a reason, then it leaves the listing, refuses bids, names its leader in the event, and stays in the audit trail', async () => {
    const saleId = await publishedSale();
    const lot = await createLot(saleId, { target_amount: 100_000 });
    const bidder = await createCustomer(db);
    expect((await new TestClient(server.url, bidder.token).post('/ajax-bid', { item_id: lot.id, amount: 150_000 })).status).toBe(200);
    expect(await listedIds(saleId)).toContain(lot.id);
    const res = await admin.post(`/api/admin/lots/${lot.id}/withdraw`, { reason: 'The owner paid the debt' });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.data).toMatchObject({ status: 'withdrawn', withdrawn_reason: 'The owner paid the debt' });
    expect(await listedIds(saleId)).not.toContain(lot.id);
    expect((await guest.get(`/api/sales/${saleId}/lots`)).body.data.map((i: { id: number }) => i.id)).not.toContain(lot.id);
    const bid = await customer.post('/ajax-bid', { item_id: lot.id, amount: 250_000 });
    expect(bid.status).toBe(422);
    const withdrawn = (await lotHistory(lot.id)).find((e) => e.type === 'lot.withdrawn');
    expect(withdrawn).toMatchObject({ actor: { id: operatorId }, payload: { item_id: lot.id, reason: 'The owner paid the debt', leader_id: bidder.id } });
    expect((await admin.post(`/api/admin/lots/${lot.id}/withdraw`, { reason: 'Again' })).status).toBe(409);
    const list = await admin.get(`/api/admin/lots?status=withdrawn&auction_type_id=${saleId}`);
    expect(list.body.data.map((l: { id: number }) => l.id)).toEqual([lot.id]);
  });

  it('when an unsold lot is relisted into another sale, then a new open lot with its fields is listed there and lot.relisted names both lots', async () => {
    const saleId = await publishedSale();
    const lot = await createLot(saleId, { name: 'Bajaj Boxer motorcycle', reference_number: 'MC-12' });
    expect((await admin.post(`/api/admin/lots/${lot.id}/relist`, { auction_type_id: saleId })).status).toBe(409);
    await db.updateTable('items').set({ status: 'unsold' }).where('id', '=', lot.id).execute();
    const next = await publishedSale();
    const dateTo = new Date(Date.now() + 20 * hour).toISOString();
    const res = await admin.post(`/api/admin/lots/${lot.id}/relist`, { auction_type_id: next, date_to: dateTo });
    expect(res.status, JSON.stringify(res.body)).toBe(201);
    const relisted = res.body.data;
    expect(relisted).toMatchObject({
      name: 'Bajaj Boxer motorcycle',
      reference_number: 'MC-12',
      auction_type_id: next,
      status: 'available',
      date_to: dateTo,
      bid_count: 0,
    });
    expect(relisted.id).not.toBe(lot.id);
    expect(await listedIds(next)).toContain(relisted.id);
    const [event] = await lotHistory(relisted.id);
    expect(event).toMatchObject({ type: 'lot.relisted', payload: { item_id: relisted.id, from_item_id: lot.id, auction_type_id: next } });
    expect((await admin.get(`/api/admin/lots/${lot.id}`)).body.data.status).toBe('unsold');
  });

  it('when an operator duplicates a lot, then a copy without a code is created in the same sale and recorded as lot.created', async () => {
    const saleId = await publishedSale();
    const lot = await createLot(saleId, { code: `DUP-${Date.now()}`, featured: true });
    const res = await admin.post(`/api/admin/lots/${lot.id}/duplicate`);
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ name: lot.name, code: null, featured: true, auction_type_id: saleId, lot_number: 2 });
    const [event] = await lotHistory(res.body.data.id);
    expect(event).toMatchObject({ type: 'lot.created', payload: { item_id: res.body.data.id, duplicated_from: lot.id } });
    const taken = await admin.post('/api/admin/lots', { name: 'Other', auction_type_id: saleId, target_amount: 5, code: lot.code.toLowerCase() });
    expect(taken.status).toBe(422);
    expect(taken.body.errors.code[0]).toContain(`Lot #${lot.id}`);
  });

  it('when lots are withdrawn or moved in bulk, then all change or none does, and the list filters and pages them', async () => {
    const saleId = await publishedSale();
    const target = await publishedSale();
    const a = await createLot(saleId, { name: 'Bulk sofa' });
    const b = await createLot(saleId, { name: 'Bulk table' });
    const c = await createLot(saleId, { name: 'Bulk chair' });
    const sold = await createItem(db, { auction_type_id: saleId, status: 'sold', name: 'Bulk bed' });

    const refused = await admin.post('/api/admin/lots/bulk', { ids: [a.id, sold], action: 'withdraw', reason: 'Damaged in store' });
    expect(refused.status).toBe(422);
    expect(refused.body.errors.ids.join(' ')).toContain(`#${sold}`);
    expect((await admin.get(`/api/admin/lots/${a.id}`)).body.data.status).toBe('available');

    const moved = await admin.post('/api/admin/lots/bulk', { ids: [a.id, b.id], action: 'move', auction_type_id: target });
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    expect(moved.body.data.ids.sort()).toEqual([a.id, b.id].sort());
    expect((await listedIds(target)).sort()).toEqual([a.id, b.id].sort());
    expect(await listedIds(saleId)).not.toContain(a.id);
    const movedEvent = (await lotHistory(a.id)).find((e) => e.type === 'lot.updated');
    expect(movedEvent?.payload.changes).toEqual({ auction_type_id: { before: saleId, after: target } });

    const withdrawn = await admin.post('/api/admin/lots/bulk', { ids: [b.id, c.id], action: 'withdraw', reason: 'Damaged in store' });
    expect(withdrawn.status).toBe(200);
    expect(await listedIds(target)).toEqual([a.id]);
    expect((await lotHistory(c.id)).find((e) => e.type === 'lot.withdrawn')?.payload.reason).toBe('Damaged in store');

    const page1 = await admin.get(`/api/admin/lots?search=bulk&per_page=2&page=1`);
    expect(page1.status).toBe(200);
    expect(page1.body.meta).toMatchObject({ total: 4, per_page: 2, last_page: 2 });
    expect(page1.body.data).toHaveLength(2);
    expect((await admin.get(`/api/admin/lots?search=bulk&status=sold`)).body.data.map((l: { id: number }) => l.id)).toEqual([sold]);
    expect((await admin.get(`/api/admin/lots?auction_type_id=${target}&status=open`)).body.data.map((l: { id: number }) => l.id)).toEqual([a.id]);
    expect((await admin.get(`/api/admin/lots?auction_type_id=${target}&has_pictures=true`)).body.data).toEqual([]);
    expect((await admin.get(`/api/admin/lots?auction_type_id=${target}&kind=live`)).body.data).toEqual([]);
  });
});
