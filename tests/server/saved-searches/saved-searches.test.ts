import { randomBytes } from 'node:crypto';
import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../../server/db/types.js';
import { lastDigestTime } from '../../../server/saved-searches/saved-search-matcher.js';
import { createCustomer, createItem, grantRole } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let db: Kysely<Database>;
let admin: TestClient;
const hour = 3600_000;

beforeAll(async () => {
  // The producer runs only when a test asks (server.notify()).
  server = await startTestServer({ env: { NOTIFY_INTERVAL_MS: '0', NOTIFY_GRACE_MS: '0' } });
  db = server.database.db;
  const a = await createCustomer(db);
  await grantRole(db, a.id, 'admin');
  admin = new TestClient(server.url, a.token);
});
afterAll(async () => {
  await server?.stop();
});

const client = (token?: string) => new TestClient(server.url, token);
const savedAlerts = (userId: number) =>
  db.selectFrom('notifications').selectAll().where('user_id', '=', userId).where('type', '=', 'saved_search').orderBy('id').execute();

/** A draft online sale with lots created straight in the database: `[name, price]` each. */
async function draftSale(lots: [string, number][]) {
  const res = await admin.post('/api/admin/sales', {
    name: `Sale ${randomBytes(3).toString('hex')}`,
    kind: 'online',
    date_from: new Date(Date.now() - hour).toISOString(),
    date_to: new Date(Date.now() + 48 * hour).toISOString(),
  });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  const saleId = res.body.data.id as number;
  const ids: number[] = [];
  for (const [name, price] of lots) ids.push(await createItem(db, { auction_type_id: saleId, name, target_amount: price }));
  return { saleId, ids };
}

describe('saved searches: the API (issue 16 "Saved searches")', () => {
  it('when a user saves, lists, pauses, renames and deletes a search, then each answer shows it as stored, and the changes are in the audit trail', async () => {
    const user = await createCustomer(db);
    const me = client(user.token);
    const created = await me.post('/api/saved-searches', {
      name: 'Pickups under 20m',
      query: { search: 'hilux', type: 'online', price_max: 20_000_000 },
      frequency: 'daily',
    });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    expect(created.body).toMatchObject({
      name: 'Pickups under 20m',
      query: { search: 'hilux', type: 'online', price_max: 20_000_000 },
      frequency: 'daily',
      paused: false,
      matches: 0,
      last_match_at: null,
    });
    const id = created.body.id as number;
    expect((await me.get('/api/saved-searches')).body.data.map((s: { id: number }) => s.id)).toEqual([id]);

    const paused = await me.patch(`/api/saved-searches/${id}`, { paused: true, name: 'Hilux' });
    expect(paused.status).toBe(200);
    expect(paused.body).toMatchObject({ id, name: 'Hilux', paused: true, frequency: 'daily' });

    expect((await me.delete(`/api/saved-searches/${id}`)).status).toBe(204);
    expect((await me.get('/api/saved-searches')).body.data).toEqual([]);
    const audit = await db
      .selectFrom('domain_events')
      .select(['type', 'payload'])
      .where('type', 'like', 'saved_search.%')
      .where(sql`payload->>'saved_search_id'`, '=', String(id))
      .orderBy('id')
      .execute();
    expect(audit.map((e) => e.type)).toEqual(['saved_search.created', 'saved_search.updated', 'saved_search.deleted']);
    expect(audit[1].payload).toMatchObject({ changes: { paused: { before: false, after: true }, name: { before: 'Pickups under 20m', after: 'Hilux' } } });
  });

  it('when the input is bad, then the answer is 422 naming the field; another user’s search is 404 and a guest is 401', async () => {
    const user = await createCustomer(db);
    const me = client(user.token);
    const bad = async (body: unknown, field: string) => {
      const res = await me.post('/api/saved-searches', body);
      expect(res.status, JSON.stringify(body)).toBe(422);
      expect(Object.keys(res.body.errors)).toContain(field);
      return res.body.errors[field] as string[];
    };
    await bad({ name: '', query: { search: 'tractor' } }, 'name');
    expect(await bad({ name: 'x', query: { search: 'tractor', colour: 'red' } }, 'query')).toEqual(['Unknown listing parameter: colour.']);
    expect(await bad({ name: 'x', query: {} }, 'query')).toEqual(['Add search words or a filter before saving this search.']);
    await bad({ name: 'x', query: { price_min: 'cheap' } }, 'query');
    await bad({ name: 'x', query: { search: 'tractor' }, frequency: 'hourly' }, 'frequency');
    await bad({ name: 'x', query: 'search=tractor' }, 'query');
    expect((await me.post('/api/saved-searches', { name: 'Tractors', query: { search: 'tractor' } })).status).toBe(201);
    expect(await bad({ name: 'tractors', query: { search: 'plough' } }, 'name')).toEqual(['You already have a saved search of this name.']);
    const mine = (await me.get('/api/saved-searches')).body.data[0].id as number;
    expect((await me.patch(`/api/saved-searches/${mine}`, {})).status).toBe(422);
    expect((await me.patch(`/api/saved-searches/abc`, { paused: true })).status).toBe(422);

    const other = client((await createCustomer(db)).token);
    expect((await other.patch(`/api/saved-searches/${mine}`, { paused: true })).status).toBe(404);
    expect((await other.delete(`/api/saved-searches/${mine}`)).status).toBe(404);
    expect((await client().get('/api/saved-searches')).status).toBe(401);
    expect((await client().post('/api/saved-searches', { name: 'x', query: { search: 'a' } })).status).toBe(401);
  });
});

describe('saved searches: alerts when lots are listed (issue 16 "Saved searches")', () => {
  it('when a sale is published, then each instant search is told once of exactly the lots the listing shows for its query, a daily one waits for the digest, a paused one hears nothing', async () => {
    const word = `kubota${randomBytes(3).toString('hex')}`;
    const [instant, cheap, daily, paused, online, cash] = await Promise.all(Array.from({ length: 6 }, () => createCustomer(db)));
    const save = async (token: string, query: Record<string, unknown>, frequency = 'instant') => {
      const res = await client(token).post('/api/saved-searches', { name: `S ${randomBytes(2).toString('hex')}`, query, frequency });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      return res.body.id as number;
    };
    // Prefix words, as the listing's search box: the first four letters find the lots.
    await save(instant.token, { search: word.slice(0, 10) });
    await save(cheap.token, { search: word, price_max: 50_000 });
    await save(daily.token, { search: word }, 'daily');
    const pausedId = await save(paused.token, { search: word });
    await client(paused.token).patch(`/api/saved-searches/${pausedId}`, { paused: true });
    await save(online.token, { search: word, type: 'online', statuses: ['active'] });
    await save(cash.token, { search: word, type: 'cash' });

    const { saleId, ids } = await draftSale([
      [`${word} tractor L4508`, 4_500_000],
      [`${word} rotavator`, 40_000],
      ['Plain plough', 30_000],
    ]);
    // A draft's lots are nobody's to see: nothing yet.
    await server.notify();
    expect(await savedAlerts(instant.id)).toEqual([]);

    expect((await admin.post(`/api/admin/sales/${saleId}/publish`, {})).status).toBe(200);
    await server.notify();
    const told = await savedAlerts(instant.id);
    expect(told.map((n) => n.item_id).sort()).toEqual([ids[0], ids[1]].sort());
    expect(told.find((n) => n.item_id === ids[0])).toMatchObject({ title: `New lot for you: ${word} tractor L4508`, link: `/item/${ids[0]}` });
    expect(told.find((n) => n.item_id === ids[0])!.body).toContain('MK 4,500,000');
    expect((await savedAlerts(cheap.id)).map((n) => n.item_id)).toEqual([ids[1]]);
    expect((await savedAlerts(online.id)).map((n) => n.item_id).sort()).toEqual([ids[0], ids[1]].sort());
    expect(await savedAlerts(cash.id)).toEqual([]);
    expect(await savedAlerts(daily.id)).toEqual([]);
    expect(await savedAlerts(paused.id)).toEqual([]);

    // The alerts are exactly what the listing shows for each query among the sale's lots.
    for (const [user, query] of [
      [instant, `search=${word.slice(0, 10)}`],
      [cheap, `search=${word}&price_max=50000`],
    ] as const) {
      const listed = (await client().get(`/ajax-items?${query}&auction_type_id=${saleId}&per_page=50`)).body.data.map((i: { id: number }) => i.id);
      expect((await savedAlerts(user.id)).map((n) => n.item_id).sort()).toEqual([...listed].sort());
    }
    // Instant alerts go out by e-mail (the type's default channel) and the list counts matches.
    const deliveries = await db
      .selectFrom('notification_deliveries')
      .select('channel')
      .where(
        'notification_id',
        'in',
        told.map((n) => n.id),
      )
      .execute();
    expect(deliveries.map((d) => d.channel)).toEqual(['email', 'email']);
    expect((await client(instant.token).get('/api/saved-searches')).body.data[0]).toMatchObject({ matches: 2 });

    // Producing again, or the same lots listed again, tells nobody twice.
    await server.notify();
    await db
      .insertInto('domain_events')
      .values({
        type: 'sale.published',
        subject_type: 'sale',
        subject_id: saleId,
        actor_type: 'system',
        actor_id: null,
        actor_name: 'test',
        payload: JSON.stringify({ sale_id: saleId }),
      })
      .execute();
    await server.notify();
    expect(await savedAlerts(instant.id)).toHaveLength(2);

    // The morning digest: matches from before the last 07:00 (Malawi) go out in one notification.
    await db
      .updateTable('saved_search_matches')
      .set({ matched_at: new Date(lastDigestTime(new Date()).getTime() - 60_000) })
      .where('item_id', 'in', ids)
      .execute();
    await server.notify();
    const digest = await savedAlerts(daily.id);
    expect(digest).toHaveLength(1);
    expect(digest[0].title).toBe('2 new lots match your saved searches');
    expect(digest[0].body).toContain(`${word} tractor L4508 (MK 4,500,000)`);
    expect(digest[0].body).toContain(`${word} rotavator (MK 40,000)`);
    await server.notify();
    expect(await savedAlerts(daily.id)).toHaveLength(1);
  });

  it('when an operator creates a lot in a published sale, then a matching instant search is told of it', async () => {
    const word = `pajero${randomBytes(3).toString('hex')}`;
    const bidder = await createCustomer(db);
    expect((await client(bidder.token).post('/api/saved-searches', { name: 'Pajeros', query: { search: word } })).status).toBe(201);
    const { saleId } = await draftSale([]);
    expect((await admin.post(`/api/admin/sales/${saleId}/publish`, {})).status).toBe(200);
    const created = await admin.post('/api/admin/lots', { name: `Mitsubishi ${word} 3.2 DI-D`, auction_type_id: saleId, target_amount: 8_000_000 });
    expect(created.status, JSON.stringify(created.body)).toBe(201);
    await server.notify();
    expect((await savedAlerts(bidder.id)).map((n) => n.item_id)).toEqual([created.body.data.id]);
  });

  it('the digest time is the latest 07:00 in Malawi (05:00 UTC) at or before now', () => {
    expect(lastDigestTime(new Date('2026-11-25T06:00:00Z')).toISOString()).toBe('2026-11-25T05:00:00.000Z');
    expect(lastDigestTime(new Date('2026-11-25T04:59:00Z')).toISOString()).toBe('2026-11-24T05:00:00.000Z');
    expect(lastDigestTime(new Date('2026-11-25T05:00:00Z')).toISOString()).toBe('2026-11-25T05:00:00.000Z');
  });
});
