import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, grantRole } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ engine: 'pglite' });
});
afterAll(async () => {
  await server?.stop();
});

describe('lots in the embedded default (PGlite, `npm start`)', () => {
  it('when an operator creates a lot, uploads a picture and withdraws the lot, then the listing follows as on PostgreSQL', async () => {
    const db = server.database.db;
    const operator = await createCustomer(db);
    await grantRole(db, operator.id, 'admin');
    const admin = new TestClient(server.url, operator.token);
    const sale = await admin.post('/api/admin/sales', { name: 'Embedded sale', kind: 'online', date_to: new Date(Date.now() + 86_400_000).toISOString() });
    expect((await admin.post(`/api/admin/sales/${sale.body.data.id}/publish`)).status).toBe(200);
    const lot = await admin.post('/api/admin/lots', { name: 'Generator 5 kVA', auction_type_id: sale.body.data.id, target_amount: 400_000 });
    expect(lot.status, JSON.stringify(lot.body)).toBe(201);

    const form = new FormData();
    const picture = await sharp({ create: { width: 900, height: 600, channels: 3, background: '#446688' } })
      .jpeg()
      .toBuffer();
    form.append('images[]', new Blob([new Uint8Array(picture)], { type: 'image/jpeg' }), 'generator.jpg');
    const upload = await fetch(`${server.url}/api/admin/lots/${lot.body.data.id}/images`, {
      method: 'POST',
      headers: { authorization: `Bearer ${operator.token}` },
      body: form,
    });
    expect(upload.status).toBe(201);

    const guest = new TestClient(server.url);
    const item = await guest.get(`/ajax-item/${lot.body.data.id}`);
    expect(item.body.media[0].variants.map((v: { width: number }) => v.width)).toEqual([320, 800, 900]);
    expect((await guest.get(`/ajax-items?auction_type_id=${sale.body.data.id}`)).body.data.map((i: { id: number }) => i.id)).toEqual([lot.body.data.id]);
    expect((await admin.post(`/api/admin/lots/${lot.body.data.id}/withdraw`, { reason: 'Sold privately' })).status).toBe(200);
    expect((await guest.get(`/ajax-items?auction_type_id=${sale.body.data.id}`)).body.data).toEqual([]);
  });
});
