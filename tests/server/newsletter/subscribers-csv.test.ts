import { parse } from 'csv-parse/sync';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, grantRole } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const PATH = '/api/admin/newsletter/subscribers.csv';

const download = (token?: string) => fetch(`${server.url}${PATH}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });

describe('newsletter subscribers as CSV (issue 13 "Settlement and results")', () => {
  it('when an operator downloads the subscribers, then every address still subscribed is a row, oldest first, with the account name; unsubscribed ones are left out', async () => {
    const db = server.database.db;
    const admin = await createCustomer(db, { name: 'Gavel Admin' });
    await grantRole(db, admin.id, 'admin');
    const member = await createCustomer(db, { name: 'Chikondi Banda' });
    const sneaky = await createCustomer(db, { name: '=HYPERLINK("http://evil.example")' });

    const guestEmail = `guest-${Date.now()}@example.mw`;
    expect((await new TestClient(server.url).post('/api/newsletter', { email: guestEmail, source: '/auctions' })).status).toBe(200);
    expect((await new TestClient(server.url, member.token).post('/api/newsletter', { email: member.email, source: '/about' })).status).toBe(200);
    expect((await new TestClient(server.url, sneaky.token).post('/api/newsletter', { email: sneaky.email })).status).toBe(200);
    const leaver = `leaver-${Date.now()}@example.mw`;
    expect((await new TestClient(server.url).post('/api/newsletter', { email: leaver })).status).toBe(200);
    await db
      .withTables<{ newsletter_subscriptions: { email: string; unsubscribed_at: Date | null } }>()
      .updateTable('newsletter_subscriptions')
      .set({ unsubscribed_at: new Date() })
      .where('email', '=', leaver)
      .execute();

    const res = await download(admin.token);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/csv/);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="?gavel-newsletter-subscribers\.csv"?$/);
    const text = await res.text();
    expect(text.split('\n')[0]).toBe('email,name,subscribed_at,source');
    const rows = parse(text, { columns: true }) as Record<string, string>[];
    expect(rows.map((r) => [r.email, r.name, r.source])).toEqual([
      [guestEmail, '', '/auctions'],
      [member.email, 'Chikondi Banda', '/about'],
      [sneaky.email, `'=HYPERLINK("http://evil.example")`, ''],
    ]);
    for (const r of rows) expect(new Date(r.subscribed_at).toISOString()).toBe(r.subscribed_at);
  });

  it('when a customer or a guest asks for the file, then 403 or 401', async () => {
    const customer = await createCustomer(server.database.db);
    expect((await download(customer.token)).status).toBe(403);
    expect((await download()).status).toBe(401);
  });
});
