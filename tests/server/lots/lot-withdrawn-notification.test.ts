import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, createItem, grantRole } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  // The notifier's schedule is off: the test runs it, so it knows when it has run.
  server = await startTestServer({ env: { NOTIFY_INTERVAL_MS: '0', NOTIFY_GRACE_MS: '0' } });
});
afterAll(async () => {
  await server?.stop();
});

describe('a withdrawn lot’s leading bidder is told (issue 13 "Lots (items)")', () => {
  it('when an operator withdraws a lot with a reason, then its leader gets one lot_withdrawn notification with the reason, and the outbid bidder none', async () => {
    const db = server.database.db;
    const operator = await createCustomer(db);
    await grantRole(db, operator.id, 'admin');
    const outbid = await createCustomer(db);
    const leader = await createCustomer(db);
    const itemId = await createItem(db, { name: 'Isuzu KB 250 double cab', target_amount: 1000 });
    expect((await new TestClient(server.url, outbid.token).post('/ajax-bid', { item_id: itemId, amount: 1500 })).status).toBe(200);
    expect((await new TestClient(server.url, leader.token).post('/ajax-bid', { item_id: itemId, amount: 2500 })).status).toBe(200);
    await server.notify();

    const res = await new TestClient(server.url, operator.token).post(`/api/admin/lots/${itemId}/withdraw`, { reason: 'The owner settled the loan' });
    expect(res.status).toBe(200);
    expect((await server.notify()).created).toBe(1);
    expect((await server.notify()).created).toBe(0);

    const told = await new TestClient(server.url, leader.token).get('/api/notifications');
    expect(told.body.data[0]).toMatchObject({ type: 'lot_withdrawn', item_id: itemId, title: 'Withdrawn: Isuzu KB 250 double cab', link: `/item/${itemId}` });
    expect(told.body.data[0].body).toContain('The owner settled the loan.');
    const other = await new TestClient(server.url, outbid.token).get('/api/notifications');
    expect(other.body.data.map((n: { type: string }) => n.type)).not.toContain('lot_withdrawn');
  });
});
