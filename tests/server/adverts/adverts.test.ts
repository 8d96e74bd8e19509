import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { io as connect } from 'socket.io-client';
import { createCustomer, grantRole } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let adminToken: string;
let adminId: number;
const day = 86_400_000;
beforeAll(async () => {
  server = await startTestServer();
  const a = await createCustomer(server.database.db);
  await grantRole(server.database.db, a.id, 'admin');
  adminToken = a.token;
  adminId = a.id;
});
afterAll(async () => {
  await server?.stop();
});

async function insertAdvert(values: { description: string; from: number; to: number; active?: boolean; status_id?: number }) {
  const row = await server.database.db
    .insertInto('adverts')
    .values({
      description: values.description,
      image: null,
      date_from: new Date(Date.now() + values.from),
      date_to: new Date(Date.now() + values.to),
      active: values.active ?? true,
      status_id: values.status_id ?? 1,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

describe('advert visibility (spec/shopping.md §9 "Advert shown")', () => {
  it('when adverts are active or status 1 and now is inside their dates, then they are shown; others are not', async () => {
    await server.database.db.deleteFrom('adverts').execute();
    const shown = await insertAdvert({ description: 'Shown', from: -day, to: day });
    const byStatus = await insertAdvert({ description: 'By status', from: -day, to: 2 * day, active: false, status_id: 1 });
    await insertAdvert({ description: 'Inactive', from: -day, to: day, active: false, status_id: 0 });
    await insertAdvert({ description: 'Future', from: day, to: 2 * day });
    await insertAdvert({ description: 'Past', from: -2 * day, to: -day });
    const client = new TestClient(server.url);
    const list = (await client.get('/api/public/adverts')).body.data;
    expect(list.map((a: any) => a.id)).toEqual([shown, byStatus]);
    expect((await client.get('/api/adverts')).body.data).toEqual(list);
  });
});

describe('operators manage adverts, live', () => {
  it('when an admin creates one with a picture and ends it, then open pages receive advert:updated each time', async () => {
    await server.database.db.deleteFrom('adverts').execute();
    const socket = connect(server.url, { transports: ['websocket'], forceNew: true });
    const updates: any[] = [];
    socket.on('advert:updated', (e) => updates.push(e.adverts.map((a: any) => a.description)));
    await new Promise<void>((r) => socket.on('connect', r));
    // The clock (once a second) may still announce the deletion above: let it, then start counting.
    await new Promise((r) => setTimeout(r, 1200));
    updates.length = 0;

    const png = await sharp({ create: { width: 40, height: 20, channels: 3, background: '#0a5' } })
      .png()
      .toBuffer();
    const form = new FormData();
    form.set('description', 'Live auction: Blantyre, Saturday 10:00');
    form.set('date_from', new Date(Date.now() - 60_000).toISOString());
    form.set('date_to', new Date(Date.now() + 3 * day).toISOString());
    form.set('active', 'true');
    form.set('image', new Blob([png], { type: 'image/png' }), 'banner.png');
    const created = await fetch(`${server.url}/api/admin/adverts`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
    expect(created.status).toBe(201);
    const advert = (await created.json()).data;
    expect(advert.image).toMatch(/^\/uploads\/adverts\/advert-[0-9a-f]+\.webp$/);
    const img = await fetch(`${server.url}${advert.image}`);
    expect(img.status).toBe(200);
    expect((await sharp(Buffer.from(await img.arrayBuffer())).metadata()).width).toBe(1200);
    await expect.poll(() => updates).toEqual([['Live auction: Blantyre, Saturday 10:00']]);

    const ended = await new TestClient(server.url, adminToken).post(`/api/admin/adverts/${advert.id}/end`);
    expect(ended.status).toBe(200);
    await expect.poll(() => updates.length).toBe(2);
    expect(updates[1]).toEqual([]);
    expect((await new TestClient(server.url).get('/api/public/adverts')).body.data).toEqual([]);
    socket.disconnect();
  });

  it('when an advert passes its end time, then open pages are told without any operator action', async () => {
    await server.database.db.deleteFrom('adverts').execute();
    const socket = connect(server.url, { transports: ['websocket'], forceNew: true });
    const updates: any[] = [];
    socket.on('advert:updated', (e) => updates.push(e.adverts.length));
    await new Promise<void>((r) => socket.on('connect', r));
    await insertAdvert({ description: 'Ends soon', from: -day, to: 1500 });
    await expect.poll(() => updates.at(-1), { timeout: 5000 }).toBe(1);
    await expect.poll(() => updates.at(-1), { timeout: 5000 }).toBe(0);
    socket.disconnect();
  });

  it('when the form is bad or the caller is not an admin, then 422 / 403', async () => {
    const admin = new TestClient(server.url, adminToken);
    const bad = await admin.post('/api/admin/adverts', { description: 'x', date_from: 'nope', date_to: '' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['date_from', 'date_to', 'description']);
    const user = await createCustomer(server.database.db);
    expect((await new TestClient(server.url, user.token).get('/api/admin/adverts')).status).toBe(403);
  });
});

describe('advert changes in the audit trail (DESIGN.md "Commands, events, audit")', () => {
  it('when an operator creates, edits and ends an advert, then each is one advert.changed row by that operator with the stored fields before and after', async () => {
    const admin = new TestClient(server.url, adminToken);
    const from = new Date(Date.now() - 60_000).toISOString();
    const to = new Date(Date.now() + 2 * day).toISOString();
    const created = await admin.post('/api/admin/adverts', { description: 'Repossessed vehicles: Saturday', date_from: from, date_to: to, active: true });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    expect((await admin.request('PATCH', `/api/admin/adverts/${id}`, { description: 'Repossessed vehicles: Sunday' })).status).toBe(200);
    const ended = await admin.post(`/api/admin/adverts/${id}/end`);
    expect(ended.status).toBe(200);
    expect((await admin.request('PATCH', `/api/admin/adverts/${id}`, { date_to: new Date(Date.now() - 2 * day).toISOString() })).status).toBe(422);

    const rows = await server.database.db
      .selectFrom('domain_events')
      .select(['type', 'actor_type', 'actor_id', 'payload'])
      .where('subject_type', '=', 'advert')
      .where('subject_id', '=', id)
      .orderBy('id')
      .execute();
    expect(rows.map((r) => [r.type, r.actor_type, Number(r.actor_id)])).toEqual([
      ['advert.changed', 'operator', adminId],
      ['advert.changed', 'operator', adminId],
      ['advert.changed', 'operator', adminId],
    ]);
    const payloads = rows.map((r) => r.payload as { advert_id: number; action: string; before: any; after: any });
    expect(payloads.map((p) => p.action)).toEqual(['created', 'updated', 'ended']);
    expect(payloads[0]).toMatchObject({
      advert_id: id,
      before: null,
      after: { id, description: 'Repossessed vehicles: Saturday', active: true, status_id: 1, date_from: from, date_to: to },
    });
    expect(payloads[1]).toMatchObject({
      before: { description: 'Repossessed vehicles: Saturday' },
      after: { description: 'Repossessed vehicles: Sunday', date_to: to },
    });
    expect(payloads[2].before).toEqual(payloads[1].after);
    expect(payloads[2].after).toEqual(ended.body.data);
    expect(payloads[2].after).toMatchObject({ active: false, status_id: 2 });
  });
});
