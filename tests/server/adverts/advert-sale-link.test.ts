import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAuctionType, createCustomer, grantRole } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let admin: TestClient;
const day = 86_400_000;
beforeAll(async () => {
  server = await startTestServer();
  const a = await createCustomer(server.database.db);
  await grantRole(server.database.db, a.id, 'admin');
  admin = new TestClient(server.url, a.token);
});
afterAll(async () => {
  await server?.stop();
});

describe('an advert linked to its sale (issue 20 item 4)', () => {
  it('when an operator links an advert to a sale, then visitors get the sale and its dates; unlinking gives null; both are in the audit trail', async () => {
    const db = server.database.db;
    await db.deleteFrom('adverts').execute();
    const saleId = await createAuctionType(db, 'live', 'Live Auction - Lilongwe Property');
    const saleFrom = new Date(Date.now() + 4.5 * day);
    const saleTo = new Date(saleFrom.getTime() + 8 * 3600_000);
    await db.updateTable('auction_types').set({ date_from: saleFrom, date_to: saleTo }).where('id', '=', saleId).execute();

    const created = await admin.post('/api/admin/adverts', {
      description: 'Lilongwe property, Saturday',
      date_from: new Date(Date.now() - 60_000).toISOString(),
      date_to: new Date(Date.now() + 8 * day).toISOString(),
      auction_type_id: String(saleId),
    });
    expect(created.status).toBe(201);
    expect(created.body.data.sale).toEqual({
      id: saleId,
      name: 'Live Auction - Lilongwe Property',
      date_from: saleFrom.toISOString(),
      date_to: saleTo.toISOString(),
    });

    const shown = (await new TestClient(server.url).get('/api/public/adverts')).body.data;
    expect(shown).toHaveLength(1);
    expect(shown[0].auction_type_id).toBe(saleId);
    expect(shown[0].sale.date_from).toBe(saleFrom.toISOString());

    const unlinked = await admin.request('PATCH', `/api/admin/adverts/${created.body.data.id}`, { auction_type_id: '' });
    expect(unlinked.status).toBe(200);
    expect(unlinked.body.data).toMatchObject({ auction_type_id: null, sale: null });

    const rows = await db
      .selectFrom('domain_events')
      .select(['payload'])
      .where('type', '=', 'advert.changed')
      .where('subject_id', '=', created.body.data.id)
      .orderBy('id')
      .execute();
    const payloads = rows.map((r) => r.payload as { before: Record<string, unknown> | null; after: Record<string, unknown> });
    expect(payloads.map((p) => [p.before?.auction_type_id ?? null, p.after.auction_type_id])).toEqual([
      [null, saleId],
      [saleId, null],
    ]);
  });

  it('when the sale does not exist or is not a number, then 422 names auction_type_id', async () => {
    const base = { description: 'Bad link', date_from: new Date().toISOString(), date_to: new Date(Date.now() + day).toISOString() };
    const unknown = await admin.post('/api/admin/adverts', { ...base, auction_type_id: 999_999 });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors.auction_type_id).toEqual(['Choose a sale from the list.']);
    const text = await admin.post('/api/admin/adverts', { ...base, auction_type_id: 'tomorrow' });
    expect(text.status).toBe(422);
    expect(Object.keys(text.body.errors)).toEqual(['auction_type_id']);
  });
});
