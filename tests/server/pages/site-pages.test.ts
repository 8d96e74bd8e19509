import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCustomer, grantRole } from '../../helpers/factories.js';
import { TestClient } from '../../helpers/http-client.js';
import { startTestServer, type TestServer } from '../../helpers/test-server.js';

let server: TestServer;
let admin: TestClient;
let adminId: number;
beforeAll(async () => {
  server = await startTestServer();
  const a = await createCustomer(server.database.db);
  await grantRole(server.database.db, a.id, 'admin');
  admin = new TestClient(server.url, a.token);
  adminId = a.id;
});
afterAll(async () => {
  await server?.stop();
});

describe('Terms of sale and Privacy pages (issue 20 item 5)', () => {
  it('when a visitor asks for them on a fresh database, then the default texts cover the sale terms and the personal data kept', async () => {
    const guest = new TestClient(server.url);
    const terms = await guest.get('/api/pages/terms');
    expect(terms.status).toBe(200);
    expect(terms.body.data.title).toBe('Terms of sale');
    for (const words of ["buyer's premium", 'deposit', 'cash on delivery', 'Collect paid goods', 'MK 999,999.99', 'within 3 working days']) {
      expect(terms.body.data.body).toContain(words);
    }
    const privacy = await guest.get('/api/pages/privacy');
    expect(privacy.body.data.title).toBe('Privacy notice');
    for (const words of ['What we keep and why', 'Who sees it', 'How long we keep it', 'How to ask', 'removed']) {
      expect(privacy.body.data.body).toContain(words);
    }
    expect((await guest.get('/api/pages/cookies')).status).toBe(404);
  });

  it('when an operator edits a page, then visitors read the new text and the audit trail records the edit with before and after', async () => {
    const before = (await new TestClient(server.url).get('/api/pages/privacy')).body.data;
    const body = `${before.body}\n\n## Cookies\nWe use one cookie to keep you signed in, and one for your cart.`;
    const saved = await admin.request('PUT', '/api/admin/pages/privacy', { title: 'Privacy notice', body });
    expect(saved.status).toBe(200);
    expect((await new TestClient(server.url).get('/api/pages/privacy')).body.data.body).toContain('## Cookies');

    const events = await server.database.db
      .selectFrom('domain_events')
      .select(['subject_type', 'actor_type', 'actor_id', 'payload'])
      .where('type', '=', 'page.updated')
      .execute();
    expect(events).toHaveLength(1);
    expect(events[0]).toMatchObject({ subject_type: 'page', actor_type: 'operator', actor_id: adminId });
    expect(events[0].payload).toMatchObject({ slug: 'privacy', before: { body: before.body }, after: { body } });
    const audit = await admin.get('/api/admin/audit?subject_type=page');
    expect(audit.body.data[0].subject_label).toBe('Privacy notice');
  });

  it('when the edit is bad or the caller is not an operator, then 422 with the fields, 403 or 401', async () => {
    const bad = await admin.request('PUT', '/api/admin/pages/terms', { title: 'x', body: 'short' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual(['body', 'title']);
    expect((await admin.request('PUT', '/api/admin/pages/cookies', { title: 'Cookies', body: 'A page that does not exist here.' })).status).toBe(404);
    const customer = await createCustomer(server.database.db);
    expect(
      (await new TestClient(server.url, customer.token).request('PUT', '/api/admin/pages/terms', { title: 'Terms', body: 'Twenty characters or more.' }))
        .status,
    ).toBe(403);
    expect((await new TestClient(server.url).get('/api/admin/pages')).status).toBe(401);
  });
});
